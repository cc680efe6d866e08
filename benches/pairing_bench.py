"""`make bench`'s Swiss figures: pairing one round of a 200-player Swiss, round by round
after random results, against the issue's target ("well under a second")."""

from __future__ import annotations

import random
import time

from tournament.core.swiss import swiss_pairings

from .measure import verdict

PLAYERS = 200
ROUNDS = 8
TARGET_SECONDS = 1.0


def run(emit) -> None:
    rng = random.Random(200)  # noqa: S311 -- results of a simulated tournament, not secrets
    wins = dict.fromkeys(range(PLAYERS), 0)
    played: set = set()
    had_bye: set = set()
    times = []
    for number in range(1, ROUNDS + 1):
        started = time.perf_counter()
        pairs, bye = swiss_pairings(wins, played, had_bye, seed=number)
        times.append(time.perf_counter() - started)
        # Random results, and a win for the bye as the club counts it.
        for pair in pairs:
            played.add(frozenset(pair))
            wins[rng.choice(pair)] += 1
        if bye is not None:
            had_bye.add(bye)
            wins[bye] += 1
    emit(
        {
            "name": "swiss_round_200_players",
            "rounds": ROUNDS,
            "seconds_per_round": [round(seconds, 3) for seconds in times],
            "worst_seconds": round(max(times), 3),
            **verdict(round(max(times), 3), TARGET_SECONDS, statistic="worst round (s)"),
        }
    )
