"""A season's standings: league points for places, then matches, games and points,
computed once per change of the season's tournaments (web.live.computed), and the page's
content of each sort and page rendered once per change too (web.live.rendered)."""

from functools import cache
from math import ceil

from django.http import HttpRequest, QueryDict
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django_tables2 import RequestConfig

from ...core import league
from ...models import Season
from ...queries.bracket_layout import BRACKET_LABELS
from ...queries.standings import season_standings as season_standings_of
from ...tables import StandingsTable
from ...web import live
from ...web.season_address import season_page

PER_PAGE = 50
SORT, PAGE = "sort", "page"
# The columns the table sorts by, each either way: the only sorts kept rendered.
SORTS = frozenset(
    prefix + name
    for name, column in StandingsTable.base_columns.items()
    if column.orderable is not False
    for prefix in ("", "-")
)


@season_page()
def season_standings(request, season):
    """The season's standings: league points for places, then matches, games and points.

    Rendering the table's 50 rows of 13 columns cost thirty times the login page: the
    page's content (tournament/includes/standings_content.html: _content) is rendered
    without the request once per change of the season (its marks), per language and
    per sort and page, and kept (live.rendered). A page nobody changed since costs two
    queries (the season, its marks) and base.html around the kept bytes.

    Template: tournament/standings.html; context: season, content_html (live.HOLE: the
    kept content is spliced in as bytes).
    """
    marks = live.season_marks(season)
    # Computed once per change of the season's tournaments (a 20,000-game season reads
    # every match), and read from the cache only when something is rendered anew.
    standings = cache(
        lambda: live.computed(f"standings-{season.pk}", marks, lambda: season_standings_of(season))
    )
    # How many rows there are, kept apart: enough to check the page asked for.
    rows = live.computed(f"standings-rows-{season.pk}", marks, lambda: len(standings().records))
    # Only a sort the table has and a page it has name a kept content (a junk query
    # string is the first page, unsorted, as the table itself shows it): what is kept
    # stays bounded whatever visitors ask.
    sort, page = _table_state(request, rows)
    parts = live.rendered(
        "standings",
        [live.state_of(marks)],
        f"{season.pk}:{sort}:{page}",
        lambda: {"content": _content(season, standings(), sort, page).encode()},
    )
    context = {"season": season, "content_html": live.HOLE}
    return live.splice(render(request, "tournament/standings.html", context), parts["content"])


def _content(season: Season, standings, sort: str, page: int) -> str:
    """The page's content for one state of the season, one sort and one page.

    Template: tournament/includes/standings_content.html; context: season, table_html,
    has_rows, scale (bracket label, [(places, points)]), tie_breaks, tournament_count,
    still_playing (the names of the tournaments under way: the standings are
    provisional), still_playing_names, awaiting_analysis (a Win + Skill season's matches
    whose skill point waits for an analysis)."""
    still_playing = [tournament.name for tournament in standings.still_playing]
    context = {
        "season": season,
        # Rendered by our templates from the players' names, escaped there.
        "table_html": mark_safe(_table_html(standings.records, sort, page)),  # noqa: S308
        "has_rows": bool(standings.records),
        "scale": _scale(season),
        "tie_breaks": [gettext(text) for text in league.TIE_BREAKS],
        "tournament_count": len(standings.tournaments),
        "still_playing": still_playing,
        "still_playing_names": ", ".join(still_playing),
        "awaiting_analysis": standings.awaiting_analysis,
        "counted": standings.counted,
    }
    return render_to_string("tournament/includes/standings_content.html", context)


def _table_state(request, rows: int) -> tuple[str, int]:
    """The sort and the page asked for, as the table reads them: an unknown sort is
    none; a page that is not a number is the first, one past the end the last."""
    sort = request.GET.get(SORT, "")
    if sort not in SORTS:
        sort = ""
    pages = max(1, ceil(rows / PER_PAGE))
    raw = request.GET.get(PAGE, "")
    # Digits only, and not thousands of them (int() refuses those).
    page = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else 1
    return sort, min(max(page, 1), pages)


def _table_html(records, sort: str, page: int) -> str:
    """The table of one sort and page, rendered without the visitor's request (it is
    kept for everyone): its sort and page links carry those two alone."""
    query = QueryDict(mutable=True)
    if sort:
        query[SORT] = sort
    if page > 1:
        query[PAGE] = str(page)
    bare = HttpRequest()
    bare.GET = query
    table = StandingsTable(records)
    RequestConfig(bare, paginate={"per_page": PER_PAGE}).configure(table)
    return table.as_html(bare)


def _scale(season: Season) -> list:
    return [
        (BRACKET_LABELS[kind], [(league.band_label(i), v) for i, v in enumerate(values)])
        for kind, values in season.scale.items()
        if values
    ]
