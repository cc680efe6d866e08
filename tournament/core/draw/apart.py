"""Pairs the director keeps apart in round 1 of a cup: family, one household, players
who travelled together.

Pure Python: no Django import and no I/O. `keep_apart()` takes the draw's order (the
seeds by seed, then the others as the seeded shuffle left them) and moves only the
unseeded players between the unseeded places, so that as few avoided pairs as possible
meet in round 1: none whenever some placement allows it. The seeds keep their lines and
the byes their places at the top of the order; a draw in which no avoided pair meets is
left exactly as drawn, so marking pairs changes nothing unless it has to.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence

Pair = frozenset

# Nodes the search may visit before it settles for the best placement found. A field of
# 256 with a dozen marked pairs is placed in a few hundred; this only bounds an absurd
# case (dozens of pairs among a few seats), where the best found so far is kept.
BUDGET = 200_000


def avoided_pairs(field: Collection[object], avoid: Iterable[Collection[object]]) -> set[Pair]:
    """The avoided pairs whose two players are both in the field (others cannot meet)."""
    members = set(field)
    pairs = set()
    for pair in avoid:
        pair = frozenset(pair)
        if len(pair) == 2 and pair <= members:
            pairs.add(pair)
    return pairs


def first_round_lines(size: int, lines: Sequence[int]) -> dict[int, int]:
    """Seed number -> the seed number it meets in round 1 (beyond the field: a bye)."""
    opponent = {}
    for i in range(0, size, 2):
        opponent[lines[i]], opponent[lines[i + 1]] = lines[i + 1], lines[i]
    return opponent


def meetings(order: Sequence[object], opponent: dict[int, int], avoid: set[Pair]) -> list[Pair]:
    """The avoided pairs that meet in round 1 with this order, by the better seed number."""
    met = []
    for number in range(1, len(order) + 1):
        other = opponent[number]
        if number < other <= len(order):
            pair = frozenset((order[number - 1], order[other - 1]))
            if pair in avoid:
                met.append(pair)
    return met


def keep_apart(
    order: Sequence[object],
    seeded: int,
    opponent: dict[int, int],
    avoid: set[Pair],
    rng: random.Random,
) -> tuple[tuple[object, ...], tuple[Pair, ...]]:
    """The order with the unseeded players (numbers `seeded`+1 on) placed so that the
    fewest avoided pairs meet in round 1, and the pairs that still meet.

    Only players in an avoided pair move; the others keep the order they were drawn in,
    filling the places left. Each player tries their own place first and then the others
    in an order drawn from `rng`, so the same seed gives the same draw."""
    order = tuple(order)
    if not avoid or not meetings(order, opponent, avoid):
        return order, ()
    count = len(order)
    open_numbers = list(range(seeded + 1, count + 1))
    partners: dict[object, set[object]] = {}
    for pair in avoid:
        first, second = tuple(pair)
        partners.setdefault(first, set()).add(second)
        partners.setdefault(second, set()).add(first)
    movers = [order[number - 1] for number in open_numbers if order[number - 1] in partners]
    at = {player: number for number, player in enumerate(order, start=1)}
    # Seeds that meet each other in round 1 meet whatever the others do.
    fixed = sum(
        1
        for number in range(1, seeded + 1)
        if number < opponent[number] <= seeded
        and frozenset((order[number - 1], order[opponent[number] - 1])) in avoid
    )
    choices = {}
    for player in movers:
        others = [number for number in open_numbers if number != at[player]]
        rng.shuffle(others)
        choices[player] = [at[player], *others]

    seat: dict[int, object] = {}  # number -> mover placed there
    best = {"cost": len(meetings(order, opponent, avoid)), "seats": None}
    visits = 0

    def cost_at(player: object, number: int) -> int:
        other = opponent[number]
        if other > count:
            return 0  # a bye
        rival = order[other - 1] if other <= seeded else seat.get(other)
        return 1 if rival is not None and rival in partners[player] else 0

    def place(index: int, cost: int) -> bool:
        """True once a placement as good as possible (only the seeds' meetings) is found."""
        nonlocal visits
        if cost + fixed >= best["cost"]:
            return False
        if index == len(movers):
            best["cost"], best["seats"] = cost + fixed, dict(seat)
            return cost == 0
        player = movers[index]
        bye_tried = False
        for number in choices[player]:
            if number in seat:
                continue
            if opponent[number] > count:
                # Every place facing a bye is the same to the count: try one.
                if bye_tried:
                    continue
                bye_tried = True
            visits += 1
            if visits > BUDGET:
                return True
            seat[number] = player
            found = place(index + 1, cost + cost_at(player, number))
            del seat[number]
            if found:
                return True
        return False

    place(0, 0)
    if best["seats"] is None:
        return order, tuple(meetings(order, opponent, avoid))
    placed = best["seats"]
    rest = iter(order[number - 1] for number in open_numbers if order[number - 1] not in partners)
    new_order = list(order[:seeded])
    for number in open_numbers:
        new_order.append(placed[number] if number in placed else next(rest))
    return tuple(new_order), tuple(meetings(new_order, opponent, avoid))
