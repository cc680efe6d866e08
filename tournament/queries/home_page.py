"""What the home page reads: the matches of the running public tournaments being played
and coming next, the seasons, and the public tournaments of the current season and of
those after it. None of it grows with the club's history: the earlier seasons are rows
to link to, their tournaments are on their own pages."""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Case, Exists, IntegerField, OuterRef, QuerySet, When

from ..models import Match, Season, Tournament

RUNNING_FIRST = Case(
    When(status=Tournament.Status.RUNNING, then=0),
    When(status=Tournament.Status.DRAFT, then=1),
    default=2,
    output_field=IntegerField(),
)


def matches_on_show(limit: int) -> dict[str, list[Match]]:
    """The running public tournaments' matches being played (the newest change first)
    and ready to play (by round), at most `limit` each: two queries."""
    on_show = Match.objects.filter(
        tournament__public=True, tournament__status=Tournament.Status.RUNNING
    ).select_related("tournament", "bracket", "player1", "player2")
    return {
        # The id breaks ties of versions: without it PostgreSQL's order of equal versions
        # follows the rows' places on disk, which any write of a tournament moves.
        "live": list(on_show.live().order_by("-version", "pk")[:limit]),
        "upcoming": list(on_show.ready().order_by("round", "pk")[:limit]),
    }


def seasons_under_way() -> QuerySet[Season]:
    """Every season (newest first), each with `under_way`: a public tournament of it is
    running (which season is the current one asks it, core.seasons): one query, a row a
    season and none a tournament (queries.federation reads more in the same query)."""
    running = Tournament.objects.public().filter(
        season=OuterRef("pk"), status=Tournament.Status.RUNNING
    )
    return Season.objects.annotate(under_way=Exists(running))


def seasons_marked_under_way() -> list[Season]:
    return list(seasons_under_way())


def with_public_tournaments(seasons: Sequence[Season]) -> None:
    """Gives each of `seasons` its public tournaments (`public_tournaments`: running
    first, then drafts, then by date, newest first): one query (none without seasons)."""
    if not seasons:
        return
    by_pk = {season.pk: season for season in seasons}
    for season in seasons:
        season.public_tournaments = []
    rows = Tournament.objects.public().filter(season__in=list(by_pk))
    for tournament in rows.order_by(RUNNING_FIRST, "-date", "name"):
        tournament.season = by_pk[tournament.season_id]  # its season, read already
        tournament.season.public_tournaments.append(tournament)
