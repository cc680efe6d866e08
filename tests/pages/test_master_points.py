"""A season's league points by the US federation's master-points formula: per match
won by playing it, sqrt(length) / 3; per final place, 0.6 x log2(players) x the place's
factor (1, 0.7, then 1 / (place - 1), shared by players who share places)."""

from decimal import Decimal
from math import log2, sqrt

import pytest
from django.urls import reverse

import builders
from tournament.core import master_points
from tournament.queries.standings import season_standings


def test_match_points_grow_with_the_square_root_of_the_length():
    assert master_points.match_points(9) == pytest.approx(1.0)
    assert master_points.rounded(master_points.match_points(5)) == Decimal("0.75")


def test_place_factors():
    assert [master_points.place_factor(place) for place in (1, 2, 3, 4, 5)] == pytest.approx(
        [1, 0.7, 0.5, 1 / 3, 0.25]
    )
    with pytest.raises(ValueError):
        master_points.place_factor(0)


def test_shared_places_share_their_factors():
    shared = master_points.place_points(16, 3, 4)
    assert shared == pytest.approx(0.6 * 4 * (0.5 + 1 / 3) / 2)
    assert master_points.place_points(16, 1) == pytest.approx(2.4)
    assert master_points.place_points(1, 1) == 0


@pytest.mark.django_db
def test_a_master_points_season_counts_matches_and_places(season, client):
    season.league_scoring = master_points.MASTER_POINTS
    season.save()
    tournament, players = builders.club_night(
        season, 4, rounds=2, round_lengths="5,7", rng_seed=3, start=True
    )
    builders.play_round(tournament, 1)
    builders.play_round(tournament, 2)
    standings = season_standings(season, with_places=True)
    by_player = {record.player.pk: record for record in standings.records}
    places = {place.player.pk: place for place in standings.places}
    for player in players:
        won = tournament.matches.decided().filter(winner=player)
        # Match points are rounded once, on their total.
        expected = master_points.rounded(sum(master_points.match_points(m.length) for m in won))
        best, worst = places[player.pk].place
        expected += master_points.rounded(master_points.place_points(4, best, worst))
        assert by_player[player.pk].league_points == expected
    champion = standings.records[0]
    assert champion.league_points == master_points.rounded(
        sqrt(5) / 3 + sqrt(7) / 3
    ) + master_points.rounded(0.6 * log2(4))
    html = client.get(reverse("standings", args=[season.year])).content.decode()
    assert "master points" in html and "square root" in html


@pytest.mark.django_db
def test_the_club_scale_is_the_default(season, client):
    html = client.get(reverse("standings", args=[season.year])).content.decode()
    assert "square root" not in html
