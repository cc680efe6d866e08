"""A season's standings: league points for places, then matches, games and points,
computed once per change of the season's tournaments (web.live.computed)."""

from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext
from django_tables2 import RequestConfig

from ...core import league
from ...models import Season
from ...queries.bracket_layout import BRACKET_LABELS
from ...queries.standings import season_standings as season_standings_of
from ...tables import StandingsTable
from ...web import live


def season_standings(request, year):
    """The season's standings: league points for places, then matches, games and points.

    Template: tournament/standings.html; context: season, table, scale (bracket label,
    [(places, points)]), tie_breaks, tournaments, still_playing (tournaments under way:
    the standings are provisional).
    """
    season = get_object_or_404(Season, year=year)
    # Computed once per change of the season's tournaments (a 20,000-game season reads
    # every match): a page nobody changed since costs two queries.
    marks = live.season_marks(season)
    standings = live.computed(f"standings-{season.pk}", marks, lambda: season_standings_of(season))
    table = StandingsTable(standings.records)
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    context = {
        "season": season,
        "table": table,
        "scale": _scale(season),
        "tie_breaks": [gettext(text) for text in league.TIE_BREAKS],
        "tournaments": standings.tournaments,
        "still_playing": standings.still_playing,
        "still_playing_names": ", ".join(t.name for t in standings.still_playing),
    }
    return render(request, "tournament/standings.html", context)


def _scale(season: Season) -> list:
    return [
        (BRACKET_LABELS[kind], [(league.band_label(i), v) for i, v in enumerate(values)])
        for kind, values in season.scale.items()
        if values
    ]
