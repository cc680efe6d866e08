"""Taking back a walkover or a retirement."""

from django.urls import reverse

from director_checks import assert_protected
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import Tournament


def url(match):
    return reverse("director-reopen", args=[match.tournament_id, match.pk])


def test_protected(director, match):
    operations.walkover(match, 0)
    assert_protected(director, url(match), "post", {"version": 1}, wrong_method="get")
    match.refresh_from_db()
    assert match.decided_by == "walkover"


def test_a_walkover_taken_back(director_client, match):
    operations.walkover(match, 0)
    match.refresh_from_db()
    response = director_client.post(url(match), {"version": match.version})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == "ready" and match.winner is None


def test_a_retirement_taken_back_keeps_the_games(director_client, match):
    operations.record_game(match, GameResult(1))
    operations.retire(match, 1)
    match.refresh_from_db()
    director_client.post(url(match), {"version": match.version})
    match.refresh_from_db()
    assert match.status == "live" and match.games.count() == 1 and match.score == (0, 1)


def test_a_match_decided_by_games_is_not_reopened_this_way(director_client, match):
    operations.record_game(match, GameResult(0, "backgammon", cube=2))
    match.refresh_from_db()
    response = director_client.post(url(match), {"version": match.version})
    assert response.status_code == 409
    match.refresh_from_db()
    assert match.status == "decided"


def test_bad_input_is_400(director_client, match):
    operations.walkover(match, 0)
    assert director_client.post(url(match), {"version": "-"}).status_code == 400
    match.refresh_from_db()
    assert match.status == "decided"


def test_unknown_or_foreign_match_is_404(director_client, match, season):
    other = Tournament.objects.create(season=season, name="Una altra")
    assert (
        director_client.post(reverse("director-reopen", args=[other.pk, match.pk])).status_code
        == 404
    )
