"""`make bench`'s figures for the ratings: deciding a match (and taking it back) with
100 and with 10,000 rated matches before it, which should cost the same (a decision
appends its two players' new ratings; the history is not read again), each beside a
bare INSERT as the floor; and, for the record, what correcting the club's first rated
match costs with 10,000 after it (every later match rated again, as a rebuild would).

The history is the club's past as rows: decided matches written in bulk, in their own
season, then rated once by `refresh(rebuild=True)` (`operations.past_matches`); the
decided match is played through the operations. Each run decides and undoes the same
match, so it leaves the database as it found it. The counts are of every rated match in
the database: `make bench` runs this part alone on a database of its own (`bench
--ratings`), where the smaller history is 100; in one that holds more, the figure says
how many there were."""

from __future__ import annotations

import random
import time
from datetime import timedelta

from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tournament import operations
from tournament.core import draw
from tournament.core.scoring import GameResult
from tournament.models import Match, Player, RatingChange, Season, Tournament
from tournament.operations import past_matches, ratings

from . import measure

YEAR = 2095
HISTORIES = (100, 10_000)
TARGET_RATIO = 2.0  # deciding with 10,000 rated matches before it within 2x of 100
POOL = 40
_FLOOR_TABLE = "ratings_bench_floor"


def _season() -> Season:
    season = Season.objects.filter(years=str(YEAR)).first()
    return season or operations.create_season(YEAR, "qgammon-2002", "Bench ratings")


def _players() -> list[Player]:
    players = list(Player.objects.filter(name__startswith="Rated ").order_by("name"))
    players += [
        operations.create_player({"name": f"Rated {number:03d}"})
        for number in range(len(players), POOL)
    ]
    return players[:POOL]


def _past() -> Tournament:
    season = _season()
    return season.tournaments.filter(name="Past").first() or operations.create_tournament(
        {"season": season, "name": "Past", "date": f"{YEAR}-01-01"}, {}
    )


def _history(count: int) -> int:
    """`count` rated matches in the club (or as few as the rest of the database
    allows), the past ones decided years ago: rows written (or removed) in bulk in a
    tournament of their own, then one rebuild. Returns how many there are."""
    past = _past()
    wanted = max(count - ratings.rated_matches().exclude(tournament=past).count(), 0)
    have = past.matches.count()
    if have > wanted:
        past_matches.remove_past_matches(past, have - wanted)
    elif have < wanted:
        rng = random.Random(have)  # noqa: S311 -- sample results, not secrets
        players = _players()
        start = timezone.now() - timedelta(days=3650)
        rows = []
        for number in range(have, wanted):
            first, second = rng.sample(players, 2)
            rows.append(
                Match(
                    tournament=past,
                    round=1 + number // 1000,
                    position=1 + number % 1000,
                    player1=first,
                    player2=second,
                    length=rng.choice((3, 5, 7, 9)),
                    status=Match.Status.DECIDED,
                    decided_by=Match.DecidedBy.GAMES,
                    winner=rng.choice((first, second)),
                    decided_at=start + timedelta(minutes=number),
                )
            )
        past_matches.add_past_matches(past, rows)
    return ratings.rated_matches().count()


def _match_to_decide() -> Match:
    """A match of a cup among the history's players, one game short of decided: a
    gammon to 3 (the next game is the Crawford game, which decides it)."""
    season = _season()
    cup = season.tournaments.filter(name="Cup").first()
    if cup is None:
        cup = operations.create_tournament(
            {"season": season, "name": "Cup", "date": f"{YEAR}-06-01"}, {draw.MAIN: "3"}
        )
        for player in _players()[:8]:
            operations.add_entry(cup, player, checked_in=True)
        operations.make_draw(cup, rng_seed=YEAR)
        operations.start_tournament(cup)  # a draft's matches take no game
        match = cup.matches.ready().order_by("pk").first()
        operations.record_game(match, GameResult(0, "gammon"))
    return cup.matches.live().order_by("pk").first()


def _timed(run) -> tuple[float, int, list[int], float]:
    """Seconds, queries, the queries of each ratings refresh, and the seconds of the
    refreshes, of one call."""
    refresh, counted, refreshing = ratings.refresh, [], []

    def measured(*args, **kwargs):
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            refreshed = refresh(*args, **kwargs)
            refreshing.append(time.perf_counter() - started)
        counted.append(len(queries))
        return refreshed

    ratings.refresh = measured
    try:
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            run()
            seconds = time.perf_counter() - started
    finally:
        ratings.refresh = refresh
    return seconds, len(queries), counted, sum(refreshing)


class _Floor:
    """One INSERT in its own transaction (committed): what any write costs at least."""

    def __init__(self) -> None:
        with connection.cursor() as cursor:
            cursor.execute(
                f"CREATE TEMPORARY TABLE IF NOT EXISTS {_FLOOR_TABLE} "
                "(id integer primary key, note text)"
            )

    def __call__(self) -> None:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(f"INSERT INTO {_FLOOR_TABLE} (note) VALUES (%s)", ["x"])  # noqa: S608


def _steps(match: Match) -> dict:
    """Deciding `match` (a gammon to 3 at 2-0: the next game decides) and taking it
    back, each with the setup that brings the match to where it starts (untimed)."""
    last = GameResult(0)

    def decide():
        operations.record_game(match, last)

    def undo():
        operations.undo_last_game(match)

    def undecided():
        match.refresh_from_db()
        if match.is_decided:
            undo()

    def decided():
        match.refresh_from_db()
        if not match.is_decided:
            decide()

    return {"decide": (decide, undecided), "undo": (undo, decided)}


def _correct_first(floor: float) -> dict:
    """The history's first match given to the other player and back, each rated again
    with every match after it (a correction's fallback: from that point on)."""
    first = (
        RatingChange.objects.filter(won=True, match__tournament=_past())
        .order_by("sequence")
        .first()
    )
    after = RatingChange.objects.filter(sequence__gt=first.sequence).count() // 2
    times = []
    for winner in (first.opponent_id, first.player_id):
        # The rating again alone: the winner's one-row change is not what is measured.
        *_measured, refreshing = _timed(
            lambda winner=winner: past_matches.change_past_winner(first.match, winner)
        )
        times.append(refreshing)
    return {
        "name": "ratings_correct_first_of_history",
        "rated_after": after,
        "seconds": round(min(times), 3),
        "floor_ratio": round(min(times) / floor, 1),
    }


def run(emit, pairs: int = measure.PAIRS) -> None:
    pairs = max(pairs, 11)
    floor = _Floor()
    emit({"name": "ratings_insert_floor", **measure.repeated(floor, pairs * 2)})
    figures = {}
    for size in HISTORIES:
        before = _history(size)
        match = _match_to_decide()
        for step, (run_step, setup) in _steps(match).items():
            setup()
            _seconds, queries, rating_queries, _refreshing = _timed(run_step)
            timing = measure.paired(run_step, floor, pairs, figure_setup=setup)
            figures[size, step] = (timing, rating_queries)
            emit(
                {
                    "name": f"ratings_{step}_after_{size}",
                    "rated_before": before,
                    "queries": queries,
                    "rating_queries": rating_queries,
                    **timing,
                }
            )
        _steps(match)["decide"][1]()  # undecided, as it was found
    for step in ("decide", "undo"):
        (small, small_queries), (large, large_queries) = (figures[size, step] for size in HISTORIES)
        # Each against the same floor, in pairs: the ratio of the two medians.
        ratio = round(large["cpu_ratio"]["median"] / small["cpu_ratio"]["median"], 2)
        within = measure.verdict(
            ratio,
            TARGET_RATIO,
            statistic="the two histories' medians of the pairwise CPU ratios to the INSERT, "
            "one over the other",
        )
        within["within_target"] = within["within_target"] and small_queries == large_queries
        emit(
            {
                "name": f"ratings_{step}_{HISTORIES[-1]}_vs_{HISTORIES[0]}",
                "time_ratio": ratio,
                "wall_time_ratio": round(large["ratio"]["median"] / small["ratio"]["median"], 2),
                "rating_queries": [small_queries, large_queries],
                **within,
            }
        )
    emit(_correct_first(measure.repeated(floor, pairs)["wall_ms"]["median"] / 1000))
