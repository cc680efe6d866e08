"""The bench's pairs (`benches.measure`): a figure and its floor timed in turns, the ratio
taken pair by pair, so one busy moment of a shared machine cannot move a verdict."""

import pytest

from benches.measure import Timing, pair_statistics, paired, verdict


def test_the_order_alternates_so_neither_always_runs_on_a_warmer_cache():
    calls = []
    paired(lambda: calls.append("figure"), lambda: calls.append("floor"), pairs=4)
    assert calls == ["figure", "floor", "floor", "figure", "figure", "floor", "floor", "figure"]


def test_a_busy_moment_slows_one_pair_and_leaves_the_median_ratio_alone():
    figures = [Timing(0.002, 0.002), Timing(0.030, 0.020), Timing(0.0021, 0.002)]
    floors = [Timing(0.001, 0.001), Timing(0.001, 0.001), Timing(0.001, 0.001)]
    stats = pair_statistics(figures, floors)
    assert stats["cpu_ratio"] == {"median": 2.0, "min": 2.0}
    assert stats["ratio"]["median"] == 2.1
    assert stats["wall_ms"] == {"median": 2.1, "min": 2.0}


def test_the_ratio_is_taken_pair_by_pair_not_of_the_two_medians():
    # The machine twice as slow for the last two pairs: every pair still says 3x.
    figures = [Timing(0.003, 0.003), Timing(0.006, 0.006), Timing(0.006, 0.006)]
    floors = [Timing(0.001, 0.001), Timing(0.002, 0.002), Timing(0.002, 0.002)]
    assert pair_statistics(figures, floors)["cpu_ratio"] == {"median": 3.0, "min": 3.0}


def test_a_figure_without_its_floor_is_refused():
    with pytest.raises(ValueError, match="pairs"):
        pair_statistics([Timing(0.001, 0.001)], [])


def test_a_verdict_says_its_target_and_the_statistic_it_is_read_from():
    assert verdict(19.5, 20) == {
        "target": "<= 20",
        "verdict_value": 19.5,
        "verdict_statistic": "median of the pairwise CPU ratios",
        "within_target": True,
    }
    assert not verdict(120, 250, at_most=False, statistic="requests a second")["within_target"]
