"""Lateness penalty points, as opens apply them (the UK Open: a point for every five
minutes late): awarded to the waiting player before the first game, counted by the
scoring core like any points (they can bring on the Crawford game, or decide the
match), shown in the history, the score sheet and the workbook, and undone like a
game."""

import io

import openpyxl
import pytest
from django.urls import reverse

import builders
from director_checks import assert_protected
from tournament import operations
from tournament.core.scoring import GameResult, IllegalGame, Penalty, replay
from tournament.models import AuditEntry


def sheet_url(match, name="director-match"):
    return reverse(name, args=[match.tournament_id, match.pk])


def award(client, match, side=0, points=2, minutes=10):
    data = {"side": side, "points": points, "minutes_late": minutes, "version": match.version}
    return client.post(sheet_url(match, "director-penalty"), data)


# --- the core ---------------------------------------------------------------------


def test_penalty_points_are_points_before_the_first_game():
    state = replay(5, [GameResult(0)], penalties=[Penalty(1, 2)])
    assert state.penalty == (0, 2)
    assert state.games[0].score_before == (0, 2)
    assert state.score == (1, 2)


def test_penalty_points_can_bring_on_the_crawford_game():
    state = replay(5, [], penalties=[Penalty(0, 4)])
    assert state.next_is_crawford and state.crawford_leader == 0
    with pytest.raises(IllegalGame, match="Crawford game"):
        replay(5, [GameResult(1, cube=2)], penalties=[Penalty(0, 4)])


def test_penalty_points_can_decide_the_match():
    state = replay(3, [], penalties=[Penalty(1, 2), Penalty(1, 1)])
    assert state.finished and state.winner == 1 and state.score == (0, 3)
    with pytest.raises(IllegalGame, match="after the match was decided"):
        replay(3, [GameResult(0)], penalties=[Penalty(1, 3)])


@pytest.mark.parametrize(
    "penalty", [Penalty(2, 1), Penalty(0, 0), Penalty(0, -1), Penalty(True, 1)]
)
def test_nonsense_penalties_are_refused_by_the_core(penalty):
    with pytest.raises(IllegalGame):
        replay(5, [], penalties=[penalty])


def test_one_award_is_at_most_the_match_length():
    # The rule is the core's (the form's cap asks it too): more would decide the match
    # several times over; several awards may add up past the length.
    assert replay(5, [], penalties=[Penalty(0, 5)]).finished
    with pytest.raises(IllegalGame, match="at most 5 in a match to 5"):
        replay(5, [], penalties=[Penalty(0, 6)])


def test_the_operation_refuses_more_than_the_length_with_nothing_saved(cup):
    # The admin and any other caller go through the operation, not only the form.
    first = cup.matches.get(bracket__kind="main", round=1, position=1)
    with pytest.raises(operations.OperationError, match="at most"):
        operations.award_penalty(first, 0, first.length + 1, minutes_late=15)
    assert first.penalties.count() == 0


# --- on the match sheet -----------------------------------------------------------


def test_protected(director, match):
    url = sheet_url(match, "director-penalty")
    assert_protected(director, url, "post", {"side": 0, "points": 1, "version": 0}, "get")
    assert match.penalties.count() == 0


def test_the_director_awards_points_to_the_waiting_player(director_client, match):
    sheet = director_client.get(sheet_url(match)).content.decode()
    assert "Lateness penalty points, before the first game" in sheet
    response = award(director_client, match, side=1, points=2, minutes=10)
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.score1, match.score2, match.penalty2) == (0, 2, 2)
    penalty = match.penalties.get()
    assert (penalty.side, penalty.points, penalty.minutes_late) == (1, 2, 10)
    entry = AuditEntry.objects.get(action="penalty", match=match)
    assert "2 points to Xavier Roca" in entry.summary and entry.user.username == "tdirector"
    # The history and the printed score sheet show it.
    history = director_client.get(sheet_url(match, "director-history")).content.decode()
    assert "penalty points" in history
    printed = director_client.get(sheet_url(match, "director-score-sheet")).content.decode()
    assert "Penalty points before the first game: 0–2" in printed
    # A game then starts from 0-2.
    operations.record_game(match, GameResult(0))
    assert match.games.get().as_result() == GameResult(0)
    match.refresh_from_db()
    assert match.score == (1, 2)


def test_no_penalty_after_the_first_game(director_client, match):
    operations.record_game(match, GameResult(0))
    match.refresh_from_db()
    assert "Lateness penalty points" not in director_client.get(sheet_url(match)).content.decode()
    response = award(director_client, match)
    assert response.status_code == 409
    assert "before the first game" in response.content.decode()
    assert match.penalties.count() == 0


@pytest.mark.parametrize("points", [0, -1, 6, "x", ""])
def test_bad_points_are_refused_and_nothing_saved(director_client, match, points):
    response = award(director_client, match, points=points)
    assert response.status_code == 400
    assert match.penalties.count() == 0
    match.refresh_from_db()
    assert match.score == (0, 0)


def test_a_penalty_is_undone_like_a_game(director_client, match):
    award(director_client, match, side=0, points=1)
    match.refresh_from_db()
    award(director_client, match, side=0, points=2)
    match.refresh_from_db()
    assert match.score == (3, 0)
    response = director_client.post(
        sheet_url(match, "director-undo"), {"version": match.version}, follow=True
    )
    assert "The penalty of 2 points taken back." in response.content.decode()
    match.refresh_from_db()
    assert match.score == (1, 0) and match.penalties.count() == 1
    assert AuditEntry.objects.filter(action="penalty_undone", match=match).exists()


@pytest.fixture
def cup(season):
    players = [f"P{number}" for number in range(4)]
    return builders.cup(season, players, date="2002-06-01", brackets={"main": "3"}, start=True)


def test_points_that_decide_the_match_move_the_bracket_on(cup):
    first = cup.matches.get(bracket__kind="main", round=1, position=1)
    operations.award_penalty(first, 0, 3, minutes_late=15)
    first.refresh_from_db()
    assert first.is_decided and first.winner_id == first.player1_id
    final = cup.matches.get(round=2)
    assert first.player1_id in (final.player1_id, final.player2_id)
    # Taken back, the match is open again and the final waits.
    operations.undo_last_game(first)
    final.refresh_from_db()
    assert first.player1_id not in (final.player1_id, final.player2_id)


def test_the_workbook_shows_the_penalty_row(client, cup):
    first = cup.matches.get(bracket__kind="main", round=1, position=1)
    operations.award_penalty(first, 1, 2, minutes_late=10)
    operations.record_game(first, GameResult(0))
    response = client.get(reverse("results-xlsx", args=[cup.pk]))
    book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    rows = [[cell.value for cell in row] for row in book["Games"].iter_rows(min_row=2)]
    penalty, game = rows[0], rows[1]
    assert penalty[6] is None and penalty[10] == "penalty points" and penalty[13] == 2
    assert penalty[9] == first.player2.name  # the player awarded the points
    assert penalty[12] == "late: 10 minutes"
    assert game[6] == 1 and game[7:9] == [0, 2]  # game 1 starts from the penalty
