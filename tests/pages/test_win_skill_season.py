"""A season whose league is scored Win + Skill: every match of its tournaments is worth a
point for the win and the skill point shared by the PRs, no place earns league points;
the page says so, reads the analyses in one query, and follows a late analysis."""

import re
from decimal import Decimal

import pytest
from analyses import analysed
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

import builders
from tournament.core import win_skill
from tournament.queries.standings import season_standings

ROW = re.compile(r"<tr[^>]*>(.*?)</tr>", re.S)
CELL = re.compile(r'<td[^>]*data-label="([^"]+)"[^>]*>(.*?)</td>', re.S)
TAG = re.compile(r"<[^>]+>")


@pytest.fixture
def league(season):
    season.league_scoring = win_skill.WIN_SKILL
    season.save()
    return season


def semi_finals(season):
    """A cup of 4 (matches to 3), both semi-finals won by their first player: the first
    analysed with its winner better by 3 PR, the second with equal PRs."""
    cup = builders.cup(season, 4, brackets={"main": "3"}, rng_seed=2, public=True)
    first, second = cup.matches.filter(round=1).between_two().order_by("position")
    builders.win(first)
    builders.win(second)
    analysed(first, -4.0, -10.0)
    analysed(second, -10.0, -10.0)
    return cup, first, second


def league_points(season) -> dict[str, Decimal]:
    return {record.player.name: record.league_points for record in season_standings(season).records}


@pytest.mark.django_db
def test_league_points_are_each_matchs_win_and_skill_points_and_places_earn_none(league):
    cup, first, second = semi_finals(league)
    final = cup.matches.filter(round=2).get()
    builders.win(final)  # not analysed: the win alone
    final.refresh_from_db()
    points = league_points(league)
    assert points[first.player2.name] == 0
    assert points[second.player2.name] == Decimal("0.5")
    champion = final.winner.name
    other = (final.player2 if final.winner == final.player1 else final.player1).name
    expected = {first.player1.name: Decimal(2), second.player1.name: Decimal("1.5")}
    assert points[champion] == expected[champion] + 1
    assert points[other] == expected[other]


@pytest.mark.django_db
def test_a_season_of_places_is_as_before(season):
    _cup, first, second = semi_finals(season)
    points = league_points(season)
    # The club's scale: the semi-finals' losers share 3rd-4th (5 each), a match won or
    # a better PR earns nothing.
    assert points == {
        first.player1.name: 0,
        second.player1.name: 0,
        first.player2.name: 5,
        second.player2.name: 5,
    }


@pytest.mark.django_db
def test_the_page_explains_it_and_follows_a_late_analysis(client, league):
    _cup, first, _second = semi_finals(league)
    url = reverse("standings", args=[league.year])
    html = client.get(url).content.decode()
    assert "League points are Win + Skill points" in html
    assert "A match without an analysis counts the win alone" in html

    def points_of(name):
        body = html[html.index("<tbody") : html.index("</tbody>")]
        row = next(row for row in ROW.findall(body) if name in row)
        return TAG.sub("", dict(CELL.findall(row))["League points"]).strip()

    assert points_of(first.player2.name) == "0"
    # The loser of the first semi-final was better after all (the analysis stored again).
    analysed(first, -10.0, -3.0)
    html = client.get(url).content.decode()
    assert points_of(first.player2.name) == "1"
    assert points_of(first.player1.name) == "1"


@pytest.mark.django_db
def test_the_analyses_cost_one_query_for_the_whole_season(league):
    for number in range(3):
        cup = builders.cup(league, 4, name=f"Copa {number}", brackets={"main": "3"}, rng_seed=2)
        builders.play_out(cup)
        for match in cup.matches.between_two():
            analysed(match, -6.0, -8.0)
    with CaptureQueriesContext(connection) as with_skill:
        season_standings(league)
    league.league_scoring = "club"
    with CaptureQueriesContext(connection) as by_places:
        season_standings(league)
    assert len(with_skill) == len(by_places) + 1


@pytest.mark.django_db
def test_the_director_chooses_win_skill_for_the_season_league(director_client, season):
    url = reverse("director-season", args=[season.year])
    assert "Win + Skill (WBIF)" in director_client.get(url).content.decode()
    data = {
        "name": season.name,
        "crawford": "on",
        "backgammon_multiplier": 3,
        "irregularities": "2002",
        "league_scoring": win_skill.WIN_SKILL,
        "main_points": season.main_points,
        "consolation_points": season.consolation_points,
        "last_chance_points": season.last_chance_points,
    }
    response = director_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    season.refresh_from_db()
    assert season.uses_win_skill
