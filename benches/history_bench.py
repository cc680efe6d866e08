"""`make bench`'s history figures (`bench --only history`): the pages a reader opens
every day, served from a club with one season behind it (1x) and from the same club ten
seasons on (10x), which should cost the same queries and within 1.5x the CPU.

A history is a club's seasons built through the site's own operations, as its directors
would have entered them: cups of `FIELD` players, one every week or so, each played to
the end game by game with random legal games, the clock set to the cup's evening while
it is played (`_Clock`: every decision, rating and audit entry dated then), the oldest
season first. Season 0 is the current one, ending yesterday; season j the j-th before
it. Each season draws its fields from 1,400 players, 400 of them new each season (1,400
players at 1x, 5,000 at 10x), and season 0 is built alike in both (the same fields,
draws and games): 10x is 1x with nine seasons before it.

Each history lives in a database of its own (`--history-databases`, two SQLite files by
default), built once and found there on the next run (a season left unfinished by an
interrupted build is played on). The figures are measured in this process, the two
databases both open: the site's default connection and cache are the 1x's or the 10x's
in turn (`History.serving`), each page timed at 10x against 1x in pairs
(`measure.paired`, the order alternating), through Django's test Client with the
site's settings (DEBUG off), after one request that warms each side.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from functools import partial
from unittest import mock

import dj_database_url
from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.core.management import call_command
from django.db import connection, connections
from django.db.models import Count
from django.db.utils import ConnectionHandler
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tournament import operations
from tournament.core import draw, sample_games
from tournament.models import Game, Match, Player, Season

from . import bench_seasons, live_bench, measure

TARGET_RATIO = 1.5
SEASONS = {"1x": 1, "10x": 10}
LENGTHS = {draw.MAIN: "3,3,5,5,7,7,9"}  # a knockout: about one match an entry
PREFIX = "History"
PAGES = ("home_page", "ratings_page", "tournaments_json", "player_page")


@dataclass(frozen=True)
class Scale:
    """A history's shape: `cups` knockout cups a season of `field` players each, among
    the season's `players`: `regulars` who play every season, `per_cup` of them in each
    cup, and the others, `new_players` of whom are new each season, each in a cup at
    least once a season when the cups have room (so every season's players are rated)."""

    cups: int
    field: int
    players: int
    new_players: int
    regulars: int
    per_cup: int

    def players_of(self, seasons: int) -> int:
        return self.players + self.new_players * (seasons - 1)

    def season_players(self, players: list, number: int) -> tuple[list, list]:
        """Season `number`'s regulars and others (0: the current season)."""
        first = self.regulars + self.new_players * number
        return players[: self.regulars], players[first : first + self.players - self.regulars]

    def label(self) -> str:
        return f"{self.cups} cups of {self.field}, {self.players} players"


# The scale run: 1,400 players at 1x and 5,000 at 10x (the ratings page grows
# with them), 21,000 games a season. The players are the issue's; the games are fewer,
# for the build's sake (one transaction a match through the operations, about 30 ms of
# CPU each): 48 knockout cups of 32 a season (one a week), every player of the season
# in one at least, 1,488 matches of 3 to 9 points, about 4,000 games; 1x and 10x take
# 11 seasons, about 16,400 matches, to build once.
BENCH = Scale(cups=48, field=32, players=1_400, new_players=400, regulars=60, per_cup=3)


# --- the databases ------------------------------------------------------------------


def _database(url: str) -> dict:
    """The settings of a history's database: the site's own (engine, options) on the
    same engine, with the name (and server) of `url`."""
    parsed = dj_database_url.parse(url)
    default = settings.DATABASES["default"]
    if parsed["ENGINE"].rsplit(".", 1)[-1] == default["ENGINE"].rsplit(".", 1)[-1]:
        return {**default, **{k: v for k, v in parsed.items() if k not in ("ENGINE", "OPTIONS")}}
    return {**parsed, "CONN_MAX_AGE": default.get("CONN_MAX_AGE", 0)}


@dataclass
class History:
    """One history: its database (a connection of its own, kept open) and its cache."""

    label: str
    url: str
    seasons: int
    wrapper: object = field(init=False)
    cache: object = field(init=False)

    def __post_init__(self) -> None:
        self.wrapper = ConnectionHandler({"default": _database(self.url)})["default"]
        self.cache = LocMemCache(f"history-{self.label}", {})

    @contextlib.contextmanager
    def serving(self):
        """The site's default database and cache are this history's meanwhile."""
        database, cache = connections["default"], caches["default"]
        connections["default"], caches["default"] = self.wrapper, self.cache
        try:
            yield self
        finally:
            connections["default"], caches["default"] = database, cache

    def switch(self) -> None:
        """The site's default database and cache are this history's from now on (a
        pair's setup: `serving` puts the site's own back afterwards)."""
        connections["default"], caches["default"] = self.wrapper, self.cache

    def close(self) -> None:
        self.wrapper.close()


# --- building -----------------------------------------------------------------------


class _Clock:
    """`timezone.now()` while a history is built: the evening of the cup being played,
    a minute more each match."""

    def __init__(self) -> None:
        self.at = timezone.now()

    def __call__(self) -> datetime:
        self.at += timedelta(seconds=1)
        return self.at

    def evening(self, day: date, matches_before: int) -> None:
        evening = datetime(day.year, day.month, day.day, 18, tzinfo=timezone.get_current_timezone())
        self.at = evening + timedelta(minutes=matches_before)


def _season_dates(last_day: date, number: int) -> tuple[date, date]:
    """Season `number` (0: the current one, ending `last_day`): 52 weeks each."""
    end = last_day - timedelta(weeks=52 * number)
    return end - timedelta(days=52 * 7 - 1), end


def build(seasons: int, scale: Scale = BENCH, log=None, last_day: date | None = None) -> None:
    """The history of `seasons` seasons in the default database, oldest first; what an
    earlier run built is kept, a season it left unfinished played on."""
    last_day = last_day or timezone.localdate() - timedelta(days=1)
    built = Season.objects.filter(name__startswith=f"{PREFIX} season ")
    if built.exclude(name__endswith=f" ({scale.label()})").exists():
        raise ValueError(
            f"{connection.settings_dict['NAME']} holds a history of another shape than "
            f"{scale.label()} a season: remove it to build this one"
        )
    found = built.order_by("start").first()
    if found is not None:
        last_day = found.end + timedelta(weeks=52 * (seasons - 1))  # as the first run had it
    players = bench_seasons.named_players(PREFIX, scale.players_of(seasons))
    clock = _Clock()
    started = time.perf_counter()
    with mock.patch.object(timezone, "now", clock):
        for number in reversed(range(seasons)):
            dates = _season_dates(last_day, number)
            _season(number, dates, scale.season_players(players, number), scale, clock)
            if log is not None:
                games = Game.objects.count()
                log(
                    f"history of {seasons} seasons, season {number} done: {games} games "
                    f"({time.perf_counter() - started:.0f}s)"
                )


def _season(number, dates, players, scale, clock) -> None:
    start, end = dates
    name = f"{PREFIX} season {number} ({scale.label()})"
    season = Season.objects.filter(name=name).first()
    if season is None:
        season = operations.create_season(None, "qgammon-2002", name, start=start, end=end)
    rng = random.Random(f"history season {number}")  # noqa: S311 -- sample games, not secrets
    regulars, others = players
    others = rng.sample(others, len(others))  # each in turn, then round again
    made = {t.name: t for t in season.tournaments.all()}
    step = (end - start).days / scale.cups
    turn = 0
    for cup in range(scale.cups):
        # Every season's random draws, whether its cups were made now or before.
        entrants = rng.sample(regulars, scale.per_cup)
        for _ in range(scale.field - scale.per_cup):
            entrants.append(others[turn % len(others)])
            turn += 1
        day = start + timedelta(days=int(cup * step))
        tournament = made.get(f"Cup {cup + 1}")
        if tournament is None:
            clock.evening(day, 0)
            tournament = operations.create_tournament(
                {"season": season, "name": f"Cup {cup + 1}", "date": day}, LENGTHS
            )
            for player in entrants:
                operations.add_entry(tournament, player, checked_in=True)
            operations.make_draw(tournament, rng_seed=number * 1000 + cup)
            operations.start_tournament(tournament)  # a draft's matches take no game
        _play(tournament, day, clock)


def _play(tournament, day, clock) -> None:
    decided = tournament.matches.filter(status=Match.Status.DECIDED).count()
    seed = f"{tournament.season.name} {tournament.name} {decided}"
    rng = random.Random(seed)  # noqa: S311 -- sample games, not secrets
    clock.evening(day, decided)
    while (match := tournament.matches.ready().order_by("pk").first()) is not None:
        # One transaction a match: replayed, stored, the bracket moved on, rated.
        operations.replace_games(match, list(sample_games.games_to_finish(match.replay(), rng)))
        clock.evening(day, decided := decided + 1)


# --- measuring ----------------------------------------------------------------------


def _busiest_player() -> Player:
    """The player with the most matches (the first by name among equals)."""
    counts = Counter()
    for side in ("player1", "player2"):
        rows = Match.objects.exclude(**{side: None}).values_list(side).annotate(Count("pk"))
        counts.update(dict(rows.order_by()))
    most = max(counts.values())
    return Player.objects.filter(pk__in=[pk for pk, n in counts.items() if n == most]).order_by(
        "name"
    )[0]


def _paths() -> dict:
    return {
        "home_page": "/",
        "ratings_page": reverse("ratings"),
        "tournaments_json": reverse("api-tournaments"),
        "player_page": reverse("player", args=[_busiest_player().pk]),
    }


def _queries(client, path) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = live_bench.get(client, path)
    if response.status_code != 200:
        raise RuntimeError(f"{path} answered {response.status_code}")
    return len(queries)


def run(
    emit, histories: list[History], pairs: int = measure.PAIRS, scale: Scale = BENCH, log=None
) -> None:
    """Build (or find) each history, then emit one line a page."""
    facts = {}
    for history in histories:
        with history.serving():
            call_command("migrate", verbosity=0)
            ContentType.objects.clear_cache()  # the ids are this database's
            build(history.seasons, scale, log=log)
            facts[history.label] = {
                "paths": _paths(),
                "games": Game.objects.count(),
                "players": Player.objects.count(),
            }
    small, large = histories
    client = Client(headers={"accept-language": "en"})
    for page in PAGES:
        paths, queries = {}, {}
        for history in histories:
            with history.serving():
                paths[history.label] = path = facts[history.label]["paths"][page]
                live_bench.get(client, path)  # warm: what a page keeps is kept
                queries[history.label] = _queries(client, path)
        with small.serving():
            timing = measure.paired(
                partial(live_bench.get, client, paths[large.label]),
                partial(live_bench.get, client, paths[small.label]),
                pairs,
                figure_setup=large.switch,
                floor_setup=small.switch,
            )
        ratio = timing["cpu_ratio"]["median"]
        counted = [queries[small.label], queries[large.label]]
        within = measure.verdict(
            ratio,
            TARGET_RATIO,
            statistic="median of the pairwise CPU ratios, the page at 10x over at 1x",
        )
        within["within_target"] = within["within_target"] and counted[0] == counted[1]
        emit(
            {
                "name": f"history_{page}",
                "queries": counted,
                "ratio_10x_vs_1x": ratio,
                "games": [facts[h.label]["games"] for h in histories],
                "players": [facts[h.label]["players"] for h in histories],
                "seasons": [h.seasons for h in histories],
                **timing,
                **within,
            }
        )
