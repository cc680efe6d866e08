"""League points by the US federation's master-points formula (USBGF, 2019), which a
season may choose instead of the club's scale of points per place.

A player earns, in each tournament:

- for every match won by playing it (not a bye or a walkover): sqrt(match length) / 3;
- for their final place: 0.6 x log2(number of players) x the place's factor, where the
  factor is 1 for 1st, 0.7 for 2nd and 1 / (place - 1) from 3rd on; players who share
  a place (3-4, 5-8 in a cup) share the factors of the places they span.

A season's league counts them with the event and division weights at 1 (a club's open
event). The federation's ranking across clubs (`federation_total`) multiplies each
event's points by the weight the federation gives the event (EventWeight x
DivisionWeight, one figure): points are never lost, every event counts for good.
Places count in a cup's main bracket and in a Swiss or round robin; the matches of a
consolation or last chance still earn their match points. Pure Python.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from math import log2, sqrt

from .messages import CoreError, _

CLUB, MASTER_POINTS = "club", "master_points"
SCORINGS = (CLUB, MASTER_POINTS)
PLACE_WEIGHT = 0.6
CENTS = Decimal("0.01")
# The weights a federation may give an event: 0 (the event does not count) to 10, in
# hundredths (a weight is stored as a decimal of two places).
NO_WEIGHT, STANDARD_WEIGHT, MOST_WEIGHT = Decimal(0), Decimal(1), Decimal(10)


def match_points(length: int, weight: float = 1.0) -> float:
    """What winning a match to `length` points earns, in an event of `weight`
    (EventWeight x DivisionWeight)."""
    return weight * sqrt(length) / 3


def place_factor(place: int) -> float:
    if place < 1:
        raise ValueError(f"places start at 1, not {place}")
    if place == 1:
        return 1.0
    if place == 2:
        return 0.7
    return 1 / (place - 1)


def place_points(players: int, best: int, worst: int | None = None, weight: float = 1.0) -> float:
    """What a final place earns in a field of `players` (shared: best..worst), in an
    event of `weight` (EventWeight x DivisionWeight)."""
    worst = best if worst is None else worst
    if players < 2:
        return 0.0
    factors = [place_factor(place) for place in range(best, worst + 1)]
    return weight * PLACE_WEIGHT * log2(players) * sum(factors) / len(factors)


def rounded(points: float) -> Decimal:
    """Master points as shown: two decimals."""
    return Decimal(str(points)).quantize(CENTS, rounding=ROUND_HALF_UP)


class WeightError(CoreError):
    """A weight the federation cannot give an event; the message says which are."""


WEIGHT_RULE = _("A weight is a number from 0 to 10 with at most two decimals, such as 1.5.")


def event_weight(value: object) -> Decimal:
    """`value` read as an event's weight: a number from 0 to 10 with at most two
    decimals ("1.5", 2, Decimal("0.75")); WeightError otherwise."""
    try:
        weight = Decimal(str(value).strip().replace(",", "."))
    except (InvalidOperation, ValueError):
        raise WeightError(WEIGHT_RULE) from None
    if not weight.is_finite() or not NO_WEIGHT <= weight <= MOST_WEIGHT:
        raise WeightError(WEIGHT_RULE)
    if weight != weight.quantize(CENTS):
        raise WeightError(WEIGHT_RULE)
    return weight.quantize(CENTS)


def weighted(points: Decimal, weight: Decimal) -> Decimal:
    """An event's points (its master points at weight 1, as stored) at the weight the
    federation gives it: the formula is linear in the weight, so the weight may change
    after the event without counting it again."""
    return points * weight


def federation_total(events: Iterable[tuple[Decimal, Decimal]]) -> Decimal:
    """A player's master points across clubs: each event's points (at weight 1) times
    its weight, summed over every event they ever played (never lost, no decay),
    rounded as shown once, at the end (the ranking's query sums in the same order)."""
    total = sum((weighted(points, weight) for points, weight in events), Decimal(0))
    return total.quantize(CENTS, rounding=ROUND_HALF_UP)
