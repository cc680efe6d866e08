"""The master points across clubs with the federation's weights (core.master_points,
issue 41 item 3): the USBGF's formulas times EventWeight x DivisionWeight, never
negative, growing with the weight and linear in it, a player's total the sum over their
events whatever their order, never lost; a weight read from 0 to 10 in hundredths."""

from __future__ import annotations

from decimal import Decimal
from math import isclose, log2, sqrt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.core import master_points as mp

lengths = st.integers(min_value=1, max_value=25)
weights = st.decimals(min_value=0, max_value=10, places=2)
float_weights = st.floats(min_value=0, max_value=10, allow_nan=False)
points = st.decimals(min_value=0, max_value=1000, places=2)
events = st.lists(st.tuples(points, weights), max_size=30)


def place_args():
    return st.integers(min_value=2, max_value=256).flatmap(
        lambda players: st.integers(min_value=1, max_value=players).flatmap(
            lambda best: st.tuples(
                st.just(players),
                st.just(best),
                st.integers(min_value=best, max_value=players),
            )
        )
    )


def test_the_usbgf_reference_figures():
    # A match to 9 won: 3/3 = 1 point at weight 1, 2 at weight 2.
    assert mp.match_points(9) == 1.0
    assert mp.match_points(9, weight=2.0) == 2.0
    # The winner of 16 players: 0.6 x 4 x 1 = 2.4; a weight 1.5 event: 3.6.
    assert isclose(mp.place_points(16, 1), 2.4)
    assert isclose(mp.place_points(16, 1, weight=1.5), 3.6)
    # 3rd-4th shared: the factors of 3rd and 4th (1/2, 1/3) averaged.
    assert isclose(mp.place_points(8, 3, 4), 0.6 * 3 * (1 / 2 + 1 / 3) / 2)


@given(lengths, float_weights)
def test_match_points_never_negative_and_linear_in_the_weight(length, weight):
    earned = mp.match_points(length, weight)
    assert earned >= 0
    assert isclose(earned, weight * sqrt(length) / 3, abs_tol=1e-12)


@given(place_args(), float_weights, float_weights)
def test_place_points_grow_with_the_weight(args, lighter, heavier):
    players, best, worst = args
    lighter, heavier = sorted((lighter, heavier))
    low = mp.place_points(players, best, worst, lighter)
    high = mp.place_points(players, best, worst, heavier)
    assert 0 <= low <= high + 1e-12
    assert isclose(high, heavier * mp.place_points(players, best, worst), abs_tol=1e-9)
    assert mp.place_points(players, best, worst, 0.0) == 0


@given(place_args())
def test_a_better_place_never_earns_less(args):
    players, best, worst = args
    if best > 1:
        assert mp.place_points(players, best - 1, best - 1) >= mp.place_points(players, best, best)
    assert mp.place_points(players, best, worst) <= 0.6 * log2(players) + 1e-12


@given(events)
def test_a_total_is_never_negative_and_the_sum_over_the_events(found):
    total = mp.federation_total(found)
    assert total >= 0
    exact = sum((p * w for p, w in found), Decimal(0))
    assert abs(total - exact) <= Decimal("0.005")
    assert mp.federation_total(list(reversed(found))) == total


@given(events, points, weights)
def test_points_are_never_lost_an_event_more_never_lowers_a_total(found, more, weight):
    assert mp.federation_total([*found, (more, weight)]) >= mp.federation_total(found)


@given(events, st.integers(min_value=0, max_value=29), weights)
def test_a_heavier_event_never_lowers_a_total(found, index, heavier):
    if not found:
        return
    index %= len(found)
    points_of, weight = found[index]
    if heavier < weight:
        return
    raised = [*found[:index], (points_of, heavier), *found[index + 1 :]]
    assert mp.federation_total(raised) >= mp.federation_total(found)


@pytest.mark.parametrize(
    ("given_weight", "read"),
    [("1", "1.00"), ("1.5", "1.50"), ("0,75", "0.75"), (2, "2.00"), ("0", "0.00"), ("10", "10.00")],
)
def test_a_weight_is_read(given_weight, read):
    assert mp.event_weight(given_weight) == Decimal(read)


@pytest.mark.parametrize("bad", ["", "heavy", "-1", "10.01", "1.505", "NaN", "Infinity", None])
def test_a_weight_it_cannot_be_is_refused(bad):
    with pytest.raises(mp.WeightError):
        mp.event_weight(bad)
