"""`make bench`'s figures for the live pages: cups of 16, 64 and 256 entrants played to
the end (progressive consolation and a last chance: every kind of bracket), and what a
phone watching them costs the server.

- the login page, the floor every page is a ratio to (a form, no query of the club);
- the bracket page of each cup cold (the rendered brackets cache cleared) and warm
  (rendered once since the tournament last changed), and its JSON, with their queries
  (which must not grow with the cup);
- the live part's poll when nothing changed (a 304 from the change mark) and when
  something did (a game recorded, then taken back: the mark moves each time), the
  first after a change rendering the brackets (<= 20x the login page);
- what a phone receives at 256 entrants: the page and the live part after a change,
  asked with a phone's User-Agent and `Accept-Encoding: gzip` (bytes sent and raw, and
  the HTML's elements);
- the season's standings warm (<= 3x the login page), with `standings`.

Every time is paired with the login page's (`measure.paired`). What two workers serve
over HTTP is `http_bench`'s.

The cups are built once in the bench's database (their own season), through the
operations like every write of the site; each run leaves them as it found them.
"""

from __future__ import annotations

import gzip
import random
from functools import partial
from html.parser import HTMLParser

from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournament import operations
from tournament.core import draw, sample_games
from tournament.models import Tournament

from . import bench_seasons, measure

YEAR = 2096
SIZES = (16, 64, 256)
LENGTHS = {draw.MAIN: "5,5,7,7,9,9,11", draw.CONSOLATION: "5", draw.LAST_CHANCE: "3"}
WARM_TARGET = 3.0  # a page whose tournament did not change: <= 3x the login page at 256
CHANGED_TARGET = 20.0  # the first poll after a change renders: <= 20x the login page
STANDINGS_TARGET = 3.0  # the season's standings, nothing changed: <= 3x the login page
UNCHANGED_TARGET_QUERIES = 1  # a poll that changed nothing: a 304 from one query
# What a phone receives at 256 entrants: 100 polls a second after a change every 5 s at
# 30 KiB is 3 MiB/s; the page, asked once, within 60 KiB (gzip, or a window of it).
PAGE_TARGET_KIB, PART_TARGET_KIB = 60, 30


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


PHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
)


def get(client: Client, url: str, etag: str | None = None, **headers):
    # As a browser would ask in production: an allowed host, over HTTPS.
    headers = {"host": "localhost", **({"if-none-match": etag} if etag else {}), **headers}
    return client.get(url, secure=True, headers=headers)


def counted(ask) -> tuple[int, int]:
    """(queries, status) of one ask."""
    with CaptureQueriesContext(connection) as queries:
        response = ask()
    return len(queries), response.status_code


def changes(cup: Tournament):
    """Writes that move the cup's mark, and leave it as it was two by two: the final's
    last game taken back (the cup runs again), then recorded again."""
    final = cup.matches.filter(bracket__kind=draw.MAIN).order_by("-round").first()
    while True:
        last = final.games.order_by("number").last().as_result()
        operations.undo_last_game(final)
        yield
        operations.record_game(final, last)
        yield


def _figure(name: str, ask, floor, pairs: int, setup=None, **fields) -> dict:
    """`ask` paired with the login page, and the queries and status of one more ask."""
    timing = measure.paired(ask, floor, pairs, figure_setup=setup)
    if setup is not None:
        setup()
    queries, status = counted(ask)
    return {"name": name, **fields, "status": status, "queries": queries, **timing}


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def handle_starttag(self, tag, attrs) -> None:
        self.count += 1


def sent_to_a_phone(response) -> dict:
    """What a phone receives: the bytes sent (compressed if the site compressed them),
    the HTML's own bytes, and its elements."""
    body = b"".join(response.streaming_content) if response.streaming else bytes(response.content)
    encoding = response.get("Content-Encoding", "")
    raw = gzip.decompress(body) if encoding == "gzip" else body
    elements = _Elements()
    elements.feed(raw.decode("utf-8", "replace"))
    return {
        "status": response.status_code,
        "content_encoding": encoding or None,
        "sent_kib": round(len(body) / 1024, 1),
        "raw_kib": round(len(raw) / 1024, 1),
        "elements": elements.count,
    }


def run(emit, pairs: int = measure.PAIRS) -> None:
    client = Client(headers={"accept-language": "en"})
    cups = {size: played_cup(size) for size in SIZES}
    login_url = reverse("login")

    def login():
        return get(client, login_url)

    login()
    emit({"name": "login_page_floor", **measure.repeated(login, pairs * 2)})

    counts: dict[str, list[int]] = {"bracket_page_cold": [], "json_page": []}
    for size, cup in cups.items():
        page = reverse("tournament", args=[cup.pk])
        ask = partial(get, client, page)
        cold = _figure(f"bracket_page_{size}_cold", ask, login, pairs, cache.clear, entrants=size)
        emit(cold)
        counts["bracket_page_cold"].append(cold["queries"])
        ask()  # rendered once since the last change
        warm = _figure(f"bracket_page_{size}_warm", ask, login, pairs, entrants=size)
        if size == SIZES[-1]:
            warm = {**warm, **measure.verdict(warm["cpu_ratio"]["median"], WARM_TARGET)}
        emit(warm)
        api = partial(get, client, reverse("api-tournament", args=[cup.pk]))
        json_page = _figure(f"json_page_{size}", api, login, pairs, entrants=size)
        emit(json_page)
        counts["json_page"].append(json_page["queries"])
    # The queries of a page must not grow with the cup.
    for name, figures in counts.items():
        emit(
            {
                "name": f"{name}_queries_by_size",
                "entrants": list(SIZES),
                "queries": figures,
                "target": "the same count at every size",
                "within_target": len(set(figures)) == 1,
            }
        )

    # The live part a phone asks for every 5 s, at 256 entrants.
    cup = cups[SIZES[-1]]
    page = reverse("tournament", args=[cup.pk])
    live = page + "?partial=brackets"
    etag = get(client, live)["ETag"]
    unchanged = _figure(
        "live_poll_unchanged_304",
        partial(get, client, live, etag),
        login,
        pairs * 2,
        entrants=SIZES[-1],
    )
    unchanged["target"] = f"a 304 from <= {UNCHANGED_TARGET_QUERIES} query"
    unchanged["within_target"] = (
        unchanged["status"] == 304 and unchanged["queries"] <= UNCHANGED_TARGET_QUERIES
    )
    emit(unchanged)
    # After a change: the first phone to ask renders the brackets (item 4 of the
    # issue: <= 20x the login page), the others are answered from what it rendered.
    changing = changes(cup)
    made = 0

    def change():
        nonlocal made
        next(changing)
        made += 1

    first = _figure(
        "live_poll_changed_first",
        partial(get, client, live, etag),
        login,
        pairs,
        change,
        entrants=SIZES[-1],
    )
    first = {**first, **measure.verdict(first["cpu_ratio"]["median"], CHANGED_TARGET)}
    emit(first)
    changed_warm = _figure(
        "live_poll_changed_warm", partial(get, client, live, etag), login, pairs * 2
    )
    emit({**changed_warm, "entrants": SIZES[-1]})

    # What a phone receives (item 3 of the issue): the whole page, and the live part
    # after a change, asked as a phone asks, compressed if the site compresses.
    phone = {"accept-encoding": "gzip", "user-agent": PHONE}
    cache.clear()
    for name, url, target in (
        ("phone_bracket_page_256", page, PAGE_TARGET_KIB),
        ("phone_live_part_after_a_change_256", live, PART_TARGET_KIB),
    ):
        change()
        sent = sent_to_a_phone(get(client, url, **phone))
        verdict = measure.verdict(sent["sent_kib"], target, statistic="KiB sent")
        emit({"name": name, "entrants": SIZES[-1], **sent, **verdict})
    if made % 2:
        next(changing)  # the cup as it was found


def standings(emit, client: Client, year: int, small_year: int, pairs: int) -> None:
    """The season's standings page warm (computed since the season last changed; item 4
    of the issue: <= 3x the login page), and a season of a few games beside it."""
    login = partial(get, client, reverse("login"))
    for name, year_shown, target in (
        ("standings_page_warm", year, STANDINGS_TARGET),
        ("standings_page_small_season_warm", small_year, None),
    ):
        ask = partial(get, client, f"/seasons/{year_shown}/standings/")
        ask()  # computed once since the last change
        figure = _figure(name, ask, login, pairs)
        if target:
            figure = {**figure, **measure.verdict(figure["cpu_ratio"]["median"], target)}
        emit(figure)
