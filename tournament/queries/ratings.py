"""The club's ratings as the pages read them: every rated player with their counts, and
one player's rating changes in order."""

from __future__ import annotations

from django.db.models import Count, Q

from ..models import Player, RatingChange


def rated_players() -> list[Player]:
    """Every player with a rated match, by rating then name, each with `rated` (their
    rated matches) and `won` (those they won): one query."""
    return list(
        Player.objects.filter(rating_experience__gt=0)
        .annotate(
            rated=Count("rating_changes"),
            won=Count("rating_changes", filter=Q(rating_changes__won=True)),
        )
        .order_by("-rating", "name")
    )


def rating_changes_of(player: Player) -> list[RatingChange]:
    """The player's rating changes, oldest first."""
    return list(player.rating_changes.order_by("sequence"))
