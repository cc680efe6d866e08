"""`manage.py bench` (`make bench`, on its own SQLite file): builds a season of 20,000
games once (and one of 2,000, `bench_seasons`), then prints, as JSON lines, each figure
beside its floor, measured in pairs (`benches.measure`: the median and the minimum, wall
and CPU, and the ratio pair by pair), and beside its target with `within_target`:

- pages against the login page: the season standings warm; a 128-player cup's page;
  the bracket and JSON pages of cups of 16, 64 and 256 entrants cold and warm, the live
  poll unchanged (a 304) and after a change, and what a phone receives (`live_bench`);
- a round robin's decision at groups of 5, 8 and 16 (`round_robin_bench`);
- writes against a bare INSERT: deciding a match and its undo at 16 and 256 entrants,
  paired 256 against 16, and cups of 16 and 256 played game by game (`decision_bench`);
- the season export against plain openpyxl, its peak memory at 2,000 and 20,000 games
  and its resident memory in a fresh process (`export_bench`); the member list
  (`member_bench`); a Swiss round of 200 (`pairing_bench`), and of a Swiss with lives
  (`lives_bench`); a 256-player double elimination drawn, resolved and one decision
  resolved downstream (`double_bench`);
- the everyday pages (the home page, the ratings, the tournaments JSON, the busiest
  player's page) at 10x a club's history against 1x, each history built once into a
  database of its own (`history_bench`; `--only history` runs this part alone);
- a club's home, a tournament, a player's page and the season standings in a federation
  of 100 clubs, 20,000 players and a million games against the same club on a site of
  its own, both on PostgreSQL, each built once (`federation_bench`; `--only federation`
  runs this part alone; skipped when PostgreSQL is not reached);
- in processes of their own: the ratings on their own database (`--ratings`), and the
  live part over HTTP served by gunicorn, on SQLite and on PostgreSQL with Redis when
  reachable (`--http`, `http_bench`);
- real workers running real gnubg analyses at 0-ply: analyses a minute for one worker,
  and a 64-match event's queue drained by one and by two (`jobs_bench`; `--jobs` runs
  this part alone; skipped without gnubg).

`--record FILE` writes the lines to FILE too, the first one saying when and on what
machine; `--table FILE` prints the docs' table of such a file.

A benchmark, not a test: it prints figures and the targets beside them.
"""

import argparse
import json
import os
import secrets
import subprocess
import sys
from functools import partial
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from benches import (
    bench_seasons,
    decision_bench,
    double_bench,
    export_bench,
    federation_bench,
    history_bench,
    http_bench,
    jobs_bench,
    live_bench,
    lives_bench,
    measure,
    member_bench,
    pairing_bench,
    ratings_bench,
    record,
    round_robin_bench,
)
from tournament.models import Game, Season

BENCH_YEAR, SMALL_YEAR, TENTH_YEAR = 2099, 2098, 2090
# The federation's two databases (`--federation-databases`): PostgreSQL's, as a
# federation's site runs.
FEDERATION_SERVER = "postgres://postgres@127.0.0.1:5432"
TARGET_GAMES = 20_000
FIELD = 128


class Command(BaseCommand):
    help = "Build a 20,000-game season (once) and print timings and peak memory as JSON lines."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=TARGET_GAMES)
        parser.add_argument(
            "--pairs", type=int, default=measure.PAIRS, help="pairs of figure and floor"
        )
        parser.add_argument("--record", help="also write the JSON lines to this file")
        parser.add_argument("--table", help="print the docs' table of a recorded run, and stop")
        parser.add_argument(
            "--ratings",
            action="store_true",
            help="only the ratings' figures, on a database of their own (100 rated matches "
            "before a decision must mean 100, not the bench season's thousands)",
        )
        parser.add_argument(
            "--ratings-database", help="run the ratings' figures (--ratings) on this database"
        )
        parser.add_argument(
            "--http", metavar="LABEL", help="only the figures over HTTP, on this database"
        )
        parser.add_argument(
            "--postgres",
            help="also the figures over HTTP on this PostgreSQL database (made if missing)",
        )
        parser.add_argument("--redis", help="the Redis beside --postgres")
        parser.add_argument(
            "--jobs",
            action="store_true",
            help="only the background jobs' figures (real workers, real gnubg analyses)",
        )
        parser.add_argument(
            "--only",
            choices=["history", "federation"],
            help="only this part: history, the pages at 1x and 10x a club's history; "
            "federation, a club's pages in a federation of 100 clubs and on its own",
        )
        parser.add_argument(
            "--history-databases",
            nargs=2,
            metavar=("URL_1X", "URL_10X"),
            default=[
                f"sqlite:///{settings.BASE_DIR / 'bench-history-1x.sqlite3'}",
                f"sqlite:///{settings.BASE_DIR / 'bench-history-10x.sqlite3'}",
            ],
            help="the histories' databases (built once, kept)",
        )
        # The tests' tiny histories: cups a season, field, players, new a season, regulars.
        parser.add_argument("--history-scale", help=argparse.SUPPRESS)
        parser.add_argument(
            "--federation-databases",
            nargs=2,
            metavar=("URL_ONE_CLUB", "URL_FEDERATION"),
            default=[
                f"{FEDERATION_SERVER}/bench_federation_one_club",
                f"{FEDERATION_SERVER}/bench_federation",
            ],
            help="the one-club site's and the federation's databases (made if missing, "
            "built once, kept)",
        )
        # The tests' tiny federations: clubs, players, cups, field, players shared.
        parser.add_argument("--federation-scale", help=argparse.SUPPRESS)
        parser.add_argument("--seconds", type=float, default=http_bench.SECONDS)
        parser.add_argument("--export-rss", type=int, help=argparse.SUPPRESS)

    def handle(self, *args, games, pairs, ratings, http, jobs, export_rss, table, **options):
        if table:
            lines = [json.loads(line) for line in Path(table).read_text().splitlines() if line]
            self.stdout.write(record.table(lines), ending="")
            return
        if export_rss:
            # A fresh process of its own (`export_bench.resident`): nothing else first.
            self._emit(export_bench.export_rss(export_rss))
            return
        self.record, self.pairs = None, pairs
        call_command("migrate", verbosity=0)
        if ratings:
            ratings_bench.run(self._emit, pairs)
            return
        if http:
            cup = live_bench.played_cup(live_bench.SIZES[-1])
            http_bench.run(self._emit, http, cup, options["seconds"])
            return
        postgres = options["postgres"]
        if not postgres and options["only"] == "federation":
            postgres = next(
                (url for url in options["federation_databases"] if url.startswith("postgres")),
                None,
            )
        server_version = _postgres_version(postgres) if postgres else None
        if options["record"]:
            self.record = open(options["record"], "w")  # noqa: SIM115 -- closed below
        try:
            self._emit(record.machine(server_version))
            if jobs:
                jobs_bench.run(self._emit)  # this part alone (it builds what it needs)
            elif options["only"] == "history":
                self._history(pairs, options)
            elif options["only"] == "federation":
                self._federation(pairs, options)
            else:
                self._all(games, pairs, options, server_version)
        finally:
            if self.record:
                self.record.close()

    def _all(self, games, pairs, options, server_version) -> None:
        season = self._season(BENCH_YEAR, games, f"Bench {games} games", FIELD)
        self._season(SMALL_YEAR, 1, "Bench small")  # the standings of a few games
        # The same cups with a tenth of the games: the export's memory must not grow.
        tenth = self._season(TENTH_YEAR, games // 10, f"Bench {games // 10} games", FIELD)
        counted = Game.objects.filter(match__tournament__season=season).count()
        cup = season.tournaments.order_by("pk").first()
        client = Client(headers={"accept-language": "en"})

        live_bench.standings(self._emit, client, BENCH_YEAR, SMALL_YEAR, pairs)
        login = partial(live_bench.get, client, "/accounts/login/")
        bracket = partial(live_bench.get, client, f"/tournaments/{cup.pk}/")
        bracket()
        with CaptureQueriesContext(connection) as queries:
            bracket()
        self._emit(
            {
                "name": "bracket_page_128",
                "games": counted,
                "queries": len(queries),
                **measure.paired(bracket, login, pairs),
            }
        )
        live_bench.run(self._emit, pairs)
        round_robin_bench.run(self._emit, pairs)
        decision_bench.run(self._emit, pairs)
        export_bench.run(self._emit, pairs, tenth, season, cup)
        member_bench.run(self._emit, 3, decision_bench.insert_floor(pairs * 2))
        pairing_bench.run(self._emit)
        lives_bench.run(self._emit)
        double_bench.run(self._emit)
        self._history(pairs, options)
        self._federation(pairs, options)
        jobs_bench.run(self._emit)
        if options["ratings_database"]:
            self._child(["--ratings"], DATABASE_URL=options["ratings_database"])
        self._child(["--http", "sqlite"])
        if server_version:
            # Redis as the shared cache, as several servers run; a key of its own.
            self._child(
                ["--http", "postgresql"],
                DATABASE_URL=options["postgres"],
                REDIS_URL=options["redis"] or "",
                SECRET_KEY=secrets.token_urlsafe(50),
            )
        elif options["postgres"]:
            self._emit({"name": "http_postgresql", "skipped": "PostgreSQL not reached"})

    # --- building the season once ---------------------------------------------------

    def _season(self, year: int, games: int, name: str, field: int = 16) -> Season:
        return bench_seasons.season(year, games, name, field, log=self.stderr.write)

    def _history(self, pairs: int, options) -> None:
        scale = history_bench.BENCH
        if options["history_scale"]:
            scale = history_bench.Scale(*map(int, options["history_scale"].split(",")))
        histories = [
            history_bench.History(label, url, history_bench.SEASONS[label])
            for label, url in zip(history_bench.SEASONS, options["history_databases"], strict=True)
        ]
        try:
            history_bench.run(self._emit, histories, pairs, scale, log=self.stderr.write)
        finally:
            for history in histories:
                history.close()

    def _federation(self, pairs: int, options) -> None:
        scale = federation_bench.BENCH
        if options["federation_scale"]:
            scale = federation_bench.Scale(*map(int, options["federation_scale"].split(",")))
        urls = options["federation_databases"]
        if any(url.startswith("postgres") and _postgres_version(url) is None for url in urls):
            self._emit({"name": "federation", "skipped": "PostgreSQL not reached"})
            return
        sites = [
            history_bench.History(label, url, 1)
            for label, url in zip(federation_bench.LABELS, urls, strict=True)
        ]
        try:
            federation_bench.run(self._emit, sites, pairs, scale, log=self.stderr.write)
        finally:
            for site in sites:
                site.close()

    # --- printing ---------------------------------------------------------------------

    def _emit(self, data: dict) -> None:
        line = json.dumps(data)
        self.stdout.write(line)
        if getattr(self, "record", None):
            self.record.write(line + "\n")
            self.record.flush()

    def _child(self, arguments: list[str], **env: str) -> None:
        """This command again in a process of its own (another database), its lines
        printed and recorded as this run's."""
        process = subprocess.run(  # noqa: S603 -- this command, our arguments
            [sys.executable, "manage.py", "bench", *arguments, "--pairs", str(self.pairs)],
            cwd=settings.BASE_DIR,
            env={**os.environ, **env},
            capture_output=True,
            text=True,
        )
        self.stderr.write(process.stderr)
        for text in process.stdout.splitlines():
            # Only the figures: a mail printed by the console backend is not one.
            if text.startswith('{"name"'):
                self._emit(json.loads(text))
        if process.returncode:
            raise CommandError(f"bench {' '.join(arguments)} failed ({process.returncode})")


def _postgres_version(url: str) -> str | None:
    """The server's version, the bench's database made if missing; None if the server
    cannot be reached."""
    import psycopg  # only here: the bench runs on SQLite without it
    from psycopg import sql

    name = url.rsplit("/", 1)[1]
    try:
        with psycopg.connect(
            url.rsplit("/", 1)[0] + "/postgres", connect_timeout=3, autocommit=True
        ) as server:
            version = server.execute("SHOW server_version").fetchone()[0]
            if not server.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", [name]
            ).fetchone():
                server.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    except psycopg.OperationalError:
        return None
    return version
