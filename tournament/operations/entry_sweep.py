"""Entries in one sweep: many club players entered at once (ticked on the desk, or copied
from an earlier tournament), and the seeds taken from the club's ratings. Each entry is
made by `add_entry` (its checks, its audit entry), all in one transaction; a player who
cannot be entered is named, never dropped in silence. Only before the draw: once it is
made, a player comes in through the desk's one-at-a-time paths, which say what the draw
does with them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from ..core import ratings
from ..models import Entry, Player, Tournament
from .draws import Changed, is_drawn
from .entries import TournamentFull, add_entry, set_seeds
from .errors import OperationError
from .locks import lock_tournament

ENTRIES_CLOSED = _(
    "The draw is made: players are no longer entered in a sweep (register them one by one)."
)
ENTRIES_CLOSED_FOR_SEEDS = _("The draw is made: seeds from the ratings are given before the draw.")
# When the site has no notion of a bracket's seed count, the seeds a director usually wants.
DEFAULT_SEEDS = 8


def entries_open(tournament: Tournament) -> bool:
    """Whether the sweep may enter players: before the draw."""
    return not is_drawn(tournament)


@dataclass
class Sweep:
    """What a sweep did: the entries made, and each player refused with the reason."""

    entered: list[Entry] = field(default_factory=list)
    refused: list[tuple[Player, str]] = field(default_factory=list)


@transaction.atomic
def enter_players(
    tournament: Tournament, players: Iterable[Player], *, user=None, beyond_cap=False
) -> Sweep:
    """Enter every player given (one audit entry each, as `add_entry` writes), refusing
    by name an inactive player or one `add_entry` refuses (already registered, the
    tournament full: past its registration cap unless `beyond_cap`, the director's
    choice). Refused outright, with nothing entered, once the draw is made."""
    tournament = lock_tournament(tournament)
    if not entries_open(tournament):
        raise OperationError(ENTRIES_CLOSED)
    sweep = Sweep()
    for player in sorted(set(players), key=lambda player: (player.name, player.pk)):
        if not player.active:
            sweep.refused.append((player, str(_("not an active player"))))
            continue
        try:
            # A savepoint each: a refusal undoes nothing of the others.
            change = add_entry(tournament, player, user=user, beyond_cap=beyond_cap)
        except TournamentFull as full:
            sweep.refused.append((player, full.reason))
        except OperationError as error:
            sweep.refused.append((player, str(error.message)))
        else:
            sweep.entered.append(change.subject)
    return sweep


@dataclass
class CopyPreview:
    """Who copying `source`'s entries would add, and who it would leave out and why."""

    source: Tournament
    added: list[Player]
    left_out: list[tuple[Player, str]]


def preview_copy(tournament: Tournament, source: Tournament) -> CopyPreview:
    """The players of `source` who are not entered here yet and are active (the others
    named, with why they are left out)."""
    if source.pk == tournament.pk:
        raise OperationError(_("Choose another tournament to copy the entries of."))
    here = set(tournament.entries.values_list("player_id", flat=True))
    added, left_out = [], []
    players = Player.objects.filter(entries__tournament=source).order_by("name", "pk")
    for player in players:
        if player.pk in here:
            left_out.append((player, str(_("already registered"))))
        elif not player.active:
            left_out.append((player, str(_("not an active player"))))
        else:
            added.append(player)
    return CopyPreview(source, added, left_out)


@transaction.atomic
def copy_entries(tournament: Tournament, source: Tournament, *, user=None) -> Sweep:
    """Enter the players of `source` not entered here yet (the preview's list, read again
    under the lock, so what changed since the preview counts)."""
    lock_tournament(tournament)
    return enter_players(tournament, preview_copy(tournament, source).added, user=user)


@transaction.atomic
def seeds_from_ratings(tournament: Tournament, count: int, *, user=None) -> Changed:
    """Seeds 1 to `count` for the entered players (not withdrawn) by the club's rating,
    provisional ratings last and ties by name; every other entry unseeded. Written by
    `set_seeds` (its checks, its audit entry, the draw discarded if it can be made
    again); the desk's seeds form changes them afterwards."""
    tournament = lock_tournament(tournament)
    if not entries_open(tournament):
        raise OperationError(ENTRIES_CLOSED_FOR_SEEDS)
    if count < 1:
        raise OperationError(_("Seed at least one player."))
    entries = list(
        tournament.entries.select_related("player").order_by("player__name", "player_id")
    )
    playing = {
        entry.pk: ratings.Rating(entry.player.rating, entry.player.rating_experience)
        for entry in entries
        if not entry.withdrawn
    }
    order = ratings.seeding_order(playing)[:count]
    seeds: dict[int, int | None] = {entry.pk: None for entry in entries}
    seeds.update({entry_pk: number for number, entry_pk in enumerate(order, start=1)})
    return set_seeds(tournament, seeds, user=user)
