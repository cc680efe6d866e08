"""The pages of a Swiss with lives: standings of the players still in with their lives
left, then those out in order of elimination, the tie-breaks said under the table; the
final places and league points; the tournament JSON's lives."""

import pytest
from django.urls import reverse

import builders
from tournament.core import club_nights
from tournament.core import lives as core
from tournament.queries.standings import tournament_standings


def lives_night(season, count, **settings):
    tournament, players = builders.club_night(
        season, count, format=club_nights.LIVES, rng_seed=count, start=True, **settings
    )
    return tournament, players


@pytest.mark.django_db
def test_the_page_shows_lives_left_and_who_is_out(client, season):
    tournament, _players = lives_night(season, 6, lives=2)
    builders.play_round(tournament, 1)
    builders.play_round(tournament, 2)
    response = client.get(reverse("tournament", args=[tournament.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Lives left" in html and "still in" in html
    assert "round 2" in html  # out in round 2, at their second loss
    assert "A player is out when they have lost 2 matches." in html
    assert "Median-Buchholz" not in html  # not a Swiss's tie-breaks


@pytest.mark.django_db
@pytest.mark.parametrize("count", [8, 32])
def test_the_page_costs_the_same_for_8_and_32_players(
    client, season, count, django_assert_num_queries
):
    tournament, _players = lives_night(season, count, lives=2)
    builders.play_round(tournament, 1)
    builders.play_round(tournament, 2)
    # The tournament, its matches, its brackets, and the entries (re-entries, withdrawals).
    with django_assert_num_queries(4):
        response = client.get(reverse("tournament", args=[tournament.pk]))
    assert response.status_code == 200


@pytest.mark.django_db
def test_a_finished_event_gives_everyone_a_place_and_the_winner_league_points(season):
    tournament, _players = lives_night(season, 5, lives=2, playoff=core.BEATEN_TWICE)
    builders.play_out(tournament, pick=lambda match: match.pk % 2)
    assert tournament.is_finished
    places = tournament_standings(tournament).places
    assert len(places) == 5
    firsts = [place for place in places if place.place[0] == 1]
    assert len(firsts) == 1
    assert firsts[0].league_points == season.scale["main"][0]


@pytest.mark.django_db
def test_a_running_event_has_no_final_places(season):
    tournament, _players = lives_night(season, 6, lives=2)
    builders.play_round(tournament, 1)
    assert tournament_standings(tournament).places == []
