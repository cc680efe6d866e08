"""GNU Backgammon's printed analysis read into figures, on output captured from gnubg 1.07
and from the gnubg Python package (tests/data/gnubg/README.md says how it was made)."""

from pathlib import Path

import pytest

from tournament.engines.gnubg_output import (
    GnubgOutputError,
    Mistake,
    read_analysis,
    read_export,
    read_statistics,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "gnubg"
NAMES = ("Núria Ferrer", "Pere Puig")
STATISTICS = (DATA / "noisy_3pt_0ply_statistics.txt").read_text(encoding="utf-8")
GAME = (DATA / "noisy_3pt_0ply_game1.txt").read_text(encoding="utf-8")


def test_the_figures_of_both_players_as_gnubg_prints_them():
    nuria, pere = read_analysis(STATISTICS, [GAME], NAMES)
    assert (nuria.name, pere.name) == NAMES
    # "Error rate mEMG (MWC)" of the overall statistics, not the chequer or cube one.
    assert (nuria.error_rate, pere.error_rate) == (-71.6, -50.5)
    assert (nuria.chequer_error_rate, nuria.cube_error_rate) == (-76.6, -64.7)
    assert (nuria.pr, pere.pr) == (35.8, 25.25)
    # The rate's denominator: unforced moves and close or actual cube decisions.
    assert (nuria.unforced_moves, nuria.cube_decisions, nuria.decisions) == (37, 27, 64)
    # (gnubg divides its unrounded total: the printed one gives the rate within 0.1)
    assert nuria.error_total / nuria.decisions * 1000 == pytest.approx(nuria.error_rate, abs=0.1)
    assert (nuria.chequer_doubtful, nuria.chequer_errors, nuria.chequer_blunders) == (7, 8, 9)
    assert (pere.chequer_errors, pere.chequer_blunders) == (8, 3)
    # Pere doubled when too good, Núria took a pass: both very bad.
    assert (nuria.cube_errors, nuria.cube_blunders) == (0, 1)
    assert (pere.cube_errors, pere.cube_blunders) == (0, 1)
    assert (nuria.luck_total, nuria.luck_rate) == (-0.377, -7.5)
    assert (pere.luck_total, pere.luck_rate) == (1.355, 26.6)


def test_the_five_biggest_errors_with_their_positions():
    nuria, pere = read_analysis(STATISTICS, [GAME], NAMES)
    assert len(nuria.biggest) == len(pere.biggest) == 5
    assert nuria.biggest[0] == Mistake(
        game=1,
        move=34,
        kind="cube",
        position_id="M84ADHLjNgYiGA",
        match_id="cBFgAAAAAAAE",
        played="Take",
        best="Pass",
        equity_lost=1.746,
    )
    assert pere.biggest[0].played == "Double"
    assert pere.biggest[0].best == "Too good to double, pass"
    assert nuria.biggest[1] == Mistake(
        game=1,
        move=26,
        kind="chequer",
        position_id="tB0DYBwz1hpgQA",
        match_id="MAFmAAAAAAAE",
        played="bar/24 10/6",
        best="bar/24 7/3",
        equity_lost=0.357,
    )
    losses = [mistake.equity_lost for mistake in nuria.biggest]
    assert losses == sorted(losses, reverse=True)


def test_every_move_lost_adds_up_to_gnubgs_chequer_total():
    # The export's per-move losses (3 decimals each) against the statistics' total.
    mistakes, _ = read_export([GAME], NAMES)
    figures = read_statistics(STATISTICS)
    for side in (0, 1):
        chequer = [mistake for mistake in mistakes[side] if mistake.kind == "chequer"]
        total = sum(mistake.equity_lost for mistake in chequer)
        # Chequer total = overall total - cube total, both printed by gnubg.
        cube = sum(mistake.equity_lost for mistake in mistakes[side] if mistake.kind == "cube")
        assert total + cube == pytest.approx(
            -figures[side]["error_total"], abs=0.0005 * len(chequer) + 0.001
        )


def test_a_move_gnubg_did_not_rank_still_counts():
    # "*   ??  Cubeful 0-ply    bar/20 5/4   Eq.: +0.437 (-0.115)"
    mistakes, _ = read_export([GAME], NAMES)
    found = [mistake for side in mistakes for mistake in side if mistake.played == "bar/20 5/4"]
    assert [mistake.equity_lost for mistake in found] == [0.115]


def test_output_without_statistics_is_refused():
    with pytest.raises(GnubgOutputError, match="no statistics table"):
        read_statistics("Error in import: no such file\n")
    cut = STATISTICS[: STATISTICS.index("Overall statistics")]
    with pytest.raises(GnubgOutputError, match="Overall statistics"):
        read_statistics(cut)


def test_a_perfect_match_reads_as_zero():
    perfect = STATISTICS.replace("-71.6   ( -1.079%)", " -0.0   ( -0.000%)")
    nuria, _ = read_analysis(perfect, [GAME], NAMES)
    assert nuria.error_rate == 0.0
    assert str(nuria.pr) == "0.0"


# The gnubg Python package (1.1.0a16, the PyPI wheel) run by engines.gnubg_library on the
# same file and commands: the same tables and export, read the same way. What differs is
# not read: no banner (the runner's own version line instead), a line about a missing
# sound file, a Snowie error rate without its percentage, the ratings' words.
LIBRARY_STATISTICS = (DATA / "noisy_3pt_0ply_library_statistics.txt").read_text(encoding="utf-8")
LIBRARY_GAME = (DATA / "noisy_3pt_0ply_library_game1.txt").read_text(encoding="utf-8")


def test_the_python_packages_figures_read_as_it_prints_them():
    nuria, pere = read_analysis(LIBRARY_STATISTICS, [LIBRARY_GAME], NAMES)
    assert (nuria.error_rate, pere.error_rate) == (-74.2, -50.8)
    assert (nuria.chequer_error_rate, nuria.cube_error_rate) == (-77.9, -68.8)
    # 1.07 counts 27 close or actual cube decisions for Núria here: the versions differ.
    assert (nuria.unforced_moves, nuria.cube_decisions) == (37, 25)
    assert (pere.chequer_errors, pere.chequer_blunders) == (7, 4)
    assert (nuria.luck_total, pere.luck_rate) == (-0.39, 26.7)
    assert nuria.biggest[0] == Mistake(
        game=1,
        move=34,
        kind="cube",
        position_id="M84ADHLjNgYiGA",
        match_id="cBFgAAAAAAAE",
        played="Take",
        best="Pass",
        equity_lost=1.719,
    )
    assert [len(nuria.biggest), len(pere.biggest)] == [5, 5]


def test_the_python_packages_export_adds_up_to_its_totals():
    mistakes, marks = read_export([LIBRARY_GAME], NAMES)
    figures = read_statistics(LIBRARY_STATISTICS)
    assert marks == [{"very bad": 1}, {"very bad": 1}]
    for side in (0, 1):
        total = sum(mistake.equity_lost for mistake in mistakes[side])
        moves = sum(mistake.kind == "chequer" for mistake in mistakes[side])
        assert total == pytest.approx(-figures[side]["error_total"], abs=0.0005 * moves + 0.001)
