"""Entries and seeds. They decide the draw, so a change after the draw discards it while
nothing has been played from it (the page says so: the director makes it again), and
is refused once results are recorded (a player who leaves is withdrawn instead). So a
player never sits in a draw without an entry, and no entry is left out of one."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..core import draw
from ..models import AuditEntry, Entry, Player, Tournament
from . import audit
from .draws import Changed, discard_draw, has_results
from .errors import OperationError
from .locks import lock_tournament
from .players import create_player


def _check_entries_open(tournament: Tournament) -> None:
    if has_results(tournament):
        raise OperationError(
            _(
                "Entries are closed: results have been recorded in this tournament. "
                "A player who leaves is withdrawn instead."
            )
        )


@transaction.atomic
def add_entry(tournament: Tournament, player: Player, *, seed=None, user=None) -> Changed:
    """Register a player (with a seed, or none)."""
    tournament = lock_tournament(tournament)
    _check_entries_open(tournament)
    if tournament.entries.filter(player=player).exists():
        raise OperationError(_("%(player)s is already registered.") % {"player": player})
    if tournament.entries.count() >= draw.MAX_ENTRANTS:
        raise OperationError(
            _("A tournament takes at most %(count)d players.") % {"count": draw.MAX_ENTRANTS}
        )
    if seed is not None:
        _check_seeds(tournament, {player.pk: seed}, keep_others=True)
    discarded = discard_draw(
        tournament, user=user, reason=_("%(player)s registered") % {"player": player}
    )
    entry = Entry.objects.create(tournament=tournament, player=player, seed=seed)
    audit.record(
        AuditEntry.Action.ENTRY_ADDED,
        user=user,
        tournament=tournament,
        summary=_("%(player)s registered") % {"player": player},
        after={"player": player.pk, "seed": seed},
    )
    return Changed(entry, discarded)


@transaction.atomic
def add_new_player(
    tournament: Tournament, name: str, club: str = "", *, user=None, allow_namesake=False
) -> Changed:
    """A player the club does not know yet, registered at once (NamesakeExists when
    someone of that name is already a member, unless `allow_namesake`)."""
    player = create_player({"name": name, "club": club}, user=user, allow_namesake=allow_namesake)
    return add_entry(tournament, player, user=user)


@transaction.atomic
def remove_entry(tournament: Tournament, entry: Entry, *, user=None) -> Changed:
    tournament = lock_tournament(tournament)
    _check_entries_open(tournament)
    entry = Entry.objects.select_related("player").get(pk=entry.pk, tournament=tournament)
    discarded = discard_draw(
        tournament,
        user=user,
        reason=_("%(player)s's registration removed") % {"player": entry.player},
    )
    entry.delete()
    audit.record(
        AuditEntry.Action.ENTRY_REMOVED,
        user=user,
        tournament=tournament,
        summary=_("%(player)s's registration removed") % {"player": entry.player},
        before={"player": entry.player_id, "seed": entry.seed},
    )
    return Changed(entry, discarded)


def _check_seeds(tournament: Tournament, given: Mapping[int, int], keep_others: bool) -> None:
    """Player id -> seed, as the draw accepts them (the draw's own rule)."""
    players = set(tournament.entries.values_list("player_id", flat=True)) | set(given)
    seeds = dict(given)
    if keep_others:
        for player_id, seed in tournament.entries.filter(seed__isnull=False).values_list(
            "player_id", "seed"
        ):
            seeds.setdefault(player_id, seed)
    try:
        draw.check_seeds(sorted(players), seeds)
    except draw.DrawError as error:
        raise OperationError(error.message(gettext)) from None


@transaction.atomic
def set_seeds(tournament: Tournament, seeds: Mapping[int, int | None], *, user=None) -> Changed:
    """Entry id -> seed (None for unseeded) for the entries given; the others keep theirs."""
    tournament = lock_tournament(tournament)
    _check_entries_open(tournament)
    entries = {entry.pk: entry for entry in tournament.entries.all()}
    wanted = {entry.player_id: entry.seed for entry in entries.values()}
    for entry_id, seed in seeds.items():
        if entry_id in entries:
            wanted[entries[entry_id].player_id] = seed
    before = {entry.player_id: entry.seed for entry in entries.values()}
    if wanted == before:
        return Changed(tournament, False)
    _check_seeds(
        tournament, {player: seed for player, seed in wanted.items() if seed}, keep_others=False
    )
    discarded = discard_draw(tournament, user=user, reason=_("the seeds changed"))
    # Clear first, so that swapping two seeds never trips the unique constraint.
    changed = [pk for pk, entry in entries.items() if wanted[entry.player_id] != entry.seed]
    Entry.objects.filter(pk__in=changed).update(seed=None)
    for pk in changed:
        seed = wanted[entries[pk].player_id]
        if seed is not None:
            Entry.objects.filter(pk=pk).update(seed=seed)
    audit.record(
        AuditEntry.Action.SEEDS_CHANGED,
        user=user,
        tournament=tournament,
        summary=_("Seeds changed"),
        before={str(key): value for key, value in before.items()},
        after={str(key): value for key, value in wanted.items()},
    )
    return Changed(tournament, discarded)
