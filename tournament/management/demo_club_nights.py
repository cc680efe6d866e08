"""The demo club's nights beside its cups: a Swiss played to the end and a round robin
in groups under way, loaded once (looked up by name first) like the cups.

As everywhere in the demo, every write goes through the operations: the night made and
its players checked in as a director would, the draw made from a fixed seed, every game
recorded with `record_game` from `sample_games` (so the cubes, gammons and drops vary
and the tie-breaks have something to break), and each next Swiss round paired by the
operations themselves when the last match of the round before is decided.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from .. import operations
from ..core import club_nights, sample_games
from ..models import Match, Player, Season, Tournament


@dataclass(frozen=True)
class DemoNight:
    name: str
    date: date
    format: str
    players: tuple[str, ...]
    rng_seed: int
    round_lengths: str
    rounds: int = club_nights.DEFAULT_ROUNDS
    group_size: int | None = None
    tables: str = ""
    # Rounds played out in every group (None: all of them), then how many games of the
    # next round's first match are recorded, leaving it under way.
    decide_rounds: int | None = None
    live_games: int = 0


def nights_of_this_year(year: int, today: date, names: Sequence[str]) -> list[DemoNight]:
    """A finished Swiss of 11 (a bye in every round) two months ago, and tonight's round
    robin of two groups of 5, its third round being played. Tonight's players are none
    of those still in the running cup (`names[19:]`, and the two who have not arrived)."""
    return [
        DemoNight(
            f"Nit suïssa {year}",
            max(today - timedelta(days=60), date(year, 1, 1)),
            club_nights.SWISS,
            tuple(names[1::3]),  # 11 players, from every part of the list
            rng_seed=21,  # a seed whose games leave players level on wins, split by tie-breaks
            round_lengths="5,5,7",
            rounds=3,
        ),
        DemoNight(
            f"Lligueta de grups {year}",
            today,
            club_nights.ROUND_ROBIN,
            tuple(names[3:13]),
            rng_seed=42,
            round_lengths="5",
            group_size=5,
            tables="4",
            decide_rounds=2,
            live_games=2,
        ),
    ]


def load(season: Season, night: DemoNight, players: dict[str, Player]) -> bool:
    """Make and play the night unless the season has it already; True if it was made."""
    if Tournament.objects.filter(season=season, name=night.name).exists():
        return False
    tournament = operations.create_tournament(
        {
            "season": season,
            "name": night.name,
            "date": night.date,
            "format": night.format,
            "rounds": night.rounds,
            "round_lengths": night.round_lengths,
            "group_size": night.group_size,
            "tables": night.tables,
        },
        {},
    )
    for name in night.players:
        operations.add_entry(tournament, players[name], checked_in=True)
    operations.make_draw(tournament, rng_seed=night.rng_seed)
    operations.start_tournament(tournament)
    rng = random.Random(night.rng_seed)  # noqa: S311 - demo games, not secrets
    while (match := _next_open(tournament, night.decide_rounds)) is not None:
        _play(match, rng, finish=True)
    if night.live_games:
        match = _next_open(tournament, None)
        if match is not None:
            _play(match, rng, finish=False, games=night.live_games)
    return True


def _next_open(tournament: Tournament, up_to_round: int | None) -> Match | None:
    matches = tournament.matches.open()
    if up_to_round is not None:
        matches = matches.filter(round__lte=up_to_round)
    return (
        matches.select_related("tournament__season").order_by("round", "group", "position").first()
    )


def _play(match: Match, rng: random.Random, finish: bool, games: int = 0) -> None:
    results = list(sample_games.games_to_finish(match.replay(), rng))
    if not finish:
        # Under way: a game or two, never the deciding one.
        results = results[: min(games, len(results) - 1)]
    for result in results:
        operations.record_game(match, result)
