"""The club's ratings as the pages read them: the rated players, the active apart from
the inactive, a page at a time from what is kept on each player; and one player's rating
changes in order."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import F, QuerySet, Window
from django.db.models.functions import RowNumber
from django.utils import timezone

from ..models import Player, RatingChange, Season

# A player with no rated match in this long is listed apart, as inactive: the ratings
# page is the club's players of now, and its cost does not grow with the years.
ACTIVE_FOR = timedelta(days=365)


def rated_players(*, active: bool = True) -> QuerySet[Player]:
    """The players with a rated match in the last ACTIVE_FOR (or, not `active`, those
    with none since), by rating then name, each with `rank` among them. A queryset, so
    that a page reads its rows and a count only (the matches and wins are kept on the
    player: operations.ratings)."""
    since = timezone.now() - ACTIVE_FOR
    players = Player.objects.filter(
        **({"last_rated_at__gte": since} if active else {"last_rated_at__lt": since})
    )
    by_rating = (F("rating").desc(), F("name").asc(), F("pk").asc())
    return players.annotate(rank=Window(RowNumber(), order_by=by_rating)).order_by(*by_rating)


def rating_changes_of(player: Player, season: Season | None = None) -> list[RatingChange]:
    """The player's rating changes, oldest first (those of `season`'s matches only, if
    given: a page reads a season's, whatever the player's years at the club)."""
    changes = player.rating_changes.all()
    if season is not None:
        changes = changes.filter(match__tournament__season=season)
    return list(changes.order_by("sequence"))
