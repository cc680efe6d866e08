"""League points by the US federation's master-points formula (USBGF, 2019), which a
season may choose instead of the club's scale of points per place.

A player earns, in each tournament:

- for every match won by playing it (not a bye or a walkover): sqrt(match length) / 3;
- for their final place: 0.6 x log2(number of players) x the place's factor, where the
  factor is 1 for 1st, 0.7 for 2nd and 1 / (place - 1) from 3rd on; players who share
  a place (3-4, 5-8 in a cup) share the factors of the places they span.

The event and division weights of the federation's formula are 1 (a club's open
event). Places count in a cup's main bracket and in a Swiss or round robin; the matches
of a consolation or last chance still earn their match points. Pure Python.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from math import log2, sqrt

CLUB, MASTER_POINTS = "club", "master_points"
SCORINGS = (CLUB, MASTER_POINTS)
PLACE_WEIGHT = 0.6
CENTS = Decimal("0.01")


def match_points(length: int) -> float:
    """What winning a match to `length` points earns."""
    return sqrt(length) / 3


def place_factor(place: int) -> float:
    if place < 1:
        raise ValueError(f"places start at 1, not {place}")
    if place == 1:
        return 1.0
    if place == 2:
        return 0.7
    return 1 / (place - 1)


def place_points(players: int, best: int, worst: int | None = None) -> float:
    """What a final place earns in a field of `players` (shared: best..worst)."""
    worst = best if worst is None else worst
    if players < 2:
        return 0.0
    factors = [place_factor(place) for place in range(best, worst + 1)]
    return PLACE_WEIGHT * log2(players) * sum(factors) / len(factors)


def rounded(points: float) -> Decimal:
    """Master points as shown: two decimals."""
    return Decimal(str(points)).quantize(CENTS, rounding=ROUND_HALF_UP)
