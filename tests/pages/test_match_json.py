"""The match's JSON (docs/api.md): its players, score and GNU Backgammon's figures from
the deepest analysis, null without one; and each analysed match's PRs in the
tournament's JSON, read in the same queries as before."""

from __future__ import annotations

import pytest
from analyses import result
from django.urls import reverse

from builders import cup
from tournament.models import Tournament
from tournament.operations import analysis


@pytest.fixture
def url(match):
    return reverse("api-match", args=[match.pk])


def test_a_match_without_analysis_says_null(client, url, match, tournament):
    data = client.get(url).json()
    assert data == {
        "id": match.pk,
        "tournament": {
            "id": tournament.pk,
            "name": "Copa de la Queimada",
            "url": reverse("api-tournament", args=[tournament.pk]),
        },
        "round": None,
        "length": 5,
        "players": ["Anna Bosch", "Xavier Roca"],
        "score": [0, 0],
        "status": "ready",
        "winner": None,
        "analysis": None,
    }


def test_the_figures_of_each_player(client, url, match):
    analysis.store(match, result(first=-12.4, second=-6.6))
    figures = client.get(url).json()["analysis"]
    assert figures["ply"] == 0 and figures["version"] == "GNU Backgammon 1.07.001 20230103"
    assert figures["analysed_at"]
    anna, xavier = figures["players"]
    assert (anna["side"], anna["player"], anna["pr"], anna["error_rate"]) == (
        0,
        "Anna Bosch",
        6.2,
        -12.4,
    )
    assert (xavier["side"], xavier["player"], xavier["pr"]) == (1, "Xavier Roca", 3.3)
    assert anna["decisions"] == 40 and anna["unforced_moves"] == 36
    assert (anna["chequer_errors"], anna["chequer_blunders"]) == (3, 1)
    assert (anna["cube_errors"], anna["cube_blunders"]) == (1, 0)
    assert (anna["luck_total"], anna["luck_rate"]) == (0.42, 11.5)
    assert xavier["biggest"] == [
        {
            "game": 2,
            "move": 7,
            "kind": "chequer",
            "position_id": "4HPwATDgc/ABMA",
            "match_id": "cAkAAAAAAAAA",
            "played": "8/5 6/5",
            "best": "24/21 13/11",
            "equity_lost": 0.231,
        }
    ]


def test_a_file_naming_the_players_the_other_way_round_keeps_the_matchs_order(client, url, match):
    analysis.store(match, result(first=-20.0), swapped=True)
    anna, xavier = client.get(url).json()["analysis"]["players"]
    assert (anna["player"], anna["pr"]) == ("Anna Bosch", 3.3)
    assert (xavier["player"], xavier["pr"]) == ("Xavier Roca", 10.0)


def test_the_deepest_analysis_is_given(client, url, match):
    analysis.store(match, result(ply=2, first=-8.0))
    analysis.store(match, result(ply=0))
    figures = client.get(url).json()["analysis"]
    assert figures["ply"] == 2 and figures["players"][0]["pr"] == 4.0


def test_the_match_json_reads_two_queries(client, url, match, django_assert_num_queries):
    with django_assert_num_queries(1):  # the match, with its deepest analysis's id
        client.get(url)
    analysis.store(match, result(ply=0))
    analysis.store(match, result(ply=2))
    with django_assert_num_queries(2):  # and the analysis's players
        assert client.get(url).json()["analysis"]["ply"] == 2


def test_private_unknown_and_written_to_answer_in_json(client, url, match, tournament):
    assert client.post(url).status_code == 405
    missing = client.get(reverse("api-match", args=[999999]))
    assert missing.status_code == 404 and missing.json() == {"error": "No such match."}
    Tournament.objects.filter(pk=tournament.pk).update(public=False)
    assert client.get(url).status_code == 404


def test_the_tournament_json_gives_an_analysed_matchs_prs(
    client, season, django_assert_num_queries
):
    tournament = cup(season, 4)
    first, second = tournament.matches.filter(round=1).order_by("position")
    analysis.store(first, result(first=-12.4, second=-6.6))
    analysis.store(first, result(ply=2, first=-8.0, second=-6.6))
    url = reverse("api-tournament", args=[tournament.pk])
    # The PRs come with the matches: the same four queries as without analysis.
    with django_assert_num_queries(4):
        data = client.get(url).json()
    matches = {m["id"]: m for m in data["brackets"][0]["rounds"][0]["matches"]}
    assert matches[first.pk]["pr"] == [4.0, 3.3]  # the 2-ply analysis
    # A match without analysis answers as it always did.
    assert "pr" not in matches[second.pk]
