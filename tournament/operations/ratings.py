"""The club's ratings kept in the database: the FIBS formula (`core.ratings`) applied to
every rated match in the order the matches were decided. Which matches are rated is
the core's rule (`core.ratings.is_rated`): no walkovers, byes, 1-point matches or
friendlies.

`refresh()` runs after every decided match and every correction (the operations) and
from `manage.py rebuild_ratings`. It keeps what is already right: the stored history is
compared with the matches in order, and only from the first match that differs (usually
just the one decided now) are the changes computed again. So the stored ratings always
equal a computation from scratch, which the tests check.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from ..core.ratings import (
    MIN_RATED_LENGTH,
    UNRATED_DECISIONS,
    RatedMatch,
    Rating,
    rate_all,
)
from ..models import Match, Player, RatingChange, RatingsLock


def rated_matches():
    """The matches that count (`core.ratings.is_rated`, as a query), in rating order:
    when they were decided. A bye or a void is never decided, so never rated."""
    return (
        Match.objects.decided()
        .between_two()
        .exclude(decided_by__in=UNRATED_DECISIONS)
        .filter(length__gte=MIN_RATED_LENGTH)
        .filter(Q(bracket__isnull=False) | Q(round__isnull=False))
        .order_by("decided_at", "pk")
    )


@dataclass(frozen=True)
class _Row:
    match: int
    winner: int
    loser: int
    length: int
    at: object


def _rows() -> list[_Row]:
    rows = []
    for pk, winner, first, second, length, at in rated_matches().values_list(
        "pk", "winner_id", "player1_id", "player2_id", "length", "decided_at"
    ):
        rows.append(_Row(pk, winner, second if winner == first else first, length, at))
    return rows


@transaction.atomic
def refresh(*, rebuild: bool = False) -> int:
    """Bring the stored ratings up to date; returns how many matches were (re)rated."""
    RatingsLock.objects.select_for_update().get_or_create(pk=1)
    rows = _rows()
    stored = list(
        RatingChange.objects.filter(won=True)
        .order_by("sequence")
        .values_list("sequence", "match_id", "player_id", "opponent_id")
    )
    keep = 0
    if not rebuild:
        # The longest stretch of the history that still matches the matches in order.
        for (sequence, match, winner, loser), row in zip(stored, rows, strict=False):
            if (sequence, match, winner, loser) != (keep, row.match, row.winner, row.loser):
                break
            keep += 1
    if keep == len(rows) == len(stored):
        return 0
    RatingChange.objects.filter(sequence__gte=keep).delete()
    start: dict[int, Rating] = {}
    for player, after, experience in (
        RatingChange.objects.filter(sequence__lt=keep)
        .order_by("player_id", "-sequence")
        .values_list("player_id", "after", "experience_after")
    ):
        start.setdefault(player, Rating(after, experience))
    _, changes = rate_all(
        [RatedMatch(row.match, row.winner, row.loser, row.length) for row in rows[keep:]],
        start=start,
    )
    by_match = {row.match: (sequence, row) for sequence, row in enumerate(rows) if sequence >= keep}
    RatingChange.objects.bulk_create(
        [
            RatingChange(
                sequence=by_match[change.key][0],
                match_id=change.key,
                player_id=change.player,
                opponent_id=change.opponent,
                won=change.player == by_match[change.key][1].winner,
                length=by_match[change.key][1].length,
                before=change.before.value,
                after=change.after.value,
                experience_before=change.before.experience,
                experience_after=change.after.experience,
                at=by_match[change.key][1].at,
            )
            for change in changes
        ],
        batch_size=500,
    )
    _store_current()
    RatingsLock.objects.filter(pk=1).update(computed_at=timezone.now())
    return len(rows) - keep


def _store_current() -> None:
    """Each player's rating cache: their last change, or the start for the unrated."""
    latest: dict[int, tuple[float, int]] = {}
    for player, after, experience in RatingChange.objects.order_by(
        "player_id", "-sequence"
    ).values_list("player_id", "after", "experience_after"):
        latest.setdefault(player, (after, experience))
    changed = []
    for player in Player.objects.only("pk", "rating", "rating_experience"):
        value, experience = latest.get(player.pk, (Rating().value, 0))
        if (player.rating, player.rating_experience) != (value, experience):
            player.rating, player.rating_experience = value, experience
            changed.append(player)
    Player.objects.bulk_update(changed, ["rating", "rating_experience"], batch_size=500)
