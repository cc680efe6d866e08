"""The call screen: a public page for a TV at the club, readable from across the room.
It refreshes its live part like the bracket does, and shows its columns page after
page when there are more matches than a screen holds."""

from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from ..models import Tournament
from ..queries.calls import PAGE, calls_of


@require_GET
def call_screen(request, pk):
    """Template: tournament/calls.html (tournament/includes/calls_live.html alone for
    the live refresh); context: tournament, calls (queries.calls.Calls), page_size."""
    tournament = get_object_or_404(Tournament.objects.public().select_related("season"), pk=pk)
    context = {"tournament": tournament, "calls": calls_of(tournament), "page_size": PAGE}
    if request.GET.get("partial") == "calls":
        return render(request, "tournament/includes/calls_live.html", context)
    return render(request, "tournament/calls.html", context)
