"""The demo club's double elimination: ten players, played to the end this season, its
grand final won by the losers' bracket's winner so that the reset was played. It is
dated before the summer cup, so the demo's newest finished cup stays the one it was.

As everywhere in the demo, every write goes through the operations: the tournament made
and its players checked in as a director would, the draw made from a fixed seed, every
game recorded with `record_game` (from `sample_games`, so the cubes and gammons vary);
only the grand final's games are chosen, for the reset the demo wants to show.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import date, timedelta

from .. import operations
from ..core import draw, sample_games
from ..core.scoring import GameResult
from ..models import Match, Player, Season, Tournament

RNG_SEED = 28
LENGTHS = {draw.MAIN: "5", draw.CONSOLATION: "5", draw.GRAND_FINAL: "7"}


def name_of(year: int) -> str:
    return f"Doble eliminació {year}"


def load(season: Season, today: date, names: Sequence[str], players: dict[str, Player]) -> bool:
    """Make and play the double elimination unless the season has it; True if made."""
    name = name_of(season.year)
    if Tournament.objects.filter(season=season, name=name).exists():
        return False
    tournament = operations.create_tournament(
        {
            "season": season,
            "name": name,
            "date": max(today - timedelta(days=200), season.start),
            "consolation": draw.DOUBLE,
            "grand_final_reset": True,
            "tables": "4",
        },
        {kind: {"lengths": lengths} for kind, lengths in LENGTHS.items()},
    )
    for player_name in names[18:28]:  # ten: two byes in the winners' first round
        operations.add_entry(tournament, players[player_name], checked_in=True)
    operations.make_draw(tournament, rng_seed=RNG_SEED)
    operations.start_tournament(tournament)
    rng = random.Random(RNG_SEED)  # noqa: S311 - demo games, not secrets
    while (match := _next_open(tournament)) is not None:
        if match.bracket.kind == draw.GRAND_FINAL and match.round == 1:
            # The losers' bracket's winner takes the grand final: the reset is played.
            while not match.is_decided:
                operations.record_game(match, GameResult(1, kind="gammon"))
                match.refresh_from_db()
            continue
        for result in sample_games.games_to_finish(match.replay(), rng):
            operations.record_game(match, result)
    return True


def _next_open(tournament: Tournament) -> Match | None:
    return (
        tournament.matches.open()
        .select_related("bracket", "tournament__season")
        .order_by("bracket_id", "round", "position")
        .first()
    )
