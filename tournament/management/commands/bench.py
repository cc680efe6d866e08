"""`manage.py bench` (run by `make bench` on its own SQLite file): builds a season of
20,000 games once, then prints, as JSON lines, the time and peak memory of the season
standings page, the bracket page of a 128-player cup, the season export, the same
cells written by plain openpyxl in write-only mode (the floor the export is measured
against), a member list of 10,000 rows previewed and imported (`member_bench`), and a round of
a 200-player Swiss paired (`pairing_bench`).
A benchmark, not a test: it prints figures and the targets beside them.
"""

import json
import random
import tempfile
import time
from datetime import date, timedelta

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from openpyxl import Workbook

from ... import operations
from ...core import draw, sample_games
from ...exports import season_sheets, tournament_sheets, write_workbook
from ...models import Game, Player, Season, Tournament
from .. import member_bench, pairing_bench
from ..measure import measure

BENCH_YEAR, SMALL_YEAR = 2099, 2098
TARGET_GAMES = 20_000
FIELD = 128
EXPORT_TARGET = 1.5  # the export within 1.5x of the plain openpyxl floor


class Command(BaseCommand):
    help = "Build a 20,000-game season (once) and print timings and peak memory as JSON lines."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=TARGET_GAMES)
        parser.add_argument("--repeat", type=int, default=3, help="best of N for times")

    def handle(self, *args, games, repeat, **options):
        call_command("migrate", verbosity=0)
        season = self._season(BENCH_YEAR, games, f"Bench {games} games")
        small = self._season(SMALL_YEAR, 1, "Bench small")
        self.repeat = repeat
        counted = Game.objects.filter(match__tournament__season=season).count()
        cup = season.tournaments.order_by("pk").first()
        client = Client(headers={"accept-language": "en"})

        self._page("standings_page", client, f"/seasons/{BENCH_YEAR}/standings/", counted)
        self._page(
            "standings_page_small_season",
            client,
            f"/seasons/{SMALL_YEAR}/standings/",
            Game.objects.filter(match__tournament__season=small).count(),
        )
        self._page("bracket_page_128", client, f"/tournaments/{cup.pk}/", counted)

        export = self._measure("season_export", counted, lambda: self._export(season))
        cup_games = Game.objects.filter(match__tournament=cup).count()
        one = self._measure("tournament_export", cup_games, lambda: self._export_one(cup))
        cells = [(sheet.title, sheet.headers, list(sheet.rows)) for sheet in season_sheets(season)]
        floor = self._measure("plain_openpyxl_floor", counted, lambda: self._floor(cells))
        ratio = export["seconds"] / floor["seconds"]
        self._emit(
            {
                "name": "export_vs_floor",
                "time_ratio": round(ratio, 2),
                "memory_ratio": round(export["peak_mib"] / max(floor["peak_mib"], 0.01), 2),
                "target_time_ratio": EXPORT_TARGET,
                "within_target": ratio <= EXPORT_TARGET,
            }
        )
        # Memory must not grow with the games: ten times the games, about the same peak.
        self._emit(
            {
                "name": "export_memory_growth",
                "games_ratio": round(counted / max(cup_games, 1), 1),
                "peak_memory_ratio": round(export["peak_mib"] / max(one["peak_mib"], 0.01), 2),
            }
        )
        member_bench.run(self._emit, repeat)
        pairing_bench.run(self._emit)

    # --- building the season once ---------------------------------------------------

    def _season(self, year: int, games: int, name: str) -> Season:
        season = Season.objects.filter(year=year).first()
        if season is not None:
            return season
        # Built through the operations, like every write of the site.
        season = operations.create_season(year, "qgammon-2002", name)
        rng = random.Random(year)  # noqa: S311 - reproducible sample games, not secrets
        players = list(Player.objects.filter(name__startswith="Bench "))
        players += [
            operations.create_player({"name": f"Bench {number:03d}"})
            for number in range(len(players), FIELD + 40)
        ]
        recorded, number = 0, 0
        started = time.perf_counter()
        while recorded < games:
            number += 1
            size = FIELD if year == BENCH_YEAR else 16
            tournament = operations.create_tournament(
                {
                    "season": season,
                    "name": f"Copa {number}",
                    "date": date(year, 1, 1) + timedelta(days=number % 365),
                    "consolation": draw.PROGRESSIVE,
                    "last_chance": True,
                },
                {draw.MAIN: "5,5,7,7,9,9,11", draw.CONSOLATION: "5", draw.LAST_CHANCE: "3"},
            )
            for player in rng.sample(players, size):
                operations.add_entry(tournament, player, checked_in=True)
            operations.make_draw(tournament, rng_seed=number)
            recorded += self._play(tournament, rng, games - recorded)
            self.stderr.write(
                f"built {name}: {recorded} games ({time.perf_counter() - started:.0f}s)"
            )
        return season

    def _play(self, tournament, rng, budget: int) -> int:
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

    # --- measuring ------------------------------------------------------------------

    def _emit(self, data: dict) -> None:
        self.stdout.write(json.dumps(data))

    def _measure(self, name: str, games: int, run, extra=None) -> dict:
        data = measure(name, run, self.repeat, games=games, **(extra or {}))
        self._emit(data)
        return data

    def _page(self, name: str, client: Client, url: str, games: int) -> None:
        # As a browser would ask in production: an allowed host, over HTTPS.
        def get():
            return client.get(url, secure=True, headers={"host": "localhost"})

        with CaptureQueriesContext(connection) as queries:
            response = get()
        if response.status_code != 200:
            raise CommandError(f"{url} answered {response.status_code}")
        self._measure(name, games, get, {"queries": len(queries)})

    def _export(self, season: Season) -> None:
        with tempfile.TemporaryFile() as output:
            write_workbook(season_sheets(season), output)

    def _export_one(self, tournament: Tournament) -> None:
        with tempfile.TemporaryFile() as output:
            write_workbook(tournament_sheets(tournament), output)

    def _floor(self, cells) -> None:
        workbook = Workbook(write_only=True)
        for title, headers, rows in cells:
            worksheet = workbook.create_sheet(title=title)
            worksheet.append(headers)
            for row in rows:
                worksheet.append(row)
        with tempfile.TemporaryFile() as output:
            workbook.save(output)
