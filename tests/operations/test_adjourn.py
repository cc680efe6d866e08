"""A match on the clock on the wall: called to its table at a time the desk reads, and
adjourned at a score, then resumed later with its score, its games and its clocks'
times; the time adjourned does not count as running over."""

import datetime as dt

import pytest
import time_machine

import builders
from tournament import operations
from tournament.core import wall_clock
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry

START = dt.datetime(2026, 11, 21, 16, 0, tzinfo=dt.UTC)


def at(minutes):
    return time_machine.travel(START + dt.timedelta(minutes=minutes), tick=False)


@pytest.fixture
def cup(season):
    with at(0):
        return builders.cup(
            season, 4, brackets={"main": "7"}, start=True, tables=["1", "2"], date=None
        )


def first(cup):
    return cup.matches.get(round=1, position=1)


def test_a_match_is_called_when_it_gets_its_table(cup):
    match = first(cup)
    assert match.table == "1" and match.called_at == START
    # Its next match is called when it has players and a table: later.
    with at(30):
        builders.win(match)
        builders.win(cup.matches.get(round=1, position=2))
    final = cup.matches.get(round=2)
    assert final.called_at == START + dt.timedelta(minutes=30) and final.table


def test_an_adjourned_match_keeps_its_score_and_clocks_and_the_wall_leaves_it_alone(cup):
    match = first(cup)
    with at(10):
        operations.record_game(match, GameResult(0, kind="gammon"))
    with at(20):
        operations.adjourn_match(match, clock_left=(750, 605))
    match.refresh_from_db()
    assert match.is_adjourned and (match.score1, match.score2) == (2, 0)
    assert match.clocks_left == "12:30 – 10:05"
    # Hours later, adjourned: no overdue mark.
    later = START + dt.timedelta(hours=5)
    assert match.wall_mark(later).kind == wall_clock.ADJOURNED
    # Nothing is recorded on it until it is resumed.
    with pytest.raises(operations.MatchClosed, match="adjourned"):
        operations.record_game(match, GameResult(1))
    with at(300):
        operations.resume_match(match)
    match.refresh_from_db()
    assert not match.is_adjourned and (match.score1, match.score2) == (2, 0)
    assert (match.clock_left1, match.clock_left2) == (750, 605)
    # 20 minutes played before, 280 adjourned: 30 minutes after the resumption it has
    # run 50 of its 42 (7 points at 6 minutes): 8 over, not 288.
    resumed = START + dt.timedelta(minutes=330)
    assert match.running_minutes(resumed) == 50
    assert match.wall_mark(resumed) == wall_clock.WallMark(wall_clock.RUNNING_OVER, 8)
    operations.record_game(match, GameResult(1))
    said = list(
        AuditEntry.objects.filter(match=match)
        .filter(action__in=[AuditEntry.Action.ADJOURNED, AuditEntry.Action.RESUMED])
        .order_by("at")
        .values_list("action", flat=True)
    )
    assert said == [AuditEntry.Action.ADJOURNED, AuditEntry.Action.RESUMED]


def test_what_cannot_be_adjourned_or_resumed(cup):
    match = first(cup)
    with pytest.raises(operations.MatchClosed, match="not adjourned"):
        operations.resume_match(match)
    with pytest.raises(operations.OperationError, match="between 0 and 10 hours"):
        operations.adjourn_match(match, clock_left=(11 * 3600, None))
    operations.adjourn_match(match)
    with pytest.raises(operations.MatchClosed, match="already adjourned"):
        operations.adjourn_match(match)
    operations.resume_match(match)
    builders.win(match)
    with pytest.raises(operations.MatchClosed, match="Only a match ready"):
        operations.adjourn_match(match)
    assert AuditEntry.objects.filter(match=match, action="adjourned").count() == 1


def test_players_not_started_five_minutes_after_the_call_are_marked(cup):
    match = first(cup)
    assert match.wall_mark(START + dt.timedelta(minutes=4)).kind == wall_clock.ON_TIME
    assert match.wall_mark(START + dt.timedelta(minutes=6)) == wall_clock.WallMark(
        wall_clock.NOT_AT_TABLE, 6
    )
    with at(6):
        operations.record_game(match, GameResult(0))
    match.refresh_from_db()
    assert match.wall_mark(START + dt.timedelta(minutes=10)).kind == wall_clock.ON_TIME


def test_a_retirement_settles_an_adjourned_match_and_ends_its_adjournment(cup):
    match = first(cup)
    operations.record_game(match, GameResult(0))
    operations.adjourn_match(match)
    operations.retire(match, 1)
    match.refresh_from_db()
    assert match.is_decided and match.adjourned_at is None
