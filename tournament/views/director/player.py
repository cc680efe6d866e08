"""A player at the director's desk: their private link (shown, as a QR code to scan
from the director's screen, or made anew when it leaked), their contact details and
mail consent (shown and edited here, to the directors of the player's own clubs only: a
player of another club entered here keeps theirs with their clubs), their matches and
their reported games."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from ... import operations
from ...forms import PlayerContactForm
from ...models import Player
from ...operations.links import link_for
from ...operations.links import rotate_link as rotate
from ...operations.memberships import may_see_contact, number_of
from ...queries.director_pages import matches_to_play, reports_waiting_on
from ...web.access import director_required


@director_required
@require_GET
def player_desk(request, pk):
    return _desk(request, get_object_or_404(Player, pk=pk))


def _desk(request, player: Player, *, contact_form=None, status=200):
    """Template: director/player.html; context: player, player_links, contact_form
    (None when the player is not a member of a club the user runs), member_number (in
    this club), matches (open and to play, in tournaments in play), reports (their
    waiting ones)."""
    matches = matches_to_play(player)
    reports = reports_waiting_on(player)
    if may_see_contact(request.user, player):
        contact_form = contact_form or PlayerContactForm(instance=player)
    context = {
        "player": player,
        "player_links": {player.pk: link_for(player)},
        "contact_form": contact_form,
        "member_number": number_of(player, request.club_id),
        "matches": matches,
        "reports": reports,
    }
    return render(request, "director/player.html", context, status=status)


@director_required
@require_POST
def change_contact(request, pk):
    """E-mail, phone, mail language and consent, changed through the operations (the
    history says who changed what); a bad address is sent back with its message."""
    player = get_object_or_404(Player, pk=pk)
    if not may_see_contact(request.user, player):
        raise PermissionDenied
    # The form validates a copy: the page shows the stored player until it is saved.
    form = PlayerContactForm(request.POST, instance=Player.objects.get(pk=player.pk))
    if not form.is_valid():
        return _desk(request, player, contact_form=form, status=400)
    try:
        operations.change_player(player, form.cleaned_data, user=request.user)
    except operations.OperationError as error:
        form.add_error(None, error.message)
        return _desk(request, player, contact_form=form, status=400)
    messages.success(request, gettext("%(player)s's contact details saved.") % {"player": player})
    return redirect("director-player", pk=player.pk)


@director_required
@require_POST
def rotate_link(request, pk):
    """A new private link; the old one stops working at once (a lost phone, a link
    shared by mistake)."""
    player = get_object_or_404(Player, pk=pk)
    rotate(player, user=request.user)
    messages.success(
        request,
        gettext("%(player)s has a new private link; the old one no longer works.")
        % {"player": player.name},
    )
    return redirect("director-player", pk=player.pk)
