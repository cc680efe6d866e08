"""`make bench`'s figures for deciding a match: the game that decides a match (and its
undo) in a cup of 16 and in one of 256, which should cost the same (the bracket moves
on from the decided match only); a game that decides nothing beside them; a bare INSERT
as the floor every figure is a ratio to; and a whole 256 cup played out through the
operations, one transaction a match.

The two cups are built once in the bench's database (their own season); each run
decides and undoes the same match, so it leaves them as it found them."""

from __future__ import annotations

import random
import time
from unittest import mock

from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from .. import operations
from ..core import draw, sample_games, scoring
from ..models import Match, Season, Tournament
from ..operations import notifications, ratings
from . import bench_seasons

YEAR = 2097
SIZES = (16, 256)
TARGET_RATIO = 1.5  # deciding at 256 entrants within 1.5x of deciding at 16
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


def _decide_and_undo(match: Match, rng: random.Random, repeat: int, meter: _Meter) -> dict:
    """The match one game short of decided (once), then best of `repeat` for the
    deciding game and for taking it back (after one round unmeasured: the first builds
    the plan of the cup, once per process)."""
    results = list(sample_games.games_to_finish(match.replay(), rng))
    for result in results[:-1]:
        operations.record_game(match, result)
    last = results[-1]
    operations.record_game(match, last)
    operations.undo_last_game(match)
    decide, undo = [], []
    for _ in range(repeat):
        decide.append(meter(lambda: operations.record_game(match, last)))
        undo.append(meter(lambda: operations.undo_last_game(match)))
    return {"decide": min(decide), "undo": min(undo)}


def _open_game(match: Match, repeat: int, meter: _Meter) -> tuple[float, int, int]:
    """A game that decides nothing (one point of a 5-point match at 0-0), and its undo."""
    times = []
    for _ in range(repeat):
        times.append(meter(lambda: operations.record_game(match, scoring.GameResult(0))))
        operations.undo_last_game(match)
    return min(times)


def insert_floor(repeat: int) -> float:
    """The floor of every write figure (`_floor`), for the other benches."""
    return _floor(repeat)


def _floor(repeat: int) -> float:
    """One INSERT in its own transaction, committed: what any write costs at least. Into
    a scratch table of the bench's database (none of the club's), emptied afterwards."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TABLE IF NOT EXISTS {_FLOOR_TABLE} (id integer primary key, note text)"
        )
    times = []
    for number in range(repeat):
        started = time.perf_counter()
        with transaction.atomic(), connection.cursor() as cursor:
            # The id given: a plain integer key is not generated on every database.
            cursor.execute(
                f"INSERT INTO {_FLOOR_TABLE} (id, note) VALUES (%s, %s)",  # noqa: S608
                [number, "x"],
            )
        times.append(time.perf_counter() - started)
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {_FLOOR_TABLE}")  # noqa: S608
    return min(times)


def _figure(name: str, measured: tuple[float, int, int], floor: float, **fields) -> dict:
    seconds, queries, own = measured
    return {
        "name": name,
        **fields,
        "seconds": round(seconds, 4),
        "floor_ratio": round(seconds / floor, 1),
        "queries": queries,
        "own_queries": own,
    }


def _play_out(size: int) -> tuple[float, int]:
    """A fresh cup of `size` played to its end through `replace_games`, one match a
    transaction, as a director's correction screen or an import would."""
    season = _season()
    name = f"Play-out {season.tournaments.count() + 1}"
    tournament = _cup(name, size, seed=season.tournaments.count() + 1)
    rng = random.Random(size)  # noqa: S311 -- sample games, not secrets
    played = 0
    started = time.perf_counter()
    while (match := tournament.matches.ready().order_by("pk").first()) is not None:
        operations.replace_games(match, list(sample_games.games_to_finish(match.replay(), rng)))
        played += 1
    return time.perf_counter() - started, played


def run(emit, repeat: int = 3) -> None:
    # Each round is milliseconds: the best of a few more than the bench's `repeat`, so
    # that one busy moment of the machine does not make the ratio.
    repeat = max(repeat, 10)
    floor = _floor(repeat)
    emit({"name": "insert_floor", "seconds": round(floor, 5)})
    rng = random.Random(YEAR)  # noqa: S311 -- sample games, not secrets
    decided = {}
    with _Meter() as meter:
        for size in SIZES:
            cup = _cup(f"Decisions {size}", size, seed=size)
            figures = _decide_and_undo(_ready(cup, 0), rng, repeat, meter)
            decided[size] = figures
            emit(_figure(f"decide_match_{size}", figures["decide"], floor, entrants=size))
            emit(_figure(f"undo_decision_{size}", figures["undo"], floor, entrants=size))
            open_game = _open_game(_ready(cup, 1), repeat, meter)
            emit(_figure(f"open_game_{size}", open_game, floor, entrants=size))
    small, large = decided[SIZES[0]], decided[SIZES[-1]]
    for step in ("decide", "undo"):
        ratio = large[step][0] / small[step][0]
        own = max(small[step][2], large[step][2])
        emit(
            {
                "name": f"{step}_{SIZES[-1]}_vs_{SIZES[0]}",
                "time_ratio": round(ratio, 2),
                "queries": [small[step][1], large[step][1]],
                "own_queries": [small[step][2], large[step][2]],
                "target_time_ratio": TARGET_RATIO,
                "target_own_queries": TARGET_QUERIES,
                "within_target": ratio < TARGET_RATIO
                and small[step][1] == large[step][1]
                and own <= TARGET_QUERIES,
            }
        )
    seconds, matches = _play_out(SIZES[-1])
    emit(
        {
            "name": f"play_out_cup_{SIZES[-1]}",
            "matches": matches,
            "seconds": round(seconds, 1),
            "seconds_per_match": round(seconds / max(matches, 1), 4),
            "floor_ratio_per_match": round(seconds / max(matches, 1) / floor, 1),
        }
    )
