"""The pages of a Swiss with lives that ends in a knockout of the last N: the lives
standings (who went on marked, the end explained) and then the knockout's bracket; the
JSON and the workbook with both stages; the places and league points (the knockout's,
then the order of elimination); the form that sets it up."""

import io

import openpyxl
import pytest
from django.urls import reverse

import builders
from tournament.core import club_nights
from tournament.core import lives as core
from tournament.operations import lives


def lives_then_knockout(season, count=8, *, played=True):
    tournament, players = builders.club_night(
        season,
        count,
        format=club_nights.LIVES,
        lives=2,
        playoff=core.KNOCKOUT,
        swiss_knockout=4,
        rng_seed=9,
        start=True,
    )
    if played:
        while (match := tournament.matches.in_rounds().open().order_by("pk").first()) is not None:
            builders.win(match, match.pk % 2)
    tournament.refresh_from_db()
    return tournament, players


def knockout(tournament):
    return tournament.matches.filter(bracket__isnull=False)


def play_knockout(tournament):
    while (match := knockout(tournament).open().order_by("round", "position").first()) is not None:
        builders.win(match)
    tournament.refresh_from_db()


@pytest.mark.django_db
def test_the_page_shows_the_lives_standings_then_the_knockout_bracket(client, season):
    tournament, _players = lives_then_knockout(season, played=False)
    url = reverse("tournament", args=[tournament.pk])
    html = client.get(url).content.decode()
    assert "then a knockout of the last 4" in html
    assert "when a round leaves at most 4 players still in" in html
    assert "Main bracket" not in html
    lives_then_knockout_rest(tournament)
    html = client.get(url).content.decode()
    assert "Lives left" in html and "Main bracket" in html
    # The standings come first, the bracket after them.
    assert html.index("Lives left") < html.index("Main bracket")
    went_on = len(lives.state(tournament).still_in())
    assert html.count('class="badge to-knockout"') == went_on


def lives_then_knockout_rest(tournament):
    while (match := tournament.matches.in_rounds().open().order_by("pk").first()) is not None:
        builders.win(match, match.pk % 2)
    tournament.refresh_from_db()


@pytest.mark.django_db
@pytest.mark.parametrize("count", [8, 24])
def test_the_page_costs_the_same_for_8_and_24_players(
    client, season, count, django_assert_num_queries
):
    tournament, _players = lives_then_knockout(season, count)
    assert knockout(tournament).exists()
    # The tournament, its matches, the knockout's bracket, the entries (re-entries,
    # withdrawals), the rounds' deadlines: whatever the size of the field.
    with django_assert_num_queries(5):
        response = client.get(reverse("tournament", args=[tournament.pk]))
    assert response.status_code == 200


@pytest.mark.django_db
def test_the_json_has_the_lives_and_the_knockout(client, season):
    tournament, _players = lives_then_knockout(season)
    data = client.get(reverse("api-tournament", args=[tournament.pk])).json()
    assert data["lives"]["playoff"] == "knockout" and data["lives"]["knockout_of"] == 4
    rows = data["lives"]["rows"]
    still_in = set(lives.state(tournament).still_in())
    assert {row["player_id"] for row in rows if row["knockout"]} == still_in
    (main,) = data["brackets"]
    assert main["kind"] == "main"


@pytest.mark.django_db
def test_the_workbook_and_the_league_place_the_knockout_first_then_the_lives_order(client, season):
    from tournament.queries.standings import tournament_standings

    tournament, _players = lives_then_knockout(season)
    went_on = len(lives.state(tournament).still_in())
    play_knockout(tournament)
    assert tournament.is_finished
    response = client.get(reverse("results-xlsx", args=[tournament.pk]))
    book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    sheet = [[cell.value for cell in row] for row in book["Swiss with lives"].iter_rows()]
    assert sheet[0][-1] == "Knockout"
    assert sum(row[-1] == "yes" for row in sheet[1:]) == went_on
    places = [[cell.value for cell in row] for row in book["Places"].iter_rows()]
    assert len(places) == 9  # a heading and the eight players
    matches = [[cell.value for cell in row] for row in book["Matches"].iter_rows()]
    final = knockout(tournament).order_by("-round").first()
    assert any(final.winner.name in row and "Main bracket" in row for row in matches)
    found = {place.player.pk: place for place in tournament_standings(tournament).places}
    assert len(found) == 8
    assert found[final.winner_id].place == (1, 1)
    assert found[final.winner_id].league_points == season.scale["main"][0]
    assert all(
        place.place[0] > went_on
        for pk, place in found.items()
        if pk not in lives.state(tournament).still_in()
    )


def tournament_form(season, **changes):
    return {
        "season": season.pk,
        "name": "Més suís amb eliminatòria",
        "date": "2002-03-01",
        "format": club_nights.LIVES,
        "lives": 3,
        "playoff": core.KNOCKOUT,
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
def test_the_form_makes_a_swiss_with_lives_ending_in_a_knockout(director_client, season):
    page = director_client.get(reverse("director-tournament-new")).content.decode()
    assert "a knockout of the last players" in page
    refused = director_client.post(
        reverse("director-tournament-new"), tournament_form(season, swiss_knockout=2)
    )
    assert refused.status_code == 400
    assert "4, 8 or 16" in refused.content.decode()
    assert not season.tournaments.filter(name="Més suís amb eliminatòria").exists()
    response = director_client.post(reverse("director-tournament-new"), tournament_form(season))
    assert response.status_code == 302, response.content.decode()[:3000]
    created = season.tournaments.get(name="Més suís amb eliminatòria")
    assert created.format == "lives" and created.swiss_knockout == 8 and created.knockout_follows


@pytest.mark.django_db
def test_once_the_rounds_are_over_those_who_went_on_are_not_still_in_them(client, season):
    tournament, _players = lives_then_knockout(season)
    went_on = set(lives.state(tournament).still_in())
    play_knockout(tournament)
    html = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    table = html.split('class="club-standings lives-standings')[1].split("</table>")[0]
    assert "still in" not in table
    assert table.count("went on to the knockout") == len(went_on)
