"""The federation's calendar: every club's public tournaments to come, with the club's
name and the address where it plays, as a page (`/calendar/`) and as an .ics feed
(`/calendar.ics`) a phone subscribes to. One query each, whatever the number of clubs
(queries.federation.upcoming); each event links to its page in its club's addresses."""

from __future__ import annotations

from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_safe

from ...exports import calendars as ics
from ...queries.federation import upcoming
from ...web.clubs import club_reverse
from .calendars import calendar_response


def _upcoming(request) -> list:
    events = upcoming(timezone.localdate())
    for tournament in events:
        tournament.url = club_reverse(
            tournament.season.club, "tournament", tournament.pk, root=request.site_root
        )
    return events


@require_safe
def calendar(request):
    """Every club's public tournaments from today on, not finished: one query.

    Template: tournament/federation_calendar.html; context: events (each with
    `season.club` and `url`)."""
    return render(request, "tournament/federation_calendar.html", {"events": _upcoming(request)})


@require_safe
def calendar_ics(request):
    """The same events as an .ics feed, one all-day event each with its club's name and
    address (exports.calendars.federation_calendar): one query."""
    body = ics.federation_calendar(_upcoming(request), request.build_absolute_uri("/"))
    return calendar_response(body, "federation.ics")
