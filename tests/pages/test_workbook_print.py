"""The workbook prints well and reads right: landscape, one page wide, the header row
on every page, the header in the body's font, ratings with their decimal, and a status
column so that ready and live matches are not read as 0-0 results."""

from io import BytesIO

import pytest
from django.urls import reverse
from openpyxl import load_workbook

import builders
from tournament import operations
from tournament.core.scoring import GameResult


@pytest.fixture
def book(client, season):
    tournament = builders.cup(season, start=True)
    first, second = tournament.matches.filter(round=1).order_by("position")
    builders.win(first)
    operations.record_game(second, GameResult(1))  # under way: 0-1
    response = client.get(reverse("results-xlsx", args=[tournament.pk]))
    return load_workbook(BytesIO(b"".join(response.streaming_content)))


@pytest.mark.django_db
def test_every_sheet_prints_landscape_one_page_wide_with_its_header(book):
    for sheet in book.worksheets:
        assert sheet.page_setup.orientation == "landscape", sheet.title
        assert sheet.page_setup.fitToWidth == 1 and sheet.page_setup.fitToHeight == 0
        assert sheet.sheet_properties.pageSetUpPr.fitToPage
        assert sheet.print_title_rows == "$1:$1"
        header = sheet["A1"].font
        assert header.b and header.name == "Calibri"


@pytest.mark.django_db
def test_ratings_have_a_number_format(book):
    sheet = book["Players"]
    column = [cell.value for cell in sheet[1]].index("Rating")
    assert {row[column].number_format for row in sheet.iter_rows(min_row=2)} == {"0.0"}


@pytest.mark.django_db
def test_the_matches_sheet_says_each_match_s_status(book):
    sheet = book["Matches"]
    headers = [cell.value for cell in sheet[1]]
    rows = [
        dict(zip(headers, row, strict=True)) for row in sheet.iter_rows(min_row=2, values_only=True)
    ]
    by_status = {row["Status"]: row for row in rows}
    assert set(by_status) >= {"decided", "live"}
    assert (by_status["live"]["Score 1"], by_status["live"]["Score 2"]) == (0, 1)
