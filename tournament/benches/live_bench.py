"""`make bench`'s figures for the live pages: cups of 16, 64 and 256 entrants played to
the end (progressive consolation and a last chance: every kind of bracket), and what a
phone watching them costs the server.

- the login page, the floor every page is a ratio to (a form, no query of the club);
- the bracket page of each cup cold (the rendered brackets cache cleared) and warm
  (rendered once since the tournament last changed), and its JSON, with their queries
  (which must not grow with the cup);
- the live part's poll when nothing changed (a 304 from the change mark) and when
  something did (a game recorded, then taken back: the mark moves each time);
- what two workers serve in a second, and whether 500 phones polling every 5 s (100
  requests a second) fit, most polls unchanged and one in ten after a change.

The cups are built once in the bench's database (their own season), through the
operations like every write of the site; each run leaves them as it found them.
"""

from __future__ import annotations

import random
import time

from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from .. import operations
from ..core import draw, sample_games
from ..models import Tournament
from . import bench_seasons

YEAR = 2096
SIZES = (16, 64, 256)
LENGTHS = {draw.MAIN: "5,5,7,7,9,9,11", draw.CONSOLATION: "5", draw.LAST_CHANCE: "3"}
WARM_TARGET = 3.0  # a page whose tournament did not change: <= 3x the login page at 256
UNCHANGED_TARGET_QUERIES = 1  # a poll that changed nothing: a 304 from one query
WORKERS = 2  # `make run` serves with two gunicorn workers
PHONES, EVERY = 500, 5.0  # 500 phones polling every 5 s: 100 requests a second
CHANGED_SHARE = 0.1  # of the polls, those that find something new


def played_cup(size: int) -> Tournament:
    """A cup of `size` with a progressive consolation and a last chance, every match
    played (built once; found again by name on the next run)."""
    season = bench_seasons.bench_season(YEAR, "Bench live pages")
    tournament, made = bench_seasons.drawn_cup(season, f"Live {size}", size, size, LENGTHS, "Live")
    if not made:
        return tournament
    rng = random.Random(size)  # noqa: S311 -- sample games, not secrets
    while (match := tournament.matches.ready().order_by("pk").first()) is not None:
        # One transaction a match: replayed, stored, and the bracket moved on.
        operations.replace_games(match, list(sample_games.games_to_finish(match.replay(), rng)))
    return tournament


def _get(client: Client, url: str, etag: str | None = None):
    # As a browser would ask in production: an allowed host, over HTTPS.
    headers = {"host": "localhost", **({"if-none-match": etag} if etag else {})}
    return client.get(url, secure=True, headers=headers)


def _timed(ask, repeat: int, before=None) -> tuple[float, int, int]:
    """Best of `repeat` (seconds), the queries of one ask, and its status. `before`
    runs ahead of each ask, outside the time (the cache cleared, for a cold page)."""
    times = []
    for _ in range(repeat):
        if before:
            before()
        started = time.perf_counter()
        ask()
        times.append(time.perf_counter() - started)
    if before:
        before()
    with CaptureQueriesContext(connection) as queries:
        response = ask()
    return min(times), len(queries), response.status_code


def _figure(name: str, measured: tuple[float, int, int], floor: float, **fields) -> dict:
    seconds, queries, status = measured
    return {
        "name": name,
        **fields,
        "status": status,
        "seconds": round(seconds, 4),
        "queries": queries,
        "login_ratio": round(seconds / floor, 1),
    }


def _changes(cup: Tournament):
    """Writes that move the cup's mark, and leave it as it was two by two: the final's
    last game taken back (the cup runs again), then recorded again."""
    final = cup.matches.filter(bracket__kind=draw.MAIN).order_by("-round").first()
    while True:
        last = final.games.order_by("number").last().as_result()
        operations.undo_last_game(final)
        yield
        operations.record_game(final, last)
        yield


def run(emit, repeat: int = 5) -> None:
    repeat = max(repeat, 3)
    client = Client(headers={"accept-language": "en"})
    cups = {size: played_cup(size) for size in SIZES}
    login = _timed(lambda: _get(client, reverse("login")), repeat * 2)
    floor = login[0]
    emit({"name": "login_page_floor", "seconds": round(floor, 4), "queries": login[1]})

    counts: dict[str, list[int]] = {"bracket_page_cold": [], "json_page": []}
    for size, cup in cups.items():
        page = reverse("tournament", args=[cup.pk])
        cold = _timed(lambda page=page: _get(client, page), repeat, before=cache.clear)
        emit(_figure(f"bracket_page_{size}_cold", cold, floor, entrants=size))
        counts["bracket_page_cold"].append(cold[1])
        _get(client, page)  # rendered once since the last change
        warm = _timed(lambda page=page: _get(client, page), repeat)
        target = (
            {"target_login_ratio": WARM_TARGET, "within_target": warm[0] / floor <= WARM_TARGET}
            if size == SIZES[-1]
            else {}
        )
        emit(_figure(f"bracket_page_{size}_warm", warm, floor, entrants=size, **target))
        api = reverse("api-tournament", args=[cup.pk])
        json_page = _timed(lambda api=api: _get(client, api), repeat)
        emit(_figure(f"json_page_{size}", json_page, floor, entrants=size))
        counts["json_page"].append(json_page[1])
    # The queries of a page must not grow with the cup.
    for name, figures in counts.items():
        emit(
            {
                "name": f"{name}_queries_by_size",
                "entrants": list(SIZES),
                "queries": figures,
                "within_target": len(set(figures)) == 1,
            }
        )

    # The live part a phone asks for every 5 s, at 256 entrants.
    cup = cups[SIZES[-1]]
    live = reverse("tournament", args=[cup.pk]) + "?partial=brackets"
    etag = _get(client, live)["ETag"]
    unchanged = _timed(lambda: _get(client, live, etag), repeat * 2)
    emit(
        _figure(
            "live_poll_unchanged_304",
            unchanged,
            floor,
            entrants=SIZES[-1],
            target_queries=UNCHANGED_TARGET_QUERIES,
            within_target=unchanged[2] == 304 and unchanged[1] <= UNCHANGED_TARGET_QUERIES,
        )
    )
    # After a change: the first phone to ask renders the brackets, the others are
    # answered from what it rendered.
    changes, firsts, counted = _changes(cup), [], []
    for _ in range(repeat + repeat % 2):  # an even number: the cup as it was
        next(changes)
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            answer = _get(client, live, etag)
            firsts.append(time.perf_counter() - started)
        counted.append(len(queries))
        if answer.status_code != 200:
            raise RuntimeError(f"a poll after a change answered {answer.status_code}")
    changed_first = (min(firsts), max(counted), 200)
    emit(_figure("live_poll_changed_first", changed_first, floor, entrants=SIZES[-1]))
    changed_warm = _timed(lambda: _get(client, live, etag), repeat * 2)
    emit(_figure("live_poll_changed_warm", changed_warm, floor, entrants=SIZES[-1]))

    # 500 phones, one ask each every 5 s: per 500 asks, one renders (the first after a
    # change), and the rest are 304s or 200s from the rendered part.
    demand = PHONES / EVERY
    for share, label in ((CHANGED_SHARE, "typical"), (1.0, "a_change_every_5s")):
        per_ask = (1 - share) * unchanged[0] + share * changed_warm[0] + changed_first[0] / PHONES
        capacity = WORKERS / per_ask
        emit(
            {
                "name": f"live_polls_two_workers_{label}",
                "changed_share": share,
                "seconds_per_ask": round(per_ask, 5),
                "requests_per_second": round(capacity),
                "demand_500_phones": demand,
                "fits": capacity >= demand,
            }
        )
