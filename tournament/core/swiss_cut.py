"""A Swiss that goes on to a knockout of its top K players (docs/swiss-knockout.md).

Once the last Swiss round is settled, the top K of the final standings go on to a cup
seeded 1..K by their Swiss place (drawn as the cups are: `draw.make_plan`, the top
seeds' byes when fewer than a power of two qualify). Those who do not qualify keep
their Swiss order and take the places after the knockout's K.

Players sharing a place on every tie-break are put in an order by lot from the
tournament's stored draw seed (as a cut's names are drawn from a hat when the
tie-breaks do not split them), so that the same results and seed always give the same
cut and the same seeds, and the director can show it was not chosen.

Pure Python: no Django import and no I/O.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from itertools import groupby

Key = Hashable

# The knockout sizes a director may choose: a whole bracket each (2 is a final alone).
SIZES = (2, 4, 8, 16, 32)


def by_lot(ranked: Sequence[tuple[Key, int]], rng_seed: int) -> list[Key]:
    """The standings' players (key, place), best first, in one strict order: players
    sharing a place (tied on every tie-break) in an order drawn by lot from the seed,
    the same for the same seed and the same players, whatever order they came in."""
    order: list[Key] = []
    for place, sharing in groupby(ranked, key=lambda pair: pair[1]):
        members = sorted((key for key, _place in sharing), key=repr)
        if len(members) > 1:
            # One draw per shared place, so a tie lower down leaves this one as it is.
            random.Random(f"{rng_seed}:{place}").shuffle(members)  # noqa: S311 - a fair lot
        order.extend(members)
    return order


def cut(ranked: Sequence[tuple[Key, int]], size: int, rng_seed: int) -> list[Key]:
    """The players who go on to the knockout, in seed order (seed 1 first): the first
    `size` of the standings (`ranked`: key and place, best first, places as
    `swiss_standings` gives them), a tie at the cut broken by lot (`by_lot`). A field
    smaller than `size` sends everyone."""
    if size < 0:
        raise ValueError(f"a knockout of {size} players")
    return by_lot(ranked, rng_seed)[:size]


def places_after_cut(
    ranked: Sequence[tuple[Key, int]], qualifiers: Sequence[Key]
) -> dict[Key, tuple[int, int]]:
    """The final places of those who did not go on to the knockout: (best, worst),
    after the knockout's places (the first after them is len(qualifiers) + 1), in their
    Swiss order; players who shared a Swiss place share their place here too (those
    of them who went on to the knockout left it)."""
    went_on = set(qualifiers)
    rest = [(key, place) for key, place in ranked if key not in went_on]
    places: dict[Key, tuple[int, int]] = {}
    start = len(went_on) + 1
    for _place, sharing in groupby(rest, key=lambda pair: pair[1]):
        members = [key for key, _p in sharing]
        for key in members:
            places[key] = (start, start + len(members) - 1)
        start += len(members)
    return places
