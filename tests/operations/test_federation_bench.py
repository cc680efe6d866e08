"""`make bench`'s federation part (`bench --only federation`) on a tiny federation: one
line a page with the queries at both sizes, the ratio and the target, each database
built once and found again, and the federation a consistent copy of the one club: each
club's seasons its own, each player in one copy, the shared ones members of two clubs."""

import io
import json
import sqlite3

import pytest
from django.core.management import call_command
from django.db import connection

pytestmark = pytest.mark.django_db

PAGES = [
    "federation_home_page",
    "federation_tournament_page",
    "federation_player_page",
    "federation_season_standings",
]
RATING_LIST = ["federation_rating_list", "federation_rating_list_json"]
RENDERED_ANEW = [f"{name}_rendered_anew" for name in RATING_LIST]
DECISION = ["federation_decide_rated_match"]
# The SQL below leaves out the decision figure's cup, in its bench season (2097) on both
# sites, beside the copies.
# 3 clubs of 10 players (2 of them the next club's members), 2 cups of 8 a club.
TINY = "3,30,2,8,2"


@pytest.fixture
def databases(tmp_path):
    """Two SQLite files, each a copy of the test database's schema on SQLite (the
    bench's migrate then has nothing to do)."""
    paths = [tmp_path / "one-club.sqlite3", tmp_path / "federation.sqlite3"]
    if connection.vendor == "sqlite":
        with sqlite3.connect(connection.settings_dict["NAME"]) as source:
            for path in paths:
                with sqlite3.connect(path) as copy:
                    source.backup(copy)
                copy.close()
        source.close()
    return paths


def _federation(paths) -> list[dict]:
    out = io.StringIO()
    call_command(
        "bench",
        "--only",
        "federation",
        "--federation-scale",
        TINY,
        "--federation-databases",
        *[f"sqlite:///{path}" for path in paths],
        "--pairs",
        "1",
        stdout=out,
        stderr=io.StringIO(),
    )
    return [json.loads(line) for line in out.getvalue().splitlines()]


def _rows(path, sql: str) -> list[tuple]:
    with sqlite3.connect(path) as database:
        return database.execute(sql).fetchall()


def test_each_page_on_one_club_and_in_the_federation(databases):
    machine, *lines = _federation(databases)
    assert machine["name"] == "machine"
    lines, listed, decided = (
        lines[: len(PAGES)],
        lines[len(PAGES) : -len(DECISION)],
        lines[-len(DECISION) :],
    )
    assert [line["name"] for line in lines] == PAGES
    # A rated match decided in the federation as on the one club: the same statements,
    # within the decision's budget.
    assert [line["name"] for line in decided] == DECISION
    (decision,) = decided
    assert [type(count) for count in decision["queries"]] == [int, int]
    assert decision["query_budget"] == 15
    assert decision["within_target"] is (
        decision["ratio"]["median"] <= 1.5
        and decision["queries"][0] == decision["queries"][1]
        and max(decision["own_queries"]) <= 15
    )
    # The rating list's page and JSON against the season standings, in the federation:
    # as visitors get them (kept), then rendered anew after a change (no target).
    listed, anew = listed[: len(RATING_LIST)], listed[len(RATING_LIST) :]
    assert [line["name"] for line in listed] == RATING_LIST
    assert [line["name"] for line in anew] == RENDERED_ANEW
    for kept, fresh in zip(listed, anew, strict=True):
        assert "target" not in fresh
        # Kept: the thresholds and marks alone; anew, the list's own reads besides.
        assert kept["queries"][0] == 1 < fresh["queries"][0]
    for line in listed:
        assert line["players"] == 30 and line["clubs"] == 3
        assert line["published"] + line["provisional"] > 0
        assert [type(count) for count in line["queries"]] == [int, int]
        assert line["ratio_vs_season_standings"] == line["ratio"]["median"]
        assert line["target"] == "<= 1.5"
        assert line["within_target"] is (line["ratio"]["median"] <= 1.5)
    for line in lines:
        assert line["clubs"] == [1, 3]
        assert line["players"] == [10, 30]
        one_club, federation = line["games"]
        assert one_club > 0 and federation == 3 * one_club
        assert [type(count) for count in line["queries"]] == [int, int]
        assert line["ratio_federation_vs_one_club"] == line["ratio"]["median"]
        assert line["target"] == "<= 1.5"
        assert line["within_target"] is (
            line["ratio"]["median"] <= 1.5 and line["queries"][0] == line["queries"][1]
        )
    # Built once: the next run finds both as they were.
    _machine, *again = _federation(databases)
    again = again[: len(PAGES)]
    assert [line["games"] for line in again] == [line["games"] for line in lines]

    one_club, federation = databases
    # Every club a copy of the one club: its seasons, matches and games.
    per_club = _rows(
        federation,
        "SELECT season.club_id, COUNT(DISTINCT match.id), COUNT(game.id) "
        "FROM tournament_season season "
        "JOIN tournament_tournament tournament ON tournament.season_id = season.id "
        "JOIN tournament_match match ON match.tournament_id = tournament.id "
        "LEFT JOIN tournament_game game ON game.match_id = match.id "
        "WHERE season.years <> '2097' GROUP BY season.club_id ORDER BY season.club_id",
    )
    (matches, games), *_ = _rows(
        one_club,
        "SELECT COUNT(DISTINCT match.id), COUNT(game.id) FROM tournament_match match "
        "JOIN tournament_tournament tournament ON tournament.id = match.tournament_id "
        "JOIN tournament_season season ON season.id = tournament.season_id "
        "LEFT JOIN tournament_game game ON game.match_id = match.id "
        "WHERE season.years <> '2097'",
    )
    assert [row[1:] for row in per_club] == [(matches, games)] * 3
    # A match's players are its club's members, and each player plays in one club.
    outsiders = _rows(
        federation,
        "SELECT COUNT(*) FROM tournament_match match "
        "JOIN tournament_tournament tournament ON tournament.id = match.tournament_id "
        "JOIN tournament_season season ON season.id = tournament.season_id "
        "WHERE season.years <> '2097' AND match.player1_id IS NOT NULL "
        "AND NOT EXISTS (SELECT 1 FROM tournament_membership member "
        "WHERE member.player_id = match.player1_id "
        "AND member.club_id = season.club_id)",
    )
    assert outsiders == [(0,)]
    clubs_played = _rows(
        federation,
        "SELECT entry.player_id, COUNT(DISTINCT season.club_id) FROM tournament_entry entry "
        "JOIN tournament_tournament tournament ON tournament.id = entry.tournament_id "
        "JOIN tournament_season season ON season.id = tournament.season_id "
        "GROUP BY entry.player_id",
    )
    assert {count for _player, count in clubs_played} == {1}
    # Members of one club or two: the last 2 of each club's 10 play for the club before.
    memberships = _rows(
        federation,
        "SELECT COUNT(*) FROM tournament_membership member JOIN tournament_player player "
        "ON player.id = member.player_id WHERE player.name NOT LIKE 'Decide %' "
        "GROUP BY player_id ORDER BY 1",
    )
    assert sorted({count for (count,) in memberships}) == [1, 2]
    assert sum(count for (count,) in memberships) == 3 * (10 + 2)
