"""The director at the table, from the keyboard alone (in Chromium): the match sheet
opens with the winner focused, Space chooses, Tab moves on, Enter records the game even
from the cube's list, and the focus is back on the next game's form, Shift+Tab from it
is the undo; a retirement and a withdrawal ask once before they are recorded."""

import re

import pytest
from django.contrib.auth.models import User

import builders
from conftest import PHONE, directors_group
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import Player, Tournament

pytestmark = pytest.mark.browser


@pytest.fixture
def sheet(transactional_db):
    user = User.objects.create_user("taula", password="keyboard-pass-1234")
    user.groups.add(directors_group())
    players = ("Anna Bosch", "Xavier Roca")
    tournament = builders.cup(builders.the_season(), players, date="2002-11-09", start=True)
    return tournament.matches.get()


def focused(page) -> dict:
    return page.evaluate(
        "() => ({tag: document.activeElement.tagName, name: document.activeElement.name,"
        " value: document.activeElement.value})"
    )


def test_a_game_is_recorded_from_the_keyboard_alone(live_server, sheet, new_page):
    page = new_page()
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("User name").fill("taula")
    page.get_by_label("Password").fill("keyboard-pass-1234")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r".*/director/$"))  # logging in lands on the desk
    page.goto(f"{live_server.url}/director/tournaments/{sheet.tournament_id}/matches/{sheet.pk}/")
    assert focused(page) == {"tag": "INPUT", "name": "winner", "value": "0"}
    page.keyboard.press("Space")  # Anna Bosch wins
    for _step in range(10):
        if focused(page)["tag"] == "SELECT":
            break
        page.keyboard.press("Tab")
    assert focused(page)["name"] == "cube"
    page.keyboard.press("Enter")
    page.get_by_text("Game 1 recorded.").wait_for()
    sheet.refresh_from_db()
    assert sheet.score == (1, 0)
    # The next game's form has the focus again.
    assert focused(page) == {"tag": "INPUT", "name": "winner", "value": "0"}


def log_in(page, live_server):
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("User name").fill("taula")
    page.get_by_label("Password").fill("keyboard-pass-1234")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r".*/director/$"))


def test_shift_tab_from_the_winner_is_the_undo_of_the_game_just_recorded(
    live_server, sheet, new_page
):
    """Issue 22, item 11: the README's path, Shift+Tab from the winner to "Undo game N"
    (and Enter takes it back)."""
    page = new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/director/tournaments/{sheet.tournament_id}/matches/{sheet.pk}/")
    page.keyboard.press("Space")  # Anna Bosch wins
    page.keyboard.press("Enter")  # a single game
    page.get_by_text("Game 1 recorded.").wait_for()
    assert focused(page) == {"tag": "INPUT", "name": "winner", "value": "0"}
    page.keyboard.press("Shift+Tab")
    active = page.evaluate("() => document.activeElement.textContent.trim()")
    assert active == "Undo game 1"
    page.keyboard.press("Enter")
    page.get_by_text("Game 1 taken back.").wait_for()
    sheet.refresh_from_db()
    assert sheet.score == (0, 0)


def test_a_retirement_and_a_withdrawal_ask_once(live_server, sheet, new_page):
    """Issue 22, item 11: the sheet's "Record the retirement" and the desk's "Withdraw"
    lead to one question; Cancel changes nothing, Yes records it."""
    operations.record_game(sheet, GameResult(0))
    page = new_page(viewport=PHONE)
    log_in(page, live_server)
    sheet_url = f"{live_server.url}/director/tournaments/{sheet.tournament_id}/matches/{sheet.pk}/"
    page.goto(sheet_url)
    retirement = page.locator("form", has_text="Retirement: who retires?")
    retirement.get_by_label("Xavier Roca").check()
    retirement.get_by_role("button", name="Record the retirement").click()
    page.get_by_role("heading", name="Xavier Roca retires: Anna Bosch wins the match.").wait_for()
    page.get_by_role("link", name="Cancel").click()
    page.wait_for_url(sheet_url)
    sheet.refresh_from_db()
    assert not sheet.is_decided
    retirement = page.locator("form", has_text="Retirement: who retires?")
    retirement.get_by_label("Xavier Roca").check()
    retirement.get_by_role("button", name="Record the retirement").click()
    page.get_by_role("button", name="Yes, record the retirement").click()
    page.get_by_text("Retirement recorded.").wait_for()
    sheet.refresh_from_db()
    assert sheet.by_retirement and sheet.winner.name == "Anna Bosch"

    # A withdrawal from the desk: asked once, naming what it gives away.
    other = Tournament.objects.create(
        season=sheet.tournament.season, name="Copa 2", date="2002-11-10"
    )
    players = list(Player.objects.order_by("pk"))
    for player in players:
        operations.add_entry(other, player, checked_in=True)
    operations.make_draw(other, rng_seed=1)
    desk = f"{live_server.url}/director/tournaments/{other.pk}/"
    page.goto(desk)
    page.get_by_label("A player leaves the tournament").select_option(label="Anna Bosch")
    page.get_by_role("button", name="Withdraw them").click()
    page.get_by_role("heading", name="Withdraw Anna Bosch from Copa 2?").wait_for()
    assert not other.entries.filter(withdrawn=True).exists()
    page.get_by_role("button", name="Yes, withdraw Anna Bosch").click()
    page.get_by_text("Anna Bosch has withdrawn.").wait_for()
    assert other.entries.get(player=players[0]).withdrawn
