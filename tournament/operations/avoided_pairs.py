"""Pairs the director keeps apart early (family, one household, players who travelled
together): marked and unmarked here, audited; read by the draw of a cup (round 1) and
by every Swiss round (`draws.preview_draw`, `club_nights`), which avoid them when the
rules allow and say when they could not."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..models import AuditEntry, AvoidedPair, Player, Tournament
from ..models.audit import Said
from . import audit
from .errors import OperationError
from .locks import lock_tournament


def avoided_pairs(tournament: Tournament) -> set[frozenset[int]]:
    """The tournament's pairs as the core takes them (frozensets of player ids)."""
    return AvoidedPair.objects.filter(tournament=tournament).as_pairs()


def names_of(pairs: Iterable[frozenset[int]]) -> list[str]:
    """Each pair as "Ana and Joan" (names in alphabetical order), for pages and audit."""
    pairs = list(pairs)
    ids = {player for pair in pairs for player in pair}
    names = dict(Player.objects.filter(pk__in=ids).values_list("pk", "name")) if ids else {}
    said = []
    for pair in pairs:
        first, second = sorted(names.get(player, str(player)) for player in pair)
        said.append(str(_("%(first)s and %(second)s") % {"first": first, "second": second}))
    return said


def draw_summary(seed: int, count: int, unkept) -> Said:
    """The history's line for a draw made, naming the avoided pairs that meet in round 1
    (the director hears it from the history too, and that it was forced). The line
    without them is the one kept before; the new ones name their number `entrants` or
    `matches`, since a Said takes `count` as the name of a plural's count."""
    if not unkept:
        return Said(
            gettext_noop("Draw made with seed %(seed)s: %(count)d entrants"), seed=seed, count=count
        )
    return Said(
        gettext_noop(
            "Draw made with seed %(seed)s: %(entrants)d entrants; %(pairs)s meet in round 1: "
            "no draw keeps them apart"
        ),
        seed=seed,
        entrants=count,
        pairs="; ".join(names_of(unkept)),
    )


def round_summary(number: int, count: int, unkept) -> Said:
    """The history's line for a Swiss round paired, naming the avoided pairs it pairs."""
    if not unkept:
        return Said(
            gettext_noop("Round %(number)s paired: %(count)d matches"), number=number, count=count
        )
    return Said(
        gettext_noop(
            "Round %(number)s paired: %(matches)d matches; %(pairs)s meet: the rematch and "
            "score-group rules left no other pairing"
        ),
        number=number,
        matches=count,
        pairs="; ".join(names_of(unkept)),
    )


@transaction.atomic
def add_avoided_pair(
    tournament: Tournament | int,
    first: Player | int,
    second: Player | int,
    *,
    reason: str,
    note: str = "",
    user=None,
) -> AvoidedPair:
    """Keep two entered players apart early. Refused: one player twice, a player not
    entered, a pair already marked, an unknown reason, a finished tournament. A draw
    already made stays as it is (the draw page says if the pair meets in it)."""
    tournament = lock_tournament(tournament)
    first_id = first.pk if isinstance(first, Player) else first
    second_id = second.pk if isinstance(second, Player) else second
    if tournament.is_finished:
        raise OperationError(_("The tournament is finished: its pairings are all made."))
    if reason not in AvoidedPair.Reason.values:
        raise OperationError(_("Choose why the two are kept apart."))
    if first_id == second_id:
        raise OperationError(_("Choose two different players."))
    entered = set(
        tournament.entries.filter(player_id__in=(first_id, second_id)).values_list(
            "player_id", flat=True
        )
    )
    if entered != {first_id, second_id}:
        raise OperationError(_("Both players must be entered in this tournament."))
    low, high = sorted((first_id, second_id))
    if AvoidedPair.objects.filter(
        tournament=tournament, first_player_id=low, second_player_id=high
    ).exists():
        raise OperationError(_("These two are already kept apart."))
    pair = AvoidedPair.objects.create(
        tournament=tournament,
        first_player_id=low,
        second_player_id=high,
        reason=reason,
        note=note.strip()[:200],
    )
    low_name, high_name = sorted(
        Player.objects.filter(pk__in=(low, high)).values_list("name", flat=True)
    )
    audit.record(
        AuditEntry.Action.AVOIDED_PAIR_ADDED,
        user=user,
        tournament=tournament,
        summary=Said(
            gettext_noop("%(first)s and %(second)s kept apart early"),
            first=low_name,
            second=high_name,
        ),
        after={"players": [low, high], "reason": reason, "note": pair.note},
    )
    return pair


@transaction.atomic
def remove_avoided_pair(
    tournament: Tournament | int, pair: AvoidedPair | int, *, user=None
) -> None:
    """Stop keeping a pair apart (pairings made already stay as they are)."""
    tournament = lock_tournament(tournament)
    pk = pair.pk if isinstance(pair, AvoidedPair) else pair
    found = (
        AvoidedPair.objects.filter(tournament=tournament, pk=pk)
        .select_related("first_player", "second_player")
        .first()
    )
    if found is None:
        raise OperationError(_("That pair is not kept apart in this tournament."))
    first_name, second_name = sorted((found.first_player.name, found.second_player.name))
    before = {
        "players": [found.first_player_id, found.second_player_id],
        "reason": found.reason,
        "note": found.note,
    }
    found.delete()
    audit.record(
        AuditEntry.Action.AVOIDED_PAIR_REMOVED,
        user=user,
        tournament=tournament,
        summary=Said(
            gettext_noop("%(first)s and %(second)s no longer kept apart"),
            first=first_name,
            second=second_name,
        ),
        before=before,
    )
