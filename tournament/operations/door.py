"""The door: the director opens a check-in window on the desk, and while it is open a
player checks themselves in from their own page ("I'm here"), reached from the
tournament's QR code. A player who is not registered asks to play instead, and the
director confirms it on the desk (an entry, checked in) or refuses it. A player acts
only for themselves: their private link is who they are."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..models import AuditEntry, EntryRequest, Player, Tournament
from ..models.audit import Said
from . import audit
from .draws import Changed, has_results, is_drawn
from .entries import add_entry, arrivals_open, check_in
from .errors import OperationError
from .locks import lock_tournament

CLOSED = _("Check-in is not open: the director opens it at the club on the day.")


def _finished(tournament: Tournament) -> None:
    if tournament.is_finished:
        raise OperationError(_("The tournament is over."))


@transaction.atomic
def open_check_in(tournament: Tournament, *, user=None) -> Tournament:
    """Players may check in from their own pages from now (again, after a close)."""
    tournament = lock_tournament(tournament)
    _finished(tournament)
    if tournament.check_in_is_open:
        return tournament
    tournament.check_in_opened_at = timezone.now()
    tournament.check_in_closed_at = None
    tournament.save(update_fields=["check_in_opened_at", "check_in_closed_at"])
    audit.record(
        AuditEntry.Action.CHECK_IN_WINDOW,
        user=user,
        tournament=tournament,
        summary=Said(gettext_noop("Check-in opened")),
        after={"open": True},
    )
    return tournament


@transaction.atomic
def close_check_in(tournament: Tournament, *, user=None) -> Tournament:
    """The door shuts: players who come now check in at the desk."""
    tournament = lock_tournament(tournament)
    if not tournament.check_in_is_open:
        return tournament
    tournament.check_in_closed_at = timezone.now()
    tournament.save(update_fields=["check_in_closed_at"])
    audit.record(
        AuditEntry.Action.CHECK_IN_WINDOW,
        user=user,
        tournament=tournament,
        summary=Said(gettext_noop("Check-in closed")),
        after={"open": False},
    )
    return tournament


def _open_door(tournament: Tournament) -> Tournament:
    tournament = lock_tournament(tournament)
    if not tournament.check_in_is_open:
        raise OperationError(CLOSED)
    return tournament


@transaction.atomic
def check_in_at_door(tournament: Tournament, player: Player) -> Changed:
    """The player says "I'm here" from their own page: the same check-in as the desk's
    (a draw that can still be made again is discarded; one under way refuses, and the
    desk places a late player), only while the window is open."""
    tournament = _open_door(tournament)
    entry = tournament.entries.filter(player=player).first()
    if entry is None:
        raise OperationError(_("You are not registered in this tournament."))
    return check_in(tournament, entry, present=True)


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
def accept_entry_request(tournament: Tournament, request_id: int, *, user=None) -> Changed:
    """The director lets the player in: registered and checked in (the desk's own
    add-and-check-in, with its rules about the draw); or, once a cup is under way,
    registered only, and the desk offers them a bye's place (late_entries) as it does
    any player who arrives late."""
    tournament = lock_tournament(tournament)
    asked = _request_of(tournament, request_id)
    drawn = is_drawn(tournament)
    here = arrivals_open(tournament, drawn=drawn, under_way=drawn and has_results(tournament))
    change = add_entry(tournament, asked.player, checked_in=here, user=user)
    asked.delete()
    return change


@transaction.atomic
def refuse_entry_request(tournament: Tournament, request_id: int, *, user=None) -> Player:
    tournament = lock_tournament(tournament)
    asked = _request_of(tournament, request_id)
    asked.delete()
    audit.record(
        AuditEntry.Action.ENTRY_REQUESTED,
        user=user,
        tournament=tournament,
        summary=Said(gettext_noop("%(player)s's request to play refused"), player=asked.player),
        before={"player": asked.player_id},
    )
    return asked.player


def waiting_requests(tournament: Tournament) -> list[EntryRequest]:
    return list(tournament.entry_requests.select_related("player").order_by("asked_at", "pk"))
