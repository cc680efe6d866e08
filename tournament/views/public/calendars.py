"""Calendars (.ics): the season's tournaments, public like its page; and a player's
tournaments and matches, from their private link. `exports.calendars` writes them.

Each costs a fixed number of queries (pinned by tests/pages/test_calendars.py).
"""

from django.http import Http404, HttpResponse
from django.views.decorators.http import require_safe

from ...exports import calendars as ics
from ...operations.links import player_by_token
from ...queries.public_tournaments import (
    calendar_entries,
    calendar_matches,
    season_public_tournaments,
)
from ...web.access import private
from ...web.season_address import season_page

CALENDAR = "text/calendar; charset=utf-8"


def calendar_response(body: bytes, filename: str) -> HttpResponse:
    # The filename is ours alone (the years, a fixed word): never a name someone typed.
    response = HttpResponse(body, content_type=CALENDAR)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_safe
@season_page()
def season_calendar(request, season):
    """The season's public tournaments, one all-day event each (2 queries)."""
    tournaments = season_public_tournaments(season, "date", "name", "pk")
    body = ics.season_calendar(season, tournaments, request.build_absolute_uri("/"))
    return calendar_response(body, f"season-{season.years}.ics")


@require_safe
def player_calendar(request, token):
    """A player's public tournaments (withdrawn entries included) and their matches
    with both players known, ready, live or decided (3 queries: the link with its
    player, the entries, the matches).

    The token is the only credential: an unknown or rotated one is a 404. Like the
    player's page, the answer is never indexed, kept by a shared cache or sent on as a
    referrer, and it holds no contact details.
    """
    player = player_by_token(token)
    if player is None:
        raise Http404
    entries = calendar_entries(player)
    matches = calendar_matches(player)
    body = ics.player_calendar(player, entries, matches, request.build_absolute_uri("/"))
    return private(calendar_response(body, "qgammon-my-matches.ics"))
