"""The federation's league of club teams (docs/league.md; the season, its divisions and
the clubs' teams are `league_setup`'s): each division's fixtures from the core's double
round robin; a fixture's line-ups and boards, hosted as a team event of the home club; its result
recorded from its boards by the home club's director and confirmed by the away club's;
a walkover. The rules are `core.federation_league`'s; these functions store them.

Who may do what (the one door, `audit.record`, says no to anyone else, NotYourClub):
the federation's administrator makes the season, its divisions and fixtures; a club's
director registers the club's teams; the home club's director sets the line-ups and
records the result (the boards are its tournament's matches, recorded game by game as
any match, or reported by the players from their links); the away club's director
confirms it. A walkover is claimed by the club whose team was there and confirmed by
the other. A command (no user) may do all of it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from ..core import club_nights
from ..core import federation_league as core
from ..models import (
    AuditEntry,
    LeagueDivision,
    LeagueFixture,
    LeagueTeam,
    Season,
    Tournament,
)
from ..models.audit import Said
from ..models.club_scope import everywhere
from ..models.teams import board_of
from . import audit, teams
from .draws import start_tournament
from .errors import OperationError
from .league_setup import record_for_federation, refuse_unless_federation, squad_of
from .locks import lock_tournament
from .tournaments import create_tournament

NOT_THERE = _("Only the directors of the club whose team was there record a walkover.")
NOT_THE_OTHER_CLUB = _("Only the other club's directors confirm this result.")


# --- the fixtures -----------------------------------------------------------------------


@transaction.atomic
def make_fixtures(
    division: LeagueDivision,
    *,
    round_dates: Sequence[date] | None = None,
    every: tuple[date, int] | None = None,
    user=None,
) -> list[LeagueFixture]:
    """The division's double round robin (`core.double_round_robin` over its teams in
    their ranking order), each round on its date in `round_dates` if given, or from
    `every` = (the first round's date, the days between two rounds). Made again (the
    earlier fixtures replaced) while no fixture has its line-ups set."""
    refuse_unless_federation(user)
    division = LeagueDivision.objects.select_for_update().get(pk=division.pk)
    if division.fixtures.exclude(status=LeagueFixture.Status.SCHEDULED).exists():
        raise OperationError(
            _("Fixtures of this division are under way: its schedule cannot be made again.")
        )
    order = list(division.teams.order_by("rank", "pk").values_list("pk", flat=True))
    try:
        rounds = core.double_round_robin(order)
    except core.LeagueError as error:
        raise OperationError(error.message(gettext)) from error
    if every is not None:
        first, days = every
        round_dates = [first + timedelta(days=days * number) for number in range(len(rounds))]
    if round_dates is not None and len(round_dates) != len(rounds):
        raise OperationError(
            _("The schedule has %(rounds)d rounds: give a date for each.") % {"rounds": len(rounds)}
        )
    division.fixtures.all().delete()
    made = LeagueFixture.objects.bulk_create(
        LeagueFixture(
            division=division,
            round=fixture.round,
            home_id=fixture.home,
            away_id=fixture.away,
            date=round_dates[fixture.round - 1] if round_dates else None,
        )
        for one in rounds
        for fixture in one.fixtures
    )
    record_for_federation(
        AuditEntry.Action.FIXTURES_MADE,
        user=user,
        summary=Said(
            gettext_noop("%(division)s: %(count)d fixtures in %(rounds)d rounds"),
            division=division.name,
            count=len(made),
            rounds=len(rounds),
        ),
        after={"division": division.pk, "teams": order},
    )
    return made


def _locked(fixture: LeagueFixture | int) -> LeagueFixture:
    pk = fixture.pk if isinstance(fixture, LeagueFixture) else fixture
    return (
        LeagueFixture.objects.select_for_update(of=("self",))
        .select_related("division__season", "home__club", "away__club")
        .get(pk=pk)
    )


def _home_season(fixture: LeagueFixture) -> Season:
    """The home club's season the fixture's day falls in: its boards are the club's
    matches, under the club's rules for that season."""
    day = fixture.date
    season = (
        Season._base_manager.filter(club_id=fixture.home.club_id, start__lte=day, end__gte=day)
        .order_by("start")
        .first()
    )
    if season is None:
        raise OperationError(
            _("%(club)s has no season on %(day)s: its director makes one first.")
            % {"club": fixture.home.club, "day": day.isoformat()}
        )
    return season


def _line_up(team: LeagueTeam, chosen: Sequence[int] | None, boards: int) -> list[int]:
    """The players of the day in board order (core.line_up), from the team's squad."""
    try:
        return core.line_up(str(team), squad_of(team), chosen, boards)
    except core.LeagueError as error:
        raise OperationError(error.message(gettext)) from error


@transaction.atomic
def open_fixture(
    fixture: LeagueFixture | int,
    *,
    home_players: Sequence[int] | None = None,
    away_players: Sequence[int] | None = None,
    user=None,
) -> Tournament:
    """Both teams at the table: their line-ups of the day (the squads' first players if
    not given) and the boards, hosted as a team event of the home club on the fixture's
    date, started. The home club's director (the tournament is the club's)."""
    with everywhere():
        fixture = _locked(fixture)
        if fixture.status != LeagueFixture.Status.SCHEDULED:
            raise OperationError(_("This fixture's line-ups are set already."))
        if fixture.date is None:
            raise OperationError(_("The fixture has no date yet."))
        league = fixture.division.season
        lines = [
            _line_up(fixture.home, home_players, league.boards),
            _line_up(fixture.away, away_players, league.boards),
        ]
        name = f"{fixture.division.name}: {fixture.home} v {fixture.away}"
        tournament = create_tournament(
            {
                "season": _home_season(fixture),
                "name": name[:120],
                "date": fixture.date,
                "format": club_nights.TEAMS,
                "team_size": league.boards,
                "knockout": 0,
                "round_lengths": str(league.match_length),
            },
            {},
            user=user,
        )
        made = [
            teams.save_team(
                tournament, name=team.name, club=team.club.name, players=line, user=user
            )
            for team, line in zip((fixture.home, fixture.away), lines, strict=True)
        ]
        tournament = lock_tournament(tournament)
        tournament.draw_seed = 0
        tournament.save(update_fields=["draw_seed"])
        teams.store_team_match(tournament, *made)
        start_tournament(tournament, user=user)
        fixture.tournament = tournament
        fixture.status = LeagueFixture.Status.PLAYING
        fixture.save(update_fields=["tournament", "status"])
        audit.record(
            AuditEntry.Action.FIXTURE_OPENED,
            user=user,
            tournament=tournament,
            summary=Said(gettext_noop("League fixture %(fixture)s: line-ups set"), fixture=name),
            after={"fixture": fixture.pk, "home": lines[0], "away": lines[1]},
        )
        return tournament


def boards_result(fixture: LeagueFixture) -> core.FixtureResult:
    """The fixture's result as its boards say now (home first)."""
    matches = sorted(
        fixture.tournament.matches.filter(team_match__isnull=False).only(
            "pk", "tournament", "team_match", "board", "status", "decided_by", "winner",
            "player1", "player2", "score1", "score2",
        ),
        key=lambda match: match.board,
    )  # fmt: skip
    return core.fixture_result([board_of(match) for match in matches])


def _cache(fixture: LeagueFixture, result: core.FixtureResult) -> dict:
    sides = {core.HOME: LeagueFixture.HOME, core.AWAY: LeagueFixture.AWAY, None: ""}
    fixture.home_boards, fixture.away_boards = result.boards
    fixture.home_points, fixture.away_points = result.points
    fixture.winner = sides[result.winner]
    fixture.absent = sides[result.absent]
    fixture.status = LeagueFixture.Status.PLAYED
    fixture.recorded_at = timezone.now()
    fixture.confirmed_at, fixture.confirmed_by = None, None
    fixture.save()
    return {"boards": list(result.boards), "points": list(result.points), "winner": fixture.winner}


@transaction.atomic
def record_fixture_result(fixture: LeagueFixture | int, *, user=None) -> core.FixtureResult:
    """The result from the boards, every one of them decided, recorded for the table by
    the home club's director (again after a board was corrected: the confirmation it
    had is taken back, and the away club confirms anew)."""
    with everywhere():
        fixture = _locked(fixture)
        if fixture.tournament is None or fixture.absent:
            raise OperationError(_("This fixture has no boards to record a result from."))
        result = boards_result(fixture)
        if not result.decided:
            left = result.boards_left
            raise OperationError(
                ngettext(
                    "%(count)d board is still to finish.",
                    "%(count)d boards are still to finish.",
                    left,
                )
                % {"count": left}
            )
        after = _cache(fixture, result)
        audit.record(
            AuditEntry.Action.FIXTURE_RESULT,
            user=user,
            tournament=fixture.tournament,
            summary=Said(
                gettext_noop("League fixture %(fixture)s: %(home)d-%(away)d on boards"),
                fixture=str(fixture),
                home=result.boards[0],
                away=result.boards[1],
            ),
            after={"fixture": fixture.pk, **after},
        )
        return result


@transaction.atomic
def record_walkover(fixture: LeagueFixture | int, *, absent: str, user=None) -> None:
    """A team did not turn up: the fixture goes to the other by walkover, every board
    counted as the settings say (`core.walkover`). Claimed by the director of the club
    whose team was there, before the line-ups are set."""
    with everywhere():
        fixture = _locked(fixture)
        if absent not in LeagueFixture.SIDES:
            raise OperationError(_("A walkover is given against the home or the away team."))
        if fixture.status != LeagueFixture.Status.SCHEDULED:
            raise OperationError(
                _("Both teams were at the table: the fixture is played on its boards.")
            )
        side = LeagueFixture.SIDES.index(absent)
        audit.check_clubs(user, {fixture.club_of(1 - side)}, NOT_THERE)
        result = core.walkover(side, fixture.division.season.settings)
        after = _cache(fixture, result)
        audit.record(
            AuditEntry.Action.FIXTURE_WALKOVER,
            user=user,
            club=fixture.club_of(1 - side),
            summary=Said(
                gettext_noop("League fixture %(fixture)s: walkover, %(team)s did not turn up"),
                fixture=str(fixture),
                team=str((fixture.home, fixture.away)[side]),
            ),
            after={"fixture": fixture.pk, "absent": absent, **after},
        )


@transaction.atomic
def confirm_fixture(fixture: LeagueFixture | int, *, user=None) -> None:
    """The other club confirms the recorded result: the away club's director (after a
    walkover, the director of the club that did not turn up). Refused when the boards
    no longer say what was recorded: the home club records it again first."""
    with everywhere():
        fixture = _locked(fixture)
        if fixture.status != LeagueFixture.Status.PLAYED:
            raise OperationError(_("This fixture has no result waiting for confirmation."))
        if not fixture.absent and boards_result(fixture) != fixture.result:
            raise OperationError(
                _("A board changed since the result was recorded: the home club records it again.")
            )
        confirming = LeagueFixture.SIDES.index(fixture.absent) if fixture.absent else core.AWAY
        audit.check_clubs(user, {fixture.club_of(confirming)}, NOT_THE_OTHER_CLUB)
        fixture.status = LeagueFixture.Status.CONFIRMED
        fixture.confirmed_at = timezone.now()
        fixture.confirmed_by = audit.acting(user)
        fixture.save(update_fields=["status", "confirmed_at", "confirmed_by"])
        audit.record(
            AuditEntry.Action.FIXTURE_CONFIRMED,
            user=user,
            club=fixture.club_of(confirming),
            summary=Said(
                gettext_noop("League fixture %(fixture)s: result confirmed"), fixture=str(fixture)
            ),
            after={"fixture": fixture.pk},
        )
