"""The match sheet and a player's report form on a 390 px phone, in Chromium: the button
that records the next game is on the first screen after every game (the page's header
does not push it below the fold)."""

import re

import pytest
from playwright.sync_api import expect
from test_browser_offline_entry import director_at, enter, ready_match

from conftest import PHONE, SCREENSHOTS
from tournament.operations.links import link_for, token_of

pytestmark = pytest.mark.browser


def above_the_fold(page, locator) -> None:
    """The whole of `locator` shows on the phone's first screen, without scrolling."""
    page.evaluate("window.scrollTo(0, 0)")
    box = locator.bounding_box()
    assert box is not None, "not shown at all"
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (
        f"{box['y'] + box['height']:.0f} px down a {PHONE['height']} px screen"
    )


def test_record_the_game_is_on_the_first_screen_after_every_game(live_server, demo_copy, new_page):
    match = ready_match()
    page = director_at(new_page, live_server, match)
    button = page.get_by_role("button", name="Record the game")
    above_the_fold(page, button)
    for number in (1, 2, 3):
        enter(page, match.player1.name if number % 2 else match.player2.name)
        page.wait_for_url(re.compile(rf".*\?recorded={number}$"))
        expect(page.locator("#game-form-title")).to_have_text(f"Game {number + 1}")
        above_the_fold(page, button)
    page.screenshot(path=SCREENSHOTS / "phone-sheet-after-game-3.png")


def test_report_the_game_is_on_the_first_screen_of_a_players_page(live_server, demo_copy, new_page):
    match = ready_match()
    page = new_page(viewport=PHONE)
    page.goto(live_server.url + f"/p/{token_of(link_for(match.player1))}/")
    form = page.locator(f"form[data-match='{match.pk}']")
    above_the_fold(page, form.get_by_role("button", name="Report the game"))
    page.screenshot(path=SCREENSHOTS / "phone-player-report.png")
