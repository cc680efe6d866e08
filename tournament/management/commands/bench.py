"""`manage.py bench` (run by `make bench` on its own SQLite file): builds a season of
20,000 games once (and one of 2,000, `bench_seasons`), then prints, as JSON lines, each
figure beside its floor as a ratio:

- pages against the login page (a form, no query of the club): the season standings,
  a 128-player cup's bracket; the bracket and JSON pages of cups of 16, 64 and 256
  entrants cold and warm, the live poll unchanged (a 304) and changed, and what two
  workers serve for 500 phones (`live_bench`);
- writes against a bare INSERT: deciding a match and its undo at 16 and 256 entrants,
  a whole 256 cup played out (`decision_bench`); deciding a match with 100 and 10,000
  rated matches before it (`ratings_bench`, run alone on its own database with
  `--ratings`); the member list of 10,000 rows;
- the season export at 2,000 and 20,000 games against plain openpyxl in write-only
  mode, with the peak memory side by side (`export_bench`);
- a round of a 200-player Swiss paired (`pairing_bench`), against its one second.

A benchmark, not a test: it prints figures and the targets beside them.
"""

import json

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from ...benches import (
    bench_seasons,
    decision_bench,
    export_bench,
    live_bench,
    member_bench,
    pairing_bench,
    ratings_bench,
)
from ...benches.measure import measure
from ...models import Game, Season

BENCH_YEAR, SMALL_YEAR, TENTH_YEAR = 2099, 2098, 2090
TARGET_GAMES = 20_000
FIELD = 128


class Command(BaseCommand):
    help = "Build a 20,000-game season (once) and print timings and peak memory as JSON lines."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=TARGET_GAMES)
        parser.add_argument("--repeat", type=int, default=3, help="best of N for times")
        parser.add_argument(
            "--ratings",
            action="store_true",
            help="only the ratings' figures, on a database of their own (100 rated matches "
            "before a decision must mean 100, not the bench season's thousands)",
        )

    def handle(self, *args, games, repeat, ratings, **options):
        call_command("migrate", verbosity=0)
        if ratings:
            ratings_bench.run(self._emit, repeat)
            return
        season = self._season(BENCH_YEAR, games, f"Bench {games} games", FIELD)
        small = self._season(SMALL_YEAR, 1, "Bench small")
        # The same cups with a tenth of the games: the export's memory must not grow.
        tenth = self._season(TENTH_YEAR, games // 10, f"Bench {games // 10} games", FIELD)
        self.repeat = repeat
        counted = Game.objects.filter(match__tournament__season=season).count()
        cup = season.tournaments.order_by("pk").first()
        client = Client(headers={"accept-language": "en"})
        self.login = self._page("login_page_floor", client, "/accounts/login/", 0)

        self._page("standings_page", client, f"/seasons/{BENCH_YEAR}/standings/", counted)
        self._page(
            "standings_page_small_season",
            client,
            f"/seasons/{SMALL_YEAR}/standings/",
            Game.objects.filter(match__tournament__season=small).count(),
        )
        self._page("bracket_page_128", client, f"/tournaments/{cup.pk}/", counted)

        live_bench.run(self._emit, repeat)
        decision_bench.run(self._emit, repeat)
        export_bench.run(self._emit, repeat, tenth, season, cup)
        member_bench.run(self._emit, repeat, decision_bench.insert_floor(repeat))
        pairing_bench.run(self._emit)

    # --- building the season once ---------------------------------------------------

    def _season(self, year: int, games: int, name: str, field: int = 16) -> Season:
        return bench_seasons.season(year, games, name, field, log=self.stderr.write)

    # --- measuring ------------------------------------------------------------------

    def _emit(self, data: dict) -> None:
        self.stdout.write(json.dumps(data))

    def _page(self, name: str, client: Client, url: str, games: int) -> dict:
        # As a browser would ask in production: an allowed host, over HTTPS.
        def get():
            return client.get(url, secure=True, headers={"host": "localhost"})

        with CaptureQueriesContext(connection) as queries:
            response = get()
        if response.status_code != 200:
            raise CommandError(f"{url} answered {response.status_code}")
        data = measure(name, get, self.repeat, games=games, queries=len(queries))
        floor = getattr(self, "login", None)  # the login page itself is the floor
        if floor:
            data["login_ratio"] = round(data["seconds"] / max(floor["seconds"], 1e-4), 1)
        self._emit(data)
        return data
