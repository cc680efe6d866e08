"""The director at the table, from the keyboard alone (in Chromium): the match sheet
opens with the winner focused, Space chooses, Tab moves on, Enter records the game even
from the cube's list, and the focus is back on the next game's form."""

import re

import pytest
from django.contrib.auth.models import User

from conftest import directors_group
from tournament import operations
from tournament.models import Player, Season, Tournament

pytestmark = pytest.mark.browser


@pytest.fixture
def sheet(transactional_db):
    user = User.objects.create_user("taula", password="keyboard-pass-1234")
    user.groups.add(directors_group())
    season = Season.from_preset(2002, "qgammon-2002", name="Temporada 2002")
    season.save()
    tournament = Tournament.objects.create(season=season, name="Copa", date="2002-11-09")
    for name in ("Anna Bosch", "Xavier Roca"):
        operations.add_entry(tournament, Player.objects.create(name=name), checked_in=True)
    operations.make_draw(tournament, rng_seed=1)
    operations.start_tournament(tournament)
    return tournament.matches.get()


def focused(page) -> dict:
    return page.evaluate(
        "() => ({tag: document.activeElement.tagName, name: document.activeElement.name,"
        " value: document.activeElement.value})"
    )


def test_a_game_is_recorded_from_the_keyboard_alone(chromium, live_server, sheet):
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en")
    page = context.new_page()
    page.set_default_timeout(15000)
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
    context.close()
