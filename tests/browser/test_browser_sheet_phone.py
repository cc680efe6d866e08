"""The match sheet and a player's report form on a 390 px phone, in Chromium: the button
that records the next game is on the first screen after every game (the page's header
does not push it below the fold); a game typed while the one before is still sending is
kept and sent after it, never lost without a word; and while games wait on the device,
the form counts from them: no next game after a match they decide, no cube in the
Crawford game they lead to."""

import re

import pytest
from playwright.sync_api import expect
from test_browser_offline_entry import director_at, enter, ready_match

from conftest import PHONE, SCREENSHOTS
from tournament.models import Match
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


def test_a_game_typed_while_the_one_before_is_sending_is_kept_and_sent_after_it(
    live_server, demo_copy, new_page
):
    match = ready_match()
    page = director_at(new_page, live_server, match)
    queue = page.locator("[data-entry-queue]")
    held = []

    def slow_network(route):
        # The first game's post waits (a Wi-Fi that answers in its own time); once it is
        # let go, every other goes straight on.
        if route.request.method == "POST" and not held:
            held.append(route)
        else:
            route.continue_()

    page.route(re.compile(r".*/matches/\d+/(\?.*)?$"), slow_network)
    enter(page, match.player1.name)
    expect(page.locator("#game-form-title")).to_have_text("Game 2")  # the next, at once
    # The post leaves after the form has moved on, and Playwright hands it to the route
    # only while it runs: wait in Playwright, not in Python, for the first game to go.
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the first game was not sent"
    # A second tap on the button is no second game: the next one's winner is unchosen.
    page.get_by_role("button", name="Record the game").click()
    expect(queue.get_by_text("waiting to send")).to_have_count(1)
    enter(page, match.player2.name, "gammon")  # typed while the first is still sending
    expect(page.locator("#game-form-title")).to_have_text("Game 3")
    expect(queue.get_by_text("waiting to send")).to_have_count(2)
    assert queue.locator(".entry-what").all_inner_texts() == [
        f"Game 1: {match.player1.name}, single, played out, Cube 1",
        f"Game 2: {match.player2.name}, gammon, played out, Cube 1",
    ]
    held[0].continue_()
    page.wait_for_url(re.compile(r".*\?recorded=2$"))
    games = Match.objects.get(pk=match.pk).games.order_by("number")
    assert [(game.winner, game.kind) for game in games] == [(0, "single"), (1, "gammon")]
    expect(queue).to_be_hidden()


def test_a_game_the_rules_refuse_online_comes_back_with_the_reason_beside_the_form(
    live_server, demo_copy, new_page
):
    # Kept, the form took the next game at once; refused by the rules, the game is put
    # back into it and posted by the browser, so that the server's page says why.
    match = ready_match()
    page = director_at(new_page, live_server, match)
    form = page.locator("form.game-form")
    form.get_by_label(match.player2.name).check()
    form.get_by_label("gammon", exact=True).check()
    form.get_by_label("double dropped").check()
    form.get_by_role("button", name="Record the game").click()
    expect(page.get_by_text("so it cannot be a gammon")).to_be_visible()
    expect(form.get_by_label(match.player2.name)).to_be_checked()
    expect(page.locator("[data-entry-queue]")).to_be_hidden()  # nothing left waiting
    assert Match.objects.get(pk=match.pk).games.count() == 0


def cube_choices(page) -> list[str]:
    return page.locator("#id_cube option:not([disabled])").all_inner_texts()


def test_the_sheet_offline_counts_from_the_games_waiting_to_send(live_server, demo_copy, new_page):
    match = ready_match()
    first, second = match.player1.name, match.player2.name
    page = director_at(new_page, live_server, match)
    form = page.locator("form.game-form")
    counted = page.locator("[data-device-count]")
    assert len(cube_choices(page)) > 1  # the cube is live
    page.context.set_offline(True)
    # Singles to the first player until they are one point short: the Crawford game.
    short = match.length - 1 - match.raw_score1
    assert short >= 1 and match.raw_score2 < match.length - 1
    for number in range(1, short + 1):
        enter(page, first)
        # The form takes the next game once this one is kept on the device: a tick typed
        # before that would be cleared with the form.
        expect(page.locator("#game-form-title")).to_have_text(f"Game {number + 1}")
    number = short + 1
    expect(page.locator("#game-form-title")).to_have_text(f"Game {number}")
    expect(counted).to_contain_text(f"game {number} is the Crawford game, with no cube")
    assert cube_choices(page) == ["1"]
    expect(form.get_by_label("double dropped")).to_be_hidden()
    expect(page.locator("#cube-state")).to_be_hidden()  # the server's line is of 0 games
    page.screenshot(path=SCREENSHOTS / "phone-offline-crawford.png", full_page=True)
    # The other player wins the Crawford game: the cube is live again after it.
    enter(page, second)
    expect(page.locator("#game-form-title")).to_have_text(f"Game {number + 1}")
    assert len(cube_choices(page)) > 1
    expect(form.get_by_label("double dropped")).to_be_visible()
    # The first player wins the match: no next game to type.
    enter(page, first)
    expect(form).to_be_hidden()
    expect(counted).to_have_text(
        f"The games waiting to send decide the match, {match.length}–"
        f"{match.raw_score2 + 1}: it takes no more games."
    )
    page.screenshot(path=SCREENSHOTS / "phone-offline-decided.png", full_page=True)

    page.context.set_offline(False)
    page.wait_for_url(re.compile(rf".*\?recorded={number + 1}$"))
    match.refresh_from_db()
    assert match.is_decided and match.winner == match.player1
    assert match.crawford_game == number
