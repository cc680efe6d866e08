"""Clocks: a tournament (or a bracket) says whether clocks are used (none, allowed on
request, required), with the federations' defaults of 2 minutes per point and a
12-second simple delay; each match shows each player's time; a clock brought into a
match under way gets a minute less per point already scored (the US rule); and a
match can be decided on time, kept as its own kind of result."""

import io

import openpyxl
import pytest
from django.urls import reverse

import builders
from director_checks import assert_protected
from tournament import operations
from tournament.core import clocks
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, RatingChange
from tournament.queries.standings import player_history, tournament_standings


def sheet_url(match, name="director-match"):
    return reverse(name, args=[match.tournament_id, match.pk])


def test_the_federations_defaults_and_the_us_rule():
    clock = clocks.Clock(clocks.REQUIRED)
    assert (clock.minutes_per_point, clock.delay_seconds, clock.delay_kind) == (2, 12, "simple")
    assert clock.reserve_minutes(9) == 18
    # Brought in at 3-2 in a 9-point match: 18 minutes less 5.
    assert clock.reserve_minutes(9, scored=5) == 13
    assert clocks.Clock(minutes_per_point=1).reserve_minutes(3, scored=4) == 1  # never below


@pytest.mark.parametrize(
    "settings",
    [
        {"policy": "sometimes"},
        {"minutes_per_point": 0},
        {"minutes_per_point": 31},
        {"delay_seconds": -1},
        {"delay_kind": "fischer"},
    ],
)
def test_nonsense_clocks_are_refused(settings):
    with pytest.raises(clocks.ClockError):
        clocks.Clock(**settings)


@pytest.fixture
def clocked(season):
    """A 4-player cup whose main bracket requires clocks, a bracket's policy apart."""
    return builders.cup(
        season,
        [f"R{number}" for number in range(4)],
        name="Rellotge",
        date="2002-05-05",
        brackets={"main": {"lengths": "5", "clock_policy": "required"}},
        rng_seed=2,
        start=True,
        clock_policy="allowed",
    )


def test_each_match_shows_its_time_per_player(client, director_client, clocked):
    match = clocked.matches.filter(status="ready").first()
    assert match.reserve_minutes == 10  # 5 points x 2 minutes: the bracket requires it
    text = "10 minutes each, 12 s simple delay"
    assert text in client.get(match.get_absolute_url()).content.decode()
    assert text in director_client.get(sheet_url(match)).content.decode()
    assert text in director_client.get(sheet_url(match, "director-score-sheet")).content.decode()


def test_a_clock_brought_in_under_way_gets_less_time(director, director_client, match):
    match.tournament.clock_policy = "allowed"
    match.tournament.save()
    operations.record_game(match, GameResult(0, "gammon"))  # 2-0
    match.refresh_from_db()
    sheet = director_client.get(sheet_url(match)).content.decode()
    assert "Bring in a clock before the next game" in sheet
    url = sheet_url(match, "director-clock")
    assert_protected(director, url, "post", {"version": 0}, "get")
    response = director_client.post(url, {"version": match.version}, follow=True)
    assert "Clock in: 8 minutes each." in response.content.decode()  # 10 less 2 points
    match.refresh_from_db()
    assert match.clock_points == 2 and match.reserve_minutes == 8
    assert AuditEntry.objects.filter(action="clock_in", match=match).exists()
    # Once in, it is not brought in again.
    assert director_client.post(url, {"version": match.version}).status_code == 409


def test_no_clock_no_loss_on_time(director_client, match):
    operations.record_game(match, GameResult(0))
    match.refresh_from_db()
    assert "Lost on time" not in director_client.get(sheet_url(match)).content.decode()
    response = director_client.post(
        sheet_url(match, "director-on-time"), {"side": 1, "version": match.version}
    )
    assert response.status_code == 409
    match.refresh_from_db()
    assert not match.is_decided


def test_a_match_decided_on_time_is_its_own_kind_of_result(client, director_client, clocked):
    match = clocked.matches.filter(status="ready").first()
    operations.record_game(match, GameResult(1))
    match.refresh_from_db()
    asked = director_client.post(
        sheet_url(match, "director-on-time"), {"side": 1, "version": match.version}
    )
    assert "loses on time" in asked.content.decode() and "Record it?" in asked.content.decode()
    match.refresh_from_db()
    assert not match.is_decided  # asked first (issue 22, item 11)
    response = director_client.post(
        sheet_url(match, "director-on-time"),
        {"side": 1, "version": match.version, "confirm": "on"},
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.is_decided and match.on_time and match.winner_id == match.player1_id
    assert match.score == (0, 1)  # the games played are kept
    assert AuditEntry.objects.get(action="on_time", match=match).summary == (
        f"{match.player2} lost on time"
    )
    # The bracket moves on, and the match is rated (it was played).
    final = clocked.matches.get(round=2)
    assert match.player1_id in (final.player1_id, final.player2_id)
    assert RatingChange.objects.filter(match=match).count() == 2
    # The history, the standings and the workbook say how it was decided.
    lines, _rivals = player_history(match.player2)
    assert [line.result for line in lines] == ["lost on time"]
    records = {record.player: record for record in tournament_standings(clocked).records}
    assert records[match.player1].matches_won == 1 and records[match.player2].matches_lost == 1
    book = openpyxl.load_workbook(
        io.BytesIO(
            b"".join(client.get(reverse("results-xlsx", args=[clocked.pk])).streaming_content)
        )
    )
    decided = [row[10].value for row in book["Matches"].iter_rows(min_row=2) if row[10].value]
    assert "on time" in decided
    # Taken back like a retirement.
    reopen = director_client.post(sheet_url(match, "director-reopen"), {"version": match.version})
    assert reopen.status_code == 302
    match.refresh_from_db()
    assert match.is_live


def test_the_tournament_form_refuses_a_clock_of_0_minutes(director_client, tournament):
    from test_director_tournaments import form

    edit = reverse("director-tournament-edit", args=[tournament.pk])
    data = form(tournament.season, name=tournament.name, clock_policy="required")
    data["clock_minutes_per_point"] = 0
    response = director_client.post(edit, data)
    assert response.status_code == 400
    assert "greater than or equal to 1" in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.clock_policy == "none"
    data["clock_minutes_per_point"] = 3
    assert director_client.post(edit, data).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.clock_policy, tournament.clock_minutes_per_point) == ("required", 3)
