"""A match on the day: its clock and its table, as the pages say them. A part of
`Match` (a mixin: the fields stay on the model), apart because it is read by the
call screen and the cards, never by the rules of the score."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.utils.translation import gettext

from ..core import clocks, wall_clock
from .match_status import READY
from .tournaments import DELAY_KIND_CHOICES


class AtTheTable:
    @property
    def clock(self) -> clocks.Clock:
        """The clock settings of the match's bracket (the tournament's outside one)."""
        if self.bracket_id is not None:
            return self.bracket.clock_of(self.tournament)
        return self.tournament.clock

    @property
    def reserve_minutes(self) -> int | None:
        """Each player's time on the clock, when clocks are part of the match."""
        clock = self.clock
        if not clock.used:
            return None
        return clock.reserve_minutes(self.length, self.clock_points or 0)

    @property
    def clock_text(self) -> str:
        """ "10 minutes each, 12 s simple delay", when clocks are part of the match."""
        minutes = self.reserve_minutes
        if minutes is None:
            return ""
        clock = self.clock
        return gettext("%(minutes)s minutes each, %(delay)s s %(kind)s") % {
            "minutes": minutes,
            "delay": clock.delay_seconds,
            "kind": dict(DELAY_KIND_CHOICES)[clock.delay_kind],
        }

    @property
    def table_label(self) -> str:
        """ "Table 3" for a numbered table, the name itself for a named one."""
        if not self.table:
            return ""
        if self.table.isdigit():
            return gettext("Table %(number)s") % {"number": self.table}
        return self.table

    @property
    def waits_for_table(self) -> bool:
        """Ready to start (both players known) but at no table: every table of the day
        is taken, since the operations call a ready match to a free one at once. A
        tournament without tables has none to wait for."""
        return self.status == READY and not self.table and bool(self.tournament.tables)

    @property
    def called_to(self) -> str:
        """Where an open match is played, as the pages say it: "Table 7", a table's
        name, or "waiting for a table"; nothing for a match that is not open, or a day
        without tables."""
        if not self.is_open:
            return ""
        if self.table:
            return self.table_label
        return gettext("waiting for a table") if self.waits_for_table else ""

    @property
    def is_adjourned(self) -> bool:
        """Adjourned at a score, to be resumed (operations.adjournments)."""
        return self.adjourned_at is not None and self.is_open

    @property
    def expected_minutes(self) -> int:
        """How long the match is expected to take (core.wall_clock): its clocks' two
        reserves, or the club's MINUTES_PER_POINT times its length."""
        return wall_clock.expected_minutes(
            self.length,
            self.clock,
            clock_in=self.clock_points is not None,
            minutes_per_point=settings.MINUTES_PER_POINT,
        )

    def running_minutes(self, now: datetime) -> float | None:
        """Minutes since the call, the time adjourned left out; None before the call."""
        if self.called_at is None:
            return None
        until = self.adjourned_at or now
        seconds = (until - self.called_at).total_seconds() - self.adjourned_seconds
        return max(seconds, 0) / 60

    def wall_mark(self, now: datetime) -> wall_clock.WallMark:
        """What the desk and the call screen say of an open match at `now`: running
        over, players not at their table, adjourned, or nothing."""
        if not self.is_open:
            return wall_clock.WallMark()
        return wall_clock.mark(
            elapsed=self.running_minutes(now),
            expected=self.expected_minutes,
            started=self.is_live or self.clock_points is not None,
            adjourned=self.is_adjourned,
        )

    @property
    def clocks_left(self) -> str:
        """Each player's time left on the clock when the match was
        adjourned ("12:30" and "11:05", dash between), "" when none was noted."""
        if self.clock_left1 is None and self.clock_left2 is None:
            return ""

        def shown(seconds: int | None) -> str:
            return "—" if seconds is None else f"{seconds // 60}:{seconds % 60:02d}"

        return f"{shown(self.clock_left1)} – {shown(self.clock_left2)}"
