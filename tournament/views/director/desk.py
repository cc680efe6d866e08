"""The director's desk: the live matches first, then those ready to start, then the
tournaments, and how many reported games wait in the queue. It needs the directors'
permission."""

from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from ...queries.director_desk import newest_tournaments, open_matches_in_play, reports_waiting
from ...web import push_control
from ...web.access import director_required


@director_required
@require_GET
def desk(request):
    """The live matches first, then those ready to start (each with the clock on the
    wall's mark, `match.wall`), then the tournaments.

    Template: director/desk.html; context: matches, tournaments, reports_waiting, push
    (the "Allow notifications" control; None without the club's VAPID key).
    """
    matches = open_matches_in_play()
    # The clock on the wall: running over, not at the table, adjourned.
    now = timezone.now()
    for match in matches:
        match.wall = match.wall_mark(now)
    tournaments = newest_tournaments(50)
    context = {
        "matches": matches,
        "tournaments": tournaments,
        # Reported games waiting for the opponent or the director (lapsed ones too:
        # the director throws those away from the queue).
        "reports_waiting": reports_waiting(request.club_id),
        "push": push_control.control(
            url=reverse("director-push"),
            off_url=reverse("director-push-off"),
            owner=f"director-{request.user.pk}",
            intro=gettext(
                "A reported game disputed, a match running over its expected length: told "
                "on this device, even with the page closed."
            ),
        ),
    }
    return render(request, "director/desk.html", context)
