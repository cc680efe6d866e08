"""Games entered while the Wi-Fi is down, in Chromium on a phone with the network
switched off by the test (docs/offline.md): kept on the device and shown as waiting,
kept across a reload, sent when the network returns and stored once each, even when
the answer to a send is lost and the phone sends it again; an entry whose match another
director changed meanwhile is refused, kept and shown with the reason, to enter again
or drop."""

import re

import pytest
from playwright.sync_api import expect
from test_browser_offline import controlled

from conftest import PHONE, SCREENSHOTS
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import GameReport, Match, Tournament
from tournament.operations.links import link_for, token_of

pytestmark = pytest.mark.browser

CHANGED = "This match changed since the form was shown; here it is now."


def ready_match() -> Match:
    running = Tournament.objects.get(status="running", format="cup")
    return running.matches.filter(status="ready", bracket__kind="main").first()


def director_at(new_page, live_server, match: Match):
    page = new_page(viewport=PHONE)
    page.goto(live_server.url + "/accounts/login/?next=/director/")
    page.get_by_label("User name").fill("director")
    page.get_by_label("Password").fill("qgammon-demo")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r".*/director/$"))
    page.goto(f"{live_server.url}/director/tournaments/{match.tournament_id}/matches/{match.pk}/")
    return page


def enter(page, winner: str, result: str = "single") -> None:
    form = page.locator("form.game-form")
    form.get_by_label(winner).check()
    form.get_by_label(result, exact=True).check()
    form.get_by_role("button", name="Record the game").click()


def test_two_games_entered_offline_are_stored_once_each(live_server, demo_copy, new_page):
    match = ready_match()
    start = (match.penalty1, match.penalty2)
    page = director_at(new_page, live_server, match)
    controlled(page)
    queue = page.locator("[data-entry-queue]")

    page.context.set_offline(True)
    enter(page, match.player1.name, "gammon")
    expect(page.locator("#game-form-title")).to_have_text("Game 2")  # the form takes the next
    enter(page, match.player2.name)
    expect(page.locator("#game-form-title")).to_have_text("Game 3")
    expect(queue.get_by_text("waiting to send")).to_have_count(2)
    assert queue.locator(".entry-what").all_inner_texts() == [
        f"Game 1: {match.player1.name}, gammon, played out, Cube 1",
        f"Game 2: {match.player2.name}, single, played out, Cube 1",
    ]
    # Nothing typed is lost: the page loaded again (the worker's copy) still holds them.
    page.reload()
    expect(queue.get_by_text("waiting to send")).to_have_count(2)
    page.screenshot(path=SCREENSHOTS / "phone-entries-waiting.png", full_page=True)
    assert Match.objects.get(pk=match.pk).games.count() == 0

    # The network returns, and the answer to the first send is lost on the way: the
    # server has stored it; the phone, told nothing, sends it again.
    lost = []

    def lose_the_first_answer(route):
        if lost:
            route.continue_()
            return
        route.fetch()  # the server receives it and answers; the phone never hears it
        lost.append(route.request.url)
        route.abort("internetdisconnected")

    page.route(re.compile(r".*/matches/\d+/(\?.*)?$"), _posts_only(lose_the_first_answer))
    page.context.set_offline(False)
    page.wait_for_url(re.compile(r".*\?recorded=2$"))
    assert lost, "the first answer was not lost: the test proved nothing"
    match.refresh_from_db()
    games = list(match.games.order_by("number"))
    assert [(game.winner, game.kind) for game in games] == [(0, "gammon"), (1, "single")]
    assert match.score == (start[0] + 2, start[1] + 1)
    assert queue.is_hidden()


def _posts_only(handler):
    def route(route):
        if route.request.method == "POST":
            handler(route)
        else:
            route.continue_()

    return route


def test_an_entry_whose_match_changed_meanwhile_is_refused_kept_and_shown(
    live_server, demo_copy, new_page
):
    match = ready_match()
    page = director_at(new_page, live_server, match)
    controlled(page)
    queue = page.locator("[data-entry-queue]")
    page.context.set_offline(True)
    enter(page, match.player1.name)
    queue.get_by_text("waiting to send").wait_for()
    # Meanwhile another director, on the network, records a game of this match.
    operations.record_game(match, GameResult(winner=1, kind="gammon"))

    page.context.set_offline(False)
    refused = queue.locator(".entry.refused")
    expect(refused.locator(".entry-reason")).to_have_text(CHANGED)
    expect(refused.locator(".entry-state")).to_have_text("not recorded")
    # The sheet is loaded again as the match is now: the other director's game 1 in.
    expect(page.locator("#game-form-title")).to_have_text("Game 2")
    assert Match.objects.get(pk=match.pk).games.count() == 1
    page.screenshot(path=SCREENSHOTS / "phone-entry-refused.png", full_page=True)

    # Kept on the device: still there on the page loaded again.
    page.reload()
    expect(queue.locator(".entry.refused .entry-reason")).to_have_text(CHANGED)
    # Entered again: the game back in the form of the match as it is now, to record.
    queue.get_by_role("button", name="Enter again").click()
    form = page.locator("form.game-form")
    expect(form.get_by_label(match.player1.name)).to_be_checked()
    expect(queue).to_be_hidden()
    form.get_by_role("button", name="Record the game").click()
    page.wait_for_url(re.compile(r".*\?recorded=2$"))
    games = Match.objects.get(pk=match.pk).games.order_by("number")
    assert [game.winner for game in games] == [1, 0]


def test_a_refused_entry_can_be_dropped(live_server, demo_copy, new_page):
    match = ready_match()
    page = director_at(new_page, live_server, match)
    queue = page.locator("[data-entry-queue]")
    page.context.set_offline(True)
    enter(page, match.player1.name)
    operations.record_game(match, GameResult(winner=1))
    page.context.set_offline(False)
    expect(queue.locator(".entry.refused")).to_have_count(1)
    expect(page.locator("#game-form-title")).to_have_text("Game 2")  # loaded again
    queue.get_by_role("button", name="Drop").click()
    expect(queue).to_be_hidden()
    page.reload()
    page.wait_for_timeout(500)  # time for the device's store to be read
    expect(queue).to_be_hidden()
    assert Match.objects.get(pk=match.pk).games.count() == 1


def test_a_players_report_typed_offline_is_sent_when_the_network_returns(
    live_server, demo_copy, new_page
):
    match = ready_match()
    player = match.player1
    page = new_page(viewport=PHONE)
    page.goto(live_server.url + f"/p/{token_of(link_for(player))}/")
    form = page.locator(f"form[data-match='{match.pk}']")
    page.context.set_offline(True)
    form.get_by_label(player.name).check()
    form.get_by_role("button", name="Report the game").click()
    queue = page.locator("[data-entry-queue]")
    queue.get_by_text("waiting to send").wait_for()
    assert not GameReport.objects.filter(match=match).exists()
    page.context.set_offline(False)
    page.get_by_text("Game reported: it counts once your opponent confirms it.").wait_for()
    report = GameReport.objects.get(match=match)
    assert (report.number, report.winner, report.reported_by) == (1, 0, player)


def test_an_entry_the_database_cannot_record_stays_waiting_and_goes_in_later(
    live_server, demo_copy, new_page, monkeypatch
):
    """The server's database refuses writes (a full disk): the queue's post is a 503 in
    JSON; the game stays on the device, waiting, says why, and is recorded on a retry
    once the database writes again."""
    import sqlite3

    from django.db.utils import OperationalError

    match = ready_match()
    page = director_at(new_page, live_server, match)
    controlled(page)
    queue = page.locator("[data-entry-queue]")
    full = sqlite3.OperationalError("database or disk is full")
    full.sqlite_errorname = "SQLITE_FULL"
    real = operations.record_game

    def refused(*args, **kwargs):
        raise OperationalError(*full.args) from full

    monkeypatch.setattr("tournament.operations.record_game", refused)
    enter(page, match.player1.name)
    expect(queue.locator(".entry-reason")).to_have_text(
        "Not recorded yet: the site cannot record games right now; it is sent again in a moment."
    )
    expect(queue.locator(".entry-state")).to_have_text("waiting to send")
    assert Match.objects.get(pk=match.pk).games.count() == 0

    monkeypatch.setattr("tournament.operations.record_game", real)
    page.wait_for_url(re.compile(r".*\?recorded=1$"))
    assert Match.objects.get(pk=match.pk).games.count() == 1
