"""The home page: the current season first, with the matches being played now, the next
ones and the running tournaments, then the seasons after it and before it. Its live
part refreshes itself, and costs one query when nothing changed (web.live)."""

from django.db.models import Case, IntegerField, Prefetch, When
from django.shortcuts import render
from django.utils import timezone

from ...core.seasons import current_season, split_seasons
from ...models import Match, Season, Tournament
from ...web import live

RUNNING_FIRST = Case(
    When(status=Tournament.Status.RUNNING, then=0),
    When(status=Tournament.Status.DRAFT, then=1),
    default=2,
    output_field=IntegerField(),
)
HOME_MATCHES = 12


def _running_tournaments(request):
    """What the home page's live part shows comes from the running public tournaments:
    their marks (the list changes too when one starts, finishes, hides or goes), and
    the club's."""
    if not live.is_partial(request):
        return ()
    running = Tournament.objects.public().filter(status=Tournament.Status.RUNNING)
    return list(running.annotate(club_mark=live.CLUB_MARK).values_list("pk", "mark", "club_mark"))


def _running_marks(request, rows):
    return [value for row in rows for value in row]


@live.conditional(_running_tournaments, _running_marks, whole_page=False)
def home(request):
    """The current season first: the matches being played now, the next ones, the
    running tournaments; then the earlier seasons.

    Template: tournament/home.html (tournament/includes/home_live.html alone for the
    live refresh); context: current (the season being played: core.seasons), next (the
    seasons after it, made early), others (the earlier seasons), live, upcoming.
    """
    on_show = Match.objects.filter(
        tournament__public=True, tournament__status=Tournament.Status.RUNNING
    ).select_related("tournament", "bracket", "player1", "player2")
    context = {
        # The id breaks ties of versions: without it PostgreSQL's order of equal versions
        # follows the rows' places on disk, which any write of a tournament moves.
        "live": list(on_show.live().order_by("-version", "pk")[:HOME_MATCHES]),
        "upcoming": list(on_show.ready().order_by("round", "pk")[:HOME_MATCHES]),
    }
    if request.GET.get("partial") == "live":
        return render(request, "tournament/includes/home_live.html", context)
    seasons = list(
        Season.objects.prefetch_related(
            Prefetch(
                "tournaments",
                queryset=Tournament.objects.public().order_by(RUNNING_FIRST, "-date", "name"),
                to_attr="public_tournaments",
            )
        )
    )
    spans = {season: season.span for season in seasons}
    current = current_season(
        spans,
        running=[s for s in seasons if any(t.is_running for t in s.public_tournaments)],
        today=timezone.localdate(),
    )
    later, earlier = split_seasons(spans, current)
    context["current"], context["next"], context["others"] = current, later, earlier
    return render(request, "tournament/home.html", context)
