"""The federation's published rating list: who is published, who is listed apart as
provisional, in which order, and the trend beside each rating.

The publication rules of the federations that use the FIBS formula, as settings of the
federation (`Thresholds`):
- the German list (DBGV) publishes the players with at least 200 experience points and
  a rated match in the last 12 months, and an alphabetical list of everyone;
- Belgium's list marks the players under 100 experience as provisional.

One threshold of experience serves both: a player rated within the months is
*published* (ranked 1..n by rating, ties by name) from `min_experience` on, and
*provisional* (listed apart, unranked, by rating) below it. Germany's list is
`min_experience=200`, Belgium's `min_experience=100`. A player with no rated match in
the months is on neither, only on the alphabetical list of everyone rated.

The trend is what a player's rating did in the last TREND_DAYS days: the sum of the
changes of their rated matches since then, which is their rating now less their rating
then (each change starts where the one before ended)."""

from __future__ import annotations

import calendar
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta

DEFAULT_MIN_EXPERIENCE = 200
DEFAULT_MONTHS = 12
# The longest window a federation may set: ten years is already "everyone".
MAX_MONTHS = 120
# The trend's window: a season's quarter, long enough for a few club nights' matches.
TREND_DAYS = 90


@dataclass(frozen=True)
class Thresholds:
    """The federation's publication rules: the experience a published rating needs, and
    the months within which the player's last rated match must be."""

    min_experience: int = DEFAULT_MIN_EXPERIENCE
    months: int = DEFAULT_MONTHS

    def __post_init__(self) -> None:
        for name in ("min_experience", "months"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be a whole number, got {value!r}")
        if self.min_experience < 0:
            raise ValueError(f"the experience cannot be negative, got {self.min_experience}")
        if not 1 <= self.months <= MAX_MONTHS:
            raise ValueError(f"the months must be 1 to {MAX_MONTHS}, got {self.months}")

    def since(self, today: date) -> date:
        """The first day a rated match keeps a player listed: `months` calendar months
        before `today` (the 31st falls back to the month's last day)."""
        return months_before(today, self.months)


def months_before(day: date, months: int) -> date:
    """The same day `months` calendar months earlier, or that month's last day."""
    index = day.year * 12 + day.month - 1 - months
    year, month = divmod(index, 12)
    month += 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def trend_since(today: date) -> date:
    """The first day whose rated matches count for the trend."""
    return today - timedelta(days=TREND_DAYS)


@dataclass(frozen=True)
class Row:
    """A rated player as the list reads them: `player` is the caller's key."""

    player: object
    name: str
    experience: int
    last_rated: date | None
    rating: float


@dataclass(frozen=True)
class Listed:
    """A row on the list: its rank among the published, None for a provisional one."""

    row: Row
    rank: int | None


@dataclass(frozen=True)
class RatingList:
    published: list[Listed]
    provisional: list[Listed]


def is_listed(row: Row, thresholds: Thresholds, today: date) -> bool:
    """Rated within the months (a row with no rated match never is)."""
    return row.last_rated is not None and row.last_rated >= thresholds.since(today)


def is_published(row: Row, thresholds: Thresholds, today: date) -> bool:
    return is_listed(row, thresholds, today) and row.experience >= thresholds.min_experience


def is_provisional(row: Row, thresholds: Thresholds, today: date) -> bool:
    return is_listed(row, thresholds, today) and row.experience < thresholds.min_experience


def by_rating(row: Row) -> tuple:
    """The list's order: the rating, best first, then the name (then the key, so that
    namesakes keep one order)."""
    return (-row.rating, row.name, str(row.player))


def rating_list(rows: Iterable[Row], thresholds: Thresholds, today: date) -> RatingList:
    """The published players ranked 1..n by rating (ties by name: every rank once, as
    the published lists number them), and the provisional ones apart, by rating."""
    published, provisional = [], []
    for row in rows:
        if is_published(row, thresholds, today):
            published.append(row)
        elif is_provisional(row, thresholds, today):
            provisional.append(row)
    published.sort(key=by_rating)
    provisional.sort(key=by_rating)
    return RatingList(
        [Listed(row, rank) for rank, row in enumerate(published, start=1)],
        [Listed(row, None) for row in provisional],
    )


def alphabetical(rows: Iterable[Row]) -> list[Row]:
    """Everyone ever rated, by name: the German list's second list."""
    return sorted(
        (row for row in rows if row.last_rated is not None),
        key=lambda row: (row.name, str(row.player)),
    )


def trend(changes: Iterable[float]) -> float:
    """The trend from the changes of the rated matches in the window: their sum."""
    return sum(changes, 0.0)
