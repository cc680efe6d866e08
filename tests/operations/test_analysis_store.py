"""GNU Backgammon's analysis kept on the match (operations.analysis), from the engine's
own data classes built by hand: no gnubg needed. Each player's figures land on their
side of the match, the file's order turned when the file names them the other way
round, and storing again at the same depth replaces the analysis."""

from __future__ import annotations

import math
from dataclasses import replace

import analyses
import pytest

from tournament.models import AnalysedPlayer, Analysis, Match, Tournament
from tournament.operations import analysis


def result(ply: int = 0, first: float = -12.4, second: float = -6.0):
    return analyses.result(ply, first, second)


@pytest.fixture
def match(tournament: Tournament, players) -> Match:
    return Match.objects.create(
        tournament=tournament, player1=players[0], player2=players[1], length=5, status="ready"
    )


def by_side(stored: Analysis) -> dict[int, AnalysedPlayer]:
    return {player.side: player for player in stored.players.all()}


def test_an_analysis_is_kept_with_each_players_figures(match):
    mark = Tournament.objects.get(pk=match.tournament_id).mark
    stored = analysis.store(match, result())
    assert (stored.ply, stored.version) == (0, "GNU Backgammon 1.07.001 20230103")
    sides = by_side(stored)
    anna, xavier = sides[1], sides[2]
    assert (anna.name_in_file, anna.error_rate, anna.pr) == ("Anna Bosch", -12.4, 6.2)
    assert (xavier.error_rate, xavier.pr) == (-6.0, 3.0)
    assert anna.decisions == 40
    assert (anna.chequer_errors, anna.chequer_blunders, anna.cube_errors) == (3, 1, 1)
    assert (anna.luck_total, anna.luck_rate) == (0.42, 11.5)
    assert anna.biggest == [
        {
            "game": 2,
            "move": 7,
            "kind": "chequer",
            "position_id": "4HPwATDgc/ABMA",
            "match_id": "cAkAAAAAAAAA",
            "played": "24/20 23/22",
            "best": "13/9 13/12",
            "equity_lost": 0.231,
        }
    ]
    # The match's pages show it: their change mark moved.
    assert Tournament.objects.get(pk=match.tournament_id).mark != mark


def test_a_file_naming_the_players_the_other_way_round_keeps_each_on_their_side(match):
    stored = analysis.store(match, result(first=-20.0, second=-4.0), swapped=True)
    sides = by_side(stored)
    assert (sides[1].name_in_file, sides[1].error_rate) == ("Xavier Roca", -4.0)
    assert (sides[2].name_in_file, sides[2].error_rate) == ("Anna Bosch", -20.0)


def test_storing_again_at_the_same_ply_replaces_the_analysis(match):
    analysis.store(match, result(first=-12.4))
    analysis.store(match, result(first=-8.0))
    assert Analysis.objects.filter(match=match).count() == 1
    assert AnalysedPlayer.objects.filter(analysis__match=match).count() == 2
    assert by_side(Analysis.objects.get(match=match))[1].error_rate == -8.0


def test_another_depth_is_kept_beside(match):
    analysis.store(match, result(ply=0))
    analysis.store(match, result(ply=2))
    assert sorted(Analysis.objects.filter(match=match).values_list("ply", flat=True)) == [0, 2]


def test_a_rate_of_nothing_is_kept_without_a_sign(match):
    # gnubg prints a player's cube error rate as "-0.0" when they made no cube error:
    # PostgreSQL would keep the sign and SQLite not, so a backup moved between the two
    # would come back different (tests/operations/test_backups.py). SQLite drops the
    # sign itself: this test speaks on PostgreSQL.
    analysed = analyses.result()
    first = replace(analysed.players[0], cube_error_rate=-0.0)
    stored = analysis.store(match, replace(analysed, players=(first, analysed.players[1])))
    assert math.copysign(1, by_side(stored)[1].cube_error_rate) == 1
