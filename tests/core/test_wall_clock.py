"""The clock on the wall: how long a match is expected to take, and when the desk and
the call screen mark it (running over, players not at their table, adjourned)."""

import pytest

from tournament.core import wall_clock
from tournament.core.clocks import ALLOWED, NO_CLOCK, REQUIRED, Clock
from tournament.core.wall_clock import ADJOURNED, NOT_AT_TABLE, ON_TIME, RUNNING_OVER


@pytest.mark.parametrize(
    ("length", "clock", "clock_in", "expected"),
    [
        # No clock: the club's minutes per point (6 here) times the length.
        (7, Clock(NO_CLOCK), False, 42),
        # Clocks allowed but none brought in: as without a clock.
        (7, Clock(ALLOWED), False, 42),
        # A clock at the table: both players' reserves, 2 minutes a point each.
        (7, Clock(ALLOWED), True, 28),
        (11, Clock(REQUIRED), False, 44),
        (11, Clock(REQUIRED, minutes_per_point=3), False, 66),
    ],
)
def test_the_expected_length_of_a_match(length, clock, clock_in, expected):
    assert (
        wall_clock.expected_minutes(length, clock, clock_in=clock_in, minutes_per_point=6)
        == expected
    )


def mark(elapsed, *, started=True, adjourned=False, expected=42):
    return wall_clock.mark(elapsed=elapsed, expected=expected, started=started, adjourned=adjourned)


def test_a_match_within_its_time_has_no_mark():
    assert mark(41.9).kind == ON_TIME
    assert mark(None, started=False).kind == ON_TIME  # not called to a table yet
    assert mark(4.9, started=False).kind == ON_TIME  # five minutes to reach the table


def test_a_match_past_its_expected_length_runs_over_by_the_minutes_past():
    assert mark(50.5) == wall_clock.WallMark(RUNNING_OVER, 8)


def test_players_not_started_five_minutes_after_the_call_are_not_at_their_table():
    assert mark(5, started=False) == wall_clock.WallMark(NOT_AT_TABLE, 5)
    # Still not started long after: still missing, not "running over".
    assert mark(60, started=False).kind == NOT_AT_TABLE


def test_an_adjourned_match_has_no_overdue_mark():
    assert mark(500, adjourned=True).kind == ADJOURNED
    assert mark(500, started=False, adjourned=True).kind == ADJOURNED
