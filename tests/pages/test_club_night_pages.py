"""The pages of a Swiss and a round robin: the rounds with their pairings and tables,
the standings with every tie-break as a column, live; the results page's places."""

import pytest
from django.urls import reverse

import builders
from tournament import operations


@pytest.fixture
def swiss(season):
    tournament, _players = builders.club_night(
        season, 7, rounds=3, tables=["1", "2", "3"], rng_seed=4, start=True
    )
    builders.play_round(tournament, 1)
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


def played_swiss(season, count, rounds):
    tournament, players = builders.club_night(
        season, count, rounds=rounds, rng_seed=count, start=True
    )
    for number in range(1, rounds + 1):
        builders.play_round(tournament, number)
    return tournament, players


# Among the suite's slowest (15 s with 32 in one process on 2 busy cores): a 32-player
# Swiss played for three rounds through the operations, to count the page's queries
@pytest.mark.django_db
@pytest.mark.parametrize("count", [8, 32])
def test_the_page_costs_the_same_for_8_and_32_players(
    client, season, count, django_assert_num_queries
):
    tournament, _players = played_swiss(season, count, 3)
    # The tournament with its season and change marks, its matches, its brackets.
    with django_assert_num_queries(3):
        response = client.get(reverse("tournament", args=[tournament.pk]))
    assert response.status_code == 200
    # The live part was rendered with the page (web.live): the tournament alone.
    with django_assert_num_queries(1):
        client.get(reverse("tournament", args=[tournament.pk]) + "?partial=brackets")


@pytest.mark.django_db
def test_the_live_part_is_the_standings_and_rounds_alone(client, swiss):
    response = client.get(reverse("tournament", args=[swiss.pk]) + "?partial=brackets")
    html = response.content.decode()
    assert "Median-Buchholz" in html and "<html" not in html


@pytest.mark.django_db
def test_find_my_name_marks_the_player_in_standings_and_pairings(client, swiss):
    player = swiss.matches.filter(round=2).exclude(player2=None).first().player1
    html = client.get(
        reverse("tournament", args=[swiss.pk]), {"player": player.pk}
    ).content.decode()
    assert html.count('class="mine"') >= 3  # the standings row and two pairings


@pytest.mark.django_db
def test_a_finished_swiss_gives_final_places_and_league_points(client, season):
    tournament, _players = played_swiss(season, 7, 3)
    tournament.refresh_from_db()
    assert tournament.is_finished
    response = client.get(reverse("results", args=[tournament.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    from tournament.queries.standings import tournament_standings

    places = tournament_standings(tournament).places
    assert len(places) == 7
    assert min(place.place[0] for place in places) == 1
    assert sorted(place.league_points for place in places)[-1] == season.scale["main"][0]
    assert "Main bracket" not in html  # a Swiss has no brackets to name


@pytest.mark.django_db
def test_a_running_swiss_has_no_final_places_yet(swiss):
    from tournament.queries.standings import tournament_standings

    assert tournament_standings(swiss).places == []


@pytest.mark.django_db
def test_group_places_are_shared_by_rank(season):
    from tournament.core import club_nights
    from tournament.queries.standings import tournament_standings

    tournament, _players = builders.club_night(
        season, 6, format=club_nights.ROUND_ROBIN, group_size=3, rng_seed=1, start=True
    )
    for number in (1, 2, 3):
        builders.play_round(tournament, number)
    places = sorted(place.place for place in tournament_standings(tournament).places)
    assert places == [(1, 2), (1, 2), (3, 4), (3, 4), (5, 6), (5, 6)]


@pytest.mark.django_db
def test_the_page_in_catalan(client, swiss):
    response = client.get(reverse("tournament", args=[swiss.pk]), headers={"accept-language": "ca"})
    assert response.status_code == 200
    assert "Ronda 2 de 3" in response.content.decode()


@pytest.mark.django_db
def test_a_round_robin_page_shows_its_groups_and_then_its_knockout(client, season):
    from tournament.core import club_nights

    tournament, _players = builders.club_night(
        season, 6, format=club_nights.ROUND_ROBIN, group_size=3, knockout=1, rng_seed=1, start=True
    )
    html = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert "Group 1" in html and "Group 2" in html and "Main bracket" not in html
    for number in (1, 2, 3):
        builders.play_round(tournament, number)
    html = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert "Group 2" in html and "Main bracket" in html
    live = client.get(reverse("tournament", args=[tournament.pk]) + "?partial=brackets")
    assert "Main bracket" in live.content.decode() and "Group 1" in live.content.decode()


@pytest.mark.django_db
def test_every_page_of_a_club_night_answers(client, director_client, swiss):
    """The pages a cup has, for a Swiss match and its tournament: none is a 500, and
    the ones about a match name its round."""
    from tournament.operations.links import link_for, token_of

    match = swiss.matches.filter(round=2).exclude(player2=None).first()
    public = [
        reverse("tournament", args=[swiss.pk]),
        reverse("results", args=[swiss.pk]),
        reverse("calls", args=[swiss.pk]),
        reverse("results-xlsx", args=[swiss.pk]),
        reverse("standings", args=[swiss.season.year]),
        reverse("standings-xlsx", args=[swiss.season.year]),
        reverse("season-calendar", args=[swiss.season.year]),
        reverse("match", args=[match.pk]),
        reverse("player", args=[match.player1_id]),
        reverse("api-tournament", args=[swiss.pk]),
    ]
    for url in public:
        assert client.get(url).status_code == 200, url
    token = token_of(link_for(match.player1))
    assert client.get(reverse("player-page", args=[token])).status_code == 200
    director = [
        reverse("director-tournament", args=[swiss.pk]),
        reverse("director-match", args=[swiss.pk, match.pk]),
        reverse("director-history", args=[swiss.pk, match.pk]),
        reverse("director-score-sheet", args=[swiss.pk, match.pk]),
        reverse("director-draw", args=[swiss.pk]),
        reverse("director-fees", args=[swiss.pk]),
    ]
    for url in director:
        assert director_client.get(url).status_code == 200, url
    slips = director_client.get(reverse("director-slips", args=[swiss.pk]), {"round": 2})
    html = slips.content.decode()
    assert slips.status_code == 200
    assert match.player1.name in html and "Round 2" in html


@pytest.mark.django_db
def test_a_double_loss_and_a_bye_say_so_wherever_the_match_is_shown(client, swiss):
    """A double loss is no "no match": the round's line, the match page and both
    players' pages say both lost; a Swiss bye is on its player's page as the win the
    standings count."""
    swiss.public = True
    swiss.save()
    match = swiss.matches.filter(round=2).open().first()
    operations.double_loss(match)
    page = client.get(reverse("tournament", args=[swiss.pk])).content.decode()
    line = page.split(f'href="{match.get_absolute_url()}"')[1].split("</a>")[0]
    assert "double loss" in line and "no match" not in line
    assert "(double loss)" in client.get(match.get_absolute_url()).content.decode()
    for player in match.players:
        assert "lost: double loss" in client.get(player.get_absolute_url()).content.decode()
    bye = swiss.matches.get(round=1, status="bye")
    html = client.get(bye.player1.get_absolute_url()).content.decode()
    row = html.split(f'href="{bye.get_absolute_url()}"')[0].rsplit("<tr", 1)[1]
    assert ">Round 1<" in row  # its round, named as every page names it
    assert (
        "bye: counts as a win"
        in html.split(f'href="{bye.get_absolute_url()}"')[1].split("</tr>")[0]
    )
