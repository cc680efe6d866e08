"""A Swiss paired on the rating (core/formats/rating_swiss.py, docs/adding-a-format.md):
every round, the first too, pairs players of the nearest rating whatever they won,
nobody twice while that can be avoided; the standings rank on wins as a Swiss's do."""

from collections import Counter

import pytest
from django.urls import reverse

import builders
from tournament.core import swiss
from tournament.models import Match, Player
from tournament.queries.standings import tournament_standings

RATINGS = [1300, 1350, 1400, 1450, 1500, 1550, 1600, 1650]


def rated_night(season, **settings):
    tournament, players = builders.club_night(season, 8, format="rating_swiss", **settings)
    for player, rating in zip(players, RATINGS, strict=True):
        Player.objects.filter(pk=player.pk).update(rating=rating)
    return tournament, players


def rating_pairs(tournament, number: int) -> set[frozenset[int]]:
    rating = dict(Player.objects.values_list("pk", "rating"))
    return {
        frozenset((rating[match.player1_id], rating[match.player2_id]))
        for match in tournament.matches.filter(round=number)
        if match.player2_id
    }


def test_rating_bands_group_the_nearest_ratings():
    assert swiss.rating_bands({"a": 1499.9, "b": 1450, "c": 1500}) == {"a": 29, "b": 29, "c": 30}


@pytest.mark.django_db
def test_round_one_pairs_the_nearest_ratings(season):
    tournament, _players = rated_night(season)
    from tournament import operations

    operations.make_draw(tournament, rng_seed=5)
    assert rating_pairs(tournament, 1) == {
        frozenset(pair) for pair in ((1300, 1350), (1400, 1450), (1500, 1550), (1600, 1650))
    }


@pytest.mark.django_db
def test_later_rounds_pair_on_the_rating_not_the_wins_and_finish_on_wins(season):
    from tournament import operations

    tournament, _players = rated_night(season, rounds=3)
    operations.make_draw(tournament, rng_seed=5)
    operations.start_tournament(tournament)
    # The lower rated player wins every match: a Swiss on wins would pair the winners
    # together; on the rating the nearest ratings not yet met meet (the ratings as the
    # first round left them, 25 points nearer), a winner with a loser where nearest.
    rating = dict(Player.objects.values_list("pk", "rating"))
    lower = lambda match: 0 if rating[match.player1_id] < rating[match.player2_id] else 1  # noqa: E731
    builders.play_round(tournament, 1, pick=lower)
    winners = {match.winner_id for match in tournament.matches.filter(round=1)}
    second = list(tournament.matches.filter(round=2))
    assert {frozenset((m.player1_id, m.player2_id)) for m in second}.isdisjoint(
        frozenset((m.player1_id, m.player2_id)) for m in tournament.matches.filter(round=1)
    )
    assert any((m.player1_id in winners) != (m.player2_id in winners) for m in second)
    assert all(max(pair) - min(pair) < 150 for pair in rating_pairs(tournament, 2))
    builders.play_round(tournament, 2, pick=lower)
    builders.play_round(tournament, 3, pick=lower)
    tournament.refresh_from_db()
    assert tournament.is_finished
    assert not Match.objects.filter(tournament=tournament, round=4).exists()
    # Ranked on wins, whatever the rating: more wins, a better place.
    wins = Counter(tournament.matches.values_list("winner_id", flat=True))
    places = sorted(tournament_standings(tournament).places, key=lambda place: place.place)
    assert len(places) == 8
    ranked = [wins[place.player.pk] for place in places]
    assert ranked == sorted(ranked, reverse=True) and ranked[0] == 3


@pytest.mark.django_db
def test_its_pages_say_how_it_is_paired(season, client, director):
    from tournament import operations

    tournament, _players = rated_night(season)
    operations.make_draw(tournament, rng_seed=5)
    operations.start_tournament(tournament)
    public = client.get(tournament.get_absolute_url())
    assert public.status_code == 200
    assert "Swiss paired on the rating" in public.text
    client.force_login(director)
    desk = client.get(reverse("director-tournament", args=[tournament.pk]))
    assert "on the club's rating alone" in desk.text
