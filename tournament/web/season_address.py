"""A season's address: its years ("/seasons/2026/", "/seasons/2026-27/"), as
`core.seasons` names them. The calendar-year seasons keep the addresses they always had;
a season whose dates were changed after its pages were linked by a year (2026 made
2026-27) still answers there, moved on to its own address."""

from __future__ import annotations

from functools import wraps

from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse

from ..core import seasons as core_seasons
from ..models import Season


class SeasonYears:
    """The path converter: "2026" or "2026-27", given to the view as the text."""

    regex = r"[0-9]{4}(?:-[0-9]{2})?"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value) -> str:
        return str(value)


def moved_season(years: str) -> Season | None:
    """The season an old address by one year stands for when no season has those years
    now: the one that starts in that year, else the one that ends in it."""
    found = core_seasons.years_address(years)
    if found is None or found[0] != found[1]:
        return None
    year = found[0]
    return (
        Season.objects.filter(start__year=year).order_by("start").first()
        or Season.objects.filter(end__year=year).order_by("start").first()
    )


def season_page(queryset=None):
    """A view of one season, given the `Season` for the address's `years` (one query,
    from `queryset` when given, e.g. annotated): an old address by a year moves on to
    its season's own; an address that is no season's is a 404."""

    def decorate(view):
        @wraps(view)
        def wrapped(request, years, *args, **kwargs):
            rows = Season.objects.all() if queryset is None else queryset()
            season = rows.filter(years=years).first()
            if season is not None:
                return view(request, season, *args, **kwargs)
            moved = moved_season(years)
            if moved is None:
                raise Http404
            url = reverse(request.resolver_match.view_name, args=[moved.years, *args])
            query = request.META.get("QUERY_STRING", "")
            return redirect(f"{url}?{query}" if query else url)

        return wrapped

    return decorate
