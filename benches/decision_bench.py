"""`make bench`'s figures for deciding a match: the game that decides a match (and its
undo) in a cup of 16 and in one of 256, which should cost the same (the bracket moves
on from the decided match only), timed in pairs, 256 against 16; each beside a bare
INSERT (the floor of every write), and a game that decides nothing; and a cup of 16 and
one of 256 played out game by game through `operations.record_game`, whose cost per game
should be about the same (a cup played in linear time).

The decision cups are built once in the bench's database (their own season); each run
decides and undoes the same match, so it leaves them as it found them. The played-out
cups are new each run (a started cup cannot be deleted)."""

from __future__ import annotations

import itertools
import random
import time
from unittest import mock

from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tournament import operations
from tournament.core import draw, sample_games, scoring
from tournament.models import Match, Season, Tournament
from tournament.operations import notifications, ratings

from . import bench_seasons, measure

YEAR = 2097
SIZES = (16, 256)
TARGET_RATIO = 1.5  # deciding at 256 entrants within 1.5x of deciding at 16
PER_GAME_TARGET = 1.5  # a game of a 256 cup played out within 1.5x of one of a 16 cup
TARGET_QUERIES = 15  # besides the ratings refresh's and the mail's after the commit
LENGTHS = {draw.MAIN: "5", draw.CONSOLATION: "5", draw.LAST_CHANCE: "3"}
_FLOOR_TABLE = "decision_bench_floor"
_CONTROL = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT")


def _season() -> Season:
    return bench_seasons.bench_season(YEAR, "Bench decisions")


def _cup(name: str, size: int, seed: int) -> Tournament:
    season = _season()
    return bench_seasons.drawn_cup(season, name, size, seed, LENGTHS, "Decide")[0]


def _ready(tournament: Tournament, number: int) -> Match:
    return tournament.matches.filter(status__in=Match.OPEN_STATUSES).order_by("pk")[number]


class _Meter:
    """Seconds and statements of one call (not the transaction's own BEGIN and COMMIT),
    and how many of the statements were the ratings refresh's and the ready-match mail's
    after the commit: the issue's budget of 15 is for the rest, the decision's own."""

    def __init__(self) -> None:
        self.outside = 0

    def __enter__(self) -> _Meter:
        self._patches = [
            mock.patch.object(module, name, self._counting(getattr(module, name)))
            for module, name in ((ratings, "refresh"), (notifications, "mail_ready_matches"))
        ]
        for patch in self._patches:
            patch.start()
        return self

    def __exit__(self, *exc) -> None:
        for patch in self._patches:
            patch.stop()

    def _counting(self, function):
        def counted(*args, **kwargs):
            with CaptureQueriesContext(connection) as queries:
                result = function(*args, **kwargs)
            self.outside += _statements(queries)
            return result

        return counted

    def __call__(self, run) -> tuple[float, int, int]:
        """(seconds, statements, the decision's own statements) of `run()`."""
        self.outside = 0
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            run()
            seconds = time.perf_counter() - started
        total = _statements(queries)
        return seconds, total, total - self.outside


def _statements(queries) -> int:
    return sum(not query["sql"].startswith(_CONTROL) for query in queries)


class _Decider:
    """Deciding `match` with the game that decides it and taking that game back, each
    from the state it needs (made, untimed, by `undecided` and `decided`)."""

    def __init__(self, match: Match, rng: random.Random) -> None:
        self.match = match
        results = list(sample_games.games_to_finish(match.replay(), rng))
        for result in results[:-1]:
            operations.record_game(match, result)
        self.last = results[-1]
        # Once unmeasured: the first builds the plan of the cup, once per process.
        self.decide()
        self.undo()

    def decide(self) -> None:
        operations.record_game(self.match, self.last)

    def undo(self) -> None:
        operations.undo_last_game(self.match)

    def undecided(self) -> None:
        self.match.refresh_from_db()
        if self.match.is_decided:
            self.undo()

    def decided(self) -> None:
        self.match.refresh_from_db()
        if not self.match.is_decided:
            self.decide()


class _Floor:
    """One INSERT in its own transaction, committed: what any write costs at least. Into
    a scratch table of the bench's database (none of the club's), emptied afterwards."""

    def __init__(self) -> None:
        self.numbers = itertools.count()
        with connection.cursor() as cursor:
            cursor.execute(
                f"CREATE TABLE IF NOT EXISTS {_FLOOR_TABLE} (id integer primary key, note text)"
            )
            cursor.execute(f"DELETE FROM {_FLOOR_TABLE}")  # noqa: S608

    def __call__(self) -> None:
        with transaction.atomic(), connection.cursor() as cursor:
            # The id given: a plain integer key is not generated on every database.
            cursor.execute(
                f"INSERT INTO {_FLOOR_TABLE} (id, note) VALUES (%s, %s)",  # noqa: S608
                [next(self.numbers), "x"],
            )

    def close(self) -> None:
        with connection.cursor() as cursor:
            cursor.execute(f"DELETE FROM {_FLOOR_TABLE}")  # noqa: S608


def insert_floor(repeat: int) -> float:
    """The floor of every write figure in seconds (the median of `repeat`), for the
    other benches."""
    floor = _Floor()
    try:
        return measure.repeated(floor, repeat)["wall_ms"]["median"] / 1000
    finally:
        floor.close()


def _queries(meter: _Meter, run, setup) -> dict:
    setup()
    _seconds, total, own = meter(run)
    return {"queries": total, "own_queries": own}


def _play_game_by_game(size: int) -> dict:
    """A fresh cup of `size` played to its end one game at a time through
    `operations.record_game`, as a director enters the games of a club night."""
    season = _season()
    number = season.tournaments.count() + 1
    tournament = _cup(f"Game by game {number}", size, seed=number)
    rng = random.Random(size)  # noqa: S311 -- sample games, not secrets
    games = matches = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while (match := tournament.matches.ready().order_by("pk").first()) is not None:
        for result in sample_games.games_to_finish(match.replay(), rng):
            operations.record_game(match, result)
            games += 1
        matches += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {
        "entrants": size,
        "matches": matches,
        "games": games,
        "seconds": round(wall, 2),
        "cpu_seconds": round(cpu, 2),
        "ms_per_game": round(wall * 1000 / games, 2),
        "cpu_ms_per_game": round(cpu * 1000 / games, 2),
        "ms_per_match": round(wall * 1000 / matches, 2),
    }


def run(emit, pairs: int = measure.PAIRS) -> None:
    # Each run is milliseconds: more pairs than the pages'.
    pairs = max(pairs, 11)
    floor = _Floor()
    emit({"name": "insert_floor", **measure.repeated(floor, pairs * 2)})
    rng = random.Random(YEAR)  # noqa: S311 -- sample games, not secrets
    deciders, counts = {}, {}
    with _Meter() as meter:
        for size in SIZES:
            cup = _cup(f"Decisions {size}", size, seed=size)
            decider = deciders[size] = _Decider(_ready(cup, 0), rng)
            counts[size] = {
                "decide": _queries(meter, decider.decide, decider.undecided),
                "undo": _queries(meter, decider.undo, decider.decided),
            }
            for step, run_step, setup in (
                ("decide", decider.decide, decider.undecided),
                ("undo", decider.undo, decider.decided),
            ):
                timing = measure.paired(run_step, floor, pairs, figure_setup=setup)
                name = "decide_match" if step == "decide" else "undo_decision"
                emit({"name": f"{name}_{size}", "entrants": size, **counts[size][step], **timing})
            open_match = _ready(cup, 1)

            def open_game(open_match=open_match):
                operations.record_game(open_match, scoring.GameResult(0))

            def no_game(open_match=open_match):
                open_match.refresh_from_db()
                if open_match.games.exists():
                    operations.undo_last_game(open_match)

            timing = measure.paired(open_game, floor, pairs, figure_setup=no_game)
            no_game()
            emit(
                {
                    "name": f"open_game_{size}",
                    "entrants": size,
                    **_queries(meter, open_game, no_game),
                    **timing,
                }
            )
            no_game()
    floor.close()
    small, large = (deciders[size] for size in (SIZES[0], SIZES[-1]))
    for step, setup in (("decide", "undecided"), ("undo", "decided")):
        # The two sizes in pairs: the ratio is the 256 cup's decision over the 16's.
        timing = measure.paired(
            getattr(large, step),
            getattr(small, step),
            pairs,
            figure_setup=getattr(large, setup),
            floor_setup=getattr(small, setup),
        )
        queries = [counts[size][step]["queries"] for size in (SIZES[0], SIZES[-1])]
        own = [counts[size][step]["own_queries"] for size in (SIZES[0], SIZES[-1])]
        within = measure.verdict(timing["cpu_ratio"]["median"], TARGET_RATIO)
        within["within_target"] = (
            within["within_target"] and queries[0] == queries[1] and max(own) <= TARGET_QUERIES
        )
        emit(
            {
                "name": f"{step}_{SIZES[-1]}_vs_{SIZES[0]}",
                "queries": queries,
                "own_queries": own,
                "target_own_queries": TARGET_QUERIES,
                **timing,
                **within,
            }
        )
    for decider in (small, large):
        decider.undecided()

    played = {size: _play_game_by_game(size) for size in (SIZES[0], SIZES[-1])}
    ratio = played[SIZES[-1]]["cpu_ms_per_game"] / played[SIZES[0]]["cpu_ms_per_game"]
    emit(
        {
            "name": f"play_cup_{SIZES[-1]}_game_by_game",
            **played[SIZES[-1]],
            f"cup_{SIZES[0]}": played[SIZES[0]],
            "per_game_cpu_ratio": round(ratio, 2),
            **measure.verdict(
                round(ratio, 2),
                PER_GAME_TARGET,
                statistic=f"CPU per game at {SIZES[-1]} over per game at {SIZES[0]}",
            ),
        }
    )
