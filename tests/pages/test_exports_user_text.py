"""User text in the workbooks is data: a player, club, tournament or season named like a
formula is a text cell in every sheet of both downloads, never a live formula, and
numbers stay numbers."""

import io

import openpyxl
import pytest
from django.urls import reverse

import builders
from tournament.models import Player, Season

FORMULAS = [
    '=HYPERLINK("http://example.org","x")',
    "=1+1",
    "+1+1",
    "-1+1",
    "@SUM(1)",
    "#N/A",
]


@pytest.fixture
def played(db):
    season = Season.from_preset(2002, "qgammon-2002", name="=4+4")
    season.save()
    players = [
        builders.member(Player.objects.create(name=name, club="=2+2"), f"=9{number}")
        for number, name in enumerate(FORMULAS)
    ]
    players.append(Player.objects.create(name="Anna\x07"))
    tournament = builders.cup(
        season, players, name="=3+3", date="2002-05-01", brackets={"main": "3"}, rng_seed=3
    )
    builders.play(tournament, seed=3)
    return tournament


def cells(client, url):
    response = client.get(url)
    assert response.status_code == 200
    book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    return {
        sheet.title: [cell for row in sheet.iter_rows() for cell in row]
        for sheet in book.worksheets
    }


@pytest.mark.parametrize("download", ["standings-xlsx", "results-xlsx"])
def test_names_like_formulas_are_text_in_every_sheet(client, played, download):
    arg = played.season.year if download == "standings-xlsx" else played.pk
    sheets = cells(client, reverse(download, args=[arg]))
    assert {"Standings", "Matches", "Games", "Players", "Rules"} <= set(sheets)
    for title, found in sheets.items():
        formulas = [cell.coordinate for cell in found if cell.data_type == "f"]
        assert formulas == [], f"{title} has formula cells at {formulas}"
    texts = {cell.value for found in sheets.values() for cell in found if cell.data_type == "s"}
    # Every name is there, as written, in text cells.
    assert set(FORMULAS) | {"=2+2", "=3+3", "=4+4", "=90"} <= texts
    # A character a workbook cannot hold is dropped rather than failing the download.
    assert "Anna" in texts
    # Numbers are still numbers: the Players sheet's matches won, a game's points.
    players = sheets["Players"]
    numbers = [cell for cell in players if cell.column == 5 and cell.row > 1]
    assert numbers and all(cell.data_type == "n" for cell in numbers)
    points = [cell for cell in sheets["Games"] if cell.row > 1 and isinstance(cell.value, int)]
    assert points and all(cell.data_type == "n" for cell in points)


def test_formula_like_text_is_marked_to_stay_text_when_edited(client, played):
    sheets = cells(client, reverse("results-xlsx", args=[played.pk]))
    named = [cell for cell in sheets["Players"] if cell.value == "=1+1"]
    assert named and all(cell.quotePrefix for cell in named)
