"""The public pages, on the demo club: what a player sees, and how many queries it costs."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from tournament import operations
from tournament.models import Match, Player, Season, Tournament
from tournament.scoring import GameResult


@pytest.fixture
def demo(db):
    call_command("load_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115


def worked_example_match():
    return Match.objects.get(player1__name="Arnau Serra", player2__name="Carla Pujol")


class TestHome:
    def test_lists_seasons_and_their_tournaments(self, client, demo, django_assert_num_queries):
        # One query for the seasons, one for their public tournaments, however many.
        with django_assert_num_queries(2):
            response = client.get(reverse("home"))
        assert response.status_code == 200
        text = response.content.decode()
        for year in (1999, 2001, 2002):
            assert f"Temporada {year}" in text
        assert "Copa de Tardor 1999" in text

    def test_a_private_tournament_is_not_listed(self, client, tournament):
        tournament.public = False
        tournament.save()
        assert tournament.name not in client.get(reverse("home")).content.decode()


class TestSeason:
    def test_1999_rules_in_plain_words(self, client, demo, django_assert_num_queries):
        # The season, then its tournaments.
        with django_assert_num_queries(2):
            response = client.get(reverse("season", args=[1999]))
        text = response.content.decode()
        assert "A backgammon counts twice the cube, the same as a gammon." in text
        assert "the doubler may not refuse the beaver" in text
        assert "Crawford rule" in text and "In force" in text
        assert "rule 3B" in text
        assert "Q-gammon, to 1999" in text

    def test_2002_rules_in_plain_words(self, client, demo):
        text = client.get(reverse("season", args=[2002])).content.decode()
        assert "A backgammon counts three times the cube." in text
        assert "No beavers in match play." in text
        assert "rule 2" in text and "rule 3)" in text
        assert "Spectators stay silent" in text

    def test_edited_rules_say_so(self, client, season):
        season.holland = True
        season.save()
        text = client.get(reverse("season", args=[2002])).content.decode()
        assert "with changes" in text
        assert "Holland rule" in text

    def test_unknown_season_is_404(self, client, db):
        assert client.get(reverse("season", args=[1850])).status_code == 404


class TestMatch:
    def test_worked_example_game_by_game(self, client, demo, django_assert_num_queries):
        match = worked_example_match()
        # The match with its tournament, season and players; then its games.
        with django_assert_num_queries(2):
            response = client.get(reverse("match", args=[match.pk]))
        assert response.status_code == 200
        rows = response.context["rows"]
        assert [outcome.score_before for _game, outcome in rows] == [
            (0, 0),
            (2, 0),
            (2, 1),
            (4, 1),
            (4, 2),
            (4, 4),
        ]
        assert [game.points for game, _outcome in rows] == [2, 1, 2, 1, 2, 2]
        text = response.content.decode()
        assert text.count("<strong>Crawford game</strong>") == 1
        assert text.count("post-Crawford") == 2
        assert "Points actually won: 6–4." in text

    def test_the_crawford_game_is_announced_before_it_is_played(self, client, match):
        for result in (GameResult(0, "gammon"), GameResult(0, "gammon")):
            operations.record_game(match, result)
        text = client.get(reverse("match", args=[match.pk])).content.decode()
        assert "Game 3 is the Crawford game" in text

    def test_unknown_match_is_404(self, client, db):
        assert client.get(reverse("match", args=[999999])).status_code == 404

    def test_a_match_of_a_private_tournament_is_404(self, client, match):
        Tournament.objects.filter(pk=match.tournament_id).update(public=False)
        assert client.get(reverse("match", args=[match.pk])).status_code == 404


class TestTournamentAndPlayer:
    def test_tournament_lists_its_matches(self, client, demo, django_assert_num_queries):
        tournament = Tournament.objects.get(name="Copa de la Queimada 2002")
        with django_assert_num_queries(2):
            response = client.get(reverse("tournament", args=[tournament.pk]))
        text = response.content.decode()
        assert "Arnau Serra" in text and "Carla Pujol" in text
        assert "5–4" in text

    def test_player_page_lists_matches(self, client, demo, django_assert_num_queries):
        player = Player.objects.get(name="Jordi Puig")
        with django_assert_num_queries(2):
            response = client.get(reverse("player", args=[player.pk]))
        assert "Montserrat Vila" in response.content.decode()


class TestEscaping:
    def test_names_with_html_are_escaped_everywhere(self, client, match):
        Player.objects.filter(pk=match.player1_id).update(name="<script>alert(1)</script>")
        Season.objects.filter(pk=match.tournament.season_id).update(name="<b>S</b>")
        Tournament.objects.filter(pk=match.tournament_id).update(name="<i>Cup</i>")
        pages = [
            reverse("home"),
            reverse("season", args=[2002]),
            reverse("tournament", args=[match.tournament_id]),
            reverse("match", args=[match.pk]),
            reverse("player", args=[match.player1_id]),
        ]
        for url in pages:
            text = client.get(url).content.decode()
            assert "<script>alert(1)</script>" not in text, url
            assert "<b>S</b>" not in text and "<i>Cup</i>" not in text, url
