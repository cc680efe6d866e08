"""Pages anyone may read, without an account: players check scores on their phones.

Every view fetches what its template shows in a fixed number of queries (pinned by
tests/test_views_public.py), whatever the size of the club.
"""

from django.db.models import Prefetch, Q
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext

from .. import scoring
from ..bracket_layout import lay_out
from ..models import Match, Player, Season, Tournament
from ..rule_texts import PRESET_LABELS, describe_rules


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
    """A player's matches in public tournaments, newest first.

    Template: tournament/player.html; context: player, matches.
    """
    player = get_object_or_404(Player, pk=pk)
    matches = (
        Match.objects.filter(Q(player1=player) | Q(player2=player), tournament__public=True)
        .select_related("tournament__season", "player1", "player2", "winner", "bracket")
        .order_by("-tournament__date", "-pk")
    )
    return render(request, "tournament/player.html", {"player": player, "matches": matches})
