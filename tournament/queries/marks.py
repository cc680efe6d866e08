"""The change marks the live pages compare (web.live): the club's, as a column of the
query that reads a page's row, and the rows of marks the home page and a player's page
read."""

from __future__ import annotations

from django.db.models import Q, Subquery

from ..models import Entry, Match, Player, Tournament
from ..models.marks import CLUB_MARK_ID, ClubMark

# The club's mark, as a column of the query that reads a page's row (None until the
# first club-wide write: reads as 0).
CLUB_MARK = Subquery(ClubMark.objects.filter(pk=CLUB_MARK_ID).values("mark")[:1])


def running_tournament_marks() -> list[tuple]:
    """(pk, mark, club mark) of each running public tournament, in one query."""
    running = Tournament.objects.public().filter(status=Tournament.Status.RUNNING)
    return list(running.annotate(club_mark=CLUB_MARK).values_list("pk", "mark", "club_mark"))


def player_tournament_marks(player: Player) -> list[tuple]:
    """(pk, mark, club mark) of each tournament in play the player entered or plays in,
    by pk, in one query."""
    theirs = Tournament.objects.in_play().filter(
        Q(pk__in=Entry.objects.filter(player=player).values("tournament_id"))
        | Q(pk__in=Match.objects.involving(player).values("tournament_id"))
    )
    return list(
        theirs.annotate(club_mark=CLUB_MARK).order_by("pk").values_list("pk", "mark", "club_mark")
    )
