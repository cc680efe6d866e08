"""Deciding a match costs the same in a cup of 16 as in a cup of 256, and in a round
robin of 5 as in one of 16: the game that decides it, and taking that game back, read
the bracket (or the rounds) once and write only the matches that follow from it; the
bracket they leave is the one resolving the whole plan gives. Times are the bench's
(`benches/decision_bench.py`); here, the queries."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

import builders
from tournament import operations
from tournament.core import club_nights, draw
from tournament.core.scoring import GameResult
from tournament.models import Match, Tournament, stored_draw
from tournament.operations import ratings

# The budget for a decision, the ratings refresh included, not counting the
# transaction's SAVEPOINT and RELEASE.
BUDGET = 15
CONTROL = ("SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK TO SAVEPOINT", "BEGIN", "COMMIT")


def make_cup(season, size: int) -> Tournament:
    """A drawn cup with every kind of slot: a progressive consolation and a last chance."""
    return builders.cup(
        season,
        builders.new_players(size, prefix=f"Jugador {size}"),
        name=f"Copa {size}",
        date=None,
        brackets={draw.MAIN: "5", draw.CONSOLATION: "5", draw.LAST_CHANCE: "5"},
        rng_seed=size,
        consolation=draw.PROGRESSIVE,
        progressive_rounds=2,
        last_chance=True,
    )


def first_round(tournament: Tournament, position: int) -> Match:
    return tournament.matches.get(bracket__kind=draw.MAIN, round=1, position=position)


def to_match_point(match: Match) -> None:
    """4-0 in a match to 5: the next game (the Crawford game) decides it."""
    for _ in range(4):
        operations.record_game(match, GameResult(0))


def bracket_rows(tournament: Tournament) -> list[tuple]:
    return list(
        tournament.matches.order_by("pk").values_list(
            "pk", "player1_id", "player2_id", "status", "winner_id", "table"
        )
    )


class Counted:
    """The statements of one operation, without the transaction's own, and how many of
    them the ratings refresh made."""

    def __init__(self, monkeypatch):
        self.ratings = 0
        refresh = ratings.refresh

        def counted_refresh(*args, **kwargs):
            with CaptureQueriesContext(connection) as inner:
                result = refresh(*args, **kwargs)
            self.ratings += len(_statements(inner))
            return result

        monkeypatch.setattr(ratings, "refresh", counted_refresh)

    def run(self, operation) -> int:
        self.ratings = 0
        # Only what lies downstream is resolved: never the whole plan.
        whole_plan = mock.patch.object(draw, "resolve", side_effect=AssertionError("whole plan"))
        with whole_plan, CaptureQueriesContext(connection) as queries:
            operation()
        self.total = len(_statements(queries))
        return self.total - self.ratings


def _statements(queries) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if not q["sql"].startswith(CONTROL)]


def decide_and_undo(tournament: Tournament, counted: Counted) -> dict[str, tuple[int, int]]:
    """R1 M1 at match point, R1 M2 decided: the game that decides R1 M1 makes its
    winner's next match and its loser's consolation match ready; then it is undone."""
    second = first_round(tournament, 2)
    to_match_point(second)
    operations.record_game(second, GameResult(0))
    first = first_round(tournament, 1)
    to_match_point(first)
    before = bracket_rows(tournament)

    decide = counted.run(lambda: operations.record_game(first, GameResult(0)))
    figures = {"decide": (decide, counted.total)}
    after = bracket_rows(tournament)
    assert stored_draw.load(tournament).problems() == []
    winner_next = tournament.matches.get(bracket__kind=draw.MAIN, round=2, position=1)
    assert winner_next.status == Match.Status.READY
    assert {winner_next.player1_id, winner_next.player2_id} == {
        first.player1_id,
        second.player1_id,
    }

    undo = counted.run(lambda: operations.undo_last_game(first))
    figures["undo"] = (undo, counted.total)
    assert bracket_rows(tournament) == before != after
    assert stored_draw.load(tournament).problems() == []
    return figures


@pytest.mark.django_db
def test_deciding_a_match_and_its_undo_cost_the_same_queries_in_a_cup_of_16_and_of_256(
    season, monkeypatch
):
    counted = Counted(monkeypatch)
    small = decide_and_undo(make_cup(season, 16), counted)
    large = decide_and_undo(make_cup(season, 256), counted)
    assert small == large
    for step, (own, total) in small.items():
        assert total <= BUDGET, f"{step}: {total} queries ({own} besides the ratings')"


@pytest.mark.django_db
def test_a_game_that_decides_nothing_never_reads_the_bracket(season, django_assert_num_queries):
    tournament = make_cup(season, 16)
    match = first_round(tournament, 1)
    operations.record_game(match, GameResult(0))
    # The lock (2), the games before (1; no penalty points, so no penalties to read; the
    # "after" is known), the game, the match, the change mark, the audit entry, and the
    # transaction's savepoint and its release.
    with django_assert_num_queries(9):
        operations.record_game(match, GameResult(0))


# --- a round robin -----------------------------------------------------------------------


def decide_round_robin_and_undo(season, size: int, counted: Counted) -> dict[str, tuple[int, int]]:
    """A round robin of `size` players at ten tables, round 1 decided but for its last
    match, at match point: the game that decides it calls the round 2 matches that waited on
    it (and gives them tables); then it is undone, and they wait again."""
    tournament, _players = builders.club_night(
        season,
        size,
        format=club_nights.ROUND_ROBIN,
        name=f"Lliga {size}",
        tables=[str(number) for number in range(1, 11)],
        rng_seed=size,
        start=True,
    )
    first_round = list(tournament.matches.filter(round=1).between_two().order_by("position"))
    *others, last = first_round
    for match in others:
        builders.win(match)
    last.refresh_from_db()
    while last.score1 + 1 < last.length:
        operations.record_game(last, GameResult(0))
        last.refresh_from_db()
    second_round = tournament.matches.filter(round=2).between_two()
    waiting = set(second_round.filter(status=Match.Status.PENDING))
    assert waiting
    # The tables are given anew when the match is taken back: the statuses are compared.
    before = [row[:-1] for row in bracket_rows(tournament)]

    decide = counted.run(lambda: operations.record_game(last, GameResult(0)))
    figures = {"decide": (decide, counted.total)}
    last.refresh_from_db()
    assert last.is_decided
    # The round 2 matches that waited on it are called, at free tables.
    called = set(second_round.filter(status=Match.Status.READY))
    assert waiting <= called
    assert all(match.table for match in called)

    undo = counted.run(lambda: operations.undo_last_game(last))
    figures["undo"] = (undo, counted.total)
    assert [row[:-1] for row in bracket_rows(tournament)] == before
    return figures


@pytest.mark.django_db
def test_deciding_a_round_robin_match_and_its_undo_cost_the_same_queries_at_5_and_16(
    season, monkeypatch
):
    counted = Counted(monkeypatch)
    small = decide_round_robin_and_undo(season, 5, counted)
    large = decide_round_robin_and_undo(season, 16, counted)
    assert small == large
    # Besides the cup's: the round's calls read (one query) and written (one), whether
    # the rounds are all played (one), a withdrawn player's walkovers (one), and the
    # players' reports still waiting on the match settled as lapsed (one UPDATE).
    assert {step: total for step, (_own, total) in small.items()} == {"decide": 19, "undo": 20}
