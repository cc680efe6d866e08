"""The demo club's team event: four teams of three, one group (each team meets the
other three), then a final between the two best, played to the end; loaded once
(looked up by name first), like the cups and the club nights.

Every write goes through the operations, as a director's would: the event made, its
teams entered in board order, the draw from a fixed seed, every game recorded with
`record_game` from `sample_games`; the team matches settle from their boards, the
final is drawn and its boards made by the operations themselves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import date, timedelta

from .. import operations
from ..core import club_nights, sample_games
from ..models import Player, Season, Tournament

RNG_SEED = 28
# Teams named for the club's tables, each with three players of the demo's list.
TEAMS = (("Taula del Pi", "Q-gammon"), ("Els Dobles", "Q-gammon"), ("Gammon Sants", ""),
         ("Cub Blanc", "Q-gammon"))  # fmt: skip


def load(season: Season, today: date, names: Sequence[str], players: dict[str, Player]) -> int:
    """Make and play the team event unless the season has it; 1 if it was made."""
    name = f"Lliga d'equips {season.year}"
    if Tournament.objects.filter(season=season, name=name).exists():
        return 0
    tournament = operations.create_tournament(
        {
            "season": season,
            "name": name,
            "date": max(today - timedelta(days=30), season.start),
            "format": club_nights.TEAMS,
            "team_size": 3,
            "knockout": 2,
            "round_lengths": "3,3,3,5",  # the final to 5
        },
        {},
    )
    chosen = list(names[2::2])[: 3 * len(TEAMS)]
    for number, (team, club) in enumerate(TEAMS):
        line = chosen[number * 3 : number * 3 + 3]
        operations.save_team(
            tournament, name=team, club=club, players=[players[n].pk for n in line]
        )
    operations.make_draw(tournament, rng_seed=RNG_SEED)
    operations.start_tournament(tournament)
    rng = random.Random(RNG_SEED)  # noqa: S311 - demo games, not secrets
    while (
        match := tournament.matches.open()
        .select_related("tournament__season")
        .order_by("group", "round", "position")
        .first()
    ) is not None:
        for result in sample_games.games_to_finish(match.replay(), rng):
            operations.record_game(match, result)
    return 1
