"""The door on a player's own page: "I'm here" for a tournament they are registered in,
while its check-in window is open, or, not registered, a request to play that the
director confirms at the desk. Once the draw is made without them, "I'm here" tells the
desk (window or not), which places them: the page says they are not in the draw. Only
their own link acts, for them alone; its writes are counted like the page's other
writes (link_limits) and go through `operations.door`."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.db.models import Exists, OuterRef, Q, Subquery
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from ...models import Entry, EntryRequest, Match, Player, Tournament
from ...operations import OperationError, ask_to_enter, check_in_at_door
from ...web import door_device
from ...web.link_limits import limit_link_writes


@dataclass
class DoorRow:
    tournament: Tournament
    entry: Entry | None
    asked: bool

    @property
    def late(self) -> bool:
        """Registered, not checked in, and the draw is made: not in it."""
        return self.entry is not None and not self.entry.checked_in and self.tournament.drawn


def door_rows(player: Player) -> list[DoorRow]:
    """The tournaments whose check-in is open (those the player is registered in, and
    the public ones to ask to play in), those not started yet that the player is
    registered in and has not checked in to (to say when check-in opens), and those
    drawn without them (to tell the desk they are here): with whether they are checked
    in, or asked. A tournament under way the player is in needs no card once the window
    is shut. One query."""
    every = Entry.objects.filter(tournament=OuterRef("pk"), player=player)
    theirs = every.filter(withdrawn=False)
    door_open = Q(public=True, check_in_opened_at__isnull=False, check_in_closed_at=None)
    tournaments = (
        Tournament.objects.in_play()
        .annotate(
            entered=Exists(theirs),
            # A player who withdrew is not offered to ask again.
            withdrew=Exists(every.filter(withdrawn=True)),
            here=Subquery(theirs.values("checked_in")[:1]),
            asked=Exists(EntryRequest.objects.filter(tournament=OuterRef("pk"), player=player)),
            drawn=Exists(Match.objects.filter(tournament=OuterRef("pk"))),
        )
        .filter(
            Q(entered=True, here=False, status=Tournament.Status.DRAFT)
            | Q(entered=True, here=False, drawn=True)
            | (door_open & Q(withdrew=False))
        )
        .order_by("date", "pk")
    )
    return [
        DoorRow(
            tournament,
            Entry(tournament=tournament, player=player, checked_in=tournament.here)
            if tournament.entered
            else None,
            tournament.asked,
        )
        for tournament in tournaments
    ]


def _tournament(tournament_id: int) -> Tournament:
    return get_object_or_404(Tournament.objects.in_play(), pk=tournament_id)


def _refused(request, player, token, error: OperationError):
    """The page again with why, as a 409 (the window closed, a draw under way...)."""
    from .player_page import _page  # the page module imports this one

    messages.error(request, error.message)
    return _page(request, player, token, status=409)


@require_POST
@limit_link_writes
def here(request, player, token, tournament_id):
    """I'm here: the player checks in, or, the draw made without them, tells the desk."""
    tournament = _tournament(tournament_id)
    try:
        done = check_in_at_door(tournament, player)
    except OperationError as error:
        return _refused(request, player, token, error)
    if done.checked_in:
        said = gettext("You are checked in for %(tournament)s.")
        messages.success(request, said % {"tournament": tournament.name})
    else:
        said = gettext(
            "The draw of %(tournament)s is made and you are not in it: the desk knows you "
            "are here. See the director at the desk."
        )
        messages.info(request, said % {"tournament": tournament.name})
    return redirect("player-page", token=token)


@require_POST
@limit_link_writes
def ask(request, player, token, tournament_id):
    """Not registered: the player asks to play; the director confirms at the desk. Only
    in a public tournament (a private one is the club's own business)."""
    tournament = get_object_or_404(Tournament.objects.in_play().public(), pk=tournament_id)
    try:
        ask_to_enter(tournament, player)
    except OperationError as error:
        return _refused(request, player, token, error)
    messages.success(request, gettext("Asked: the director confirms your entry at the desk."))
    return redirect("player-page", token=token)


@require_POST
def forget_phone(request, token):
    """Forget this phone: the door's QR code no longer opens this player's page on it
    (a shared or borrowed phone). Writes nothing but the cookie's deletion, so it needs
    no link lookup; it leads to the home page, since the player's page would remember
    the phone again."""
    messages.success(
        request,
        gettext(
            "This phone is forgotten: the door's QR code no longer opens your page on it. "
            "Your private link still does."
        ),
    )
    return door_device.forget(redirect("home"))
