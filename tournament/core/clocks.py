"""Clocks for a bracket's matches: whether they are used (none, allowed on request,
required), the reserve time per player and the delay per move, as the US and UK
federations set them: two minutes per point of the match and a 12-second simple delay.

Pure Python. A clock brought into a match already under way gets one minute less per
point already scored by either player (the US rule), and never less than a minute.
"""

from __future__ import annotations

from dataclasses import dataclass

from .messages import CoreError, _

NO_CLOCK, ALLOWED, REQUIRED = "none", "allowed", "required"
POLICIES = (NO_CLOCK, ALLOWED, REQUIRED)
SIMPLE, BRONSTEIN = "simple", "bronstein"
DELAY_KINDS = (SIMPLE, BRONSTEIN)

DEFAULT_MINUTES_PER_POINT = 2
DEFAULT_DELAY_SECONDS = 12
MINUTES_OFF_PER_POINT_SCORED = 1
MAX_MINUTES_PER_POINT = 30
MAX_DELAY_SECONDS = 120


class ClockError(CoreError):
    """Clock settings that make no sense; the message says why."""


def _whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


@dataclass(frozen=True)
class Clock:
    """A bracket's clock settings."""

    policy: str = NO_CLOCK
    minutes_per_point: int = DEFAULT_MINUTES_PER_POINT
    delay_seconds: int = DEFAULT_DELAY_SECONDS
    delay_kind: str = SIMPLE

    def __post_init__(self) -> None:
        if self.policy not in POLICIES:
            raise ClockError(_("Unknown clock policy %(policy)s."), policy=self.policy)
        if self.delay_kind not in DELAY_KINDS:
            raise ClockError(_("Unknown kind of delay %(kind)s."), kind=self.delay_kind)
        if not _whole(self.minutes_per_point, 1, MAX_MINUTES_PER_POINT):
            raise ClockError(
                _("A clock gives 1 to %(max)d minutes per point, not %(value)s."),
                max=MAX_MINUTES_PER_POINT,
                value=self.minutes_per_point,
            )
        if not _whole(self.delay_seconds, 0, MAX_DELAY_SECONDS):
            raise ClockError(
                _("A delay is 0 to %(max)d seconds, not %(value)s."),
                max=MAX_DELAY_SECONDS,
                value=self.delay_seconds,
            )

    @property
    def used(self) -> bool:
        """Clocks are part of this bracket's matches (on request or always)."""
        return self.policy != NO_CLOCK

    def reserve_minutes(self, length: int, scored: int = 0) -> int:
        """Each player's reserve time in a match to `length`, for a clock set when
        `scored` points had been scored by both players together (0 from the start)."""
        full = length * self.minutes_per_point
        return max(full - MINUTES_OFF_PER_POINT_SCORED * max(scored, 0), 1)
