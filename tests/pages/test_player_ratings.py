"""The stored ratings: the FIBS formula over every rated match in order, kept up to date
by every decision and correction, the same after a rebuild; the ratings table, a
player's chart, and the chances to win shown on a match."""

import io
import random

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from html_tables import column

import builders
from tournament import operations
from tournament.core import draw, equity, ratings, sample_games
from tournament.core.ratings import RatedMatch, Rating, rate_all
from tournament.core.scoring import GameResult
from tournament.models import Player, RatingChange
from tournament.operations import ratings as player_ratings


def from_scratch() -> dict[int, Rating]:
    """The ratings computed afresh from the matches, with the pure formula alone."""
    rows = player_ratings.rated_matches().values_list(
        "pk", "winner_id", "player1_id", "player2_id", "length"
    )
    matches = [
        RatedMatch(pk, winner, second if winner == first else first, length)
        for pk, winner, first, second, length in rows
    ]
    final, _changes = rate_all(matches)
    return final


def stored() -> dict[int, Rating]:
    return {
        player.pk: Rating(player.rating, player.rating_experience)
        for player in Player.objects.filter(rating_experience__gt=0)
    }


def assert_ratings_sound():
    expected = from_scratch()
    assert stored().keys() == expected.keys()
    for player, rating in expected.items():
        assert stored()[player].value == pytest.approx(rating.value)
        assert stored()[player].experience == rating.experience
    sequences = list(RatingChange.objects.values_list("sequence", flat=True))
    assert sorted(set(sequences)) == list(range(len(set(sequences))))


@pytest.fixture
def cup(season):
    return builders.cup(
        season,
        [f"P{number}" for number in range(8)],
        date=None,
        brackets={draw.MAIN: "3,5,7", draw.CONSOLATION: "3"},
        rng_seed=7,
        consolation="first_round",
    )


def test_every_decided_match_updates_the_ratings(cup):
    builders.play(cup, seed=1)
    rated = player_ratings.rated_matches().count()
    assert rated == cup.matches.filter(status="decided").count() > 8
    assert RatingChange.objects.count() == 2 * rated
    assert_ratings_sound()


def test_a_correction_rates_the_matches_again_the_same_as_a_rebuild(cup):
    builders.play(cup, seed=2)
    first = cup.matches.get(bracket__kind="main", round=1, position=1)
    before = stored()
    operations.undo_last_game(first, confirm=True)  # re-opens the later matches too
    assert stored() != before
    assert_ratings_sound()
    builders.play(cup, seed=3)
    assert_ratings_sound()
    after_play = stored()
    out = io.StringIO()
    call_command("rebuild_ratings", stdout=out)
    assert "Ratings rebuilt" in out.getvalue()
    assert stored() == after_play


def first_ready(cup):
    return cup.matches.filter(bracket__kind="main", round=1, status="ready").first()


def test_walkovers_are_not_rated(cup):
    match = first_ready(cup)
    operations.walkover(match, 0)
    assert RatingChange.objects.count() == 0
    match.player1.refresh_from_db()
    assert (match.player1.rating, match.player1.rating_experience) == (1500.0, 0)


def test_one_point_matches_and_friendlies_are_not_rated(cup, match):
    # The core's rule, followed by the query that picks the rated matches.
    assert not ratings.is_rated(decided_by="games", length=1, friendly=False)
    assert not ratings.is_rated(decided_by="games", length=5, friendly=True)
    assert ratings.is_rated(decided_by="retirement", length=3, friendly=False)
    operations.record_game(match, GameResult(0, "backgammon", cube=2))  # a friendly to 5
    one_point = first_ready(cup)
    one_point.length = 1
    one_point.save(update_fields=["length"])
    operations.record_game(one_point, GameResult(1))
    assert type(match).objects.filter(status="decided").count() == 2
    assert RatingChange.objects.count() == 0
    rated = first_ready(cup)
    for result in sample_games.games_to_finish(rated.replay(), random.Random(5)):
        operations.record_game(rated, result)
    assert list(player_ratings.rated_matches()) == [rated]


def test_a_retirement_is_rated_and_taking_it_back_undoes_it(cup):
    match = first_ready(cup)
    operations.record_game(match, GameResult(0))
    operations.retire(match, 0)
    assert RatingChange.objects.filter(match=match).count() == 2
    winner = Player.objects.get(pk=match.player2_id)
    assert winner.rating > 1500 and winner.rating_experience == 3
    operations.reopen(match)
    assert RatingChange.objects.count() == 0
    winner.refresh_from_db()
    assert winner.rating == 1500.0


def test_ratings_page_and_player_chart(client, cup, django_assert_num_queries):
    builders.play(cup, seed=4)
    # Every player rated this year published (none has the 200 experience of the
    # German list's default): the thresholds and marks, both counts, the published
    # players' count and page, the provisional ones' count (none: no page to read),
    # the page's clubs and trends.
    operations.set_rating_list_thresholds(0, 12)
    with django_assert_num_queries(7):
        response = client.get(reverse("ratings"))
    names = column(response.content.decode(), "ratings-heading", "Player")
    ratings = [Player.objects.get(name=name).rating for name in names]
    assert ratings and ratings == sorted(ratings, reverse=True)
    best = Player.objects.get(name=names[0])
    page = client.get(reverse("player", args=[best.pk])).content.decode()
    assert '<svg viewBox="0 0 640 220" role="img"' in page
    points = page.split('<polyline points="')[1].split('"')[0].split()
    assert (len(points) == best.rating_experience and len(points) > 1) or len(points) == (
        RatingChange.objects.filter(player=best).count() + 1
    )
    assert f"{best.rating:.1f}" in page


def test_the_chances_to_win_at_the_current_score(client, match):
    for result in (GameResult(0, "gammon"), GameResult(0, "gammon")):
        operations.record_game(match, result)
    # 4-0 to 5: the next game is the Crawford game, 1-away v 5-away.
    expected = equity.match_winning_chance(1, 5, crawford=True)
    response = client.get(reverse("match", args=[match.pk]))
    assert response.context["chances"] == (pytest.approx(expected), pytest.approx(1 - expected))
    percent = f"{expected * 100:.1f} %"
    assert f"Anna Bosch: {percent}" in response.content.decode()
    operations.record_game(match, GameResult(1))  # the Crawford game: now post-Crawford
    response = client.get(reverse("match", args=[match.pk]))
    expected = equity.match_winning_chance(1, 4, post_crawford=True)
    assert response.context["chances"][0] == pytest.approx(expected)


def test_no_chances_once_decided(client, match):
    operations.record_game(match, GameResult(0, "backgammon", cube=2))
    response = client.get(reverse("match", args=[match.pk]))
    assert response.context["chances"] is None
    assert "chances to win" not in response.content.decode()


def test_players_sheet_carries_the_rating(client, cup):
    builders.play(cup, seed=5)
    import openpyxl

    response = client.get(reverse("standings-xlsx", args=[cup.season.year]))
    book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    sheet = book["Players"]
    header = [cell.value for cell in sheet[1]]
    column = header.index("Rating")
    by_name = {row[0].value: row[column].value for row in sheet.iter_rows(min_row=2)}
    for player in Player.objects.filter(entries__tournament=cup):
        assert by_name[player.name] == round(player.rating, 1)


def test_ratings_use_the_languages_decimal_mark_and_say_provisional(cup):
    builders.play(cup, seed=6)
    player = Player.objects.filter(rating_experience__gt=0).order_by("-rating").first()
    catalan = Client(headers={"accept-language": "ca"}).get(reverse("ratings")).content.decode()
    whole, tenths = f"{player.rating:.1f}".split(".")
    assert f"{whole},{tenths}" in catalan and f"{whole}.{tenths}" not in catalan
    assert "provisional" in catalan  # nobody has 100 points of matches yet
    page = Client(headers={"accept-language": "ca"}).get(player.get_absolute_url())
    assert f"{whole},{tenths}" in page.content.decode()
