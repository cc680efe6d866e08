"""The spreadsheet, opened again with openpyxl: sheets, headers, cell types and values
against the database; the same figures as the standings page; the command's errors."""

import io
import random
import subprocess
import sys
from datetime import date, datetime
from pathlib import Path

import openpyxl
import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from sheet_tables import notes, table

import builders
from demo_club import DemoClubTestCase
from tournament.core import draw
from tournament.models import Game, Match, Penalty, Season, Tournament
from tournament.models.clubs import FOUNDING_CLUB_ID
from tournament.queries.match_labels import round_name
from tournament.queries.standings import season_standings

ROOT = Path(__file__).resolve().parents[2]
SHEETS = ["Standings", "Matches", "Games", "Players", "Prizes", "Rules"]


def workbook_of(response):
    return openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))


def rows(sheet):
    return [[cell.value for cell in row] for row in table(sheet, min_row=2)]


def header(sheet):
    return [cell.value for cell in sheet[1]]


def assert_well_formed(sheet):
    assert sheet.freeze_panes == "A2"
    assert all(cell.font.b for cell in sheet[1])
    last = openpyxl.utils.get_column_letter(sheet.max_column)
    # The autofilter holds the whole table; only the notes under it (after an empty
    # row) are left out.
    under = len(notes(sheet)) + 1 if notes(sheet) else 0
    assert sheet.auto_filter.ref == f"A1:{last}{sheet.max_row - under}"
    for column in range(1, sheet.max_column + 1):
        letter = openpyxl.utils.get_column_letter(column)
        assert sheet.column_dimensions[letter].width >= len(str(sheet[f"{letter}1"].value))


def stage_of(match: Match) -> str:
    """The workbook's Round cell of a match: its round's name in its bracket, a club
    night's "Round 3" ("Group 1, Round 3" in a group)."""
    if match.bracket_id is None:
        return match.round_label
    return round_name(match.bracket.kind, match.round, match.bracket.rounds)


class DemoWorkbook(DemoClubTestCase):
    @classmethod
    def setUpTestData(cls):
        super().setUpTestData()
        cls.season = Season.objects.get(name__startswith="Temporada 2", start__year__gt=2002)

    def download(self):
        response = self.client.get(reverse("standings-xlsx", args=[self.season.year]))
        self.assertEqual(response.status_code, 200)
        self.assertEqual(
            response["Content-Type"],
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        )
        self.assertIn(f"qgammon-{self.season.year}.xlsx", response["Content-Disposition"])
        return workbook_of(response)

    def test_sheets_and_their_form(self):
        book = self.download()
        # The demo's season has analysed matches: its PR table is a sheet after Players.
        self.assertEqual(book.sheetnames, [*SHEETS[:4], "Skill", *SHEETS[4:]])
        for sheet in book:
            assert_well_formed(sheet)

    def test_standings_agree_with_the_page(self):
        book = self.download()
        page = self.client.get(reverse("standings", args=[self.season.year]))
        table = page.context["table"]
        shown = [[cell for cell in row] for row in table.as_values()]
        self.assertEqual(header(book["Standings"]), [str(h) for h in shown[0]])
        self.assertEqual(rows(book["Standings"]), shown[1:])
        first = rows(book["Standings"])[0]
        self.assertTrue(all(isinstance(value, int) for value in first[2:]))
        ranked = season_standings(self.season).records
        self.assertEqual([row[1] for row in rows(book["Standings"])], [r.name for r in ranked])
        self.assertContains(page, ranked[0].name)

    def test_matches_sheet_against_the_database(self):
        sheet = self.download()["Matches"]
        matches = Match.objects.filter(
            tournament__season=self.season, player1__isnull=False, player2__isnull=False
        )
        self.assertEqual(sheet.max_row - 1, matches.count())
        # With the round and position: a double elimination's grand final and its reset
        # are two matches of the same two players in one tournament. The round as the
        # bracket page names it under its bracket ("Quarter-finals", "Round 2").
        by_players = {
            (m.player1.name, m.player2.name, m.tournament.name, stage_of(m), m.position): m
            for m in matches.select_related("bracket", "player1", "player2", "tournament")
        }
        for row in rows(sheet):
            match = by_players[(row[4], row[5], row[0], row[2], row[3])]
            self.assertEqual(row[6:9], [match.length, match.score1, match.score2])
            self.assertEqual(row[9] or None, match.winner.name if match.winner else None)
            self.assertIsInstance(row[11], datetime)  # a date cell, not text
        self.assertEqual(sheet["L2"].number_format, "yyyy-mm-dd")

    def test_games_sheet_against_the_database(self):
        sheet = self.download()["Games"]
        games = Game.objects.filter(match__tournament__season=self.season)
        penalties = Penalty.objects.filter(match__tournament__season=self.season)
        # A row a game, and a row for each penalty before a match's first game.
        self.assertEqual(sheet.max_row - 1, games.count() + penalties.count())
        self.assertTrue(penalties.exists())  # the demo shows a lateness penalty
        scores = {}
        for match in Match.objects.filter(tournament__season=self.season).exclude(games=None):
            state = match.replay()
            for outcome in state.games:
                # Two players may meet in two tournaments of a season (a cup, a night).
                names = (match.tournament.name, match.player1.name, match.player2.name)
                key = (*names, stage_of(match), match.position, outcome.number)
                scores[key] = (list(outcome.score_before), outcome.points, outcome.crawford)
        for row in rows(sheet):
            if row[6] is None:
                self.assertEqual(row[10], "penalty points")
                continue
            before, points, crawford = scores[(row[0], row[4], row[5], row[2], row[3], row[6])]
            self.assertEqual(row[7:9], before)
            self.assertEqual(row[13], points)
            self.assertEqual(row[14], "yes" if crawford else "no")
            self.assertIsInstance(row[11], int)

    def test_players_and_rules(self):
        book = self.download()
        players = rows(book["Players"])
        self.assertEqual(
            sorted(row[0] for row in players),
            sorted(r.name for r in season_standings(self.season).records),
        )
        rules = dict((row[0], row[1]) for row in rows(book["Rules"]))
        self.assertEqual(rules["Backgammons"], "A backgammon counts three times the cube.")
        self.assertIn("10", rules["League points: Main bracket"])

    def test_1999_rules_in_words(self):
        response = self.client.get(reverse("standings-xlsx", args=[1999]))
        rules = dict((row[0], row[1]) for row in rows(workbook_of(response)["Rules"]))
        self.assertEqual(
            rules["Backgammons"], "A backgammon counts twice the cube, the same as a gammon."
        )

    def test_a_tournament_workbook(self):
        cup = Tournament.objects.get(name__startswith="Copa d'Estiu")
        response = self.client.get(reverse("results-xlsx", args=[cup.pk]))
        book = workbook_of(response)
        self.assertEqual(
            book.sheetnames,
            ["Standings", "Places", "Matches", "Games", "Players", "Prizes", "Rules"],
        )
        places = rows(book["Places"])
        self.assertEqual(places[0][:2], ["Main bracket", "1"])
        champion = Match.objects.get(tournament=cup, bracket__kind="main", round=5).winner
        self.assertEqual(places[0][2], champion.name)
        self.assertEqual(places[0][3], 10)

    def test_the_standings_page_costs_the_same_however_big(self):
        # session? none for a visitor: the season, its marks, its tournaments, the
        # matches, the entries, the players, the game totals: fixed. Computed once per
        # change of the season: asked again, the season and its marks alone.
        for year in (self.season.year, 2001):
            # A finished team event's places cost four more (teams, team matches, their
            # boards, the members), whatever its size: the demo has one this season.
            # The club's own season: another club's of the same years is not on its page.
            events = Tournament.objects.filter(
                season__club_id=FOUNDING_CLUB_ID,
                season__years=str(year),
                format="teams",
                status="finished",
                public=True,
            ).count()
            with self.assertNumQueries(8 + 4 * events):
                self.client.get(reverse("standings", args=[year]))
            with self.assertNumQueries(2):
                self.client.get(reverse("standings", args=[year]))


@pytest.fixture
def generated(season):
    """A season of two cups played out game by game with random legal games."""
    rng = random.Random(5)
    players = builders.new_players(20)
    for number, size in enumerate((13, 20), start=1):
        cup = builders.cup(
            season,
            rng.sample(players, size),
            name=f"Copa {number}",
            date=None,
            brackets={draw.MAIN: "3,5"},
            rng_seed=number,
            consolation="progressive",
            last_chance=True,
        )
        builders.play(cup, seed=number)
    return season


def test_a_generated_season_exports_every_game(client, generated):
    response = client.get(reverse("standings-xlsx", args=[generated.year]))
    book = workbook_of(response)
    assert book.sheetnames == SHEETS
    games = Game.objects.filter(match__tournament__season=generated)
    assert book["Games"].max_row - 1 == games.count() > 100
    standings = season_standings(generated)
    sheet_rows = rows(book["Standings"])
    for record, row in zip(standings.records, sheet_rows, strict=True):
        assert row[1] == record.name
        assert row[2:] == [
            record.league_points, record.tournaments, record.matches_won, record.matches_lost,
            record.games_won, record.games_lost, record.points_won, record.points_lost,
            record.gammons_won, record.backgammons_won, record.crawford_games_won,
        ]  # fmt: skip
    # Every game is counted once as won and once as lost.
    assert sum(row[6] for row in sheet_rows) == sum(row[7] for row in sheet_rows) == games.count()
    # Every point of a match's score as written (capped at its length) likewise.
    matches = Match.objects.filter(tournament__season=generated, player2__isnull=False)
    total_points = sum(match.score1 + match.score2 for match in matches.exclude(player1=None))
    assert sum(row[8] for row in sheet_rows) == sum(row[9] for row in sheet_rows) == total_points
    assert notes(book["Standings"]) == [
        "Points won and lost are counted as the match score is written, capped at the match "
        "length: a 5-point match that ends 6-4 counts 5-4."
    ]


def test_the_command_writes_the_same_workbook(tmp_path, generated):
    output = tmp_path / "standings.xlsx"
    call_command(
        "export_standings", season=generated.year, output=str(output), stdout=io.StringIO()
    )
    book = openpyxl.load_workbook(output)
    assert book.sheetnames == SHEETS
    assert not list(tmp_path.glob("*.part"))
    cup = generated.tournaments.first()
    call_command(
        "export_standings",
        season=generated.year,
        tournament=cup.pk,
        output=str(output),
        stdout=io.StringIO(),
    )
    assert openpyxl.load_workbook(output).sheetnames[1] == "Places"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"season": 1850, "output": "x.xlsx"}, "There is no season 1850."),
        ({"season": 2002, "output": "/nonexistent/folder/x.xlsx"}, "does not exist"),
        ({"season": 2002, "output": "standings.csv"}, "must be an .xlsx file"),
        ({"season": 2002, "tournament": 99999, "output": "x.xlsx"}, "has no tournament 99999"),
    ],
)
def test_command_errors_are_clear(season, tmp_path, arguments, message):
    if not arguments["output"].startswith("/"):
        arguments["output"] = str(tmp_path / arguments["output"])
    with pytest.raises(CommandError, match=message):
        call_command("export_standings", **arguments)


# Among the suite's slowest (8 s in one process on 2 busy cores): the command run in
# processes of their own, to see their exit status and output
def test_command_errors_exit_non_zero_without_a_traceback(tmp_path):
    environment = {"PATH": "/usr/bin:/bin", "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3"}

    def manage(*arguments):
        return subprocess.run(
            [sys.executable, "manage.py", *arguments],
            cwd=ROOT, capture_output=True, text=True, timeout=120, env=environment,
        )  # fmt: skip

    assert manage("migrate", "--verbosity", "0").returncode == 0
    for arguments, message in (
        (["--season", "1850", "--output", str(tmp_path / "x.xlsx")], "There is no season 1850."),
        (["--season", "1850", "--output", "/proc/x.xlsx"], "There is no season 1850."),
        (["--season", "x", "--output", "y.xlsx"], "not a season's years: 'x'"),
    ):
        result = manage("export_standings", *arguments)
        assert result.returncode != 0
        assert message in result.stderr
        assert "Traceback" not in result.stderr


def test_an_unwritable_file_is_a_clear_error(season, tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    target = folder / "standings.xlsx"
    target.mkdir()  # a folder where the file should go: it cannot be written
    with pytest.raises(CommandError, match="Cannot write"):
        call_command("export_standings", season=2002, output=str(target))


def test_the_sheets_list_the_tournaments_by_date_each_one_whole(client, season):
    """The Matches and Games sheets are read tournament by tournament (exports.reads):
    still in date order, a tournament entered later but played earlier first, and each
    tournament's rows together."""
    players = builders.new_players(8)
    later = builders.cup(season, players, name="Copa tardor", date=date(season.year, 10, 1))
    earlier = builders.cup(season, players, name="Copa gener", date=date(season.year, 1, 15))
    assert later.pk < earlier.pk
    for cup in (later, earlier):
        builders.play(cup, seed=cup.pk)
    book = workbook_of(client.get(reverse("standings-xlsx", args=[season.year])))
    for name in ("Matches", "Games"):
        column = [row[0] for row in rows(book[name])]
        first = column.count("Copa gener")
        assert first and column == ["Copa gener"] * first + ["Copa tardor"] * (len(column) - first)
