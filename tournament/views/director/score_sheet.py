"""The paper score sheet of one match, to print for its two players. It needs the
directors' permission."""

from django.shortcuts import render
from django.views.decorators.http import require_GET

from ...core import scoring
from ...operations.links import links_for
from ...rule_texts import rules_in_one_line
from ...web.access import director_required
from .match import match_of


@director_required
@require_GET
def score_sheet(request, tournament_pk, pk):
    """The paper score sheet a director prints for the two players: names, table,
    length, clock, the season's rules in one line, a row per game with the score before
    it and a box for the Crawford game; the games already recorded are filled in.

    Template: director/score_sheet.html; context: match, rules, slip (rows, blank),
    player_links (the two players' links, when the sheet shows them: made now, before
    the page renders)."""
    match = match_of(tournament_pk, pk)
    games = list(match.games.all())
    try:
        outcomes = match.replay_games([game.as_result() for game in games]).games
    except scoring.IllegalGame:
        outcomes = [None] * len(games)
    blank = max(scoring.max_games(match.length) - len(games), 0)
    context = {
        "match": match,
        "rules": rules_in_one_line(match.rules),
        "slip": {
            "rows": list(zip(games, outcomes, strict=True)),
            "blank": range(len(games) + 1, len(games) + 1 + min(blank, 40)),
        },
        "player_links": (
            links_for(match.players)
            if match.players_known and match.tournament.players_report
            else {}
        ),
    }
    return render(request, "director/score_sheet.html", context)
