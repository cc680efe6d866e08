"""The door in Chromium (issue 27): a player on a phone has their own page open, the
director opens check-in on the desk and "I'm here" comes up on the phone by itself;
the player taps it, and the desk's count of who has arrived moves without a reload (a
marker put on the desk's window survives). The phone opened its private link once (as
from the club's mail), so the tournament's QR code, the door page's address, takes it
straight back to its own page."""

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import expect

from conftest import PHONE, SCREENSHOTS, directors_group
from tournament import operations
from tournament.models import Entry, Player
from tournament.operations.links import link_for, token_of

pytestmark = pytest.mark.browser


def test_a_player_checks_in_from_a_phone_and_the_desk_count_moves_live(
    live_server, transactional_db, tournament, new_page
):
    director = User.objects.create_user("director", password="qgammon-demo")
    director.groups.add(directors_group())
    players = [Player.objects.create(name=name) for name in ("Anna Bosch", "Xavier Roca")]
    for player in players:
        operations.add_entry(tournament, player)

    # The player is at the club with their own page open before check-in opens (opened
    # from the club's mail: the phone is remembered for the door from then on).
    phone = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    own_page = reverse("player-page", args=[token_of(link_for(players[0]))])
    phone.goto(live_server.url + own_page)
    expect(phone.get_by_text("Check-in opens on the day")).to_be_visible()

    desk = new_page()
    desk.goto(live_server.url + "/accounts/login/?next=/director/")
    desk.get_by_label("User name").fill("director")
    desk.get_by_label("Password").fill("qgammon-demo")
    desk.get_by_role("button", name="Log in").click()
    desk.wait_for_url(re.compile(r".*/director/$"))
    desk.goto(live_server.url + reverse("director-tournament", args=[tournament.pk]))
    desk.get_by_role("button", name="Open check-in").click()
    count = desk.locator("#checked-in-count")
    expect(count).to_contain_text("0 of 2 checked in")
    desk.evaluate("window.doorMarker = 'still the same page'")

    # The phone's page brings "I'm here" by itself (its live part), and the tap checks in.
    button = phone.get_by_role("button", name="I'm here")
    expect(button).to_be_visible(timeout=20000)
    assert button.bounding_box()["width"] <= PHONE["width"]

    # The player scans the door's QR code (the address templatetags.door encodes): the
    # phone lands on its own page, at the tournament's check-in card, and taps there.
    phone.goto(live_server.url + reverse("door", args=[tournament.pk]))
    phone.wait_for_url(re.compile(re.escape(own_page) + rf"#door-{tournament.pk}$"))
    button = phone.locator(f"#door-{tournament.pk}").get_by_role("button", name="I'm here")
    expect(button).to_be_visible()
    button.tap()
    expect(phone.get_by_text("You are checked in.")).to_be_visible()
    phone.screenshot(path=SCREENSHOTS / "door-phone-checked-in.png", full_page=True)
    assert Entry.objects.get(player=players[0]).checked_in

    # The desk's live part asks every 5 seconds: the count moves, the page stays.
    expect(count).to_contain_text("1 of 2 checked in", timeout=20000)
    expect(desk.locator(".door-arrivals")).to_contain_text("Anna Bosch")
    assert desk.evaluate("window.doorMarker") == "still the same page"
    desk.screenshot(path=SCREENSHOTS / "door-desk-count.png")
