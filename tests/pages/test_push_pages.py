"""Notifications allowed from the pages (docs/push.md): the "Allow notifications"
control on a player's private page and on the director's desk (only with the club's
VAPID key, and not one query more), and the JSON endpoints its script posts to: a
subscription kept and removed; an unknown link 404, no permission 403, anonymous to the
login, GET 405, no CSRF token 403, what is not a subscription 400 with nothing kept, and
everything 404 when the site has no key."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from push_service import Browser
from tournament.models import Player, PushSubscription
from tournament.operations.links import link_for, token_of

FCM = "https://fcm.googleapis.com/fcm/send/cGhvbmU"


def link(player: Player) -> str:
    return token_of(link_for(player))


def post(client: Client, url: str, data, **headers):
    body = data if isinstance(data, str | bytes) else json.dumps(data)
    return client.post(url, body, content_type="application/json", **headers)


@pytest.fixture
def anna(players) -> Player:
    return players[0]


@pytest.fixture
def keys(vapid):
    return vapid


# --- the player's private page ------------------------------------------------------------


def test_a_player_allows_notifications_and_stops_them(client, keys, anna):
    url = reverse("player-push", args=[link(anna)])
    browser = Browser(FCM)
    response = post(client, url, browser.subscription(), headers={"accept-language": "ca"})
    assert response.status_code == 201
    assert response.json() == {"status": "on"}
    assert response["Cache-Control"] == "private, no-store"
    [kept] = PushSubscription.objects.all()
    assert (kept.player, kept.endpoint, kept.language) == (anna, FCM, "ca")

    off = reverse("player-push-off", args=[link(anna)])
    response = post(client, off, {"endpoint": FCM})
    assert (response.status_code, response.json()) == (200, {"status": "off"})
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize(
    "body",
    [
        "not json",
        "[1, 2]",
        {"endpoint": FCM},
        {"endpoint": "https://push.example.org/1", "keys": {"p256dh": "x", "auth": "y"}},
        "x" * 5000,
    ],
)
def test_what_is_not_a_subscription_is_a_400_and_nothing_is_kept(client, keys, anna, body):
    response = post(client, reverse("player-push", args=[link(anna)]), body)
    assert response.status_code == 400
    assert response.json()["error"]
    assert not PushSubscription.objects.exists()


def test_a_subscription_to_an_unknown_push_service_says_so(client, keys, anna):
    subscription = Browser("https://push.example.org/send/1").subscription()
    response = post(client, reverse("player-push", args=[link(anna)]), subscription)
    assert response.status_code == 400
    assert response.json() == {"error": "This browser's push service is not one the site sends to."}


def test_an_unknown_link_is_a_404(client, keys, anna):
    response = post(client, "/p/not-a-real-token/push/", Browser(FCM).subscription())
    assert response.status_code == 404
    assert not PushSubscription.objects.exists()


def test_a_get_is_a_405(client, keys, anna):
    assert client.get(reverse("player-push", args=[link(anna)])).status_code == 405


def test_a_post_without_the_csrf_token_is_refused(keys, anna):
    """CSRF on every post: a page elsewhere cannot subscribe a player's browser."""
    checked = Client(enforce_csrf_checks=True, headers={"accept-language": "en"})
    page = reverse("player-page", args=[link(anna)])
    url = reverse("player-push", args=[link(anna)])
    assert post(checked, url, Browser(FCM).subscription()).status_code == 403
    assert not PushSubscription.objects.exists()
    # The page's own script sends the token the page carries (data-csrf).
    body = checked.get(page).content.decode()
    token = body.split('data-csrf="', 1)[1].split('"', 1)[0]
    response = post(checked, url, Browser(FCM).subscription(), headers={"X-CSRFToken": token})
    assert response.status_code == 201


def test_without_the_club_key_there_is_nothing_to_post_to(client, anna, settings):
    settings.VAPID_PRIVATE_KEY = settings.VAPID_PUBLIC_KEY = ""
    response = post(client, reverse("player-push", args=[link(anna)]), Browser(FCM).subscription())
    assert response.status_code == 404
    assert not PushSubscription.objects.exists()


def test_the_page_offers_notifications_only_with_the_club_key(client, anna, settings):
    page = reverse("player-page", args=[link(anna)])
    body = client.get(page).content.decode()
    assert "push-control" not in body and "push.js" not in body
    settings.VAPID_PRIVATE_KEY = "x1r1uKFWPuqHtTH7QeJT8fOJ5xNrmpcTqlS_QBmXTZc"
    settings.VAPID_PUBLIC_KEY = "BPU_public_key_as_configured"
    body = client.get(page).content.decode()
    assert 'data-push-key="BPU_public_key_as_configured"' in body
    assert f'data-push-url="/p/{link(anna)}/push/"' in body
    assert f'data-push-owner="player-{anna.pk}"' in body
    assert "Allow notifications" in body
    # Hidden until push.js finds a browser that can push; no inline script (CSP).
    assert '<section class="card push-control" hidden' in body
    assert "<script>" not in body


def queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_the_control_adds_no_query_to_the_pages(client, director_client, anna, settings):
    """Many pages pin their queries: the key comes from the settings, and whether this
    browser is subscribed is asked of the browser, not of the database."""
    page = reverse("player-page", args=[link(anna)])
    desk = reverse("director-desk")
    without = (queries(client, page), queries(director_client, desk))
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = "a key", "its public half"
    assert (queries(client, page), queries(director_client, desk)) == without
    assert "its public half" in director_client.get(desk).content.decode()


# --- the director's desk --------------------------------------------------------------


def test_a_director_allows_notifications_and_stops_them(director_client, keys, director):
    response = post(director_client, reverse("director-push"), Browser(FCM).subscription())
    assert response.status_code == 201
    [kept] = PushSubscription.objects.all()
    assert (kept.user, kept.player) == (director, None)
    response = post(director_client, reverse("director-push-off"), {"endpoint": FCM})
    assert response.status_code == 200
    assert not PushSubscription.objects.exists()


def test_the_desks_endpoints_need_the_directors_permission(client, keys, db):
    subscription = Browser(FCM).subscription()
    anonymous = post(client, reverse("director-push"), subscription)
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    User.objects.create_user("player", password="a-password-of-theirs-1")
    client.login(username="player", password="a-password-of-theirs-1")
    assert post(client, reverse("director-push"), subscription).status_code == 403
    assert post(client, reverse("director-push-off"), {"endpoint": FCM}).status_code == 403
    assert not PushSubscription.objects.exists()


def test_the_desks_endpoint_refuses_a_get_and_a_bad_subscription(director_client, keys, db):
    assert director_client.get(reverse("director-push")).status_code == 405
    response = post(director_client, reverse("director-push"), {"endpoint": FCM, "keys": {}})
    assert response.status_code == 400
    assert not PushSubscription.objects.exists()
