"""The demo club: what it must show, and that loading it twice changes nothing."""

import io

import pytest
from django.contrib.auth import authenticate
from django.core import serializers
from django.core.management import call_command

from tournament.models import AuditEntry, Game, Match, Player, Season
from tournament.rules import PRESETS


def load():
    call_command("load_demo", stdout=io.StringIO())


def dump():
    models = [Player, Season, Match, Game]
    return [serializers.serialize("json", model.objects.order_by("pk")) for model in models]


@pytest.fixture
def demo(db):
    load()


def test_loading_twice_changes_nothing(demo):
    before = dump()
    entries = AuditEntry.objects.count()
    load()
    assert dump() == before
    assert AuditEntry.objects.count() == entries


def test_about_32_players_with_catalan_and_spanish_names(demo):
    names = set(Player.objects.values_list("name", flat=True))
    assert len(names) == 32
    assert {"Jordi Puig", "Núria Ferrer", "Carmen García", "José Martínez"} <= names


def test_seasons_follow_the_club_presets(demo):
    from django.utils import timezone

    expected = {1999: "qgammon-1999", 2001: "qgammon-2000", 2002: "qgammon-2002"}
    expected[timezone.localdate().year] = "qgammon-2002"
    for year, preset in expected.items():
        season = Season.objects.get(year=year)
        assert season.preset == preset
        assert season.rules == PRESETS[preset]


def test_the_games_show_the_rules(demo):
    games = Game.objects.select_related("match__tournament__season")
    assert games.filter(crawford=True).exists()
    post_crawford = [
        game
        for game in games
        if game.match.crawford_game and game.number > game.match.crawford_game
    ]
    assert post_crawford
    assert games.filter(how="dropped").exists()
    assert games.filter(kind="gammon").exists()
    assert games.filter(how="resigned").exists()
    in_1999 = games.filter(match__tournament__season__year=1999)
    assert in_1999.filter(beaver=True).exists()
    backgammon = in_1999.get(kind="backgammon")
    assert backgammon.points == 2 * backgammon.cube  # a backgammon counted double


def test_every_cached_score_equals_the_replay(demo):
    for match in Match.objects.select_related("tournament__season"):
        state = match.replay()
        assert match.score == state.score
        assert match.crawford_game == state.crawford_game


def test_the_demo_director_can_log_in(demo):
    from tournament.management.commands.load_demo import DIRECTOR_PASSWORD, DIRECTOR_USERNAME

    user = authenticate(username=DIRECTOR_USERNAME, password=DIRECTOR_PASSWORD)
    assert user is not None and user.is_staff
    assert user.has_perm("tournament.direct_tournaments")
    assert user.has_perm("tournament.change_match")
