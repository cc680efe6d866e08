"""Pages anyone may read, without an account: players check scores on their phones.

Every view fetches what its template shows in a fixed number of queries (pinned by
tests/test_views_public.py), whatever the size of the club.
"""

import tempfile

from django.db.models import Prefetch
from django.http import FileResponse
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django.utils.translation import gettext
from django.views.decorators.http import require_GET
from django_tables2 import RequestConfig

from .. import league, scoring
from ..bracket_layout import BRACKET_LABELS, lay_out
from ..exports import season_sheets, tournament_sheets, write_workbook
from ..models import Match, Player, Season, Tournament
from ..rule_texts import PRESET_LABELS, describe_rules
from ..standings import player_history, tournament_standings
from ..standings import season_standings as season_standings_of
from ..tables import (
    HeadToHeadTable,
    PlacesTable,
    PlayerMatchesTable,
    StandingsTable,
    place_rows,
)

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def home(request):
    """The club's seasons, newest first, each with its public tournaments.

    Template: tournament/home.html; context: seasons (each with .public_tournaments).
    """
    seasons = Season.objects.prefetch_related(
        Prefetch(
            "tournaments",
            queryset=Tournament.objects.public().order_by("-date", "name"),
            to_attr="public_tournaments",
        )
    )
    return render(request, "tournament/home.html", {"seasons": seasons})


def season(request, year):
    """A season's rules in plain words and its tournaments.

    Template: tournament/season.html; context: season, rule_texts, preset_label,
    tournaments.
    """
    season = get_object_or_404(Season, year=year)
    context = {
        "season": season,
        "rule_texts": describe_rules(season.rules),
        "preset_label": PRESET_LABELS.get(season.preset, ""),
        "tournaments": season.tournaments.public().order_by("-date", "name"),
    }
    return render(request, "tournament/season.html", context)


def tournament(request, pk):
    """A tournament's brackets (main, consolation, last chance), round by round.

    Template: tournament/tournament.html; context: tournament, brackets (a list of
    bracket_layout.BracketView), other_matches (matches outside any bracket).
    """
    tournament = get_object_or_404(Tournament.objects.public().select_related("season"), pk=pk)
    matches = list(tournament.matches.select_related("player1", "player2", "winner", "bracket"))
    context = {
        "tournament": tournament,
        "brackets": lay_out(tournament, matches, tournament.brackets.all()),
        "other_matches": [match for match in matches if match.bracket_id is None],
    }
    return render(request, "tournament/tournament.html", context)


def match(request, pk):
    """A match game by game: the score before each game, its points, the Crawford game.

    Template: tournament/match.html; context: match, state (scoring.MatchState, None if
    the stored games no longer replay), rows (game row, outcome), replay_error.
    """
    match = get_object_or_404(
        Match.objects.filter(tournament__public=True).select_related(
            "tournament__season", "player1", "player2", "winner", "bracket"
        ),
        pk=pk,
    )
    games = list(match.games.all())
    state, replay_error = None, None
    try:
        state = scoring.replay(match.length, [game.as_result() for game in games], match.rules)
    except scoring.IllegalGame as error:
        # Only possible if the season's rules were edited after the games were played:
        # show the games as stored, and say so, rather than fail.
        replay_error = error.message(gettext)
    rows = list(zip(games, state.games, strict=True)) if state else [(g, None) for g in games]
    context = {"match": match, "state": state, "rows": rows, "replay_error": replay_error}
    return render(request, "tournament/match.html", context)


def player(request, pk):
    """A player's matches with score and opponent, and the record against each opponent.

    Template: tournament/player.html; context: player, matches (PlayerMatchesTable),
    head_to_head (HeadToHeadTable).
    """
    player = get_object_or_404(Player, pk=pk)
    lines, head_to_head = player_history(player)
    matches = PlayerMatchesTable(lines, prefix="m-")
    RequestConfig(request, paginate={"per_page": 25}).configure(matches)
    rivals = HeadToHeadTable(head_to_head, prefix="h-")
    RequestConfig(request, paginate={"per_page": 25}).configure(rivals)
    context = {"player": player, "matches": matches, "head_to_head": rivals}
    return render(request, "tournament/player.html", context)


def season_standings(request, year):
    """The season's standings: league points for places, then matches, games and points.

    Template: tournament/standings.html; context: season, table, scale (bracket label,
    [(places, points)]), tie_breaks, tournaments.
    """
    season = get_object_or_404(Season, year=year)
    standings = season_standings_of(season)
    table = StandingsTable(standings.records)
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    context = {
        "season": season,
        "table": table,
        "scale": _scale(season),
        "tie_breaks": [gettext(text) for text in league.TIE_BREAKS],
        "tournaments": standings.tournaments,
    }
    return render(request, "tournament/standings.html", context)


def _scale(season: Season) -> list:
    return [
        (BRACKET_LABELS[kind], [(league.band_label(i), v) for i, v in enumerate(values)])
        for kind, values in season.scale.items()
        if values
    ]


def _workbook_response(sheets, filename: str):
    # A temporary file, not memory: a big season's workbook streams to disk first.
    output = tempfile.TemporaryFile()  # noqa: SIM115 - FileResponse closes it once sent
    write_workbook(sheets, output)
    output.seek(0)
    response = FileResponse(output, as_attachment=True, filename=filename)
    response["Content-Type"] = XLSX
    return response


@require_GET
def season_workbook(request, year):
    """The season's spreadsheet (.xlsx) in the language of the page."""
    season = get_object_or_404(Season, year=year)
    return _workbook_response(season_sheets(season), f"qgammon-{season.year}.xlsx")


def tournament_results(request, pk):
    """A tournament's final places bracket by bracket, and its players' figures.

    Template: tournament/results.html; context: tournament, places (PlacesTable),
    table (StandingsTable).
    """
    tournament = get_object_or_404(Tournament.objects.public().select_related("season"), pk=pk)
    standings = tournament_standings(tournament)
    places = PlacesTable(place_rows(standings.places), prefix="p-")
    RequestConfig(request, paginate={"per_page": 50}).configure(places)
    table = StandingsTable(standings.records, prefix="s-")
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    context = {"tournament": tournament, "places": places, "table": table}
    return render(request, "tournament/results.html", context)


@require_GET
def tournament_workbook(request, pk):
    tournament = get_object_or_404(Tournament.objects.public().select_related("season"), pk=pk)
    filename = f"qgammon-{tournament.season.year}-{slugify(tournament.name)}.xlsx"
    return _workbook_response(tournament_sheets(tournament), filename)
