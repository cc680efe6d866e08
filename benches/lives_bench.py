"""`make bench`'s Swiss-with-lives figure: pairing one round of a 200-player Swiss with
three lives (`core.lives.next_round`, the replay of every game so far included), round
by round after random results until one player is left, against the Swiss's target."""

from __future__ import annotations

import random
import time

from tournament.core import lives

from .measure import verdict

PLAYERS = 200
TARGET_SECONDS = 1.0


def run(emit) -> None:
    rng = random.Random(200)  # noqa: S311 -- results of a simulated tournament, not secrets
    players = list(range(PLAYERS))
    games: list[lives.Game] = []
    times = []
    while True:
        started = time.perf_counter()
        state = lives.replay(players, games, 3, lives.LIVES_TO_THE_END)
        paired = lives.next_round(state, seed=state.last_round + 1)
        times.append(time.perf_counter() - started)
        if paired is None:
            break
        for first, second in paired.pairs:
            games.append(lives.Game(paired.number, first, second, rng.choice((first, second))))
        if paired.bye is not None:
            games.append(lives.Game(paired.number, paired.bye, None, paired.bye))
    worst = round(max(times), 3)
    emit(
        {
            "name": "lives_round_200_players",
            "rounds": len(times) - 1,
            "first_round_players": PLAYERS,
            "seconds_per_round": [round(seconds, 3) for seconds in times[:-1]],
            "worst_seconds": worst,
            **verdict(worst, TARGET_SECONDS, statistic="worst round (s)"),
        }
    )
