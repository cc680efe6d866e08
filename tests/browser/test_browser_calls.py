"""Tables where players look, in Chromium: the call screen reads from across a room on a
1080p television (names and tables at least 48 px, the board filling the screen, a
screen's worth of matches without scrolling); on a phone the bracket's cards, the home
page's matches and the player's own page say at which table a called match plays, or
that it waits for one.

A day of 16 players at 5 tables: the first round's matches 1 to 5 are called to tables
1 to 5; match 1 is under way, match 2 is decided and match 6 takes its table; 7 and 8
wait for a table.
"""

import pytest
from django.urls import reverse
from test_browser_bracket import make_cup

import builders
from conftest import PHONE, SCREENSHOTS
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.operations.links import link_for, token_of

pytestmark = pytest.mark.browser

TV = {"width": 1920, "height": 1080}
NAMES = (
    "Montserrat Vilanova",
    "Bartomeu Fontcuberta",
    "Anna Bosch",
    "Xavier Roca",
    "Maria Dolors Puig",
    "Jordi Casals",
    "Núria Ferrer",
    "Pau Camps",
)
WAITING = "waiting for a table"
# The computed size of each element's type, in CSS pixels.
SIZES = "elements => elements.map(element => parseFloat(getComputedStyle(element).fontSize))"


@pytest.fixture
def day(transactional_db):
    tournament = make_cup(16, names=NAMES, tables=5)
    operations.record_game(main_match(tournament, 1), GameResult(0))
    decided = main_match(tournament, 2)
    builders.win(decided, kind="gammon")
    assert main_match(tournament, 6).table == "2"
    return tournament


def main_match(tournament, position):
    return tournament.matches.get(bracket__kind="main", round=1, position=position)


def test_the_call_screen_reads_from_across_the_room_on_a_1080p_television(
    live_server, day, new_page
):
    page = new_page(live_server.url + reverse("calls", args=[day.pk]), viewport=TV)
    names = page.locator(".calls .call-players, .calls .call-name")
    tables = page.locator(".calls .call-table:not(.waiting)")
    assert names.count() >= 9 and tables.count() == 5
    page.screenshot(path=SCREENSHOTS / "call-screen-tv.png")
    assert min(names.evaluate_all(SIZES)) >= 48
    assert min(tables.evaluate_all(SIZES)) >= 48
    # The board fills the screen: across its width, down to its foot, and each call a
    # line across the room (no small list in a corner); nothing to scroll.
    board = page.locator(".calls").bounding_box()
    assert (
        board["width"] >= 0.9 * TV["width"] and board["y"] + board["height"] >= 0.9 * TV["height"]
    )
    for call in page.locator("#calls-start ~ .calls-list .call").all():
        assert call.bounding_box()["width"] >= 0.6 * TV["width"]
    assert page.evaluate("document.documentElement.scrollHeight") <= TV["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= TV["width"]
    # Matches 7 and 8 wait for a table, and the screen says so where the table would be.
    waiting = page.locator("#calls-start ~ .calls-list .call", has_text=WAITING)
    assert waiting.count() == 2
    assert main_match(day, 7).player1.name in waiting.first.inner_text()


def test_the_phone_bracket_shows_the_table_or_that_the_match_waits_for_one(
    live_server, day, new_page
):
    page = new_page(live_server.url + day.get_absolute_url(), viewport=PHONE)
    assert page.locator("#bracket-main .round-switcher").is_visible()

    def card(position):
        link = page.locator(f'a.match-link[href="{main_match(day, position).get_absolute_url()}"]')
        return page.locator("#bracket-main .match-card", has=link)

    for position, said in ((1, "Table 1"), (3, "Table 3"), (7, WAITING), (8, WAITING)):
        table = card(position).locator(".match-table")
        assert table.is_visible(), position
        assert table.inner_text().strip() == said
        box = table.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    page.screenshot(path=SCREENSHOTS / "phone-bracket-tables.png", full_page=True)


def test_the_home_page_says_where_the_matches_are_played(live_server, day, new_page):
    page = new_page(live_server.url + reverse("home"), viewport=PHONE)
    playing = page.locator("section[aria-labelledby=live-heading] li")
    first = playing.filter(has_text=main_match(day, 1).player1.name)
    assert "Table 1" in first.inner_text()
    upcoming = page.locator("section[aria-labelledby=next-heading] li")
    assert "Table 3" in upcoming.filter(has_text=main_match(day, 3).player1.name).inner_text()
    waiting = upcoming.filter(has_text=main_match(day, 7).player1.name)
    assert WAITING in waiting.inner_text()
    page.screenshot(path=SCREENSHOTS / "phone-home-tables.png", full_page=True)


def test_the_players_own_page_says_where_to_go_or_to_wait(live_server, day, new_page):
    for position, said in ((3, "Table 3"), (7, WAITING)):
        player = main_match(day, position).player2
        url = live_server.url + reverse("player-page", args=[token_of(link_for(player))])
        page = new_page(url, viewport=PHONE)
        facts = page.locator(".player-match .facts").first
        assert said in facts.inner_text(), (position, facts.inner_text())
        assert facts.locator(".match-table").is_visible()
    page.screenshot(path=SCREENSHOTS / "phone-player-page-waiting.png", full_page=True)
