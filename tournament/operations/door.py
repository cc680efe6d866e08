"""The door: the director opens a check-in window on the desk (`check_in_window`), and
while it is open a player checks themselves in from their own page ("I'm here"),
reached from the tournament's QR code. A player who is not registered asks to play
instead, and the director confirms it on the desk (an entry) or refuses it. A player
acts only for themselves: their private link is who they are.

Nothing a player does removes a draw: once it is made, a registered player not in it
who says "I'm here" asks the desk (a request, window or not), and the director answers
it: a bye's place, a check-in that makes the draw again (their choice, said on the
page), or no."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q, Subquery
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..models import AuditEntry, Entry, EntryRequest, Player, Tournament
from ..models.audit import Said
from . import audit
from .check_in_window import close_check_in, open_check_in
from .draws import Changed, drawn_players, has_results, is_drawn
from .entries import add_entry, arrivals_open, check_in
from .errors import OperationError
from .locks import lock_tournament

__all__ = [
    "AtTheDoor",
    "accept_entry_request",
    "ask_to_enter",
    "check_in_at_door",
    "close_check_in",
    "open_check_in",
    "refuse_entry_request",
    "waiting_requests",
]

CLOSED = _("Check-in is not open: the director opens it at the club on the day.")


@dataclass(frozen=True)
class AtTheDoor:
    """What "I'm here" did: checked the player in, or (the draw made without them) told
    the desk, which places them."""

    checked_in: bool


def _open_door(tournament: Tournament) -> Tournament:
    tournament = lock_tournament(tournament)
    if not tournament.check_in_is_open:
        raise OperationError(CLOSED)
    return tournament


@transaction.atomic
def check_in_at_door(tournament: Tournament, player: Player) -> AtTheDoor:
    """The player says "I'm here" from their own page. Before the draw, while the
    window is open, it is the desk's own check-in. Once the draw is made without them,
    it is a request the desk answers (asking twice is one request), whether the window
    is open or not: the draw stays as it is."""
    tournament = lock_tournament(tournament)
    if tournament.is_finished:
        raise OperationError(_("The tournament is over."))
    entry = tournament.entries.filter(player=player).first()
    if entry is None:
        raise OperationError(_("You are not registered in this tournament."))
    if entry.withdrawn:
        raise OperationError(_("You have withdrawn from this tournament."))
    if entry.checked_in:
        return AtTheDoor(True)
    if is_drawn(tournament) and player.pk not in drawn_players(tournament):
        _arrived_late(tournament, player)
        return AtTheDoor(False)
    if not tournament.check_in_is_open:
        raise OperationError(CLOSED)
    check_in(tournament, entry, present=True)
    return AtTheDoor(True)


def _arrived_late(tournament: Tournament, player: Player) -> EntryRequest:
    if EntryRequest.objects.filter(tournament=tournament, player=player).exists():
        return EntryRequest.objects.get(tournament=tournament, player=player)
    request = EntryRequest.objects.create(tournament=tournament, player=player)
    audit.record(
        AuditEntry.Action.ENTRY_REQUESTED,
        user=None,
        tournament=tournament,
        summary=Said(gettext_noop("%(player)s said “I'm here” after the draw"), player=player),
        after={"player": player.pk, "registered": True},
    )
    return request


@transaction.atomic
def ask_to_enter(tournament: Tournament, player: Player) -> EntryRequest:
    """A player not registered asks to play, while the window is open; asking twice is
    one request."""
    tournament = _open_door(tournament)
    if tournament.entries.filter(player=player).exists():
        raise OperationError(_("You are registered already."))
    found = EntryRequest.objects.filter(tournament=tournament, player=player).first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            request = EntryRequest.objects.create(tournament=tournament, player=player)
    except IntegrityError:  # pragma: no cover - the tournament's lock orders askers
        return EntryRequest.objects.get(tournament=tournament, player=player)
    audit.record(
        AuditEntry.Action.ENTRY_REQUESTED,
        user=None,
        tournament=tournament,
        summary=Said(gettext_noop("%(player)s asked to play"), player=player),
        after={"player": player.pk},
    )
    return request


def _request_of(tournament: Tournament, request_id: int) -> EntryRequest:
    found = (
        EntryRequest.objects.select_for_update()
        .select_related("player")
        .filter(pk=request_id, tournament=tournament)
        .first()
    )
    if found is None:
        raise OperationError(_("That request was answered already."))
    return found


@transaction.atomic
def accept_entry_request(
    tournament: Tournament, request_id: int, *, user=None, beyond_cap=False
) -> Changed:
    """The director's yes. A player registered already (their "I'm here" after the
    draw) is checked in, by the desk's own check-in and its rules about the draw: the
    director's choice, which the page names. A player not registered is registered:
    checked in too where that leaves a draw alone (before the draw, or a Swiss under
    way, which pairs them from its next round); once drawn, registered only, and the
    desk offers them a bye's place (late_entries) as it does any late player. Past the
    registration cap only with `beyond_cap`."""
    tournament = lock_tournament(tournament)
    asked = _request_of(tournament, request_id)
    entry = tournament.entries.filter(player=asked.player).first()
    if entry is not None:
        change = check_in(tournament, entry, present=True, user=user)
        asked.delete()
        return change
    drawn = is_drawn(tournament)
    here = not drawn or (
        has_results(tournament) and arrivals_open(tournament, drawn=True, under_way=True)
    )
    change = add_entry(tournament, asked.player, checked_in=here, user=user, beyond_cap=beyond_cap)
    asked.delete()
    return change


@transaction.atomic
def refuse_entry_request(tournament: Tournament, request_id: int, *, user=None) -> Player:
    """The director's no: to a player asking to play, or to a late "I'm here" (they
    stay registered, out of the draw)."""
    tournament = lock_tournament(tournament)
    asked = _request_of(tournament, request_id)
    asked.delete()
    registered = tournament.entries.filter(player=asked.player).exists()
    summary = (
        gettext_noop("%(player)s's “I'm here” after the draw dismissed")
        if registered
        else gettext_noop("%(player)s's request to play refused")
    )
    audit.record(
        AuditEntry.Action.ENTRY_REQUESTED,
        user=user,
        tournament=tournament,
        summary=Said(summary, player=asked.player),
        before={"player": asked.player_id},
    )
    return asked.player


def waiting_requests(tournament: Tournament) -> list[EntryRequest]:
    """The requests waiting for the director, in arrival order, each with `registered`
    (a late "I'm here") and `entry_pk`. A late player checked in since (into a bye) or
    withdrawn has had their answer. One query."""
    theirs = Entry.objects.filter(tournament=tournament, player=OuterRef("player"))
    return list(
        tournament.entry_requests.select_related("player")
        .annotate(
            registered=Exists(theirs),
            entry_pk=Subquery(theirs.values("pk")[:1]),
            answered=Exists(theirs.filter(Q(checked_in=True) | Q(withdrawn=True))),
        )
        .filter(answered=False)
        .order_by("asked_at", "pk")
    )
