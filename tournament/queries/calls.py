"""What the call screen shows (a TV at the club): the matches to start now with their
table and players, the matches in play with their score and table, and the latest
results, in three queries whatever the size of the tournament."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from ..models import Match, Tournament

# As many as the results' column of a 1920x1080 screen holds, with names big enough to
# read from across the room (each a scoreboard of two lines).
LATEST_RESULTS = 5
# Matches (to start and in play together) a 1920x1080 screen holds, one a line with
# names big enough to read from across the room; more are shown page after page.
PAGE = 8


@dataclass
class Calls:
    to_start: list[Match]  # ready: both players known, at a table (or waiting for one)
    playing: list[Match]  # live, with the score
    results: list[Match]  # the latest decided, newest first

    @property
    def pages(self) -> int:
        """How many screens the matches to start and in play take, PAGE to a screen."""
        return max((len(self.to_start) + len(self.playing) + PAGE - 1) // PAGE, 1)

    @property
    def to_start_paged(self) -> list[tuple[Match, int]]:
        """Each match with the screen (page) it is shown on: those to start first."""
        return [(match, index // PAGE) for index, match in enumerate(self.to_start)]

    @property
    def playing_paged(self) -> list[tuple[Match, int]]:
        offset = len(self.to_start)
        return [(match, (offset + index) // PAGE) for index, match in enumerate(self.playing)]


def _by_table(tournament: Tournament):
    order = {name: number for number, name in enumerate(tournament.tables or [])}
    # A match waiting for a free table comes after those called to one.
    return lambda match: (order.get(match.table, len(order)), match.round or 0, match.pk)


def calls_of(tournament: Tournament, now: datetime | None = None) -> Calls:
    """The call screen at `now` (the clock on the wall's marks are read then: each
    open match gets its `wall`, a core.wall_clock.WallMark)."""
    now = now or timezone.now()
    matches = tournament.matches.select_related("bracket", "player1", "player2")
    current = sorted(matches.open(), key=_by_table(tournament))
    latest = list(
        matches.decided()
        .between_two()
        .select_related("winner")
        .order_by("-decided_at", "-pk")[:LATEST_RESULTS]
    )
    for match in (*current, *latest):
        match.tournament = tournament
    for match in current:
        match.wall = match.wall_mark(now)
    return Calls(
        to_start=[match for match in current if not match.is_live],
        playing=[match for match in current if match.is_live],
        results=latest,
    )
