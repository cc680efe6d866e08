"""The bench's seasons: cups of a given field played out game by game with random legal
games, through the same operations as a director's entries, until a season holds the
games asked for. Built once per year into the bench's own database and found there on
the next run."""

from __future__ import annotations

import random
import time
from datetime import date, timedelta

from tournament import operations
from tournament.core import draw, sample_games
from tournament.models import Player, Season, Tournament

PLAYERS = 168  # the largest field and some: each cup draws its field from them


def season(year: int, games: int, name: str, field: int, log=None) -> Season:
    """The season of `year`, built with about `games` games in cups of `field` players
    (the last cup stops when the games are reached), or found if it was built before."""
    found = Season.objects.filter(years=str(year)).first()
    if found is not None:
        return found
    # Built through the operations, like every write of the site.
    built = operations.create_season(year, "qgammon-2002", name)
    rng = random.Random(year)  # noqa: S311 - reproducible sample games, not secrets
    players = list(Player.objects.filter(name__startswith="Bench "))
    players += [
        operations.create_player({"name": f"Bench {number:03d}"})
        for number in range(len(players), PLAYERS)
    ]
    recorded, number = 0, 0
    started = time.perf_counter()
    while recorded < games:
        number += 1
        tournament = operations.create_tournament(
            {
                "season": built,
                "name": f"Copa {number}",
                "date": date(year, 1, 1) + timedelta(days=number % 365),
                "consolation": draw.PROGRESSIVE,
                "last_chance": True,
            },
            {draw.MAIN: "5,5,7,7,9,9,11", draw.CONSOLATION: "5", draw.LAST_CHANCE: "3"},
        )
        for player in rng.sample(players, field):
            operations.add_entry(tournament, player, checked_in=True)
        operations.make_draw(tournament, rng_seed=number)
        operations.start_tournament(tournament)  # a draft's matches take no game
        recorded += _play(tournament, rng, games - recorded)
        if log is not None:
            log(f"built {name}: {recorded} games ({time.perf_counter() - started:.0f}s)")
    return built


def _play(tournament, rng, budget: int) -> int:
    recorded = 0
    while recorded < budget:
        match = tournament.matches.ready().first()
        if match is None:
            break
        results = list(sample_games.games_to_finish(match.replay(), rng))
        # One transaction a match: replayed, stored, and the bracket moved on.
        operations.replace_games(match, results)
        recorded += len(results)
    return recorded


def bench_season(year: int, name: str) -> Season:
    """The bench part's own season, found or made."""
    found = Season.objects.filter(years=str(year)).first()
    return found or operations.create_season(year, "qgammon-2002", name)


def named_players(prefix: str, count: int) -> list[Player]:
    """`count` players named "<prefix> 001"..., found or made."""
    players = list(Player.objects.filter(name__startswith=f"{prefix} ").order_by("name"))
    players += [
        operations.create_player({"name": f"{prefix} {number:03d}"})
        for number in range(len(players), count)
    ]
    return players[:count]


def drawn_cup(
    season: Season, name: str, size: int, seed: int, lengths: dict, prefix: str
) -> tuple[Tournament, bool]:
    """A cup of `size` with a progressive consolation and a last chance (every kind of
    slot), drawn and started; found by name if an earlier run made it. True when made
    now."""
    found = season.tournaments.filter(name=name).first()
    if found is not None:
        return found, False
    tournament = operations.create_tournament(
        {
            "season": season,
            "name": name,
            "date": season.start,
            "consolation": draw.PROGRESSIVE,
            "last_chance": True,
        },
        lengths,
    )
    for player in named_players(prefix, size):
        operations.add_entry(tournament, player, checked_in=True)
    operations.make_draw(tournament, rng_seed=seed)
    operations.start_tournament(tournament)  # a draft's matches take no game
    return tournament, True
