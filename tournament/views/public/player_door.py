"""The door on a player's own page: "I'm here" for a tournament they are registered in,
while its check-in window is open, or, not registered, a request to play that the
director confirms at the desk. Once the draw is made without them, "I'm here" tells the
desk (window or not), which places them: the page says they are not in the draw. Only
their own link acts, for them alone; its writes are counted like the page's other
writes (link_limits) and go through `operations.door`."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from ...models import Tournament
from ...operations import OperationError, ask_to_enter, check_in_at_door
from ...web import door_device
from ...web.link_limits import limit_link_writes
from .player_page import _page


def _tournament(tournament_id: int) -> Tournament:
    return get_object_or_404(Tournament.objects.in_play(), pk=tournament_id)


def _refused(request, player, token, error: OperationError):
    """The page again with why, as a 409 (the window closed, a draw under way...)."""
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
