"""Seasons: created from a preset offered by name; rules edited, never in a way that
would rewrite games already played. (The two season views.)"""

import pytest
from django.urls import reverse

from director_checks import assert_protected
from tournament import operations
from tournament.core.rules import PRESETS
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, Season

NEW = "/director/seasons/new/"
SCALE = {
    "main_points": "10,7,5,3,2,1",
    "consolation_points": "4,3,2,1",
    "last_chance_points": "2,1",
}


def test_protected(director, season):
    assert reverse("director-season-new") == NEW
    assert_protected(director, NEW, "post", {"year": 2030, "preset": "standard"}, "put")
    edit = reverse("director-season", args=[2002])
    assert_protected(director, edit, "post", {"name": "x"}, "put")
    assert not Season.objects.filter(years="2030").exists()


def test_presets_are_offered_by_name(director_client, db):
    text = director_client.get(NEW).content.decode()
    assert "Q-gammon, to 1999" in text and "Q-gammon, from 2002" in text


def test_create_from_a_preset(director_client, director, db):
    response = director_client.post(NEW, {"year": 1998, "name": "T98", "preset": "qgammon-1999"})
    assert response.status_code == 302
    assert response["Location"] == reverse("director-season", args=[1998])
    season = Season.objects.get(years="1998")
    assert season.rules == PRESETS["qgammon-1999"] and season.preset == "qgammon-1999"
    assert AuditEntry.objects.get(action="season_created").user == director


@pytest.mark.parametrize(
    "data",
    [
        {"year": 2002, "preset": "standard"},  # taken by the fixture
        {"year": "dos mil", "preset": "standard"},
        {"year": 12, "preset": "standard"},
        {"year": 2040, "preset": "qgammon-2050"},
        {"year": 2040, "preset": "standard", "name": "x" * 101},
        {},
    ],
)
def test_bad_input_re_renders_and_creates_nothing(director_client, season, data):
    response = director_client.post(NEW, data)
    assert response.status_code == 400
    assert Season.objects.count() == 1


def test_edit_the_rules(director_client, season, director):
    url = reverse("director-season", args=[2002])
    page = director_client.get(url)
    assert "A backgammon counts three times the cube." in page.content.decode()
    data = {
        "name": "Temporada 2002",
        "crawford": "on",
        "holland": "on",
        "backgammon_multiplier": 3,
        "irregularities": "2002",
        **SCALE,
        "main_points": "12, 8,6 4",
    }
    response = director_client.post(url, data)
    assert response.status_code == 302
    season.refresh_from_db()
    assert season.holland and not season.beavers and season.rules_edited
    assert season.main_points == "12,8,6,4"
    entry = AuditEntry.objects.get(action="season_changed")
    assert entry.before["holland"] is False and entry.after["holland"] is True


def test_a_rule_change_that_would_rewrite_played_games_is_refused(director_client, season, match):
    operations.record_game(match, GameResult(0, "backgammon"))
    url = reverse("director-season", args=[2002])
    data = {
        "name": "T",
        "crawford": "on",
        "backgammon_multiplier": 2,
        "irregularities": "2002",
        **SCALE,
    }
    response = director_client.post(url, data)
    assert response.status_code == 400
    assert "would change games already recorded" in response.content.decode()
    season.refresh_from_db()
    assert season.backgammon_multiplier == 3
    match.refresh_from_db()
    assert match.score == (3, 0)


def test_a_harmless_change_is_allowed_with_games(director_client, season, match):
    operations.record_game(match, GameResult(0))
    url = reverse("director-season", args=[2002])
    data = {
        "name": "T",
        "crawford": "on",
        "holland": "on",
        "backgammon_multiplier": 3,
        "irregularities": "pre-2002",
        **SCALE,
    }
    assert director_client.post(url, data).status_code == 302


def test_bad_rule_values_are_refused(director_client, season):
    url = reverse("director-season", args=[2002])
    good = {"name": "T", "backgammon_multiplier": 3, "irregularities": "2002", **SCALE}
    for changes in (
        {"backgammon_multiplier": 4},
        {"irregularities": "1990"},
        {"automatic_doubles_limit": -1},
        {"main_points": "10,x,5"},
        {"consolation_points": "1," * 20},
        {"main_points": ""},
    ):
        response = director_client.post(url, {**good, **changes})
        assert response.status_code == 400, changes
    season.refresh_from_db()
    assert season.rules == PRESETS["qgammon-2002"]


def test_unknown_season_is_404(director_client, db):
    assert director_client.get(reverse("director-season", args=[1850])).status_code == 404
