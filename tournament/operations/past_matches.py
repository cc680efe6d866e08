"""A club's past as rows: decided matches written without their games, thousands at a
time (the history `make bench` rates), and the ratings brought up to date with them.

Only a match with no games is written here: one that has games takes its result from
them (`games`, `corrections`)."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from ..models import Match, Player, Tournament
from . import ratings
from .locks import lock_tournament


@transaction.atomic
def add_past_matches(tournament: Tournament, matches: Sequence[Match]) -> int:
    """Write the tournament's decided matches (rows built but not saved) in bulk, then
    rate every match again; returns how many are rated."""
    lock_tournament(tournament)
    Match.objects.bulk_create(matches, batch_size=1000)
    return ratings.refresh(rebuild=True)


@transaction.atomic
def remove_past_matches(tournament: Tournament, count: int) -> int:
    """Remove the tournament's last `count` matches without games (the newest rows
    first), then rate every match again; returns how many are rated."""
    lock_tournament(tournament)
    newest = (
        tournament.matches.filter(games__isnull=True)
        .order_by("-pk")
        .values_list("pk", flat=True)[:count]
    )
    Match.objects.filter(pk__in=list(newest)).delete()
    return ratings.refresh(rebuild=True)


@transaction.atomic
def change_past_winner(match: Match, winner: Player | int) -> int:
    """Give a decided match without games to `winner`, then rate again every match from
    it on (a correction's way: `ratings.refresh`); returns how many were rated."""
    lock_tournament(match.tournament_id)
    winner_id = winner.pk if isinstance(winner, Player) else winner
    changed = Match.objects.filter(
        pk=match.pk, status=Match.Status.DECIDED, games__isnull=True
    ).update(winner_id=winner_id)
    if not changed:
        raise ValueError(f"match {match.pk} is not a decided match without games")
    return ratings.refresh(match.tournament)
