"""What counts in the standings has one home, the core's tally (`core.tally`): which
results are a match won or lost, and what a place and a match won earn by the club's
scale or by master points (walkovers and consolation places earn none). The standings
query only reads the rows and hands them over (test_league.py and
test_master_points.py check the pages)."""

from decimal import Decimal
from math import sqrt

import pytest

from tournament.core import actions, draw, league, master_points
from tournament.core.tally import Tally, earns_match_points, place_points

SCALE = league.DEFAULT_SCALE


def tally(masters: bool = False) -> Tally:
    return Tally(SCALE, masters, lambda key: league.PlayerRecord(player=key, name=str(key)))


# How each way of deciding a match counts; a new way fails here until it is listed.
COUNTS = {
    # decided by: (counted as a match won and lost, earns master points)
    actions.GAMES: (True, True),
    actions.RETIREMENT: (True, True),
    actions.ON_TIME: (True, True),
    actions.WALKOVER: (True, False),
    actions.DOUBLE_LOSS: (False, False),  # lost by both, won by nobody
    actions.OPEN: (False, False),  # still to play
}


def test_every_way_of_deciding_is_listed_here():
    assert set(COUNTS) == set(actions.DECIDED_BY)


@pytest.mark.parametrize("decided_by", actions.DECIDED_BY)
def test_a_match_counts_as_its_decision_says(decided_by):
    won_and_lost, earns = COUNTS[decided_by]
    counted = tally(masters=True)
    decided = decided_by not in (actions.OPEN, actions.DOUBLE_LOSS)
    counted.count_match(
        decided=decided,
        players=("A", "B"),
        winner="A" if decided else None,
        decided_by=decided_by,
        length=9,
    )
    records = counted.finish()
    if won_and_lost:
        assert earns_match_points(decided_by) == earns
        assert (records["A"].matches_won, records["A"].matches_lost) == (1, 0)
        assert (records["B"].matches_won, records["B"].matches_lost) == (0, 1)
        assert records["A"].league_points == (Decimal("1.00") if earns else 0)
    elif decided_by == actions.DOUBLE_LOSS:
        assert [(r.matches_won, r.matches_lost) for r in records.values()] == [(0, 1), (0, 1)]
        assert [r.league_points for r in records.values()] == [0, 0]
    else:
        assert records == {}


def test_a_bye_or_a_void_counts_for_nobody():
    counted = tally(masters=True)
    # A bye (one player, settled, never decided) and a void with nobody in it.
    counted.count_match(decided=False, players=("A", None), winner=None, decided_by="", length=5)
    counted.count_match(decided=False, players=(None, None), winner=None, decided_by="", length=5)
    assert counted.finish() == {}


def test_master_points_for_matches_are_rounded_once_on_the_total():
    counted = tally(masters=True)
    for opponent in ("B", "C", "D"):
        counted.count_match(
            decided=True, players=("A", opponent), winner="A", decided_by="games", length=5
        )
    records = counted.finish()
    # 3 x 0.745... = 2.236 -> 2.24, not 3 x 0.75.
    assert records["A"].league_points == master_points.rounded(3 * sqrt(5) / 3) == Decimal("2.24")
    assert counted.finish()["A"].league_points == Decimal("2.24"), "added once"


def test_a_club_scale_season_counts_places_alone():
    counted = tally(masters=False)
    counted.count_match(decided=True, players=("A", "B"), winner="A", decided_by="games", length=9)
    assert counted.finish()["A"].league_points == 0


# What a final place earns, by the kind of bracket; a new kind fails here until listed.
PLACE_POINTS = {
    # kind: (club scale, for 3-4 of 16 players; master points for it)
    draw.MAIN: (SCALE[draw.MAIN][2], master_points.rounded(master_points.place_points(16, 3, 4))),
    draw.CONSOLATION: (SCALE[draw.CONSOLATION][2], 0),
    draw.LAST_CHANCE: (0, 0),  # its scale has no third band
    # A double elimination's places are the whole event's, counted as main places
    # (queries.standings): a grand-final place of its own earns nothing.
    draw.GRAND_FINAL: (0, 0),
}


def test_every_kind_of_bracket_is_listed_here():
    assert set(PLACE_POINTS) == set(draw.BRACKET_KINDS)


@pytest.mark.parametrize("kind", draw.BRACKET_KINDS)
def test_a_place_earns_by_its_bracket(kind):
    club, masters = PLACE_POINTS[kind]
    assert place_points(SCALE, False, kind, (3, 4), 16) == club
    assert place_points(SCALE, True, kind, (3, 4), 16) == masters
    counted = tally(masters=True)
    assert counted.count_place("A", kind, (3, 4), 16, tournament="Copa") == masters
    record = counted.finish()["A"]
    assert record.league_points == masters
    assert record.places == [("Copa", kind, (3, 4))]


def test_a_place_is_kept_on_the_record_only_with_its_tournament():
    counted = tally()
    counted.count_place("A", draw.MAIN, (1, 1), 8)
    assert counted.finish()["A"].places == []
    assert counted.records["A"].league_points == SCALE[draw.MAIN][0]


def test_records_come_in_the_order_players_first_counted():
    counted = tally()
    counted.record("C").tournaments += 1
    counted.count_match(decided=True, players=("A", "B"), winner="B", decided_by="games", length=3)
    assert list(counted.finish()) == ["C", "B", "A"]
