"""Points won and lost have one meaning everywhere (issue 36, item 4): the match's score
as the club writes it, capped at the match length ("a 5-point match that ends 6-4 is
written 5-4", RULES.md). The standings, their tie-break, the head-to-head, a club
night's points difference and a team event's points won count it, and every table and
sheet that shows them says so."""

import io

import openpyxl
import pytest
from django.urls import reverse
from sheet_tables import notes, table

import builders
from tournament import operations
from tournament.core import league
from tournament.core.scoring import GameResult
from tournament.queries.standings import player_history, tournament_standings

NOTE = (
    "Points won and lost are counted as the match score is written, capped at the match "
    "length: a 5-point match that ends 6-4 counts 5-4."
)


def workbook(response):
    return openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))


@pytest.fixture
def six_four(season):
    """A final to 5 that ends 6-4: gammons both ways, the last one from 4-4."""
    cup = builders.cup(season, ["Anna Bosch", "Xavier Roca"], brackets={"main": "5"}, start=True)
    match = cup.matches.get()
    for side in (0, 1, 0, 1, 0):
        operations.record_game(match, GameResult(side, kind="gammon"))
    match.refresh_from_db()
    assert (match.raw_score1, match.raw_score2, match.score1, match.score2) == (6, 4, 5, 4)
    return cup, match


@pytest.mark.django_db
def test_a_match_won_6_4_to_5_counts_5_4_in_the_standings_and_the_head_to_head(
    client, season, six_four
):
    cup, match = six_four
    records = {record.name: record for record in tournament_standings(cup).records}
    winner, loser = records[match.player1.name], records[match.player2.name]
    assert (winner.points_won, winner.points_lost, winner.point_difference) == (5, 4, 1)
    assert (loser.points_won, loser.points_lost) == (4, 5)
    # The head-to-head reads the same score.
    _lines, (rival,) = player_history(match.player1)
    assert (rival.points_won, rival.points_lost) == (5, 4)
    # The workbook's Standings sheet too, and it says what the points are.
    book = workbook(client.get(reverse("results-xlsx", args=[cup.pk])))
    rows = table(book["Standings"], values_only=True)
    by_name = {row[1]: dict(zip(rows[0], row, strict=True)) for row in rows[1:]}
    won = by_name[match.player1.name]
    assert (won["Points won"], won["Points lost"]) == (5, 4)
    assert notes(book["Standings"]) == [NOTE]


@pytest.mark.django_db
def test_every_table_of_points_says_what_they_are(client, season, six_four):
    cup, match = six_four
    assert league.POINTS_AS_WRITTEN == NOTE  # the pages' sentence is the sheets'
    pages = [
        reverse("standings", args=[season.year]),
        reverse("results", args=[cup.pk]),
        reverse("player", args=[match.player1_id]),
    ]
    for url in pages:
        assert NOTE in client.get(url).content.decode(), url
    book = workbook(client.get(reverse("standings-xlsx", args=[season.year])))
    assert notes(book["Standings"]) == [NOTE]


@pytest.mark.django_db
def test_a_club_night_and_a_team_event_say_it_under_their_tables(client, season):
    swiss, _players = builders.club_night(season, 4, rounds=2, rng_seed=1, start=True)
    builders.play_round(swiss, 1)
    assert NOTE in client.get(reverse("tournament", args=[swiss.pk])).content.decode()
    book = workbook(client.get(reverse("results-xlsx", args=[swiss.pk])))
    assert notes(book["Club night standings"]) == [NOTE]

    teams, _teams = builders.team_event(season, 4, 3, start=True)
    html = client.get(reverse("tournament", args=[teams.pk])).content.decode()
    assert NOTE in html
    book = workbook(client.get(reverse("results-xlsx", args=[teams.pk])))
    assert notes(book["Team tables"]) == [NOTE]
