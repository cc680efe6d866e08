"""Which of the club's seasons is the current one, and a date inside a season. Pure
Python: a season is a year of the club, and its tournaments are played in that year."""

from __future__ import annotations

import datetime
from collections.abc import Iterable


def current_season(years: Iterable[int], running: Iterable[int], this_year: int) -> int | None:
    """The season being played: the newest with a tournament under way; else this
    year's; else the newest before it; else the first one to come. A later season made
    early (next year's, set up in November) never pushes the current one down."""
    years = sorted(set(years))
    if not years:
        return None
    under_way = sorted(set(running) & set(years))
    if under_way:
        return under_way[-1]
    past = [year for year in years if year <= this_year]
    return past[-1] if past else years[0]


def split_seasons(years: Iterable[int], current: int | None) -> tuple[list[int], list[int]]:
    """(the seasons after the current one, soonest first; those before it, newest
    first): what comes next is never listed among the earlier seasons."""
    years = sorted(set(years))
    if current is None:
        return [], years[::-1]
    return [year for year in years if year > current], [y for y in years if y < current][::-1]


def date_in_season(today: datetime.date, year: int) -> datetime.date:
    """The date a new tournament of season `year` is proposed for: today when today is
    in it, else the same day of that year (28 February for the 29th)."""
    if today.year == year:
        return today
    try:
        return today.replace(year=year)
    except ValueError:  # 29 February, in a year without one
        return today.replace(year=year, day=28)
