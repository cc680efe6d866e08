"""The tournament's door: the page its QR code opens (printed with the slips, shown on
the call screen). The code is the same for everyone, so the page holds nothing
private. A phone that opened its player's private link before is remembered
(web.door_device): the door sends it on to that player's own page, at the
tournament's check-in card, where "I'm here" checks them in. Any other visitor reads
whether check-in is open and how to open their own page (their private link, from the
club's mail or their slip), or to ask to play when they are not registered. A private
link is never in a code printed for everyone."""

from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import require_GET

from ...queries.tournament_page import is_public_tournament
from ...web import door_device, live
from ...web.access import private


@live.conditional(live.public_tournament, live.tournament_marks)
def _page(request, pk):
    tournament = request.live_row
    if tournament is None:
        raise Http404
    return render(request, "tournament/door.html", {"tournament": tournament})


@require_GET
def door(request, pk):
    """Template: tournament/door.html; context: tournament. One query (its row and its
    marks); a 304 when they have not moved. A remembered phone: a 303 to its player's
    page, two queries (the link, the tournament). The answer depends on the cookie, so
    a shared cache never keeps it (private, Vary: Cookie), the redirect not at all."""
    found = door_device.remembered(request)
    if found is not None and is_public_tournament(pk):
        _player, token = found
        address = reverse("player-page", args=[token]) + f"#door-{pk}"
        response = private(HttpResponseRedirect(address, status=303))
    else:
        response = _page(request, pk)
        if door_device.sent(request) and found is None:
            door_device.forget(response)  # forged, unsigned, or its link rotated
        patch_cache_control(response, private=True)
    patch_vary_headers(response, ("Cookie",))
    return response
