"""The league season's end (docs/league.md, "The season's end"): the federation's
administrator closes a season whose fixtures are all confirmed, and the next season is
made from its final tables: the same settings and divisions, every team in its division
of next season as `core.federation_league.season_end` places it (promoted, relegated,
the playoffs' winners up), ranked as the season ended, with the same club, name,
captain and squad, its `previous` the team it was.

The playoffs are not fixtures of their own: a fixture is a pair of one division's
teams, and a playoff crosses two. The federation has them played (as a club's match, a
team event, or at a neutral venue) and gives each winner when it closes the season."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from ..core import federation_league as core
from ..models import (
    AuditEntry,
    LeagueFixture,
    LeagueSeason,
    LeagueSquadMember,
    LeagueTeam,
)
from ..models.audit import Said
from .errors import OperationError
from .league_setup import (
    SETTING_FIELDS,
    add_division,
    create_league_season,
    record_for_federation,
    refuse_unless_federation,
)

# A playoff as the close names it: (the upper team's pk, the lower team's pk).
PlayoffKey = tuple[int, int]


def final_tables(season: LeagueSeason) -> list[list[LeagueTeam]]:
    """Each division's teams in the order of its table (`core.standings` over its
    recorded fixtures), the top division first (three queries)."""
    divisions = list(season.divisions.order_by("level"))
    teams = {team.pk: team for team in LeagueTeam.objects.filter(season=season)}
    played: dict[int, list[core.Played]] = {division.pk: [] for division in divisions}
    for fixture in LeagueFixture.objects.filter(
        division__season=season,
        status__in=[LeagueFixture.Status.PLAYED, LeagueFixture.Status.CONFIRMED],
    ):
        played[fixture.division_id].append(
            core.Played(teams[fixture.home_id], teams[fixture.away_id], fixture.result)
        )
    tables = []
    for division in divisions:
        order = sorted(
            (team for team in teams.values() if team.division_id == division.pk),
            key=lambda team: (team.rank, team.pk),
        )
        rows = core.standings(order, played[division.pk], season.settings)
        tables.append([row.team for row in rows])
    return tables


def season_playoffs(season: LeagueSeason) -> list[core.Playoff]:
    """The playoffs the season's end asks for, from the tables as they stand (their
    `upper` and `lower` are the teams)."""
    return list(core.moves(final_tables(season), season.settings).playoffs)


def is_closed(season: LeagueSeason) -> bool:
    return LeagueTeam.objects.filter(previous__season=season).exists()


@transaction.atomic
def close_league_season(
    season: LeagueSeason,
    *,
    name: str,
    years: str,
    playoff_winners: Mapping[PlayoffKey, int] | None = None,
    user=None,
) -> LeagueSeason:
    """Close the season (every fixture's result confirmed) and make the next one: its
    settings and divisions the same, its teams placed by `core.season_end` from the final
    tables and the playoffs' winners ({(upper pk, lower pk): winner pk})."""
    refuse_unless_federation(user)
    season = LeagueSeason.objects.select_for_update().get(pk=season.pk)
    if is_closed(season):
        raise OperationError(_("This league season is closed already."))
    divisions = list(season.divisions.order_by("level"))
    if not divisions:
        raise OperationError(_("This league season has no division to close."))
    if any(not division.fixtures.exists() for division in divisions):
        raise OperationError(_("Every division's fixtures are made and played first."))
    waiting = LeagueFixture.objects.filter(division__season=season).exclude(
        status=LeagueFixture.Status.CONFIRMED
    )
    if count := waiting.count():
        raise OperationError(
            ngettext(
                "%(count)d fixture is still to play or to confirm.",
                "%(count)d fixtures are still to play or to confirm.",
                count,
            )
            % {"count": count}
        )
    tables = final_tables(season)
    winners = {}
    given = dict(playoff_winners or {})
    for pair in core.moves(tables, season.settings).playoffs:
        chosen = given.get((pair.upper.pk, pair.lower.pk))
        winners[pair] = next((team for team in (pair.upper, pair.lower) if team.pk == chosen), None)
    try:
        end = core.season_end(tables, season.settings, winners)
    except core.LeagueError as error:
        raise OperationError(error.message(gettext)) from error
    following = create_league_season(
        name=name,
        years=years,
        user=user,
        **{field: getattr(season, field) for field in SETTING_FIELDS},
    )
    for division, teams in zip(divisions, end.divisions, strict=True):
        made = add_division(following, name=division.name, level=division.level, user=user)
        for rank, team in enumerate(teams, start=1):
            _carry(team, made, rank)
    record_for_federation(
        AuditEntry.Action.LEAGUE_CHANGED,
        user=user,
        summary=Said(
            gettext_noop("League season %(season)s closed: %(next)s made"),
            season=str(season),
            next=str(following),
        ),
        after={
            "next": following.pk,
            "promoted": sorted(team.pk for team in end.promoted),
            "relegated": sorted(team.pk for team in end.relegated),
            "divisions": [[team.pk for team in teams] for teams in end.divisions],
        },
    )
    return following


def _carry(team: LeagueTeam, division, rank: int) -> LeagueTeam:
    """The team in next season's division, with its club, name, captain and squad."""
    carried = LeagueTeam.objects.create(
        season=division.season,
        division=division,
        club_id=team.club_id,
        name=team.name,
        captain_id=team.captain_id,
        rank=rank,
        previous=team,
    )
    LeagueSquadMember.objects.bulk_create(
        LeagueSquadMember(
            team=carried, season=division.season, player_id=place.player_id, board=place.board
        )
        for place in team.squad.all()
    )
    return carried
