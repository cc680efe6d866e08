"""The home page: the current season first, with the matches being played now, the next
ones and the running tournaments, then the seasons after it and links to those before
it (their tournaments are on their own pages, so the page costs the same however long
the club's history). Its live part refreshes itself, and costs one query when nothing
changed (web.live)."""

from django.shortcuts import render
from django.utils import timezone

from ...core.seasons import current_season, split_seasons
from ...queries.home_page import matches_on_show, seasons_marked_under_way, with_public_tournaments
from ...queries.marks import running_tournament_marks
from ...web import live

HOME_MATCHES = 12


def _running_tournaments(request):
    """What the home page's live part shows comes from the running public tournaments:
    their marks (the list changes too when one starts, finishes, hides or goes), and
    the club's."""
    if not live.is_partial(request):
        return ()
    return running_tournament_marks()


def _running_marks(request, rows):
    return [value for row in rows for value in row]


@live.conditional(_running_tournaments, _running_marks, whole_page=False)
def home(request):
    """The current season first: the matches being played now, the next ones, the
    season's public tournaments; then the seasons after it with theirs, and the earlier
    seasons, a link each. Four queries at any size of history: the live matches, the
    next ones, the seasons, the current and next seasons' tournaments.

    Template: tournament/home.html (tournament/includes/home_live.html alone for the
    live refresh); context: current (the season being played: core.seasons), next (the
    seasons after it, made early), others (the earlier seasons, without their
    tournaments), live, upcoming.
    """
    context = matches_on_show(HOME_MATCHES)
    if request.GET.get("partial") == "live":
        return render(request, "tournament/includes/home_live.html", context)
    seasons = seasons_marked_under_way()
    spans = {season: season.span for season in seasons}
    current = current_season(
        spans, running=[s for s in seasons if s.under_way], today=timezone.localdate()
    )
    later, earlier = split_seasons(spans, current)
    with_public_tournaments([current, *later] if current else [])
    context["current"], context["next"], context["others"] = current, later, earlier
    return render(request, "tournament/home.html", context)
