"""The tournament's door: the page its QR code opens (printed with the slips, shown on
the call screen). The code is the same for everyone, so the page holds nothing
private and does not know who scanned it: it says whether check-in is open and sends
the player to their own page (their private link, from the club's mail or their
slip), where "I'm here" checks them in, or asks to play when they are not
registered. A private link is never in a code printed for everyone."""

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ...web import live


@require_GET
@live.conditional(live.public_tournament, live.tournament_marks)
def door(request, pk):
    """Template: tournament/door.html; context: tournament. One query (its row and its
    marks); a 304 when they have not moved."""
    tournament = request.live_row
    if tournament is None:
        raise Http404
    return render(request, "tournament/door.html", {"tournament": tournament})
