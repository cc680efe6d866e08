"""What the league's pages read (docs/league.md): a division's table from its recorded
fixtures, and its fixtures round by round with their teams, clubs and venues. One
query each (two for the table: its teams with their clubs, its fixtures), whatever the
division's size, for a division read with its season."""

from __future__ import annotations

from dataclasses import dataclass

from ..core import federation_league as core
from ..models import LeagueDivision, LeagueFixture, LeagueTeam


@dataclass(frozen=True)
class TableRow:
    team: LeagueTeam
    standing: core.Standing


def division_table(division: LeagueDivision) -> list[TableRow]:
    """The division's table (`core.standings`) from the fixtures whose result is
    recorded, confirmed or not; each row with its team and club."""
    teams = {team.pk: team for team in division.teams.select_related("club")}
    played = [
        core.Played(fixture.home_id, fixture.away_id, fixture.result)
        for fixture in division.fixtures.filter(
            status__in=[LeagueFixture.Status.PLAYED, LeagueFixture.Status.CONFIRMED]
        )
    ]
    order = [team.pk for team in sorted(teams.values(), key=lambda team: (team.rank, team.pk))]
    return [
        TableRow(teams[row.team], row)
        for row in core.standings(order, played, division.season.settings)
    ]


def division_fixtures(division: LeagueDivision) -> list[tuple[int, list[LeagueFixture]]]:
    """The division's rounds in order, each with its fixtures (home and away teams and
    the home club, for the venue)."""
    rounds: dict[int, list[LeagueFixture]] = {}
    for fixture in division.fixtures.select_related("home__club", "away__club").order_by(
        "round", "pk"
    ):
        rounds.setdefault(fixture.round, []).append(fixture)
    return sorted(rounds.items())
