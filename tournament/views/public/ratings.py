"""The federation's rating list, one over every club's rated matches (the FIBS formula):
`/ratings/` the published players ranked with the provisional apart, a page at a time;
`/ratings/everyone/` everyone ever rated, by name; `/ratings/inactive/` those with no
rated match in a year, as before; the list as a spreadsheet and as JSON
(`/api/federation/ratings/`). The federation's pages: the same under any club's
address (web.clubs.FEDERATION_PATHS)."""

import json
from math import ceil

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, QueryDict
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET
from django_tables2 import RequestConfig

from ...core.rating_list import TREND_DAYS
from ...exports.rating_list import rating_list_sheets
from ...queries import federation_ratings
from ...queries.ratings import rated_players
from ...tables import RatingListTable, RatingsTable
from ...web import live
from ...web.clubs import links_of
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
    rated lately on too little experience, as provisional (`?p-page=`).

    Rendering two tables of 50 rows cost twenty times the season's standings: the
    page's content (tournament/includes/rating_list_content.html) is rendered without
    the request once per state of the list (`queries.federation_ratings.list_state`:
    the ratings' mark, moved by every refresh, the club's, the thresholds and the day),
    per language and per pair of pages, and kept (live.rendered). A list nobody changed
    since costs one query; rendering it anew, seven more (its counts, once per state;
    each table's count and page; its players' clubs and trends).

    Template: tournament/rating_list.html; context: content_html (live.HOLE: the kept
    content is spliced in as bytes), trend_days (the trend's window)."""
    state = federation_ratings.list_state()
    published, provisional = live.computed(
        "rating-list-counts", state.marks, lambda: federation_ratings.counts(state.rules)
    )
    # Only pages the tables have name a kept content (junk is the first page, one past
    # the end the last), so what is kept stays bounded whatever visitors ask.
    page = _page_asked(request, PAGE, published)
    provisional_page = _page_asked(request, PROVISIONAL_PAGE, provisional)
    root = request.site_root

    def content() -> dict:
        # The federation's addresses in it, whichever club's address asked first: the
        # kept content is everyone's (a club's menu around it stays the club's).
        with links_of(None, root):
            return {"content": _content(state.rules, page, provisional_page).encode()}

    parts = live.rendered(
        "rating-list",
        [live.state_of(state.marks)],
        f"{root}:{page}:{provisional_page}",
        content,
    )
    context = {"content_html": live.HOLE, "trend_days": TREND_DAYS}
    return live.splice(render(request, "tournament/rating_list.html", context), parts["content"])


PAGE, PROVISIONAL_PAGE = "page", "p-page"


def _page_asked(request, name: str, rows: int) -> int:
    pages = max(1, ceil(rows / PER_PAGE))
    raw = request.GET.get(name, "")
    # Digits only, and not thousands of them (int() refuses those).
    page = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else 1
    return min(max(page, 1), pages)


def _content(rules, page: int, provisional_page: int) -> str:
    """The list's content for one state, one page of each table, rendered without the
    visitor's request (it is kept for everyone): each table's page links carry the two
    pages alone.

    Template: tournament/includes/rating_list_content.html; context: thresholds,
    table_html, has_rows, provisional_html, has_provisional."""
    query = QueryDict(mutable=True)
    for name, number in ((PAGE, page), (PROVISIONAL_PAGE, provisional_page)):
        if number > 1:
            query[name] = str(number)
    bare = HttpRequest()
    bare.GET = query
    table = RatingListTable(federation_ratings.published(rules))
    provisional = RatingListTable(
        federation_ratings.provisional(rules), prefix="p-", exclude=("rank",)
    )
    federation_ratings.annotate_pages(_page_of(table, bare), _page_of(provisional, bare))
    context = {
        "thresholds": rules,
        # Rendered by django-tables2 from the players' names, escaped there.
        "table_html": mark_safe(table.as_html(bare)),  # noqa: S308
        "has_rows": bool(table.page.object_list),
        "provisional_html": mark_safe(provisional.as_html(bare)),  # noqa: S308
        "has_provisional": bool(provisional.page.object_list),
    }
    return render_to_string("tournament/includes/rating_list_content.html", context)


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
    "last_rated", "rank"}` (docs/api.md). The whole list (20,000 rows in a federation of
    that many players) is written once per state of the list and kept, gzip-compressed
    as it is sent (live.rendered): one query while nothing changed, three more when
    something did."""
    state = federation_ratings.list_state()
    parts = live.rendered(
        "rating-list-json", [live.state_of(state.marks)], "whole", lambda: {"json": _json()}
    )
    response = live.part_response(request, parts["json"])
    response["Content-Type"] = "application/json"
    return response


def _json() -> bytes:
    found = federation_ratings.whole_list()
    thresholds = {
        "min_experience": found.thresholds.min_experience,
        "months": found.thresholds.months,
    }
    answer = {
        "thresholds": thresholds,
        "published": found.published,
        "provisional": found.provisional,
    }
    return json.dumps(answer, cls=DjangoJSONEncoder, separators=(",", ":")).encode()


@require_GET
def ratings_workbook(request):
    """The rating list as the federations publish theirs (.xlsx): the published sheet,
    the provisional one, in the language of the page."""
    today = timezone.localdate()
    found = federation_ratings.whole_list(today)
    return workbook_response(rating_list_sheets(found), f"rating-list-{today.isoformat()}.xlsx")
