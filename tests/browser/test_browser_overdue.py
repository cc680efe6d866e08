"""The clock on the wall on the call screen, in Chromium: a match running over its
expected length and players not at their table five minutes after the call are marked
in words and by more than colour, on a TV and on a phone; the poll brings a new mark
without a reload; and once sound is allowed, a new call chimes.

A day of 8 players at 4 tables, first round to 3 points (18 minutes at 6 a point):
match 1 is under way and was called 30 minutes ago (12 over), match 2 was called 8
minutes ago and has not started.
"""

import pytest
from django.urls import reverse
from test_browser_bracket import make_cup

import builders
from conftest import PHONE, SCREENSHOTS
from tournament import operations
from tournament.core.scoring import GameResult

pytestmark = pytest.mark.browser

TV = {"width": 1920, "height": 1080}
NAMES = ("Montserrat Vilanova", "Bartomeu Fontcuberta", "Anna Bosch", "Xavier Roca")


@pytest.fixture
def day(transactional_db):
    tournament = make_cup(8, names=NAMES, tables=4)
    over, late = first(tournament, 1), first(tournament, 2)
    operations.record_game(over, GameResult(0))
    builders.called_minutes_ago(over, 30)
    builders.called_minutes_ago(late, 8)
    return tournament


def first(tournament, position):
    return tournament.matches.get(bracket__kind="main", round=1, position=position)


def call(page, match):
    return page.locator(".calls .call", has_text=match.player1.name)


# The mark's look beside its words: a border (its style), not a colour alone.
LOOK = "element => { const s = getComputedStyle(element); return [s.borderStyle, s.fontWeight]; }"


@pytest.mark.parametrize("viewport", [TV, PHONE], ids=["tv", "phone"])
def test_the_call_screen_marks_a_match_running_over_and_players_not_at_their_table(
    live_server, day, new_page, viewport
):
    page = new_page(live_server.url + reverse("calls", args=[day.pk]), viewport=viewport)
    over = call(page, first(day, 1)).locator(".wall-mark")
    late = call(page, first(day, 2)).locator(".wall-mark")
    assert over.inner_text() == "Running over · 12 minutes"
    assert late.inner_text() == "Not at the table · called 8 minutes ago"
    assert over.is_visible() and late.is_visible()
    # Told apart without colour: the words, and a solid or a dashed border.
    assert over.evaluate(LOOK)[0] == "solid" and late.evaluate(LOOK)[0] == "dashed"
    assert int(over.evaluate(LOOK)[1]) >= 700
    # The marks stay on the screen: nothing wider than it.
    for mark in (over, late):
        box = mark.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    # The others have no mark.
    assert page.locator(".calls .wall-mark").count() == 2
    name = "tv" if viewport is TV else "phone"
    page.screenshot(path=SCREENSHOTS / f"call-screen-overdue-{name}.png")


# Among the suite's slowest (11 s in one process on 2 busy cores): waits for the call
# screen's own poll to bring the change (no reload)
def test_the_poll_brings_a_new_mark_and_a_new_call_chimes(live_server, day, new_page):
    page = new_page(live_server.url + reverse("calls", args=[day.pk]), viewport=TV)
    page.evaluate(
        "() => { window.chimes = 0;"
        " document.addEventListener('calls:chimed', () => { window.chimes += 1; }); }"
    )
    allow = page.get_by_role("button", name="Allow sound")
    assert allow.is_visible()
    allow.click()
    allowed = page.locator("[data-allow-sound]")
    assert allowed.get_attribute("aria-pressed") == "true"
    assert allowed.inner_text() == "Sound on: a chime for each new call"
    page.wait_for_function("() => window.chimes === 1")  # the chime that says sound is on
    third = first(day, 3)
    builders.called_minutes_ago(third, 6)
    marked = call(page, third).locator(".wall-mark")
    marked.wait_for(timeout=15000)  # the next poll, no reload
    assert marked.inner_text() == "Not at the table · called 6 minutes ago"
    assert page.evaluate("window.chimes") == 1  # a mark is no new call
    # Matches 1 and 2 decided: their winners meet in round 2, a new call.
    builders.win(first(day, 1))
    builders.win(first(day, 2))
    page.wait_for_function("() => window.chimes === 2", timeout=15000)


def test_without_javascript_the_marks_are_there_and_no_sound_button(live_server, day, new_page):
    url = live_server.url + reverse("calls", args=[day.pk])
    page = new_page(url, viewport=PHONE, java_script_enabled=False)
    assert page.locator(".calls .wall-mark").count() == 2
    assert not page.get_by_role("button", name="Allow sound").is_visible()
