"""The demo club's Swiss that went on to a knockout (docs/swiss-knockout.md): twelve
players, three Swiss rounds, then a cup of the top four seeded by Swiss place, played
to its final a month ago. Loaded once (looked up by name first), like the other nights.

Every write goes through the operations, as a director's would: the night made and its
players checked in, the draw from a fixed seed, every game recorded with `record_game`
from `sample_games`; the Swiss pairs its rounds and draws its knockout by itself.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import date, timedelta

from .. import operations
from ..core import club_nights
from ..models import Player, Season, Tournament
from .demo_club_nights import _next_open, _play

RNG_SEED = 28  # the draw's and the games': a seed whose Swiss has a tie at the cut's edge
# Twelve of the demo's players who play little elsewhere (the busiest stay the busiest).
FIELD = (0, 17, 18, 20, 21, 23, 24, 25, 26, 27, 29, 30)


def load(season: Season, today: date, names: Sequence[str], players: dict[str, Player]) -> int:
    """Make and play the night unless the season has it already: 1 if it was made."""
    name = f"Suís amb eliminatòria {season.year}"
    if Tournament.objects.filter(season=season, name=name).exists():
        return 0
    tournament = operations.create_tournament(
        {
            "season": season,
            "name": name,
            "date": max(today - timedelta(days=30), season.start),
            "format": club_nights.SWISS,
            "rounds": 3,
            "round_lengths": "5",
            "swiss_knockout": 4,
        },
        {},
    )
    for index in FIELD:
        operations.add_entry(tournament, players[names[index]], checked_in=True)
    operations.make_draw(tournament, rng_seed=RNG_SEED)
    operations.start_tournament(tournament)
    rng = random.Random(RNG_SEED)  # noqa: S311 - demo games, not secrets
    # The Swiss's rounds, then the knockout drawn when the last is decided, to its final.
    while (match := _next_open(tournament, None)) is not None:
        _play(match, rng, finish=True)
    return 1
