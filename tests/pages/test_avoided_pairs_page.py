"""The director's page of pairs kept apart (views.director.avoided), and what the draw
page and a Swiss's rounds say when such a pair has to meet."""

import pytest
from django.urls import reverse

import builders
from director_checks import assert_protected
from tournament import operations
from tournament.models import AuditEntry, AvoidedPair


def page_url(tournament):
    return reverse("director-avoided", args=[tournament.pk])


@pytest.fixture
def cup(season):
    return builders.cup(season, ["Ana", "Joan", "Pau", "Rita"], rng_seed=None)


def ids(cup):
    return {entry.player.name: entry.player_id for entry in cup.entries.select_related("player")}


@pytest.mark.django_db
class TestPage:
    def test_protected(self, director, cup):
        assert_protected(director, page_url(cup), "get", wrong_method="put")
        player = ids(cup)
        data = {"first": player["Ana"], "second": player["Joan"], "reason": "family"}
        assert_protected(director, page_url(cup), "post", data, "put")
        pair = operations.add_avoided_pair(cup, player["Ana"], player["Joan"], reason="family")
        remove = reverse("director-avoided-remove", args=[cup.pk, pair.pk])
        assert_protected(director, remove, "post", wrong_method="get")
        # Only the director's own POSTs above could write: the visitor's and player's
        # refused ones left the one pair made here.
        assert AvoidedPair.objects.count() == 1

    def test_the_desk_links_here_and_the_page_lists_the_pairs(
        self, director_client, cup, django_assert_num_queries
    ):
        desk = director_client.get(reverse("director-tournament", args=[cup.pk]))
        assert page_url(cup) in desk.content.decode()
        player = ids(cup)
        operations.add_avoided_pair(
            cup, player["Rita"], player["Pau"], reason="travelled", note="same car"
        )
        # Session, user and the two permission reads; the tournament, the entered players,
        # the pairs with their players: the same whatever the number of pairs.
        with django_assert_num_queries(7):
            page = director_client.get(page_url(cup)).content.decode()
        assert "Pau – Rita" in page and "travelled together" in page and "same car" in page

    def test_a_pair_is_marked_and_removed(self, director_client, cup, director):
        player = ids(cup)
        response = director_client.post(
            page_url(cup), {"first": player["Joan"], "second": player["Ana"], "reason": "family"}
        )
        assert response.status_code == 302
        pair = AvoidedPair.objects.get()
        assert pair.pair == {player["Ana"], player["Joan"]}
        assert AuditEntry.objects.get(action="avoided_pair_added").user == director
        response = director_client.post(reverse("director-avoided-remove", args=[cup.pk, pair.pk]))
        assert response.status_code == 302
        assert not AvoidedPair.objects.exists()

    @pytest.mark.parametrize(
        ("case", "message"),
        [
            ("same", "Choose two different players."),
            ("stranger", "Both players must be entered in this tournament."),
            ("twice", "These two are already kept apart."),
            ("reason", "Choose two players and why."),
            ("empty", "Choose two players and why."),
        ],
    )
    def test_bad_input_is_a_400_with_a_message_and_saves_nothing(
        self, director_client, cup, season, case, message
    ):
        player = ids(cup)
        data = {"first": player["Ana"], "second": player["Joan"], "reason": "household"}
        if case == "same":
            data["second"] = player["Ana"]
        elif case == "stranger":
            data["second"] = builders.new_players(1, prefix="Fora")[0].pk
        elif case == "twice":
            operations.add_avoided_pair(cup, player["Ana"], player["Joan"], reason="family")
            data = {**data, "first": player["Joan"], "second": player["Ana"]}
        elif case == "reason":
            data["reason"] = "grudge"
        else:
            data = {}
        before = AvoidedPair.objects.count()
        response = director_client.post(page_url(cup), data)
        assert response.status_code == 400
        assert message in response.content.decode()
        assert AvoidedPair.objects.count() == before

    def test_a_pair_of_another_tournament_is_not_removed_here(self, director_client, cup, season):
        other = builders.cup(season, ["Eva", "Max"], name="Altra", rng_seed=None)
        eva, max_ = (entry.player_id for entry in other.entries.all())
        pair = operations.add_avoided_pair(other, eva, max_, reason="family")
        url = reverse("director-avoided-remove", args=[cup.pk, pair.pk])
        assert director_client.post(url).status_code == 404
        assert AvoidedPair.objects.filter(pk=pair.pk).exists()


@pytest.mark.django_db
class TestSaidWhenTheyMeet:
    def test_the_draw_preview_says_a_pair_no_draw_keeps_apart(self, director_client, season):
        cup = builders.cup(season, ["Ana", "Joan"], rng_seed=None)
        player = ids(cup)
        operations.add_avoided_pair(cup, player["Ana"], player["Joan"], reason="family")
        url = reverse("director-draw", args=[cup.pk])
        page = director_client.get(url, {"seed": 4}).content.decode()
        assert "Ana and Joan meet in round 1: no draw keeps them apart." in page

    def test_the_draw_preview_is_silent_when_the_pair_is_kept_apart(self, director_client, cup):
        player = ids(cup)
        operations.add_avoided_pair(cup, player["Ana"], player["Joan"], reason="family")
        url = reverse("director-draw", args=[cup.pk])
        for seed in range(10):
            page = director_client.get(url, {"seed": seed}).content.decode()
            assert "Ana – Joan" not in page and "Joan – Ana" not in page
            assert "no draw keeps them apart" not in page

    def test_a_swiss_round_says_a_pair_the_rules_made_meet(self, director_client, season):
        tournament, _players = builders.club_night(season, 4, rng_seed=2, start=True)
        first_round = list(tournament.matches.filter(round=1))
        winners = [match.player1_id for match in first_round]
        operations.add_avoided_pair(tournament, *winners, reason="household")
        for match in first_round:
            builders.win(match)
        page = director_client.get(reverse("director-tournament", args=[tournament.pk]))
        assert "meet in round 2, though kept apart" in page.content.decode()
