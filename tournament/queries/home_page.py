"""What the home page reads: the matches of the running public tournaments being played
and coming next, and the seasons with their public tournaments."""

from __future__ import annotations

from django.db.models import Case, IntegerField, Prefetch, When

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


def seasons_with_public_tournaments() -> list[Season]:
    """Every season, each with its public tournaments (`public_tournaments`: running
    first, then drafts, then by date, newest first): two queries."""
    return list(
        Season.objects.prefetch_related(
            Prefetch(
                "tournaments",
                queryset=Tournament.objects.public().order_by(RUNNING_FIRST, "-date", "name"),
                to_attr="public_tournaments",
            )
        )
    )
