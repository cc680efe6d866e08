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

import builders
from conftest import PHONE, SCREENSHOTS, directors_group
from tournament import operations
from tournament.models import Entry, Player
from tournament.operations.links import link_for, token_of

pytestmark = pytest.mark.browser


# Among the suite's slowest (10 s in one process on 2 busy cores): two browsers (the
# phone and the desk), the desk's count moving live
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


# Among the suite's slowest (11 s in one process on 2 busy cores): two browsers (the
# phone and the desk), the desk's count moving live
def test_a_late_im_here_after_the_start_keeps_the_draw_and_the_desk_sees_it(
    live_server, transactional_db, season, new_page
):
    """Issue 36, item 5, through the pages: check-in open, the draw made, the tournament
    started; a registered player who had not checked in taps "I'm here" on their phone.
    The draw survives (still running, the same matches) and the desk's door part names
    them, without a reload, with a bye to offer."""
    director = User.objects.create_user("director", password="qgammon-demo")
    director.groups.add(directors_group())
    cup = builders.cup(season, 6, rng_seed=None)
    late = Player.objects.create(name="Pere Pou")
    operations.add_entry(cup, late)

    desk = new_page()
    desk.goto(live_server.url + "/accounts/login/?next=/director/")
    desk.get_by_label("User name").fill("director")
    desk.get_by_label("Password").fill("qgammon-demo")
    desk.get_by_role("button", name="Log in").click()
    desk.wait_for_url(re.compile(r".*/director/$"))
    desk_url = live_server.url + reverse("director-tournament", args=[cup.pk])
    desk.goto(desk_url)
    desk.get_by_role("button", name="Open check-in").click()
    desk.get_by_role("link", name="Preview the draw").click()
    desk.get_by_role("button", name="Make this draw").click()
    with desk.expect_navigation():
        desk.get_by_role("button", name="Start the tournament").click()
    # Starting leads back to this tournament's desk, and closes check-in.
    assert desk.url.split("#")[0] == desk_url
    expect(desk.get_by_text("The tournament has started.")).to_be_visible()
    expect(desk.locator(".door-window")).to_contain_text("Check-in closed at")
    cup.refresh_from_db()
    drawn = sorted(cup.matches.values_list("pk", "player1_id", "player2_id"))
    assert cup.status == "running" and drawn
    desk.evaluate("window.doorMarker = 'still the same page'")

    # The late player's phone: not in the draw, and "I'm here" tells the desk.
    phone = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    phone.goto(live_server.url + reverse("player-page", args=[token_of(link_for(late))]))
    card = phone.locator(f"#door-{cup.pk}")
    expect(card).to_contain_text("You are not in the draw.")
    card.get_by_role("button", name="I'm here").tap()
    expect(phone.locator(".messages")).to_contain_text("you are not in it: the desk knows")
    expect(card).to_contain_text("The desk knows you are here")
    phone.screenshot(path=SCREENSHOTS / "door-phone-late.png", full_page=True)

    # The draw survives: still running, the same matches, the same players.
    cup.refresh_from_db()
    assert cup.status == "running"
    assert sorted(cup.matches.values_list("pk", "player1_id", "player2_id")) == drawn
    assert not Entry.objects.get(tournament=cup, player=late).checked_in

    # The desk's live part names the request, with the bye to put them in.
    request = desk.locator(".door-late")
    expect(request).to_contain_text("Pere Pou", timeout=20000)
    expect(request.get_by_role("link", name="Into a bye")).to_be_visible()
    assert desk.evaluate("window.doorMarker") == "still the same page"
    desk.screenshot(path=SCREENSHOTS / "door-desk-late.png")
