"""The clock on the wall: how long a match is expected to take, and the marks the desk
and the call screen show for a match running over it or players not at their table
yet. Pure Python: the times come in as minutes, measured by the caller.

A match with a clock at its table (required by its bracket, or brought in) is expected
to take both players' reserves together, the longest the clocks allow apart from their
delays; any other match takes the club's minutes per point times its length."""

from __future__ import annotations

from dataclasses import dataclass

from .clocks import REQUIRED, Clock

# Minutes after the call before players who have not started are marked as missing.
NOT_AT_TABLE_AFTER = 5

ON_TIME, RUNNING_OVER, NOT_AT_TABLE, ADJOURNED = "", "over", "absent", "adjourned"


def expected_minutes(length: int, clock: Clock, *, clock_in: bool, minutes_per_point: int) -> int:
    """A match to `length` points: with a clock at its table (the bracket requires one,
    or `clock_in`: one was brought in), both players' full reserves; without, the club's
    `minutes_per_point` times the length."""
    if clock.policy == REQUIRED or (clock.used and clock_in):
        return 2 * clock.reserve_minutes(length)
    return max(length, 1) * max(minutes_per_point, 1)


@dataclass(frozen=True)
class WallMark:
    """What the wall says of an open match: `kind` is one of ON_TIME, RUNNING_OVER,
    NOT_AT_TABLE, ADJOURNED; `minutes` the minutes over (or since the call)."""

    kind: str = ON_TIME
    minutes: int = 0


def mark(
    *,
    elapsed: float | None,
    expected: int,
    started: bool,
    adjourned: bool = False,
) -> WallMark:
    """The mark of an open match `elapsed` minutes after its call (None: not called to
    a table yet), adjourned time left out. `started`: a game or a clock recorded."""
    if adjourned:
        return WallMark(ADJOURNED)
    if elapsed is None:
        return WallMark()
    if not started and elapsed >= NOT_AT_TABLE_AFTER:
        return WallMark(NOT_AT_TABLE, int(elapsed))
    if elapsed > expected:
        return WallMark(RUNNING_OVER, int(elapsed - expected))
    return WallMark()
