"""A finished tournament's results as the club announces them: a page to share (and to
print as a sheet for the club's notice board) with the podium of each bracket, the
prizes and the best match by GNU Backgammon where any was analysed."""

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from ...models import Tournament
from ...queries.announcement import announcement_of


@require_GET
def announcement(request, pk):
    """Template: tournament/announcement.html; context: tournament, announcement
    (queries.announcement.Announcement). A tournament not finished has none (404)."""
    tournament = get_object_or_404(Tournament.objects.public().select_related("season"), pk=pk)
    if not tournament.is_finished:
        raise Http404
    context = {"tournament": tournament, "announcement": announcement_of(tournament)}
    return render(request, "tournament/announcement.html", context)
