"""The call screen: a public page for a TV at the club, readable from across the room.
It refreshes its live part like the bracket does, and shows its columns page after
page when there are more matches than a screen holds."""

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ...queries.calls import PAGE, calls_of
from ...web import live


@require_GET
@live.conditional(live.public_tournament, live.tournament_marks_by_minute)
def call_screen(request, pk):
    """Template: tournament/calls.html (tournament/includes/calls_live.html alone for
    the live refresh); context: tournament, calls (queries.calls.Calls), page_size.
    A refresh that finds nothing new is a 304 (live.conditional); its ETag holds the
    minute too, so the clock on the wall's marks move on without a write."""
    tournament = request.live_row
    if tournament is None:
        raise Http404
    context = {"tournament": tournament, "calls": calls_of(tournament), "page_size": PAGE}
    if request.GET.get("partial") == "calls":
        return render(request, "tournament/includes/calls_live.html", context)
    return render(request, "tournament/calls.html", context)
