"""The formats of a club night beside the cups: a Swiss of a set number of rounds, and a
round robin of the whole field or of groups. What they need besides the pairing itself
(`core.swiss`): the suggested number of rounds, the first round's order, the groups,
and which of a round robin's matches are called.

Pure Python: no Django import and no I/O.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import ceil, log2
from types import SimpleNamespace

import networkx as nx

from . import formats, league
from .messages import _

CUP, SWISS, ROUND_ROBIN, LIVES, TEAMS = "cup", "swiss", "round_robin", "lives", "teams"
# The registry (`core.formats`) is where each format says what it is; these are read
# from it for the code that still asks by group.
FORMATS = formats.KEYS
CLUB_NIGHT_FORMATS = tuple(key for key, found in formats.FORMATS.items() if found.in_rounds)
SCORED_FORMATS = tuple(key for key, found in formats.FORMATS.items() if found.scored)
FORMAT_SETTINGS = {
    name: formats.with_setting(name)
    for name in dict.fromkeys(name for found in formats.FORMATS.values() for name in found.settings)
}
DEFAULT_ROUNDS = 3
MAX_ROUNDS = 20
# A group smaller than 3 is a single match; larger than 16 is a season, not a night.
MIN_GROUP, MAX_GROUP = 3, 16

Key = Hashable


def format_problems(
    format: str,
    consolation: str,
    knockout: int,
    group_size: int | None,
    swiss_knockout: int = 0,
    last_chance: bool = False,
    playoff: str = "",
) -> dict[str, str]:
    """What is wrong with a tournament's format, field by field (message templates to
    translate; empty when it is sound): each format's own `problems`."""
    settings = SimpleNamespace(
        format=format,
        consolation=consolation,
        knockout=knockout,
        group_size=group_size,
        swiss_knockout=swiss_knockout,
        last_chance=last_chance,
        playoff=playoff,
    )
    return formats.of(format).problems(settings)


def suggested_rounds(players: int) -> int:
    """Rounds for one player alone on top with all wins: ceil(log2 n) (at least 1)."""
    if players < 2:
        return 1
    return max(1, ceil(log2(players)))


def seeded_order(keys: Sequence[Key], seeds: Mapping[Key, int], rng_seed: int) -> list[Key]:
    """The field in draw order: the seeded players by seed, then the others in an order
    fixed by the stored seed alone (not by the order the entries were made in)."""
    seeded = sorted((key for key in keys if seeds.get(key)), key=lambda key: seeds[key])
    others = sorted((key for key in keys if not seeds.get(key)), key=repr)
    random.Random(rng_seed).shuffle(others)  # noqa: S311 - a fair draw, not a secret
    return seeded + others


def first_round(
    order: Sequence[Key], avoid: Iterable[Collection[Key]] = ()
) -> tuple[list[tuple[Key, Key]], Key | None]:
    """Round 1 of a Swiss from the draw order: the top half meets the bottom half (seed 1
    v the first of the lower half, and so on), so seeds do not meet early; with an odd
    field the last player in the order has the bye.

    `avoid`: pairs the director keeps apart. When the halves put one of them together,
    the round is paired again (`_apart_first_round`) with as few of them as any pairing
    allows, then the top half against the bottom half as far as it can, then each player
    as near their place in the order as can be. The bye stays with the last player."""
    order = list(order)
    bye = order.pop() if len(order) % 2 else None
    half = len(order) // 2
    pairs = [(order[i], order[i + half]) for i in range(half)]
    apart = {frozenset(pair) for pair in avoid}
    if any(frozenset(pair) in apart for pair in pairs):
        pairs = _apart_first_round(order, apart)
    return pairs, bye


def _apart_first_round(order: list[Key], apart: set[frozenset[Key]]) -> list[tuple[Key, Key]]:
    """The pairing of least cost over the whole field: an avoided pair costs more than
    any pairing's other costs together; a pair within one half more than every player's
    move; a move is how far a bottom-half player sits from the place facing the other.
    Integer weights, so the matching is exact, and the same order gives the same round."""
    half = len(order) // 2
    move_total = half * half + 1  # above the largest sum of moves
    same_half = move_total
    avoided = same_half * (half + 1) + move_total  # above every pairing's other costs

    def cost(i: int, j: int) -> int:
        spent = avoided if frozenset((order[i], order[j])) in apart else 0
        if (i < half) == (j < half):
            return spent + same_half
        top, bottom = (i, j) if i < half else (j, i)
        return spent + abs(bottom - half - top)

    base = avoided * 2
    graph = nx.Graph()
    graph.add_nodes_from(range(len(order)))
    graph.add_weighted_edges_from(
        (i, j, base - cost(i, j)) for i in range(len(order)) for j in range(i + 1, len(order))
    )
    matching = sorted(tuple(sorted(pair)) for pair in nx.max_weight_matching(graph, True))
    # Boards in the order of the better-placed player, who is named first.
    return [(order[i], order[j]) for i, j in matching]


def group_count(players: int, size: int | None) -> int:
    """How many groups of at most `size` players (None: the whole field in one)."""
    if not size or players <= size:
        return 1
    return ceil(players / size)


def split_groups(order: Sequence[Key], size: int | None) -> list[list[Key]]:
    """Groups of nearly equal size, dealt like cards in a snake (1-2-3-3-2-1 ...), so
    each group gets one of the best seeds, one of the next, and so on."""
    count = group_count(len(order), size)
    groups: list[list[Key]] = [[] for _ in range(count)]
    for index, key in enumerate(order):
        lap, seat = divmod(index, count)
        groups[seat if lap % 2 == 0 else count - 1 - seat].append(key)
    return groups


def knockout_seeds(group_places: Sequence[Sequence[Key]], per_group: int) -> list[Key]:
    """Who goes on to the knockout, in seed order: every group winner (group 1's first),
    then every runner-up, and so on for `per_group` places."""
    return [
        places[rank] for rank in range(per_group) for places in group_places if rank < len(places)
    ]


# --- a club night's final places ------------------------------------------------------


@dataclass(frozen=True)
class FinalPlaces:
    """A finished club night's places: player -> (best, worst). `ties`: a shared place
    is a tie on every tie-break of one table ("=2"); otherwise it is a band of places
    shared by rank across the groups ("1-2": the group winners)."""

    places: dict[Key, tuple[int, int]]
    ties: bool

    def label(self, player: Key) -> str:
        return league.final_place_label(*self.places[player], ties=self.ties)


def group_places(tables: Sequence[Sequence[tuple[Key, int]]], went_on: int = 0) -> FinalPlaces:
    """The final places of a round robin's groups (or of its whole field), every match
    played, from each group's standings (player and place, best first, tied players
    sharing a place): one table alone, its own places, tied players sharing theirs
    ("=2"); groups, the group winners share the first places, the runners-up the next,
    and so on ("1-2"). With a knockout of each group's best `went_on`, those take the
    knockout's places (its bracket's to say: they are left out here) and the others
    share the places after them, rank by rank; a knockout of one player alone is none,
    and the groups decide."""
    if sum(min(went_on, len(table)) for table in tables) < 2:
        went_on = 0
    if len(tables) == 1 and not went_on:
        table = tables[0]
        shared = Counter(place for _player, place in table)
        return FinalPlaces(
            {player: (place, place + shared[place] - 1) for player, place in table}, ties=True
        )
    places, start = {}, 1 + sum(min(went_on, len(table)) for table in tables)
    depth = max((len(table) for table in tables), default=0)
    for rank in range(went_on, depth):
        at_rank = [table[rank][0] for table in tables if rank < len(table)]
        for player in at_rank:
            places[player] = (start, start + len(at_rank) - 1)
        start += len(at_rank)
    return FinalPlaces(places, ties=False)


# --- a round robin's calls ----------------------------------------------------------


@dataclass(frozen=True)
class RoundMatch:
    """A round robin's match between two players, as the call sees it."""

    key: Key
    group: int
    round: int
    players: tuple[Key, Key]
    to_play: bool  # not decided yet (under way or not started)


# Why a match not called takes no game yet (templates to translate, with the rounds).
NOT_CALLED = _(
    "Round %(round)d starts when both players have finished their round-%(earlier)d match."
)


def waiting_on(matches: Iterable[RoundMatch]) -> dict[Key, int]:
    """The round robin's matches not called yet, each with the round it waits on.

    Every match is known from the draw, but a match is called (to a table, and to take
    games) only when neither of its players has a match of an earlier round still to
    play, so that nobody plays two matches at once; it waits on the earliest round in
    which one of them still plays. (A Swiss pairs a
    round when the one before is over, and a cup's match has its players when their
    matches before are decided: their matches are called as soon as they exist.)"""
    matches = list(matches)
    first: dict[tuple[int, Key], int] = {}
    for match in matches:
        if match.to_play:
            for player in match.players:
                seat = (match.group, player)
                first[seat] = min(first.get(seat, match.round), match.round)
    waiting = {}
    for match in matches:
        if match.to_play:
            earliest = min(first[match.group, player] for player in match.players)
            if earliest < match.round:
                waiting[match.key] = earliest
    return waiting
