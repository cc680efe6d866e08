"""A match's history: who, when, what, before and after."""

from django.urls import reverse

from director_checks import assert_protected
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import Tournament


def url(match):
    return reverse("director-history", args=[match.tournament_id, match.pk])


def test_protected(director, match):
    assert_protected(director, url(match), "get", wrong_method="post")


def test_every_change_in_order(director_client, match, director):
    operations.record_game(match, GameResult(0, "gammon"), user=director)
    operations.record_game(match, GameResult(1), user=director)
    operations.undo_last_game(match, user=director)
    response = director_client.get(url(match))
    entries = list(response.context["entries"])
    assert [entry.action for entry in entries] == ["game_recorded", "game_recorded", "game_undone"]
    text = response.content.decode()
    assert "Last game undone" in text and "tdirector" in text
    assert "2–1, 2 games" in text  # before the undo
    assert "2–0, 1 game" in text  # after it


def test_query_count(director_client, match, django_assert_num_queries):
    for result in (GameResult(0), GameResult(1), GameResult(0)):
        operations.record_game(match, result)
    # session, user, permissions (2), the match, its entries with their users.
    with django_assert_num_queries(6):
        director_client.get(url(match))


def test_unknown_or_foreign_match_is_404(director_client, match, season):
    other = Tournament.objects.create(season=season, name="Una altra")
    assert (
        director_client.get(reverse("director-history", args=[other.pk, match.pk])).status_code
        == 404
    )
