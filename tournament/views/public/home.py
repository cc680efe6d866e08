"""The home page: the current season first, with the matches being played now, the next
ones and the running tournaments, then the seasons after it and links to those before
it (their tournaments are on their own pages, so the page costs the same however long
the club's history). Its live part refreshes itself, and costs one query when nothing
changed (web.live)."""

from django.shortcuts import render
from django.utils import timezone

from ...core.seasons import current_season, split_seasons
from ...queries.federation import club_home_seasons
from ...queries.home_page import matches_on_show, with_public_tournaments
from ...queries.marks import running_tournament_marks
from ...web import live
from . import federation

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

    With several clubs, `/` is the federation's home instead (views.public.federation);
    each club's home is `/clubs/<slug>/`.

    Template: tournament/home.html (tournament/includes/home_live.html alone for the
    live refresh); context: current (the season being played: core.seasons), next (the
    seasons after it, made early), others (the earlier seasons, without their
    tournaments), live, upcoming, results_manager (the club's, named: "" for none).
    """
    if request.GET.get("partial") == "live":
        return render(request, "tournament/includes/home_live.html", matches_on_show(HOME_MATCHES))
    # Read first: with several clubs `/` is the federation's home (a club's own home is
    # `/clubs/<slug>/`), in the query that reads the seasons (so a one-club site's home
    # costs what it always did).
    found = club_home_seasons(request.club_id)
    if found.several_clubs and not request.club_prefixed:
        return federation.home(request)
    context = matches_on_show(HOME_MATCHES)
    context["results_manager"] = found.results_manager
    seasons = found.seasons
    spans = {season: season.span for season in seasons}
    current = current_season(
        spans, running=[s for s in seasons if s.under_way], today=timezone.localdate()
    )
    later, earlier = split_seasons(spans, current)
    with_public_tournaments([current, *later] if current else [])
    context["current"], context["next"], context["others"] = current, later, earlier
    return render(request, "tournament/home.html", context)
