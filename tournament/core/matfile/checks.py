"""A parsed transcript checked against a season's rules: `check()` and `read()`.

`check()` replays the games with `scoring.replay`, and every game's points and Crawford
mark must agree with the replay (a score line that does not is `parse()`'s warning);
`read()` is `parse()` then `check()`.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from ..messages import _
from ..rules import RuleSet
from ..scoring import IllegalGame, MatchState, replay
from .base import MatError, MatGame, MatMatch
from .parsing import parse


def check(match: MatMatch, rules: RuleSet) -> MatchState:
    """Replay the games under the season's rules.

    Raises MatError at the first game whose points or Crawford mark the
    replay contradicts, and wraps what `replay()` refuses (a double in the Crawford
    game, a game after the match was decided...) keeping its message.
    """
    results = [game.result for game in match.games]
    failure: IllegalGame | None = None
    try:
        state = replay(match.length, results, rules)
    except IllegalGame as error:
        failure = error
        # Replay the games it accepted, so that an earlier score line is blamed first.
        accepted = (error.game_number or 1) - 1
        state = replay(match.length, results[:accepted], rules)
    for game, outcome in zip(match.games, state.games, strict=False):
        _check_game(game, outcome.score_before, rules)
        if game.points != outcome.points:
            raise MatError(
                game.line,
                _(
                    "game %(number)s: 'Wins %(written)s' does not agree with this season's "
                    "rules, which make the game worth %(points)s"
                ),
                number=game.number,
                written=game.points,
                points=outcome.points,
            )
        if game.crawford_marked and not outcome.crawford:
            raise MatError(
                game.line,
                _("game %(number)s is marked as the Crawford game, but by the score it is not"),
                number=game.number,
            )
    if failure is None:
        return state
    number = failure.game_number
    if number is None or number > len(match.games):
        raise MatError(None, failure.template, **failure.params) from failure
    game = match.games[number - 1]
    if not state.finished:
        # A game after the end has no right score line; any other is checked first.
        _check_game(game, state.raw_score, rules)
    raise MatError(game.line, failure.template, **failure.params) from failure


def _check_game(game: MatGame, replayed: tuple[int, int], rules: RuleSet) -> None:
    # A score line the games do not make is parse()'s warning, not a refusal here.
    del replayed
    if game.raccoon and not rules.raccoons:
        raise MatError(
            game.line,
            _("game %(number)s: this season's matches are played without raccoons"),
            number=game.number,
        )


def read(text: str, rules: RuleSet) -> tuple[MatMatch, MatchState]:
    """parse() then check(): the transcript and the match state it leads to."""
    match = parse(text)
    return match, check(match, rules)
