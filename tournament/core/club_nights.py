"""The formats of a club night beside the cups: a Swiss of a set number of rounds, and a
round robin of the whole field or of groups. What they need besides the pairing itself
(`core.swiss`): the suggested number of rounds, the first round's order, the groups,
and which of a round robin's matches are called.

Pure Python: no Django import and no I/O.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import ceil, log2

from .draw import NO_CONSOLATION
from .messages import _

CUP, SWISS, ROUND_ROBIN, TEAMS = "cup", "swiss", "round_robin", "teams"
FORMATS = (CUP, SWISS, ROUND_ROBIN, TEAMS)
CLUB_NIGHT_FORMATS = (SWISS, ROUND_ROBIN)

# The settings that mean something for some formats only (the others ignore them): the
# tournament form shows each with its formats alone.
FORMAT_SETTINGS = {
    "rounds": (SWISS,),
    "round_lengths": (*CLUB_NIGHT_FORMATS, TEAMS),
    "group_size": (ROUND_ROBIN, TEAMS),
    "knockout": (ROUND_ROBIN, TEAMS),
    "team_size": (TEAMS,),
    "scoring": CLUB_NIGHT_FORMATS,
    "tie_break": CLUB_NIGHT_FORMATS,
    "consolation": (CUP,),
    "progressive_rounds": (CUP,),
    "last_chance": (CUP,),
}
DEFAULT_ROUNDS = 3
MAX_ROUNDS = 20
# A group smaller than 3 is a single match; larger than 16 is a season, not a night.
MIN_GROUP, MAX_GROUP = 3, 16

Key = Hashable


def format_problems(
    format: str, consolation: str, knockout: int, group_size: int | None
) -> dict[str, str]:
    """What is wrong with a tournament's format, field by field (message templates to
    translate; empty when it is sound): a Swiss or a round robin has no consolation
    bracket, and a knockout follows only a round robin played in groups."""
    problems = {}
    if format in CLUB_NIGHT_FORMATS and consolation != NO_CONSOLATION:
        problems["consolation"] = _("A Swiss or a round robin has no consolation bracket.")
    if format == TEAMS and consolation != NO_CONSOLATION:
        problems["consolation"] = _("A team event has no consolation bracket.")
    if format == TEAMS:
        # A team event's knockout may follow a single group (its best two meet in a final).
        return problems
    if knockout and not (format == ROUND_ROBIN and group_size):
        problems["knockout"] = _("A knockout follows a round robin played in groups.")
    return problems


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


def first_round(order: Sequence[Key]) -> tuple[list[tuple[Key, Key]], Key | None]:
    """Round 1 of a Swiss from the draw order: the top half meets the bottom half (seed 1
    v the first of the lower half, and so on), so seeds do not meet early; with an odd
    field the last player in the order has the bye."""
    order = list(order)
    bye = order.pop() if len(order) % 2 else None
    half = len(order) // 2
    return [(order[i], order[i + half]) for i in range(half)], bye


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
