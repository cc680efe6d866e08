"""The demo club's Swiss with lives: nine players, out at their second loss, the last
two in a final where a player with fewer losses must be beaten twice, one player buying
back in after round 2; played to its end, through the operations as a director would.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import date, timedelta
from decimal import Decimal

from .. import operations
from ..core import club_nights, lives, sample_games
from ..models import Player, Season, Tournament
from ..models.lives_state import lives_state

RNG_SEED = 28


def name_of(year: int) -> str:
    return f"Més suís {year}"


def load(season: Season, today: date, names: Sequence[str], players: dict[str, Player]) -> bool:
    """Make and play the event unless the season has it already; True if it was made."""
    name = name_of(season.year)
    if Tournament.objects.filter(season=season, name=name).exists():
        return False
    tournament = operations.create_tournament(
        {
            "season": season,
            "name": name,
            "date": max(today - timedelta(days=30), season.start),
            "format": club_nights.LIVES,
            "round_lengths": "5",
            "lives": 2,
            "playoff": lives.BEATEN_TWICE,
            "reentry_fee": Decimal("5.00"),
        },
        {"main": {"lengths": "5", "fee": Decimal("10.00")}},
    )
    for player_name in names[-9:]:
        operations.add_entry(tournament, players[player_name], checked_in=True)
    operations.make_draw(tournament, rng_seed=RNG_SEED)
    operations.start_tournament(tournament)
    rng = random.Random(RNG_SEED)  # noqa: S311 - demo games, not secrets
    reentered = False
    while (match := tournament.matches.open().order_by("round", "position").first()) is not None:
        if not reentered and match.round == 3:
            reentered = _reenter_one(tournament)
        for result in sample_games.games_to_finish(match.replay(), rng):
            operations.record_game(match, result)
    return True


def _reenter_one(tournament: Tournament) -> bool:
    """The first player out buys back in (cash), as the desk's re-entry does."""
    event = lives_state(tournament)
    out = sorted(key for key, record in event.records.items() if record.out_round is not None)
    if not out or len(event.still_in()) < lives.REENTRY_CLOSES_BELOW:
        return False
    operations.reenter(tournament, tournament.entries.get(player_id=out[0]), method="cash")
    return True
