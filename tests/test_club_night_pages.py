"""The pages of a Swiss and a round robin: the rounds with their pairings and tables,
the standings with every tie-break as a column, live; the results page's places."""

import pytest
from django.urls import reverse

from tests.club_night_setup import make_club_night, play_round
from tournament import operations


@pytest.fixture
def swiss(season):
    tournament, _players = make_club_night(season, 7, rounds=3)
    tournament.tables = ["1", "2", "3"]
    tournament.save()
    operations.make_draw(tournament, rng_seed=4)
    operations.start_tournament(tournament)
    play_round(tournament, 1)
    return tournament


@pytest.mark.django_db
def test_the_swiss_page_shows_standings_and_the_rounds(client, swiss):
    response = client.get(reverse("tournament", args=[swiss.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    for heading in ("Median-Buchholz", "Buchholz", "Wins", "Round 2 of 3", "Round 1 of 3"):
        assert heading in html
    assert "Table 1" in html
    assert ": bye" in html
