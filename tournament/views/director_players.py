"""A player at the director's desk: their private link (shown, as a QR code to scan
from the director's screen, or made anew when it leaked), their matches and their
reported games. Contact details are shown here, to directors only."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from ..models import GameReport, Match, Player, Tournament
from ..operations.links import link_for
from ..operations.links import rotate_link as rotate
from .access import director_required


@director_required
@require_GET
def player_desk(request, pk):
    """Template: director/player.html; context: player, player_links, matches (open and
    to play, in tournaments in play), reports (their waiting ones)."""
    player = get_object_or_404(Player, pk=pk)
    matches = (
        Match.objects.to_play()
        .involving(player)
        .filter(tournament__status__in=Tournament.IN_PLAY)
        .select_related("tournament", "bracket", "player1", "player2")
        .order_by("tournament__date", "round", "pk")
    )
    reports = (
        GameReport.objects.waiting()
        .filter(match__in=Match.objects.involving(player))
        .select_related("reported_by", "match__tournament", "match__player1", "match__player2")
    )
    context = {
        "player": player,
        "player_links": {player.pk: link_for(player)},
        "matches": matches,
        "reports": reports,
    }
    return render(request, "director/player.html", context)


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
