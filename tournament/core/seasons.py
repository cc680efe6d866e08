"""A season of the club: its first and last day (a calendar year unless the club says
otherwise: September to June is "2026-27"), the years it is named and addressed by,
which season is the current one, and a date proposed inside a season. Pure Python.

The one home of the rule "a season's tournaments are played inside it" (`holds`): the
model, the operations, the views and the tournament form's script all ask it, or the
dates it gives them."""

from __future__ import annotations

import datetime
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from .messages import CoreError, _

Key = TypeVar("Key", bound=Hashable)

# The earliest and latest days a season may have (the club's records start in the 1990s).
FIRST_DAY = datetime.date(1900, 1, 1)
LAST_DAY = datetime.date(2999, 12, 31)


class SeasonError(CoreError):
    """Dates that make no season, said for a director."""


@dataclass(frozen=True)
class Span:
    """A season's first and last day, both inside it."""

    start: datetime.date
    end: datetime.date

    def holds(self, day: datetime.date) -> bool:
        """The day is in the season: a tournament of the season may be played on it."""
        return self.start <= day <= self.end

    @property
    def years(self) -> str:
        """The years it is named and addressed by: "2026", or "2026-27" for one that
        spans two calendar years."""
        if self.start.year == self.end.year:
            return str(self.start.year)
        return f"{self.start.year}-{self.end.year % 100:02d}"

    @property
    def is_calendar_year(self) -> bool:
        return self == calendar_year(self.start.year)

    def overlaps(self, other: Span) -> bool:
        return self.start <= other.end and other.start <= self.end


def calendar_year(year: int) -> Span:
    """A season as the club always had them: 1 January to 31 December of `year`."""
    return Span(datetime.date(year, 1, 1), datetime.date(year, 12, 31))


def checked(start: datetime.date, end: datetime.date) -> Span:
    """The span from `start` to `end`, or SeasonError: a season ends on or after its
    first day, lasts at most into the next calendar year (its name has two years), and
    lies between 1900 and 2999."""
    if end < start:
        raise SeasonError(_("A season's last day cannot come before its first day."))
    if end.year > start.year + 1:
        raise SeasonError(
            _("A season spans at most two calendar years, e.g. September 2026 to June 2027.")
        )
    if start < FIRST_DAY or end > LAST_DAY:
        raise SeasonError(_("A season lies between the years 1900 and 2999."))
    return Span(start, end)


def years_address(text: str) -> tuple[int, int] | None:
    """The first and last calendar year of a season's address ("2026": (2026, 2026);
    "2026-27": (2026, 2027)), or None for an address that is no season's."""
    first, dash, last = text.partition("-")
    if not (first.isdigit() and len(first) == 4):
        return None
    if dash and not (last.isdigit() and len(last) == 2):
        return None
    year = int(first)
    if not dash:
        return year, year
    following = year - year % 100 + int(last)
    if following <= year:
        following += 100
    return (year, following) if following == year + 1 else None


def current_season(
    seasons: Mapping[Key, Span], running: Iterable[Key], today: datetime.date
) -> Key | None:
    """The season being played: the latest (by its first day) with a tournament under
    way; else the latest that has begun by today; else the first one to come. A later
    season made early (next year's, set up in November) never pushes the current one
    down."""
    if not seasons:
        return None
    by_start = sorted(seasons, key=lambda key: seasons[key].start)
    running = set(running)
    under_way = [key for key in by_start if key in running]
    if under_way:
        return under_way[-1]
    begun = [key for key in by_start if seasons[key].start <= today]
    return begun[-1] if begun else by_start[0]


def split_seasons(seasons: Mapping[Key, Span], current: Key | None) -> tuple[list[Key], list[Key]]:
    """(the seasons after the current one, soonest first; those before it, newest
    first): what comes next is never listed among the earlier seasons."""
    by_start = sorted(seasons, key=lambda key: seasons[key].start)
    if current is None:
        return [], by_start[::-1]
    start = seasons[current].start
    later = [key for key in by_start if seasons[key].start > start]
    earlier = [key for key in by_start if seasons[key].start < start]
    return later, earlier[::-1]


def _same_day_in(day: datetime.date, year: int) -> datetime.date:
    try:
        return day.replace(year=year)
    except ValueError:  # 29 February, in a year without one
        return day.replace(year=year, day=28)


def date_in_season(today: datetime.date, season: Span) -> datetime.date:
    """The date a new tournament of `season` is proposed for: today when today is in
    it; else the same day of the season's year that has it in the season (the season's
    first such day, for one to come; its last, for one gone); else the season's day
    nearest to today (a short season)."""
    if season.holds(today):
        return today
    inside = [
        day
        for year in range(season.start.year, season.end.year + 1)
        if season.holds(day := _same_day_in(today, year))
    ]
    if inside:
        return inside[0] if today < season.start else inside[-1]
    return season.start if today < season.start else season.end
