"""The club's ratings kept in the database: the FIBS formula (`core.ratings`) applied to
every rated match in the order the matches were decided (`decided_at`, then the match's
id). Which matches are rated is each club's policy inside the federation's floor
(`core.rating_policy`), which `Match.objects.rated()` and `Match.is_rated` read: by
default no walkovers, byes, 1-point matches or friendlies.

`refresh(tournament)` runs after every decided match and every correction (the
operations, in the writer's transaction) and costs what changed, not the club's
history: it compares the tournament's rated matches with their stored rows in one
query, and
- a match decided after every rated one (nearly always the case) is appended: its two
  players' new ratings from their stored ones, two rows written;
- a correction of an earlier result (an undo, a winner changed, a match rated before a
  later one was) rates again every match from that point in time on, starting each
  player from where the stored history had them there.
Either way the stored ratings are exactly what a computation from scratch gives
(`manage.py rebuild_ratings`, `refresh(rebuild=True)`), which the tests check. Beside
each player's rating are kept what the ratings page shows of them (their rated matches,
those won, when the last was decided), so that the page reads a page of players and
never the history: counted on from the stored record, less the rows a correction rates
again.

Order of locks: a writer holds the tournament (and the match) already; the ratings take
`RatingsLock` after that, for the constant-size work and until the commit, so that two
decisions never both append after the same last rating, nor read a player's rating
that the other is changing. The row numbers (`sequence`) count the rated matches from
0 without a gap, which needs that one point of order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import Exists, Min, OuterRef, Q, Subquery
from django.utils import timezone

from ..core.ratings import RatedMatch, Rating, rate_all
from ..models import Match, Player, RatingChange, RatingsLock, Tournament, rating_policies
from ..models.club_scope import everywhere
from ..models.marks import new_mark


def rated_matches(policies=None):
    """The matches that count (`Match.objects.rated()`, built from each club's rating
    policy inside the federation's, `core.rating_policy`), in rating order: when they
    were decided. `policies` as `rated()` takes them (read when not given)."""
    return Match.objects.rated(policies).order_by("decided_at", "pk")


@dataclass(frozen=True, order=True)
class _Rated:
    """A rated match as the formula needs it; sorting these is the rating order."""

    at: datetime
    match: int
    winner: int
    loser: int
    length: int

    def core(self) -> RatedMatch:
        return RatedMatch(self.match, self.winner, self.loser, self.length)


@dataclass
class _Record:
    """What the ratings page shows of a player besides the rating: their rated matches,
    those won, and when the last of them was decided."""

    matches: int = 0
    won: int = 0
    last: datetime | None = None


def _count_on(records: dict[int, _Record], order: Iterable[_Rated]) -> dict[int, _Record]:
    """The records with the rated matches of `order` (in rating order, after every
    match counted in them already) added."""
    for rated in order:
        for player in (rated.winner, rated.loser):
            record = records.setdefault(player, _Record())
            record.matches += 1
            record.won += player == rated.winner
            record.last = rated.at
    return records


def _lock() -> None:
    """The lock, taken by moving the ratings' mark: the row's UPDATE locks it until the
    commit as SELECT ... FOR UPDATE did, in the same one statement, and the rating
    list kept rendered under the old mark is not read again."""
    if not RatingsLock.objects.filter(pk=1).update(mark=new_mark()):
        RatingsLock.objects.select_for_update().get_or_create(pk=1)


def _differences(tournament: Tournament | None) -> tuple[list[_Rated], dict[int, int]]:
    """The rated matches whose stored rows are missing or tell another result, and the
    stored rows (match -> sequence) that no longer agree with their match: one query
    over the tournament's matches (or every match), answered from the indexes."""
    stored = RatingChange.objects.filter(match=OuterRef("pk"), won=True)
    agreeing = stored.filter(
        Q(opponent=OuterRef("player1")) | Q(opponent=OuterRef("player2")),
        player=OuterRef("winner"),
        length=OuterRef("length"),
        at=OuterRef("decided_at"),
    )
    if tournament is None:
        matches, policies = Match.objects.all(), None
    else:
        # Its club's policy alone, from the rows its lock read with it: no query.
        matches, policies = tournament.matches.all(), rating_policies.of_tournament(tournament)
    rows = (
        matches.annotate(
            rated=Exists(rated_matches(policies).filter(pk=OuterRef("pk"))),
            agrees=Exists(agreeing),
            stored_sequence=Subquery(stored.values("sequence")[:1]),
        )
        .filter(Q(rated=True, agrees=False) | Q(rated=False, stored_sequence__isnull=False))
        .order_by()
        .values_list(
            "pk",
            "rated",
            "decided_at",
            "winner_id",
            "player1_id",
            "player2_id",
            "length",
            "stored_sequence",
        )
    )
    added, stale = [], {}
    for pk, rated, at, winner, first, second, length, sequence in rows:
        if rated:
            added.append(_Rated(at, pk, winner, second if winner == first else first, length))
        if sequence is not None:
            stale[pk] = sequence
    return added, stale


def _first_sequence_from(match: _Rated) -> int | None:
    """The first stored row that comes after this match in rating order (two servers
    deciding at once can rate a match after one decided a moment later)."""
    later = RatingChange.objects.filter(
        Q(at__gt=match.at) | Q(at=match.at, match_id__gt=match.match)
    )
    return later.aggregate(first=Min("sequence"))["first"]


def _current(
    players: set[int],
) -> tuple[dict[int, Rating], dict[int, _Record], tuple[int, datetime, int] | None]:
    """The players' stored ratings and records, and the last stored row's (sequence,
    time, match): one query, read under the lock."""
    last = RatingChange.objects.order_by("-sequence")
    found = Player.objects.filter(pk__in=players).values_list(
        "pk",
        "rating",
        "rating_experience",
        "rated_matches",
        "rated_won",
        "last_rated_at",
        Subquery(last.values("sequence")[:1]),
        Subquery(last.values("at")[:1]),
        Subquery(last.values("match_id")[:1]),
    )
    ratings, records, end = {}, {}, None
    for pk, value, experience, matches, won, last_at, sequence, at, match in found:
        ratings[pk] = Rating(value, experience)
        records[pk] = _Record(matches, won, last_at)
        end = None if sequence is None else (sequence, at, match)
    return ratings, records, end


# What a refresh keeps on each player.
KEPT = ["rating", "rating_experience", "rated_matches", "rated_won", "last_rated_at"]


def _write(
    first: int,
    order: list[_Rated],
    changes,
    ratings: dict[int, Rating],
    records: dict[int, _Record],
) -> None:
    """Rows from sequence `first` on, and the players' rating caches with their
    records."""
    by_match = {rated.match: (first + number, rated) for number, rated in enumerate(order)}
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
    Player.objects.bulk_update(
        [
            Player(
                pk=pk,
                rating=rating.value,
                rating_experience=rating.experience,
                rated_matches=records[pk].matches,
                rated_won=records[pk].won,
                last_rated_at=records[pk].last,
            )
            for pk, rating in ratings.items()
        ],
        KEPT,
        batch_size=500,
    )


# No savepoint inside the writer's transaction (a failure undoes the whole write anyway):
# two queries fewer for every decision.
@transaction.atomic(savepoint=False)
def refresh(tournament: Tournament | None = None, *, rebuild: bool = False) -> int:
    """Bring the stored ratings up to date after results changed in `tournament` (in
    any tournament when None: slower, it looks at every match); returns how many
    matches were (re)rated.

    One rating over every club's matches: read across clubs whatever club's page the
    write came from (models.club_scope)."""
    with everywhere():
        return _refresh(tournament, rebuild=rebuild)


def _refresh(tournament: Tournament | None, *, rebuild: bool) -> int:
    _lock()
    if rebuild:
        return _rebuild()
    added, stale = _differences(tournament)
    if not added and not stale:
        return 0
    players = {player for rated in added for player in (rated.winner, rated.loser)}
    start, records, last = _current(players) if players else ({}, {}, None)
    # Where the stored history stops agreeing: the first stale row, or the first row
    # after a match rated now that is not the latest (then that match slots in).
    firsts = list(stale.values())
    for rated in added:
        if last is not None and (rated.at, rated.match) < (last[1], last[2]):
            firsts.append(_first_sequence_from(rated))
    firsts = [sequence for sequence in firsts if sequence is not None]
    first = min(firsts) if firsts else (0 if last is None else last[0] + 1)
    order = list(added)
    if firsts:
        again = set(stale) | {rated.match for rated in added}
        tail = RatingChange.objects.filter(sequence__gte=first).order_by("sequence", "-won")
        # Each player's last row before the tail: when their last rated match was, if
        # the tail turns out to hold none of theirs any more.
        earlier = RatingChange.objects.filter(
            player=OuterRef("player"), sequence__lt=first
        ).order_by("-sequence")
        before_tail: dict[int, Rating] = {}
        for row in tail.values_list(
            "match_id",
            "player_id",
            "opponent_id",
            "won",
            "length",
            "before",
            "experience_before",
            "at",
            "player__rated_matches",
            "player__rated_won",
            Subquery(earlier.values("at")[:1]),
        ):
            match, player, opponent, won, length, before, experience, at, *kept = row
            # Where the history had each player at that point: before their first
            # row from there (a player with none there: their stored rating); and
            # their record without the tail's rows, which are rated again below.
            if player not in before_tail:
                before_tail[player] = Rating(before, experience)
                records[player] = _Record(*kept)
            records[player].matches -= 1
            records[player].won -= won
            if won and match not in again:
                order.append(_Rated(at, match, player, opponent, length))
        start.update(before_tail)
        tail.delete()
    order.sort()
    ratings, changes = rate_all([rated.core() for rated in order], start=start)
    _write(first, order, changes, ratings, _count_on(records, order))
    return len(order)


def _rebuild() -> int:
    """Every rating computed again from the first rated match."""
    RatingChange.objects.all().delete()
    order = [
        _Rated(at, pk, winner, second if winner == first else first, length)
        for pk, winner, first, second, length, at in rated_matches().values_list(
            "pk", "winner_id", "player1_id", "player2_id", "length", "decided_at"
        )
    ]
    ratings, changes = rate_all([rated.core() for rated in order])
    _write(0, order, changes, {}, {})
    records = _count_on({}, order)
    changed = []
    for player in Player.objects.only("pk", *KEPT):
        rating = ratings.get(player.pk, Rating())
        record = records.get(player.pk, _Record())
        kept = (rating.value, rating.experience, record.matches, record.won, record.last)
        if tuple(getattr(player, field) for field in KEPT) != kept:
            (
                player.rating,
                player.rating_experience,
                player.rated_matches,
                player.rated_won,
                player.last_rated_at,
            ) = kept
            changed.append(player)
    Player.objects.bulk_update(changed, KEPT, batch_size=500)
    RatingsLock.objects.filter(pk=1).update(computed_at=timezone.now())
    return len(order)
