"""A browser's subscription kept (operations.push): for a player through their live link
or for a director, one per browser (allowed again from another person's page, it moves
to them), removed only by its owner; refused, with nothing kept, when it names a push
service the site does not send to (so a made-up address cannot turn the worker against
another server) or keys that are not a browser's."""

from __future__ import annotations

import base64
import os

import pytest

from push_service import Browser
from tournament.models import Player, PushSubscription
from tournament.operations import links, push

pytestmark = pytest.mark.usefixtures("vapid")

FCM = "https://fcm.googleapis.com/fcm/send/dGhlLWJyb3dzZXI"


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@pytest.fixture
def anna(players) -> Player:
    links.link_for(players[0])
    return players[0]


def test_a_players_subscription_is_kept_with_their_link_and_language(anna):
    browser = Browser(FCM)
    kept = push.subscribe_player(anna, browser.subscription(), language="ca")
    assert (kept.endpoint, kept.player, kept.user, kept.language) == (FCM, anna, None, "ca")
    assert kept.link == links.link_for(anna)
    assert kept.p256dh == browser.subscription()["keys"]["p256dh"]


def test_one_browser_one_subscription_moving_to_whoever_allowed_it_last(anna, players, director):
    xavier = players[1]
    links.link_for(xavier)
    browser = Browser(FCM)
    push.subscribe_player(anna, browser.subscription())
    push.subscribe_player(anna, browser.subscription())  # allowed again: still one
    push.subscribe_player(xavier, browser.subscription(), language="es")
    [kept] = PushSubscription.objects.all()
    assert (kept.player, kept.language) == (xavier, "es")
    push.subscribe_director(director, browser.subscription())
    [kept] = PushSubscription.objects.all()
    assert (kept.player, kept.link, kept.user) == (None, None, director)


def test_only_its_owner_removes_a_subscription(anna, players, director):
    push.subscribe_player(anna, Browser(FCM).subscription())
    assert push.unsubscribe(FCM, player=players[1]) is False
    assert push.unsubscribe(FCM, user=director) is False
    assert PushSubscription.objects.count() == 1
    assert push.unsubscribe(FCM, player=anna) is True
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://push.example.org/send/1",  # not a push service the site knows
        "http://fcm.googleapis.com/fcm/send/1",  # not HTTPS
        "https://fcm.googleapis.com.example.org/send/1",  # only looks like it
        "https://fcm.googleapis.com@example.org/send/1",  # the host is example.org
        "https://127.0.0.1/send/1",
        "https://10.0.0.5/send/1",
        "javascript:alert(1)",
        "https://fcm.googleapis.com/" + "x" * 1000,  # longer than any endpoint
    ],
)
def test_a_subscription_to_another_address_is_refused(anna, endpoint):
    with pytest.raises(push.SubscriptionRefused):
        push.subscribe_player(anna, Browser(endpoint).subscription())
    assert not PushSubscription.objects.exists()


def test_the_known_push_services_and_their_subdomains_are_taken(anna):
    for endpoint in (
        "https://updates.push.services.mozilla.com/wpush/v2/abc",
        "https://wns2-par02p.notify.windows.com/w/?token=abc",
        "https://web.push.apple.com/QGx",
        FCM,
    ):
        push.subscribe_player(anna, Browser(endpoint).subscription())
    assert PushSubscription.objects.count() == 4


def broken(**keys) -> dict:
    subscription = Browser(FCM).subscription()
    subscription["keys"].update(keys)
    return subscription


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"endpoint": FCM},
        {"endpoint": FCM, "keys": "p256dh"},
        broken(p256dh=b64(b"\x04" + os.urandom(64))),  # not a point of the curve
        broken(p256dh=b64(os.urandom(33))),  # compressed: not what browsers send
        broken(p256dh="not base64!"),
        broken(auth=b64(os.urandom(15))),
        broken(auth=None),
    ],
)
def test_what_is_not_a_browsers_subscription_is_refused(anna, data):
    with pytest.raises(push.SubscriptionRefused):
        push.subscribe_player(anna, data)
    assert not PushSubscription.objects.exists()


def test_a_player_without_a_live_link_cannot_subscribe(players):
    with pytest.raises(push.SubscriptionRefused):
        push.subscribe_player(players[0], Browser(FCM).subscription())
