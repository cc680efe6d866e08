"""What the league's public pages read (docs/league.md, "Pages"): the league seasons, a
season's divisions each with its table, a fixture with its boards, the calendar of a
season's fixtures. Each a fixed number of queries, whatever the league's size (pinned by
tests/pages/test_league_pages.py); a division's own page reads `federation_league`."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count

from ..core import federation_league as core
from ..models import LeagueDivision, LeagueFixture, LeagueSeason, LeagueTeam, Match
from ..models.club_scope import everywhere
from .federation_league import TableRow

RECORDED = [LeagueFixture.Status.PLAYED, LeagueFixture.Status.CONFIRMED]


def league_seasons() -> list[LeagueSeason]:
    """Every league season, the newest first, its divisions and teams counted (one
    query)."""
    return list(
        LeagueSeason.objects.annotate(
            division_count=Count("divisions", distinct=True),
            team_count=Count("divisions__teams", distinct=True),
        )
    )


@dataclass(frozen=True)
class DivisionTable:
    division: LeagueDivision
    rows: list[TableRow]


def season_tables(season: LeagueSeason) -> list[DivisionTable]:
    """Every division of the season, the top first, with its table (`core.standings`
    over its recorded fixtures): three queries (divisions, teams with their clubs,
    recorded fixtures), however many divisions."""
    divisions = list(season.divisions.order_by("level"))
    teams: dict[int, list[LeagueTeam]] = {division.pk: [] for division in divisions}
    for team in LeagueTeam.objects.filter(season=season).select_related("club"):
        teams[team.division_id].append(team)
    played: dict[int, list[core.Played]] = {division.pk: [] for division in divisions}
    for fixture in LeagueFixture.objects.filter(division__season=season, status__in=RECORDED):
        played[fixture.division_id].append(
            core.Played(fixture.home_id, fixture.away_id, fixture.result)
        )
    tables = []
    for division in divisions:
        division.season = season
        by_pk = {team.pk: team for team in teams[division.pk]}
        order = [team.pk for team in sorted(by_pk.values(), key=lambda team: (team.rank, team.pk))]
        standings = core.standings(order, played[division.pk], season.settings)
        rows = [TableRow(by_pk[row.team], row) for row in standings]
        tables.append(DivisionTable(division, rows))
    return tables


def division_of(season_pk: int, level: int) -> LeagueDivision | None:
    """The division at `level` of a league season, read with its season (one query)."""
    return (
        LeagueDivision.objects.select_related("season")
        .filter(season_id=season_pk, level=level)
        .first()
    )


def fixture_with_boards(pk: int) -> tuple[LeagueFixture | None, list[Match]]:
    """A fixture with its division, season, teams and clubs (one query), and its boards
    in order with their players, once its line-ups are set (one more). The boards are
    the home club's matches: read across clubs, as the page is the federation's."""
    fixture = (
        LeagueFixture.objects.select_related(
            "division__season", "home__club", "away__club", "tournament"
        )
        .filter(pk=pk)
        .first()
    )
    if fixture is None or fixture.tournament_id is None:
        return fixture, []
    with everywhere():
        boards = list(
            Match.objects.filter(tournament_id=fixture.tournament_id, team_match__isnull=False)
            .select_related("player1", "player2")
            .order_by("board")
        )
    return fixture, boards


def season_calendar(season: LeagueSeason) -> list[LeagueFixture]:
    """Every fixture of the season by date (those without one last), with its division,
    its teams and the home club, for the venue (one query)."""
    return sorted(
        LeagueFixture.objects.filter(division__season=season).select_related(
            "division", "home__club", "away__club"
        ),
        key=lambda row: (row.date is None, row.date, row.division.level, row.pk),
    )
