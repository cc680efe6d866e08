"""`make bench`'s figures for a round robin (issue 25, item 1): the queries of deciding a
match in a group of 5, of 8 and of 16, which should be the same count (the decision
calls the next matches of the group from its rows, not one query a match), and the
time of it beside them.

Each round robin is one group of its size, made through the operations as the demo's
club nights are, and found by name on the next run; each run decides and undoes the
last match of its first round (the others played once), so it leaves it as it found it."""

from __future__ import annotations

import random
from datetime import date

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournament import operations
from tournament.core import club_nights, sample_games
from tournament.models import Tournament

from . import bench_seasons, measure

YEAR = 2094
GROUPS = (5, 8, 16)


def _round_robin(size: int) -> Tournament:
    season = bench_seasons.bench_season(YEAR, "Bench round robins")
    name = f"Round robin {size}"
    found = season.tournaments.filter(name=name).first()
    if found is not None:
        return found
    tournament = operations.create_tournament(
        {
            "season": season,
            "name": name,
            "date": date(YEAR, 1, 1),
            "format": club_nights.ROUND_ROBIN,
            "round_lengths": "5",
            "group_size": size,
        },
        {},
    )
    for player in bench_seasons.named_players("Group", size):
        operations.add_entry(tournament, player, checked_in=True)
    operations.make_draw(tournament, rng_seed=size)
    operations.start_tournament(tournament)
    return tournament


def _last_of_first_round(tournament: Tournament, rng: random.Random):
    """The last open match of round 1, the others of that round played (once, kept in
    the bench's database): deciding it calls the round-2 matches that waited on it, the
    same moment in a group of any size. (The first match of round 1 was not: in a group
    of 5 it readies the match of the player who sat out, in a group of 8 nothing.)"""
    while True:
        first_round = list(tournament.matches.open().filter(round=1).order_by("group", "position"))
        if len(first_round) == 1:
            return first_round[0]
        match = first_round[0]
        for result in sample_games.games_to_finish(match.replay(), rng):
            operations.record_game(match, result)


def run(emit, pairs: int = measure.PAIRS) -> None:
    rng = random.Random(YEAR)  # noqa: S311 -- sample games, not secrets
    counts, times = [], []
    for size in GROUPS:
        match = _last_of_first_round(_round_robin(size), rng)
        results = list(sample_games.games_to_finish(match.replay(), rng))
        for result in results[:-1]:
            operations.record_game(match, result)
        last = results[-1]

        def decide(match=match, last=last):
            operations.record_game(match, last)

        def undecided(match=match):
            match.refresh_from_db()
            if match.is_decided:
                operations.undo_last_game(match)

        decide()  # once unmeasured: the plan and the caches of a first decision
        undecided()
        with CaptureQueriesContext(connection) as queries:
            decide()
        undecided()
        timing = measure.repeated(decide, pairs, setup=undecided)
        undecided()
        counts.append(len(queries))
        times.append(timing["cpu_ms"]["median"])
        emit(
            {
                "name": f"round_robin_decide_group_{size}",
                "group": size,
                "queries": len(queries),
                **timing,
            }
        )
    emit(
        {
            "name": "round_robin_decide_queries_by_group",
            "groups": list(GROUPS),
            "queries": counts,
            "cpu_ms_median": times,
            "target": "the same count at 5, 8 and 16",
            "verdict_statistic": "queries of the deciding game",
            "within_target": len(set(counts)) == 1,
        }
    )
