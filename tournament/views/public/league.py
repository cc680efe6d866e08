"""The federation's league of club teams, its public pages (docs/league.md, "Pages"):
the league seasons, a season's divisions with their tables, a division's table and
rounds, a fixture's boards live, and the calendar of a season's fixtures (a page and an
.ics). The federation's addresses (`/league/`, web.clubs.FEDERATION_PATHS): a board's
match page is the home club's, linked in its addresses (web.clubs.club_reverse).

Every page reads through queries.league_pages and queries.federation_league in a fixed
number of queries (pinned by tests/pages/test_league_pages.py)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from ...exports import calendars as ics
from ...models import LeagueSeason
from ...queries.federation_league import division_fixtures, division_table
from ...queries.league_pages import (
    division_of,
    fixture_with_boards,
    league_seasons,
    season_calendar,
    season_tables,
)
from ...web.clubs import club_reverse
from .calendars import calendar_response


@require_safe
def seasons(request):
    """Every league season (one query).

    Template: tournament/league_seasons.html; context: seasons (each with
    `division_count` and `team_count`)."""
    return render(request, "tournament/league_seasons.html", {"seasons": league_seasons()})


@require_safe
def season(request, season):
    """A league season: its settings and each division's table (four queries).

    Template: tournament/league_season.html; context: season, tables (each a division
    and its rows)."""
    league = get_object_or_404(LeagueSeason, pk=season)
    context = {"season": league, "tables": season_tables(league)}
    return render(request, "tournament/league_season.html", context)


@require_safe
def division(request, season, level):
    """A division: its table and its rounds of fixtures (four queries: the division
    with its season, its teams, its recorded fixtures, every fixture).

    Template: tournament/league_division.html; context: division, season, table,
    rounds (each a number and its fixtures)."""
    found = division_of(season, level)
    if found is None:
        raise Http404
    context = {
        "division": found,
        "season": found.season,
        "table": division_table(found),
        "rounds": division_fixtures(found),
    }
    return render(request, "tournament/league_division.html", context)


@require_safe
def fixture(request, pk):
    """A fixture: its teams, date and venue, its result, and its boards live, each
    board's score a link to its match page in the home club's addresses (two queries;
    one before the line-ups are set). `?partial=boards` answers the live part alone.

    Template: tournament/league_fixture.html (tournament/includes/league_boards.html
    for the part); context: fixture, season, boards (each with `url`)."""
    found, boards = fixture_with_boards(pk)
    if found is None:
        raise Http404
    for board in boards:
        board.url = club_reverse(found.home.club, "match", board.pk, root=request.site_root)
    context = {"fixture": found, "season": found.division.season, "boards": boards}
    if request.GET.get("partial") == "boards":
        return render(request, "tournament/includes/league_boards.html", context)
    return render(request, "tournament/league_fixture.html", context)


@require_safe
def calendar(request, season):
    """The season's fixtures by date, each at its home club's address (two queries).

    Template: tournament/league_calendar.html; context: season, fixtures."""
    league = get_object_or_404(LeagueSeason, pk=season)
    context = {"season": league, "fixtures": season_calendar(league)}
    return render(request, "tournament/league_calendar.html", context)


@require_safe
def calendar_ics(request, season):
    """The same fixtures as an .ics, each an all-day event at its venue (two queries)."""
    league = get_object_or_404(LeagueSeason, pk=season)
    body = ics.league_calendar(league, season_calendar(league), request.build_absolute_uri("/"))
    return calendar_response(body, f"league-{league.pk}.ics")
