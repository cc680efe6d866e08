"""The director's desk: the live matches first, then those ready, then the tournaments."""

from django.urls import reverse

from director_checks import assert_protected
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import Match

URL = "/director/"


def test_protected(director):
    assert reverse("director-desk") == URL
    assert_protected(director, URL, "get", wrong_method="post")


def test_live_matches_come_first(director_client, tournament, players, match):
    waiting = Match.objects.create(
        tournament=tournament, player1=players[1], player2=players[0], status="ready"
    )
    operations.record_game(match, GameResult(0, "gammon"))
    tournament.status = "running"
    tournament.save()
    response = director_client.get(URL)
    listed = list(response.context["matches"])
    assert listed == [match, waiting]
    text = response.content.decode()
    assert text.index(f"/matches/{match.pk}/") < text.index(f"/matches/{waiting.pk}/")
    assert "2–0" in text


def test_finished_tournaments_matches_are_not_listed(director_client, match, tournament):
    tournament.status = "finished"
    tournament.save()
    assert list(director_client.get(URL).context["matches"]) == []


def test_query_count(director_client, tournament, players, django_assert_num_queries):
    for number in range(6):
        Match.objects.create(
            tournament=tournament,
            player1=players[number % 2],
            player2=players[1 - number % 2],
            status="ready",
        )
    # session, user, the user's club roles, the open matches with their players, the
    # tournaments with their seasons, the count of reported games waiting: 6, however
    # many matches.
    with django_assert_num_queries(6):
        director_client.get(URL)
