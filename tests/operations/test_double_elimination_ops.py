"""A double elimination stored, played and placed through the operations: the losers'
bracket, the grand final and the reset as match rows."""

from __future__ import annotations

import pytest

from tests.builders import cup, play_out, the_season, win
from tournament import operations
from tournament.core import draw
from tournament.models import Match

pytestmark = pytest.mark.django_db


def _grand(tournament, number):
    return tournament.matches.get(bracket__kind=draw.GRAND_FINAL, round=number)


def test_a_double_elimination_is_stored_with_its_losers_bracket_and_grand_final():
    tournament = cup(the_season(), 8, consolation=draw.DOUBLE, start=True)
    kinds = sorted(set(tournament.matches.values_list("bracket__kind", flat=True)))
    assert kinds == sorted([draw.MAIN, draw.CONSOLATION, draw.GRAND_FINAL])
    # 7 main, 6 in the losers' bracket, the grand final and its reset.
    assert tournament.matches.count() == 15


def test_the_reset_is_played_when_the_losers_bracket_winner_takes_the_grand_final():
    tournament = cup(the_season(), 8, consolation=draw.DOUBLE, start=True)
    while match := tournament.matches.open().exclude(bracket__kind=draw.GRAND_FINAL).first():
        win(match, 0)
    grand = _grand(tournament, 1)
    assert grand.status == Match.Status.READY
    win(grand, 1)  # the losers' bracket's winner wins: the reset is on
    reset = _grand(tournament, 2)
    assert reset.status == Match.Status.READY
    assert (reset.player1_id, reset.player2_id) == (grand.player1_id, grand.player2_id)
    win(reset, 1)
    tournament.refresh_from_db()
    assert tournament.status == tournament.Status.FINISHED


def test_the_reset_is_void_when_the_winners_bracket_winner_takes_the_grand_final():
    tournament = cup(the_season(), 6, consolation=draw.DOUBLE, start=True)
    play_out(tournament)  # side 0 wins everything: the winners' finalist takes it
    assert _grand(tournament, 2).status == Match.Status.VOID
    tournament.refresh_from_db()
    assert tournament.status == tournament.Status.FINISHED


def test_a_double_elimination_without_the_reset_has_no_second_grand_final():
    tournament = cup(the_season(), 5, consolation=draw.DOUBLE, grand_final_reset=False)
    assert not tournament.matches.filter(bracket__kind=draw.GRAND_FINAL, round=2).exists()


def test_a_double_elimination_with_a_last_chance_is_refused():
    season = the_season()
    with pytest.raises(operations.OperationError):
        operations.create_tournament(
            {
                "season": season,
                "name": "Doble",
                "consolation": draw.DOUBLE,
                "last_chance": True,
            },
            {draw.MAIN: "5", draw.CONSOLATION: "5"},
        )
