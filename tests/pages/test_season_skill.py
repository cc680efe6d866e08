"""The season's GNUBG PR table (docs/skill.md, "The player and the season"): a page of
its own linked from the season's once a match is analysed, and a Skill sheet in the
season's workbook. Players with at least SKILL_MIN_DECISIONS analysed decisions, each
match by its deepest analysis, public tournaments of the season only; sortable; one
query for the table."""

from __future__ import annotations

import io
import re

import openpyxl
import pytest
from analyses import analysed_match
from analyses import store_prs as store
from django.test import Client
from django.urls import reverse

from tournament.models import Player, Season, Tournament


@pytest.fixture(autouse=True)
def _eighty(settings):
    settings.SKILL_MIN_DECISIONS = 80


@pytest.fixture
def field(tournament, players, season):
    """Anna: PR 3.0 over 60 and 11.0 over 20 (PR 5.0 over 80: in). Xavier: 4.0 over 60
    and 2.0 over 20 (PR 3.5 over 80: in). Carla: 2.0 over 40 at 2-ply, 9.0 at 0-ply
    (40 decisions: out). Elsewhere: another season's match, a private tournament's."""
    anna, xavier = players
    carla = Player.objects.create(name="Carla Pujol")
    analysed_match(tournament, anna, xavier, (3.0, 4.0), decisions=(60, 60))
    later = Tournament.objects.create(season=season, name="Copa de Nadal", date="2002-12-14")
    analysed_match(later, xavier, anna, (2.0, 11.0), decisions=(20, 20))
    third = analysed_match(later, carla, Player.objects.create(name="Dídac Roig"), (9.0, 30.0))
    store(third, (2.0, 30.0), ply=2)
    hidden = Tournament.objects.create(
        season=season, name="Entrenament", date="2002-12-20", public=False
    )
    analysed_match(hidden, anna, xavier, (25.0, 25.0), decisions=(200, 200))
    other = Season.from_preset(2003, "qgammon-2002", name="Temporada 2003")
    other.save()
    elsewhere = Tournament.objects.create(season=other, name="Copa 2003", date="2003-05-01")
    analysed_match(elsewhere, anna, xavier, (25.0, 25.0), decisions=(200, 200))
    return season


def cells(text: str) -> list[list[str]]:
    body = text.split("<tbody")[1].split("</tbody>")[0]
    return [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def test_the_table_weighs_each_players_matches_by_decisions(client, field):
    text = client.get(reverse("season-skill", args=[2002])).content.decode()
    assert cells(text) == [
        # player, matches, decisions, PR, best, worst, luck (0.42 a match), band
        ["Xavier Roca", "2", "80", "3.5", "2.0", "4.0", "0.84", "Grand Master"],
        ["Anna Bosch", "2", "80", "5.0", "3.0", "11.0", "0.84", "Master"],
    ]
    assert "The players with at least 80 decisions analysed" in text
    assert "this is GNUBG PR, not XG PR" in text
    assert f'href="{reverse("player", args=[Player.objects.get(name="Anna Bosch").pk])}"' in text


def test_the_threshold_is_a_setting(client, field, settings):
    settings.SKILL_MIN_DECISIONS = 40
    names = [
        row[0] for row in cells(client.get(reverse("season-skill", args=[2002])).content.decode())
    ]
    # Carla's one match counts at its 0-ply PR, 9.0, the season's depth (its 2-ply
    # analysis is of another depth than the rest: not comparable); Dídac is above the bands.
    assert names == ["Xavier Roca", "Anna Bosch", "Carla Pujol", "Dídac Roig"]
    rows = cells(client.get(reverse("season-skill", args=[2002])).content.decode())
    assert rows[2][3] == "9.0" and rows[-1][-1] == "—"


def test_sortable_by_any_column(client, field):
    url = reverse("season-skill", args=[2002])
    assert [row[0] for row in cells(client.get(url, {"sort": "-pr"}).content.decode())] == [
        "Anna Bosch",
        "Xavier Roca",
    ]
    assert [row[0] for row in cells(client.get(url, {"sort": "name"}).content.decode())] == [
        "Anna Bosch",
        "Xavier Roca",
    ]
    text = client.get(url, {"sort": "worst"}).content.decode()
    assert [row[0] for row in cells(text)] == ["Xavier Roca", "Anna Bosch"]
    assert 'aria-sort="ascending"' in text


def test_the_page_and_its_table_cost_three_queries(client, field, django_assert_num_queries):
    # The season; the analyses' engines and depths (which one the table counts); the
    # table, aggregated in the database.
    with django_assert_num_queries(3):
        response = client.get(reverse("season-skill", args=[2002]))
    assert response.status_code == 200


def test_an_empty_season_says_so_without_a_table(client, season, tournament, players, settings):
    analysed_match(tournament, *players, (3.0, 4.0))  # 40 decisions each, under 80
    text = client.get(reverse("season-skill", args=[2002])).content.decode()
    assert "No player has 80 decisions analysed by GNU Backgammon in this season yet." in text
    assert "<table" not in text


def test_in_spanish_and_catalan(field):
    url = reverse("season-skill", args=[2002])
    spanish = Client(headers={"accept-language": "es"}).get(url).content.decode()
    assert "Gran Maestro" in spanish and ">3,5<" in spanish
    assert "Los jugadores con al menos 80 decisiones analizadas" in spanish
    catalan = Client(headers={"accept-language": "ca"}).get(url, {"sort": "name"})
    assert "Franja de grau (indicació)" in catalan.content.decode()


def test_an_unknown_season_is_a_404(client, db):
    assert client.get(reverse("season-skill", args=[1850])).status_code == 404


def test_the_season_page_links_to_it_once_a_match_is_analysed(
    client, season, tournament, players, django_assert_num_queries
):
    url, link = reverse("season", args=[2002]), reverse("season-skill", args=[2002])
    with django_assert_num_queries(2):
        assert link not in client.get(url).content.decode()
    analysed_match(tournament, *players, (3.0, 4.0))
    # No query more: the season's row says whether it has an analysed match.
    with django_assert_num_queries(2):
        assert link in client.get(url).content.decode()


def workbook(client, year):
    response = client.get(reverse("standings-xlsx", args=[year]))
    return openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))


def test_the_workbook_has_the_table_as_its_skill_sheet(client, field):
    book = workbook(client, 2002)
    assert book.sheetnames == [
        "Standings",
        "Matches",
        "Games",
        "Players",
        "Skill",
        "Prizes",
        "Rules",
    ]
    sheet = book["Skill"]
    values = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert values[0] == [
        "Player",
        "Matches analysed",
        "Decisions analysed",
        "GNUBG PR",
        "Best match PR",
        "Worst match PR",
        "Luck (EMG)",
        "Grade band (indication)",
    ]
    assert values[1:] == [
        ["Xavier Roca", 2, 80, 3.5, 2.0, 4.0, 0.84, "Grand Master"],
        ["Anna Bosch", 2, 80, 5.0, 3.0, 11.0, 0.84, "Master"],
        [None] * 8,
        ["Figures of GNU Backgammon 1.07.001, 0-ply."] + [None] * 7,
    ]
    assert sheet["D2"].number_format == "0.0"
    assert sheet.freeze_panes == "A2"


def test_a_name_like_a_formula_stays_text_in_the_sheet(client, tournament, players, settings):
    settings.SKILL_MIN_DECISIONS = 40
    sly = Player.objects.create(name='=HYPERLINK("http://example.org","x")')
    analysed_match(tournament, sly, players[0], (3.0, 4.0))
    cell = workbook(client, 2002)["Skill"]["A2"]
    assert cell.value == '=HYPERLINK("http://example.org","x")'
    assert cell.data_type == "s" and cell.quotePrefix


def test_a_season_without_analyses_has_no_skill_sheet(client, match):
    assert "Skill" not in workbook(client, 2002).sheetnames
