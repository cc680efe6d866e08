"""The federation's rating list, one over every club's rated matches (the FIBS formula):
`/ratings/` the published players ranked with the provisional apart, a page at a time;
`/ratings/everyone/` everyone ever rated, by name; `/ratings/inactive/` those with no
rated match in a year, as before; the list as a spreadsheet and as JSON
(`/api/federation/ratings/`). The federation's pages: the same under any club's
address (web.clubs.FEDERATION_PATHS)."""

from django.http import JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET
from django_tables2 import RequestConfig

from ...core.rating_list import TREND_DAYS
from ...exports.rating_list import rating_list_sheets
from ...queries import federation_ratings
from ...queries.ratings import rated_players
from ...tables import RatingListTable, RatingsTable
from .downloads import workbook_response

PER_PAGE = 50


def _page_of(table, request) -> list:
    """The table's page, read now (its rows' query), so that their clubs and trends
    are read for every table of the page at once."""
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    return [row.record for row in table.page.object_list]


@require_GET
def ratings(request):
    """The federation's rating list: the players published under its thresholds
    (core.rating_list) ranked by rating, PER_PAGE a page (`?page=`), and apart those
    rated lately on too little experience, as provisional (`?p-page=`). Seven queries
    whatever the players and the games: the thresholds, each table's count and page,
    the clubs and the trends of both pages' players.

    Template: tournament/rating_list.html; context: table (RatingListTable, the
    published), provisional (RatingListTable), thresholds (core.rating_list.Thresholds),
    trend_days (the trend's window)."""
    rules = federation_ratings.thresholds()
    table = RatingListTable(federation_ratings.published(rules))
    provisional = RatingListTable(
        federation_ratings.provisional(rules), prefix="p-", exclude=("rank",)
    )
    federation_ratings.annotate_pages(_page_of(table, request), _page_of(provisional, request))
    context = {
        "table": table,
        "provisional": provisional,
        "thresholds": rules,
        "trend_days": TREND_DAYS,
    }
    return render(request, "tournament/rating_list.html", context)


@require_GET
def everyone(request):
    """Every player ever rated, by name, PER_PAGE a page: the alphabetical list (the
    German list's second). Three queries: the count, the page, its players' clubs.

    Template: tournament/rating_list.html; context: table (RatingListTable without rank
    or trend), everyone (True)."""
    table = RatingListTable(federation_ratings.everyone(), exclude=("rank", "trend"))
    federation_ratings.annotate_pages(_page_of(table, request), trend=False)
    return render(request, "tournament/rating_list.html", {"table": table, "everyone": True})


@require_GET
def inactive(request):
    """The players with no rated match in the last year, by rating, PER_PAGE a page:
    a count and a page of rows.

    Template: tournament/ratings.html; context: table (RatingsTable), inactive (True)."""
    table = RatingsTable(rated_players(active=False))
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    return render(request, "tournament/ratings.html", {"table": table, "inactive": True})


@require_GET
def ratings_json(request):
    """`{"thresholds": {"min_experience", "months"}, "published": [rows], "provisional":
    [rows]}`, a row `{"player", "federation_number", "clubs", "rating", "experience",
    "last_rated", "rank"}` (docs/api.md): the whole list in three queries."""
    found = federation_ratings.whole_list()
    return JsonResponse(
        {
            "thresholds": {
                "min_experience": found.thresholds.min_experience,
                "months": found.thresholds.months,
            },
            "published": found.published,
            "provisional": found.provisional,
        }
    )


@require_GET
def ratings_workbook(request):
    """The rating list as the federations publish theirs (.xlsx): the published sheet,
    the provisional one, in the language of the page."""
    today = timezone.localdate()
    found = federation_ratings.whole_list(today)
    return workbook_response(rating_list_sheets(found), f"rating-list-{today.isoformat()}.xlsx")
