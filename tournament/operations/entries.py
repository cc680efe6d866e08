"""Entries, check-in and seeds. Players register before the day; on the day the director
checks in those who came, and the draw is made from them. So a change to who is
checked in (or to the seeds) after the draw discards it while nothing has been played
from it (the page says so: the director makes it again), and is refused once results
are recorded: then a late player goes into a bye's place (`place_in_bye`) and a player
who leaves is withdrawn. A player never sits in a draw without an entry, and no
checked-in entry is left out of one. A tournament with a registration cap takes no
entry past it from the desk unless the director chooses to go beyond it: the place is
the waiting list's first."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from ..core import draw
from ..models import AuditEntry, Entry, EntryRequest, Player, Tournament
from ..models.audit import Said
from ..models.seasons import club_id_of as club_of
from . import audit
from .draws import Changed, discard_draw, drawn_players, has_results, is_drawn
from .errors import OperationError
from .locks import lock_tournament
from .players import create_player
from .waiting_list import is_full, promote, waiting_count

UNDER_WAY = _(
    "The draw is under way (results have been recorded): a player who arrives late goes "
    "into a bye's place, and a player who leaves is withdrawn."
)


class TournamentFull(OperationError):
    """The registration cap is reached: the desk registers a player beyond it only when
    the director says so (`beyond_cap`); `reason` is the short form a sweep names."""

    def __init__(self, tournament: Tournament, player: Player) -> None:
        cap = tournament.registration_cap
        count = tournament.entries.filter(withdrawn=False).count()
        waiting = waiting_count(tournament)
        values = {"player": player, "count": count, "cap": cap, "waiting": waiting}
        super().__init__(
            _(
                "The tournament is full (%(count)d registered, its cap is %(cap)d; "
                "%(waiting)d on the waiting list): %(player)s is registered only beyond "
                "the cap, if you choose to."
            )
            % values
        )
        self.reason = str(_("full: %(count)d of %(cap)d") % values)


def room_for(tournament: Tournament, player: Player, *, beyond_cap: bool) -> None:
    """Refuse a new entry past the registration cap, unless the director chose to go
    beyond it. `tournament` is locked."""
    if not beyond_cap and tournament.registration_cap is not None and is_full(tournament):
        raise TournamentFull(tournament, player)


def arrivals_open(tournament: Tournament, *, drawn: bool, under_way: bool) -> bool:
    """Whether checking a player in (someone not in the draw) is still a plain check-in:
    before the draw, while it can be made again, or in a Swiss under way (they join its
    next round). Otherwise a late player comes in only through a bye (`place_in_bye`),
    and the desk offers that instead of a check-in it would refuse."""
    return not drawn or not under_way or tournament.played_as.late_joins


def _change_the_draw(tournament: Tournament, *, user, reason, joining=False) -> bool:
    """Before a change to who plays: the draw, if made, is discarded while nothing has
    been played from it, and the change is refused after; except that a player who
    arrives (`joining`) once a Swiss is under way is paired from its next round, with
    no wins."""
    if not is_drawn(tournament):
        return False
    if has_results(tournament):
        if joining and arrivals_open(tournament, drawn=True, under_way=True):
            return False
        raise OperationError(UNDER_WAY)
    return discard_draw(tournament, user=user, reason=reason)


def _checked_in(entry: Entry, present: bool) -> None:
    entry.checked_in = present
    entry.checked_in_at = timezone.now() if present else None
    entry.save(update_fields=["checked_in", "checked_in_at"])
    if present:
        # Their "I'm here" after the draw is answered.
        EntryRequest.objects.filter(tournament=entry.tournament_id, player=entry.player_id).delete()


@transaction.atomic
def add_entry(
    tournament: Tournament,
    player: Player,
    *,
    seed=None,
    checked_in=False,
    user=None,
    beyond_cap=False,
) -> Changed:
    """Register a player (with a seed, or none), checked in at once if they are here.
    A registration alone never touches the draw; checking in after it does. Refused
    past the registration cap (TournamentFull) unless `beyond_cap`, the director's
    choice."""
    tournament = lock_tournament(tournament)
    if tournament.entries.filter(player=player).exists():
        raise OperationError(_("%(player)s is already registered.") % {"player": player})
    if tournament.entries.count() >= draw.MAX_ENTRANTS:
        raise OperationError(
            _("A tournament takes at most %(count)d players.") % {"count": draw.MAX_ENTRANTS}
        )
    room_for(tournament, player, beyond_cap=beyond_cap)
    if seed is not None:
        _check_seeds(tournament, {player.pk: seed}, keep_others=True)
    discarded = False
    if checked_in:
        discarded = _change_the_draw(
            tournament,
            user=user,
            reason=_("%(player)s checked in") % {"player": player},
            joining=True,
        )
    entry = Entry.objects.create(
        tournament=tournament,
        player=player,
        seed=seed,
        checked_in=checked_in,
        checked_in_at=timezone.now() if checked_in else None,
    )
    audit.record(
        AuditEntry.Action.ENTRY_ADDED,
        user=user,
        tournament=tournament,
        summary=Said(gettext_noop("%(player)s registered"), player=player),
        after={"player": player.pk, "seed": seed, "checked_in": checked_in},
    )
    return Changed(entry, discarded)


@transaction.atomic
def add_new_player(
    tournament: Tournament,
    name: str,
    club: str = "",
    *,
    checked_in=False,
    user=None,
    allow_namesake=False,
    beyond_cap=False,
) -> Changed:
    """A player the club does not know yet, registered at once (NamesakeExists when
    someone of that name is already a member, unless `allow_namesake`; TournamentFull
    past the cap, unless `beyond_cap`)."""
    tournament = lock_tournament(tournament)
    # Before the player is made: a refusal leaves no player behind it.
    room_for(tournament, Player(name=name), beyond_cap=beyond_cap)
    # Made at the club's desk: a member of the club whose tournament it is.
    player = create_player(
        {"name": name, "club": club},
        user=user,
        allow_namesake=allow_namesake,
        club=club_of(tournament),
    )
    return add_entry(tournament, player, checked_in=checked_in, user=user, beyond_cap=beyond_cap)


@transaction.atomic
def remove_entry(tournament: Tournament, entry: Entry, *, user=None) -> Changed:
    tournament = lock_tournament(tournament)
    entry = Entry.objects.select_related("player").get(pk=entry.pk, tournament=tournament)
    discarded = False
    if entry.player_id in drawn_players(tournament):
        discarded = _change_the_draw(
            tournament,
            user=user,
            reason=_("%(player)s's registration removed") % {"player": entry.player},
        )
    entry.delete()
    audit.record(
        AuditEntry.Action.ENTRY_REMOVED,
        user=user,
        tournament=tournament,
        summary=Said(gettext_noop("%(player)s's registration removed"), player=entry.player),
        before={"player": entry.player_id, "seed": entry.seed},
    )
    # The place it frees goes to the first on the waiting list, in this transaction.
    moved_up = promote(tournament, user=user)
    return Changed(entry, discarded, tuple(moved_up))


@transaction.atomic
def check_in(tournament: Tournament, entry: Entry, *, present=True, user=None) -> Changed:
    """A registered player has arrived (`present`), or the check-in is taken back."""
    tournament = lock_tournament(tournament)
    entry = (
        Entry.objects.select_for_update()
        .select_related("player")
        .filter(pk=entry.pk, tournament=tournament)
        .first()
    )
    if entry is None:
        raise OperationError(_("That player is not registered in this tournament."))
    if entry.withdrawn:
        raise OperationError(_("%(player)s has withdrawn.") % {"player": entry.player})
    if entry.checked_in == present:
        return Changed(entry, False)
    what = Said(
        gettext_noop("%(player)s checked in")
        if present
        else gettext_noop("%(player)s's check-in taken back"),
        player=entry.player,
    )
    discarded = False
    # Who is checked in is who is drawn: a change touches a draw, unless the player
    # is already placed in it (a late entry into a bye).
    if present != (entry.player_id in drawn_players(tournament)):
        discarded = _change_the_draw(tournament, user=user, reason=what, joining=present)
    _checked_in(entry, present)
    audit.record(
        AuditEntry.Action.CHECK_IN,
        user=user,
        tournament=tournament,
        summary=what,
        after={"player": entry.player_id, "checked_in": present},
    )
    return Changed(entry, discarded)


@transaction.atomic
def check_in_everyone(tournament: Tournament, *, user=None) -> Changed:
    """Everyone registered has come (a club night): check them all in at once."""
    tournament = lock_tournament(tournament)
    waiting = list(tournament.entries.filter(checked_in=False, withdrawn=False))
    if not waiting:
        return Changed(0, False)
    discarded = _change_the_draw(tournament, user=user, reason=_("everyone checked in"))
    for entry in waiting:
        _checked_in(entry, True)
    audit.record(
        AuditEntry.Action.CHECK_IN,
        user=user,
        tournament=tournament,
        summary=Said(gettext_noop("%(count)d players checked in"), count=len(waiting)),
        after={"players": [entry.player_id for entry in waiting]},
    )
    return Changed(len(waiting), discarded)


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
    discarded = _change_the_draw(tournament, user=user, reason=_("the seeds changed"))
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
        summary=Said(gettext_noop("Seeds changed")),
        before={str(key): value for key, value in before.items()},
        after={str(key): value for key, value in wanted.items()},
    )
    return Changed(tournament, discarded)
