"""The federation's league of club teams, its entries (docs/league.md): the season with
its settings and divisions, made by the federation's administrator, and the clubs' teams,
each registered by its club's director with a captain and a squad of the club's members
in board order. The fixtures are `federation_league`'s."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import IntegrityError, transaction
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from ..core import federation_league as core
from ..models import (
    AuditEntry,
    Club,
    LeagueDivision,
    LeagueSeason,
    LeagueSquadMember,
    LeagueTeam,
    Membership,
)
from ..models.audit import Said
from ..models.clubs import administers_federation
from . import audit
from .errors import NotYourClub, OperationError, full_clean

NOT_THE_FEDERATION = _("Only the federation's administrator runs the league.")
NOT_YOUR_TEAM = _("Only the club's directors register its teams.")
SETTING_FIELDS = (
    "boards", "match_length", "win_points", "draw_points", "loss_points", "promote",
    "relegate", "playoffs", "walkover_points",
)  # fmt: skip


def refuse_unless_federation(user) -> None:
    if audit.acting(user) is not None and not administers_federation(user):
        raise NotYourClub(NOT_THE_FEDERATION)


def record_for_federation(action, *, user, summary, after=None, before=None) -> None:
    """An audit entry of the federation's own (no tournament, no club to check: the
    caller checked the administrator)."""
    refuse_unless_federation(user)
    audit.record(action, user=user, summary=summary, after=after, before=before)


# --- the season, its divisions, the clubs' teams ----------------------------------------


@transaction.atomic
def create_league_season(*, name: str, years: str, user=None, **settings) -> LeagueSeason:
    """A league season with its settings (`LeagueSeason`'s fields, defaults for the rest)."""
    refuse_unless_federation(user)
    season = LeagueSeason(name=name.strip(), years=years.strip(), **settings)
    problems = season.settings.problems()
    if problems:
        raise OperationError(" ".join(gettext(problem) for problem in problems))
    full_clean(season)
    season.save()
    record_for_federation(
        AuditEntry.Action.LEAGUE_CHANGED,
        user=user,
        summary=Said(gettext_noop("League season %(season)s made"), season=str(season)),
        after={"name": season.name, "years": season.years}
        | {field: getattr(season, field) for field in SETTING_FIELDS},
    )
    return season


@transaction.atomic
def add_division(season: LeagueSeason, *, name: str, level: int, user=None) -> LeagueDivision:
    division = LeagueDivision(season=season, name=name.strip(), level=level)
    full_clean(division)
    division.save()
    record_for_federation(
        AuditEntry.Action.LEAGUE_CHANGED,
        user=user,
        summary=Said(
            gettext_noop("Division %(division)s (level %(level)d) added to %(season)s"),
            division=division.name,
            level=level,
            season=str(season),
        ),
        after={"division": division.pk, "name": division.name, "level": level},
    )
    return division


@transaction.atomic
def save_league_team(
    division: LeagueDivision,
    *,
    club: Club,
    name: str,
    squad: Sequence[int],
    captain: int | None = None,
    rank: int = 0,
    team: LeagueTeam | None = None,
    user=None,
) -> LeagueTeam:
    """Register a club's team in a division (or change its name, captain and squad): the
    squad in the captain's board order, every player a member of the club, enough of
    them for every board; the captain one of them. Its club's director, or the
    federation's administrator."""
    audit.check_clubs(user, {club.pk}, NOT_YOUR_TEAM)
    season = division.season
    squad = list(squad)
    members = Membership.objects.filter(club=club, player_id__in=squad).values_list(
        "player_id", flat=True
    )
    try:
        core.check_squad(squad, season.boards, members=members, captain=captain)
    except core.LeagueError as error:
        raise OperationError(error.message(gettext)) from error
    if team is not None and (team.division_id != division.pk or team.club_id != club.pk):
        raise OperationError(_("A team stays in its division and its club."))
    before = None
    if team is None:
        team = LeagueTeam(season=season, division=division, club=club)
    else:
        before = {"name": team.name, "squad": squad_of(team), "captain": team.captain_id}
    team.name, team.captain_id, team.rank = name.strip(), captain, rank
    full_clean(team)
    try:
        with transaction.atomic():
            team.save()
            team.squad.all().delete()
            LeagueSquadMember.objects.bulk_create(
                LeagueSquadMember(team=team, season=season, player_id=player, board=board)
                for board, player in enumerate(squad, start=1)
            )
    except IntegrityError:
        raise OperationError(
            _("A player of this squad is already in another one this league season.")
        ) from None
    audit.record(
        AuditEntry.Action.LEAGUE_CHANGED,
        user=user,
        club=club.pk,
        summary=Said(
            gettext_noop("League team %(team)s in %(division)s"),
            team=team.name,
            division=division.name,
        ),
        before=before,
        after={"name": team.name, "squad": squad, "captain": captain},
    )
    return team


def squad_of(team: LeagueTeam) -> list[int]:
    return list(team.squad.order_by("board").values_list("player_id", flat=True))
