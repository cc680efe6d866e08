"""Random but legal games, for the demo club, the tests and the benchmark.

Pure Python: it asks the match state from `scoring.replay()` what the next game may be
(no cube in the Crawford game, beavers only where the season allows them), so whatever
it produces, `replay()` accepts.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from .scoring import GameResult, MatchState, replay


def _pick(rng: random.Random, weighted: dict) -> object:
    return rng.choices(list(weighted), weights=list(weighted.values()))[0]


def next_game(state: MatchState, rng: random.Random, favourite_odds: float = 0.5) -> GameResult:
    """A plausible next game: the first player wins with probability `favourite_odds`."""
    winner = 0 if rng.random() < favourite_odds else 1
    allowed = state.next_game
    if not allowed.cube:  # the Crawford game
        kind = _pick(rng, {"single": 75, "gammon": 20, "backgammon": 5})
        how = _pick(rng, {"played": 85, "resigned": 15})
        return GameResult(winner, kind, 1, how)
    cube = _pick(rng, {1: 50, 2: 34, 4: 12, 8: 4})
    how = _pick(rng, {"played": 60, "dropped": 25, "resigned": 15})
    if how == "dropped":
        return GameResult(winner, "single", cube, "dropped")
    kind = _pick(rng, {"single": 72, "gammon": 24, "backgammon": 4})
    if allowed.beaver and rng.random() < 0.08:
        return GameResult(winner, kind, max(4, cube * 2), how, beaver=True)
    return GameResult(winner, kind, cube, how)


def games_to_finish(
    state: MatchState, rng: random.Random, favourite_odds: float = 0.5
) -> Iterator[GameResult]:
    """Games until the match is decided, each legal after the ones before it."""
    results = [outcome.result for outcome in state.games]
    while not state.finished:
        game = next_game(state, rng, favourite_odds)
        results.append(game)
        state = replay(state.length, results, state.rules)
        yield game
