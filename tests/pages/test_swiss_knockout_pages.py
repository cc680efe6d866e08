"""The pages of a Swiss that goes on to a knockout of its top K: the Swiss standings
(who went on marked, the cut explained) and then the knockout's bracket, live; the
JSON and the workbook with both stages; the slips of the knockout's matches; the
places and league points (the knockout's, then the Swiss order)."""

import io

import openpyxl
import pytest
from django.urls import reverse

import builders
from tournament.core import club_nights
from tournament.models.rounds import swiss_cut_of


def swiss_then_knockout(season, count=8, *, played=True):
    tournament, players = builders.club_night(
        season,
        count,
        format=club_nights.SWISS,
        rounds=3,
        swiss_knockout=4,
        tables=["1", "2", "3", "4"],
        rng_seed=9,
        start=True,
    )
    if played:
        for number in (1, 2, 3):
            builders.play_round(tournament, number)
    tournament.refresh_from_db()
    return tournament, players


def knockout(tournament):
    return tournament.matches.filter(bracket__isnull=False)


@pytest.mark.django_db
def test_the_page_shows_the_swiss_then_the_knockout_bracket(client, season):
    tournament, _players = swiss_then_knockout(season, played=False)
    url = reverse("tournament", args=[tournament.pk])
    html = client.get(url).content.decode()
    assert "then a knockout of the top 4" in html
    assert "the top 4 go on to a knockout cup seeded by their place" in html
    assert "Main bracket" not in html
    for number in (1, 2, 3):
        builders.play_round(tournament, number)
    html = client.get(url).content.decode()
    assert "Median-Buchholz" in html and "Main bracket" in html
    # The standings come first, the bracket after them.
    assert html.index("Median-Buchholz") < html.index("Main bracket")
    assert html.count('class="badge to-knockout"') == 4
    live = client.get(url + "?partial=brackets").content.decode()
    assert "Main bracket" in live and "Median-Buchholz" in live


@pytest.mark.django_db
@pytest.mark.parametrize("count", [8, 16])
def test_the_page_costs_the_same_for_8_and_16_players(
    client, season, count, django_assert_num_queries
):
    tournament, _players = swiss_then_knockout(season, count)
    assert knockout(tournament).exists()
    # The tournament with its season and change marks, its matches, the knockout's
    # bracket, the rounds' deadlines: whatever the size of the field.
    with django_assert_num_queries(4):
        response = client.get(reverse("tournament", args=[tournament.pk]))
    assert response.status_code == 200


@pytest.mark.django_db
def test_the_json_has_the_swiss_standings_and_the_knockout(client, season):
    tournament, _players = swiss_then_knockout(season)
    data = client.get(reverse("api-tournament", args=[tournament.pk])).json()
    assert data["swiss_rounds"] == 3 and data["knockout_of"] == 4
    rows = data["standings"][0]["rows"]
    qualifiers = swiss_cut_of(tournament, tournament.matches.in_rounds()).qualifiers
    assert {row["player_id"] for row in rows if row["knockout"]} == set(qualifiers)
    (main,) = data["brackets"]
    assert main["kind"] == "main"
    assert len(data["rounds"]) == 3


@pytest.mark.django_db
def test_the_workbook_places_the_knockout_first_then_the_swiss_order(client, season):
    tournament, _players = swiss_then_knockout(season)
    while (match := knockout(tournament).open().order_by("round", "position").first()) is not None:
        builders.win(match)
    response = client.get(reverse("results-xlsx", args=[tournament.pk]))
    book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    assert "Club night standings" in book.sheetnames and "Pairings" in book.sheetnames
    places = [[cell.value for cell in row] for row in book["Places"].iter_rows()]
    labels = [row[1] for row in places[1:]]
    assert labels[:4] == ["1", "2", "3-4", "3-4"]
    assert len(labels) == 8 and all(label[0] not in "1234" for label in labels[4:])
    matches = [[cell.value for cell in row] for row in book["Matches"].iter_rows()]
    final = knockout(tournament).get(round=2)
    assert any(final.winner.name in row and "Main bracket" in row for row in matches)


@pytest.mark.django_db
def test_the_slips_print_the_knockouts_matches(director_client, season):
    tournament, _players = swiss_then_knockout(season)
    url = reverse("director-slips", args=[tournament.pk])
    html = director_client.get(url, {"bracket": "main", "round": 1}).content.decode()
    assert html.count('<article class="score-sheet slip">') == 2
    for match in knockout(tournament).filter(round=1):
        assert f"{match.player1.name} – {match.player2.name}" in html
    ready = director_client.get(url).content.decode()  # the matches to play: the semis
    assert ready.count('<article class="score-sheet slip">') == 2


@pytest.mark.django_db
def test_the_league_counts_the_knockouts_places_then_the_swiss_order(client, season):
    from tournament.queries.standings import tournament_standings

    tournament, _players = swiss_then_knockout(season)
    while (match := knockout(tournament).open().order_by("round", "position").first()) is not None:
        builders.win(match)
    tournament.refresh_from_db()
    assert tournament.is_finished
    places = {place.player.pk: place for place in tournament_standings(tournament).places}
    champion = knockout(tournament).get(round=2).winner_id
    assert places[champion].place == (1, 1)
    assert places[champion].league_points == season.scale["main"][0]
    # The Swiss's leader who lost a semi-final is 3-4: the knockout decides.
    assert len(places) == 8
    html = client.get(reverse("results", args=[tournament.pk])).content.decode()
    assert html.count("3-4") >= 2


def tournament_form(season, **changes):
    return {
        "season": season.pk,
        "name": "Suís amb eliminatòria",
        "date": "2002-03-01",
        "format": club_nights.SWISS,
        "rounds": 3,
        "round_lengths": "5",
        "knockout": 0,
        "swiss_knockout": 8,
        "consolation": "none",
        "progressive_rounds": 2,
        "main_lengths": "5,7",
        "reporting": "confirm",
        **changes,
    }


@pytest.mark.django_db
def test_the_form_makes_a_swiss_with_a_knockout_and_shows_the_setting_for_a_swiss(
    director_client, season
):
    page = director_client.get(reverse("director-tournament-new")).content.decode()
    assert 'name="swiss_knockout"' in page and "the top 2 (a final)" in page
    response = director_client.post(reverse("director-tournament-new"), tournament_form(season))
    assert response.status_code == 302, response.content.decode()[:3000]
    created = season.tournaments.get(name="Suís amb eliminatòria")
    assert created.format == "swiss" and created.swiss_knockout == 8


@pytest.mark.django_db
def test_the_form_refuses_a_top_cut_on_a_round_robin_or_an_unknown_size(director_client, season):
    url = reverse("director-tournament-new")
    response = director_client.post(url, tournament_form(season, format=club_nights.ROUND_ROBIN))
    assert response.status_code == 400
    assert "A knockout of the top players follows a Swiss." in response.content.decode()
    response = director_client.post(url, tournament_form(season, swiss_knockout=6))
    assert response.status_code == 400
    assert not season.tournaments.filter(name="Suís amb eliminatòria").exists()


@pytest.mark.django_db
def test_the_cut_is_explained_in_catalan(client, season):
    tournament, _players = swiss_then_knockout(season, played=False)
    html = client.get(
        reverse("tournament", args=[tournament.pk]), headers={"accept-language": "ca"}
    ).content.decode()
    assert "després, una eliminatòria dels 4 primers" in html
    assert "s&#x27;ordenen per sorteig" in html or "s'ordenen per sorteig" in html


@pytest.mark.django_db
def test_the_directors_page_says_the_cut(director_client, season):
    tournament, _players = swiss_then_knockout(season, played=False)
    html = director_client.get(reverse("director-tournament", args=[tournament.pk])).content
    assert "then a knockout of the top 4" in html.decode()
