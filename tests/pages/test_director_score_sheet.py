"""The paper score sheet a director prints for the two players."""

from django.urls import reverse

from director_checks import assert_protected
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import Tournament


def url(match):
    return reverse("director-score-sheet", args=[match.tournament_id, match.pk])


def test_protected(director, match):
    assert_protected(director, url(match), "get", wrong_method="post")


def test_names_length_rules_and_a_row_per_game(director_client, match):
    for result in (GameResult(0, "gammon"), GameResult(0, "gammon"), GameResult(1)):
        operations.record_game(match, result)
    response = director_client.get(url(match))
    text = response.content.decode()
    assert "Anna Bosch – Xavier Roca" in text
    assert "Match to 5 points" in text
    assert "Rules: Crawford, backgammon x3" in text
    rows = response.context["slip"]["rows"]
    assert [outcome.score_before for _game, outcome in rows] == [(0, 0), (2, 0), (4, 0)]
    assert text.count("☒") == 1  # game 3 was the Crawford game
    # Room for the rest: a match to 5 has at most 9 games.
    assert list(response.context["slip"]["blank"]) == [4, 5, 6, 7, 8, 9]


def test_a_blank_sheet_for_a_match_not_started(director_client, match):
    response = director_client.get(url(match))
    assert list(response.context["slip"]["blank"]) == list(range(1, 10))
    assert response.content.decode().count("☐") == 9


def test_unknown_or_foreign_match_is_404(director_client, match, season):
    other = Tournament.objects.create(season=season, name="Una altra")
    wrong = reverse("director-score-sheet", args=[other.pk, match.pk])
    assert director_client.get(wrong).status_code == 404
