"""A match's page: its games one by one, the score before each, its points and the
Crawford game, each player's chance to win from the score; or, for a bye, who goes on
and where they play next. Its live part refreshes itself (web.live)."""

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext

from ...core import equity, scoring
from ...queries.feeders import feeders_of
from ...queries.onward import where_next
from ...queries.public_matches import public_match
from ...queries.rating_words import rating_line
from ...queries.skill import skill_of
from ...web import live


def _match_row(request, pk):
    return public_match(pk)


def _match_marks(request, match):
    return (match.tournament.mark, match.club_mark)


@live.conditional(_match_row, _match_marks)
def match(request, pk):
    """A match game by game: the score before each game, its points, the Crawford game.

    Template: tournament/match.html (tournament/includes/match_live.html alone for the
    live refresh); context: match, state (scoring.MatchState, None if the stored games
    no longer replay), rows (game row, outcome), replay_error, chances (each player's
    chance to win the match at this score, or None), skill (queries.skill.Skill: GNU
    Backgammon's deepest analysis of the match with a drawn board for each biggest
    error, or None; the full page only), rating_line (whether the match is rated and
    why not, queries.rating_words; the full page only).
    """
    match = request.live_row
    if match is None:
        raise Http404
    if match.is_bye:
        return _bye(request, match)
    games = list(match.games.all())
    state, replay_error = None, None
    try:
        state = match.replay_games([game.as_result() for game in games])
    except scoring.IllegalGame as error:
        # Only possible if the season's rules were edited after the games were played:
        # show the games as stored, and say so, rather than fail.
        replay_error = error.message(gettext)
    rows = list(zip(games, state.games, strict=True)) if state else [(g, None) for g in games]
    context = {
        "match": match,
        "state": state,
        "rows": rows,
        "replay_error": replay_error,
        "feeders": feeders_of(match),
        "chances": equity.chances_at(state)
        if state and match.player1_id and match.player2_id
        else None,
    }
    if request.GET.get("partial") == "score":
        return render(request, "tournament/includes/match_live.html", context)
    context["skill"] = skill_of(match)
    context["rating_line"] = rating_line(match)
    return render(request, "tournament/match.html", context)


def _bye(request, match):
    """A bye's slot: who goes on without playing, and where they play next.

    Template: tournament/match.html; context: match, bye_player, bye_next (their next
    match in the tournament, as the plan or the rounds say: queries.onward)."""
    player = match.winner or match.player1 or match.player2
    onward = where_next(match) if player else []
    later = onward[0].next_match if onward else None
    context = {"match": match, "bye_player": player, "bye_next": later}
    return render(request, "tournament/match.html", context)
