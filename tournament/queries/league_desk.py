"""What the league's director and federation pages read (docs/league.md, "Who does
what"): a club's teams and fixtures, a fixture with its boards and both squads, a team
with its squad, the divisions a team may enter, a league season with its divisions and
teams for the federation. A fixed number of queries each (tests/pages/test_league_desk.py)."""

from __future__ import annotations

from django.db.models import Count, Prefetch, Q

from ..models import (
    LeagueDivision,
    LeagueFixture,
    LeagueSeason,
    LeagueSquadMember,
    LeagueTeam,
    Match,
    Player,
)
from ..models.club_scope import everywhere


def club_teams(club_id: int) -> list[LeagueTeam]:
    """The club's teams, the newest league season first, with their division, season
    and captain (one query)."""
    return list(
        LeagueTeam.objects.filter(club_id=club_id)
        .select_related("division__season", "captain")
        .order_by("-season__years", "division__level", "name")
    )


def club_fixtures(club_id: int) -> list[LeagueFixture]:
    """The fixtures of the club's teams, home or away, by date, with their division,
    season, teams and clubs (one query)."""
    return list(
        LeagueFixture.objects.filter(Q(home__club_id=club_id) | Q(away__club_id=club_id))
        .select_related("division__season", "home__club", "away__club")
        .order_by("date", "division__level", "round", "pk")
    )


def divisions_to_enter():
    """The divisions a club may register a team into: those of league seasons not
    closed (no next season made from them), the newest first."""
    return LeagueDivision.objects.exclude(
        season__in=LeagueSeason.objects.filter(
            pk__in=LeagueTeam.objects.filter(previous__isnull=False).values("previous__season")
        )
    ).order_by("-season__years", "season__name", "level")


def team_of(pk: int) -> tuple[LeagueTeam | None, list[int]]:
    """A team with its division and season, and its squad in board order (two
    queries)."""
    team = LeagueTeam.objects.select_related("division__season").filter(pk=pk).first()
    if team is None:
        return None, []
    return team, list(team.squad.order_by("board").values_list("player_id", flat=True))


def fixture_desk(pk: int) -> tuple[LeagueFixture | None, list[Match], dict[int, list[Player]]]:
    """A fixture with its division, season, teams, clubs and tournament (one query);
    its boards with their players once its line-ups are set (one more), else both
    teams' squads in board order for the line-ups (one more)."""
    fixture = (
        LeagueFixture.objects.select_related(
            "division__season", "home__club", "away__club", "tournament"
        )
        .filter(pk=pk)
        .first()
    )
    if fixture is None:
        return None, [], {}
    if fixture.tournament_id is not None:
        with everywhere():
            boards = list(
                Match.objects.filter(tournament_id=fixture.tournament_id, team_match__isnull=False)
                .select_related("player1", "player2")
                .order_by("board")
            )
        return fixture, boards, {}
    squads: dict[int, list[Player]] = {fixture.home_id: [], fixture.away_id: []}
    if fixture.status == LeagueFixture.Status.SCHEDULED:
        for place in (
            LeagueSquadMember.objects.filter(team_id__in=[fixture.home_id, fixture.away_id])
            .select_related("player")
            .order_by("team_id", "board")
        ):
            squads[place.team_id].append(place.player)
    return fixture, [], squads


def federation_seasons() -> list[LeagueSeason]:
    """Every league season, the newest first (one query)."""
    return list(LeagueSeason.objects.all())


def season_divisions(season: LeagueSeason) -> list[LeagueDivision]:
    """The season's divisions, the top first, each with its fixtures counted
    (`fixture_count`) and its teams with their clubs (two queries)."""
    return list(
        season.divisions.order_by("level")
        .annotate(fixture_count=Count("fixtures"))
        .prefetch_related(
            Prefetch("teams", queryset=LeagueTeam.objects.select_related("club", "captain"))
        )
    )


def next_season_of(season: LeagueSeason) -> LeagueSeason | None:
    """The league season made from this one at its end, None while it is open (one
    query)."""
    team = LeagueTeam.objects.filter(previous__season=season).select_related("season").first()
    return team.season if team else None
