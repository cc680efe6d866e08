"""The door's QR code opens the player's own page (issue 27, item 3): a phone that
opened its private link is remembered by a signed cookie, and the door page sends it
on to that page; anyone else (no cookie, a forged one, a rotated link) reads the door
page as before, and no shared cache ever serves one phone's redirect to another."""

import pytest
from django.core import signing
from django.test import Client
from django.urls import reverse

from tournament import operations
from tournament.models import Entry
from tournament.operations.links import link_for, rotate_link, token_of
from tournament.web import door_device


def phone():
    return Client(headers={"accept-language": "en"})


def own_page(player) -> str:
    return reverse("player-page", args=[token_of(link_for(player))])


def door(tournament) -> str:
    return reverse("door", args=[tournament.pk])


@pytest.fixture
def entered(tournament, players):
    return [Entry.objects.create(tournament=tournament, player=player) for player in players]


def test_a_phone_that_opened_its_link_goes_from_the_door_to_its_own_page(
    tournament, players, entered, django_assert_num_queries
):
    device = phone()
    assert device.get(own_page(players[0])).status_code == 200
    # The link and the tournament: two queries.
    with django_assert_num_queries(2):
        answer = device.get(door(tournament))
    assert answer.status_code == 303
    assert answer["Location"] == own_page(players[0]) + f"#door-{tournament.pk}"
    operations.open_check_in(tournament)
    page = device.get(answer["Location"]).content.decode()
    assert f'id="door-{tournament.pk}"' in page and "I'm here</button>" in page


def test_the_cookie_is_signed_httponly_lax_and_set_only_by_the_players_page(
    tournament, players, entered
):
    device = phone()
    device.get(door(tournament))
    assert door_device.COOKIE not in device.cookies
    device.get(own_page(players[0]))
    cookie = device.cookies[door_device.COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax" and cookie["path"] == "/"
    assert int(cookie["max-age"]) >= 300 * 24 * 60 * 60
    assert not cookie["secure"]  # served over HTTP in the tests, like the session cookie
    assert cookie.value != token_of(link_for(players[0]))  # signed, not the bare token
    # The live refresh does not set it again.
    refresh = device.get(own_page(players[0]) + "?partial=matches")
    assert door_device.COOKIE not in refresh.cookies


def test_secure_when_the_session_cookie_is(settings, tournament, players):
    settings.SESSION_COOKIE_SECURE = True
    answer = phone().get(own_page(players[0]), secure=True)
    assert answer.cookies[door_device.COOKIE]["secure"]


@pytest.mark.parametrize(
    "value",
    [
        "not-signed-at-all",
        # The right token signed with another salt: not this cookie's signature.
        "forged",
    ],
)
def test_a_forged_or_unsigned_cookie_gets_the_door_page_and_is_deleted(
    tournament, players, value, django_assert_num_queries
):
    if value == "forged":
        value = signing.get_cookie_signer(salt="another").sign(token_of(link_for(players[0])))
    device = phone()
    device.cookies[door_device.COOKIE] = value
    with django_assert_num_queries(1):
        answer = device.get(door(tournament))
    assert answer.status_code == 200 and "Check-in is not open" in answer.content.decode()
    assert answer.cookies[door_device.COOKIE].value == ""
    assert answer.cookies[door_device.COOKIE]["max-age"] == 0


def test_a_rotated_link_no_longer_opens_from_the_door(tournament, players):
    device = phone()
    device.get(own_page(players[0]))
    rotate_link(players[0])
    answer = device.get(door(tournament))
    assert answer.status_code == 200 and "/p/" not in answer.content.decode()
    assert answer.cookies[door_device.COOKIE]["max-age"] == 0


def test_forget_this_phone_deletes_the_cookie(tournament, players):
    device = Client(enforce_csrf_checks=True, headers={"accept-language": "en"})
    page = device.get(own_page(players[0]))
    assert "Forget this phone</button>" in page.content.decode()
    forget = own_page(players[0]) + "forget-phone/"
    # CSRF: a post without the token is refused and the phone stays remembered.
    assert device.post(forget).status_code == 403
    assert device.get(door(tournament)).status_code == 303
    csrf = device.cookies["csrftoken"].value
    answer = device.post(forget, {"csrfmiddlewaretoken": csrf})
    assert answer.status_code == 302 and answer["Location"] == reverse("home")
    assert answer.cookies[door_device.COOKIE]["max-age"] == 0
    assert device.get(door(tournament)).status_code == 200
    assert device.get(forget).status_code == 405


def test_no_shared_cache_keeps_the_door_page_or_the_redirect(tournament, players):
    device = phone()
    device.get(own_page(players[0]))
    redirect = device.get(door(tournament))
    assert redirect["Cache-Control"] == "private, no-store"
    assert "Cookie" in redirect["Vary"]
    assert redirect["Referrer-Policy"] == "strict-origin"
    shown = phone().get(door(tournament))
    assert "private" in shown["Cache-Control"] and "Cookie" in shown["Vary"]
    # A revalidation with the page's ETag from a remembered phone is the redirect, not
    # the 304 of the page it saw before its link was opened.
    again = device.get(door(tournament), headers={"if-none-match": shown["ETag"]})
    assert again.status_code == 303


def test_a_private_tournaments_door_stays_a_404(tournament, players):
    type(tournament).objects.filter(pk=tournament.pk).update(public=False)
    device = phone()
    device.get(own_page(players[0]))
    assert device.get(door(tournament)).status_code == 404


@pytest.mark.parametrize(
    ("language", "button"), [("ca", "Oblida aquest telèfon"), ("es", "Olvida este teléfono")]
)
def test_forget_this_phone_speaks_catalan_and_spanish(players, language, button):
    reader = Client(headers={"accept-language": language})
    assert f"{button}</button>" in reader.get(own_page(players[0])).content.decode()
