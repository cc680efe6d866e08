"""A double elimination as players and the director read it: the bracket page, the JSON,
the workbook, the slips and the season's league points."""

import io

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse

import builders
from tournament.core import draw
from tournament.models import Match, Tournament
from tournament.queries.bracket_layout import next_match_of
from tournament.queries.onward import where_next
from tournament.queries.standings import season_standings, tournament_standings


def double(season, size=8, reset=True):
    return builders.cup(
        season,
        builders.new_players(size, prefix="Player"),
        name=f"Doble {size}",
        brackets={draw.MAIN: "3", draw.CONSOLATION: "3", draw.GRAND_FINAL: "5"},
        rng_seed=size,
        consolation=draw.DOUBLE,
        grand_final_reset=reset,
        start=True,
    )


def played(tournament, grand_final_side):
    """Everything before the grand final won by the first side, the grand final by
    `grand_final_side`, and a reset (if one is played) by the second side."""
    while match := tournament.matches.open().exclude(bracket__kind=draw.GRAND_FINAL).first():
        builders.win(match, 0)
    builders.win(tournament.matches.get(bracket__kind=draw.GRAND_FINAL, round=1), grand_final_side)
    reset = tournament.matches.filter(bracket__kind=draw.GRAND_FINAL, round=2).first()
    if reset is not None and reset.status == Match.Status.READY:
        builders.win(reset, 1)
    tournament.refresh_from_db()
    return tournament


def test_the_page_shows_both_brackets_the_grand_final_reset_and_the_events_places(
    client, season, django_assert_num_queries
):
    tournament = played(double(season), grand_final_side=1)
    assert tournament.status == "finished"
    # As every cup's page: the tournament with its season, its brackets, its matches
    # and their players.
    with django_assert_num_queries(4):
        response = client.get(reverse("tournament", args=[tournament.pk]))
    text = response.content.decode()
    brackets = response.context["brackets"]
    assert [bracket.label for bracket in brackets] == [
        "Winners' bracket",
        "Losers' bracket",
        "Grand final",
    ]
    assert [r.name for r in brackets[2].rounds] == ["Grand final", "Reset (if needed)"]
    reset = tournament.matches.get(bracket__kind=draw.GRAND_FINAL, round=2)
    assert brackets[2].champion == reset.winner
    # One title and one list of places, the event's, under the grand final.
    assert brackets[0].champion is None and brackets[0].places == []
    assert [p.places for p in brackets[2].places] == ["1", "2", "3", "4", "5-6", "7-8"]
    assert "Losers&#x27; bracket" in text or "Losers' bracket" in text


def test_a_reset_not_needed_says_so_on_the_page_and_in_the_json(client, season):
    tournament = played(double(season, 6), grand_final_side=0)
    assert tournament.status == "finished"
    text = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert "not needed: the grand final's winner had not lost" in text
    data = client.get(reverse("api-tournament", args=[tournament.pk])).json()
    assert data["consolation"] == draw.DOUBLE and data["grand_final_reset"] is True
    grand = data["brackets"][-1]
    assert grand["kind"] == draw.GRAND_FINAL
    first, reset = (r["matches"][0] for r in grand["rounds"])
    assert reset["status"] == "not_needed"
    assert grand["champion"] == first["players"][0]
    assert grand["places"][0] == {"places": "1", "players": [first["players"][0]]}


def test_the_league_counts_the_events_places_as_main_places(season):
    tournament = played(double(season), grand_final_side=1)
    places = {
        (place.player.pk, place.kind, place.place)
        for place in tournament_standings(tournament).places
    }
    reset = tournament.matches.get(bracket__kind=draw.GRAND_FINAL, round=2)
    assert (reset.winner_id, draw.MAIN, (1, 1)) in places
    loser = reset.player1_id if reset.winner_id == reset.player2_id else reset.player2_id
    assert (loser, draw.MAIN, (2, 2)) in places
    assert len(places) == 8 and {kind for _p, kind, _place in places} == {draw.MAIN}
    record = next(r for r in season_standings(season).records if r.player.pk == reset.winner_id)
    assert record.league_points == season.scale[draw.MAIN][0]


def test_the_workbook_and_the_slips_have_the_grand_final(client, director_client, season):
    tournament = double(season)
    while match := tournament.matches.open().exclude(bracket__kind=draw.GRAND_FINAL).first():
        builders.win(match, 0)
    slips = director_client.get(
        reverse("director-slips", args=[tournament.pk]), {"bracket": draw.GRAND_FINAL, "round": 1}
    ).content.decode()
    grand = tournament.matches.get(bracket__kind=draw.GRAND_FINAL, round=1)
    assert slips.count('<article class="score-sheet slip">') == 1
    assert f"{grand.player1.name} – {grand.player2.name}" in slips
    response = client.get(reverse("results-xlsx", args=[tournament.pk]))
    book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    stages = [cell.value for row in book["Matches"].iter_rows(min_row=2) for cell in row]
    assert "Grand final" in stages
    assert "Consolation" in stages


@pytest.mark.parametrize("reset", [True, False])
def test_the_form_offers_double_elimination_and_its_reset(director_client, season, reset):
    data = {
        "season": season.pk,
        "name": "Doble nova",
        "date": "2002-06-01",
        "format": "cup",
        "consolation": draw.DOUBLE,
        "progressive_rounds": 2,
        "main_lengths": "5",
        "consolation_lengths": "5",
        "grand_final_lengths": "7",
        "main_table_priority": 1,
        "consolation_table_priority": 2,
        "last_chance_table_priority": 3,
        "grand_final_table_priority": 1,
    }
    if reset:
        data["grand_final_reset"] = "on"
    response = director_client.post(reverse("director-tournament-new"), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    created = season.tournaments.get(name="Doble nova")
    assert created.consolation == draw.DOUBLE and created.grand_final_reset is reset
    refused = director_client.post(
        reverse("director-tournament-new"), {**data, "name": "Doble i mig", "last_chance": "on"}
    )
    assert refused.status_code == 400
    assert "A double elimination has no last chance bracket." in refused.content.decode()
    assert not season.tournaments.filter(name="Doble i mig").exists()


def test_where_a_player_goes_says_losers_bracket_then_out_at_the_second_loss(season):
    tournament = double(season)
    first = tournament.matches.get(bracket__kind=draw.MAIN, round=1, position=1)
    builders.win(first, 0)
    first.refresh_from_db()
    loser_line = where_next(first)[1]
    assert loser_line.went.startswith(
        f"{first.player2.name} plays next: Losers' bracket: Round 1, match "
    )
    assert next_match_of(first.player2).match.label.startswith("Losers' bracket: Round 1")
    played(tournament, grand_final_side=0)
    dropped = tournament.matches.get(pk=loser_line.next_match.pk)
    loser = dropped.players[1 - dropped.winner_side]
    out = next(line for line in where_next(dropped) if line.player == loser)
    assert out.ended == (
        f"{out.player.name} lost a second time (Losers' bracket: Round 1, match "
        f"{dropped.position}) and is out of the tournament: place 7-8."
    )
    grand = tournament.matches.get(bracket__kind=draw.GRAND_FINAL, round=1)
    champion = next(line for line in where_next(grand) if line.player.pk == grand.winner_id)
    assert champion.ended == f"{champion.player.name} won the tournament."


@pytest.mark.usefixtures("demo")
def test_the_demo_club_has_a_double_elimination_played_through_with_a_reset(client):
    tournament = Tournament.objects.get(consolation=draw.DOUBLE)
    assert tournament.status == "finished" and tournament.entries.count() == 10
    reset = tournament.matches.get(bracket__kind=draw.GRAND_FINAL, round=2)
    assert reset.status == Match.Status.DECIDED
    response = client.get(reverse("tournament", args=[tournament.pk]))
    assert response.context["brackets"][-1].champion == reset.winner


def test_a_catalan_or_spanish_reader_reads_the_brackets_in_their_language(season):

    tournament = double(season, 4)
    for language, words in (
        ("ca", ["Quadre de guanyadors", "Quadre de perdedors", "Segona final (si cal)"]),
        ("es", ["Cuadro de ganadores", "Cuadro de perdedores", "Segunda final (si hace falta)"]),
    ):
        reader = Client(headers={"accept-language": language})
        text = reader.get(reverse("tournament", args=[tournament.pk])).content.decode()
        assert all(word in text for word in words), language


def test_the_directors_draw_preview_shows_the_losers_bracket_and_the_grand_final(
    director_client, season
):
    tournament = builders.cup(
        season, 6, consolation=draw.DOUBLE, rng_seed=None, brackets={draw.CONSOLATION: "5"}
    )
    text = director_client.get(reverse("director-draw", args=[tournament.pk])).content.decode()
    for words in ("<h2>Winners&#x27; bracket</h2>", "<h2>Losers&#x27; bracket</h2>"):
        assert words in text or words.replace("&#x27;", "'") in text
    # The grand final, its sides named by the matches they come from.
    assert "Winner of Winners&#x27; bracket: Final – Winner of Losers&#x27; bracket: Final" in text
