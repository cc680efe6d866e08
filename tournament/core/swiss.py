"""Pairings of a Swiss round and the Berger tables of a round robin.

Pure Python: no Django import and no I/O. A Swiss round is paired as a maximum-weight
matching (networkx's blossom algorithm) rather than by a greedy loop, so a pairing that
avoids every rematch is found whenever one exists, however the score groups fall.

What a Swiss round optimises, in this order (each level counts only among pairings that
are best at every level above it):

1. everyone plays: a perfect matching of the field without the bye;
2. as few rematches as possible (none when a rematch-free pairing exists);
3. the smallest total difference in wins over the pairs;
4. the smallest total of the *squared* differences: with the same total, two floats of
   one win each (0 v 1 and 1 v 2) beat one float of two (0 v 2 and 1 v 1), so a leader
   meets the next score group rather than the bottom of the field;
5. as few of the director's avoided pairs (`avoid`: family, one household, players who
   travelled together) as possible. They come after the rules of a Swiss, as WinTD's
   "If Required" keeps teammates apart: a pairing that keeps them apart is chosen among
   the fairest ones, never one with a rematch or a player moved out of their score group
   (docs/avoided-pairs.md says where that comes from);
6. the seed: the players are handed to the matching in a seeded shuffle of their order,
   and among pairings equal on 1-4 the algorithm keeps the one that order leads it to.
   In round 1 (nobody has won or played) that is all there is, so the seed decides the
   whole round; same input and seed give the same round, whatever the dicts' order.

The bye (odd field only) goes to a player without a bye whose wins are the fewest among
the players without a bye; once everyone has had one, to a player with the fewest wins
of all. Among those candidates the matching chooses, so the bye goes to whoever leaves
the best pairing of the rest. The bye rule comes before the rematch rule: when no
candidate's bye leaves a rematch-free pairing, the rematch is played rather than the
bye given to someone else (a second bye, or a player with more wins).

Speed: networkx takes 0.5 to 1 s on the complete graph of 200 players (20,000 edges),
so a sparse graph is tried first and its answer kept only when it provably cannot be
beaten, else the complete graph is solved less the pairs that provably cannot help (see
`swiss_pairings`). Round 4 of 200 players then takes about 0.1 s. Every step is exact.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from itertools import combinations

import networkx as nx

Key = Hashable
Pair = tuple[Key, Key]

# How many opponents per score group a player is offered on the sparse graph. Enough to
# reach the ideal pairing almost always (else the complete graph is solved anyway), few
# enough that 200 players make a graph of about 5,000 edges instead of 20,000.
NEAR = 12


def swiss_pairings(
    wins: Mapping[Key, int],
    played: Iterable[Collection[Key]],
    had_bye: Collection[Key],
    seed: int = 0,
    *,
    avoid: Iterable[Collection[Key]] = (),
) -> tuple[list[Pair], Key | None]:
    """The next Swiss round: (pairs, bye), top boards first.

    `wins` holds every player of the round (and only them); `played` the pairs that have
    already met, as frozensets (other two-element collections are accepted too);
    `had_bye` the players who have had a bye. Keys may be any hashables: they are never
    compared with each other, only ordered by `repr`, so the result does not depend on the
    order of the dict. In a pair the player with more wins is named first. `avoid`: pairs
    (frozensets) the director keeps apart when the rules allow; `avoided_meetings` says
    which of them the round pairs all the same.
    """
    order = _seeded_order(wins, seed)
    if len(order) < 2:
        return [], (order[0] if order else None)
    met = {frozenset(pair) for pair in played}
    # Only pairs of two players of this round count: with none, the weights are exactly
    # those of a pairing without the option, and so is the answer.
    apart = {pair for pair in map(frozenset, avoid) if len(pair) == 2 and pair <= wins.keys()}
    candidates = _bye_candidates(order, wins, had_bye) if len(order) % 2 else []
    field = _Field(order, wins, met, candidates, apart)

    # The ideal (no rematch, every score boundary crossed only as parity forces) is
    # usually reached on a sparse graph: a few rematch-free opponents per player from the
    # same or the next score group, a quarter of the complete graph's edges for 200
    # players. Reaching it there proves it optimal on the complete graph too (see
    # `_Field.least`). Otherwise the complete graph is solved, less the pairs that
    # provably cannot be in a pairing as good as the sparse one (`_Field.reduced`).
    matching = field.solve(field.near_pairs())
    slack = field.total_cost(matching) - field.least if field.perfect(matching) else None
    if slack != 0:
        matching = field.solve(field.pairs_within(slack))
    return field.boards(matching)


def avoided_meetings(
    pairs: Iterable[Collection[Key]], avoid: Iterable[Collection[Key]]
) -> list[frozenset[Key]]:
    """The avoided pairs that meet in these pairs, in board order."""
    apart = {frozenset(pair) for pair in avoid}
    return [frozenset(pair) for pair in pairs if frozenset(pair) in apart]


def round_robin(keys: Sequence[Key]) -> list[list[tuple[Key, Key | None]]]:
    """Berger tables: every round of an all-play-all, in the order they are played.

    Seat 1 is keys[0]. Each round lists its matches board by board, the first-named
    player taking the first side; with an odd number of players the seat that would face
    the missing player sits out, written (key, None) at the end of the round. That gives
    n - 1 rounds for an even n and n for an odd n, one bye each.
    """
    keys = list(keys)
    if any(key is None for key in keys):
        raise ValueError("None cannot be a player: it stands for the bye")
    if len(set(keys)) != len(keys):
        raise ValueError("a player is listed twice")
    seats: list[Key | None] = keys + [None] * (len(keys) % 2)
    size = len(seats)
    circle = size - 1  # seats 1..size-1 turn around the last seat, which stays put
    rounds = []
    for number in range(circle):
        # Berger's rule: each round every seat on the circle moves on by size / 2 places
        # (FIDE's tables for 6: 1-6 2-5 3-4, then 6-4 5-3 1-2, then 2-6 3-1 4-5 ...).
        shift = number * size // 2
        ring = [seats[(seat + shift) % circle] for seat in range(circle)]
        # The fixed seat changes sides every round, so its colours alternate.
        fixed = (ring[0], seats[-1]) if number % 2 == 0 else (seats[-1], ring[0])
        boards = [fixed] + [(ring[i], ring[circle - i]) for i in range(1, size // 2)]
        matches = [pair for pair in boards if None not in pair]
        sitting_out = [a if b is None else b for a, b in boards if None in (a, b)]
        rounds.append(matches + [(player, None) for player in sitting_out])
    return rounds


# --- the Swiss field ---------------------------------------------------------------------


def _seeded_order(wins: Mapping[Key, int], seed: int) -> list[Key]:
    """The players in a shuffled order fixed by the seed alone, not by the dict's order."""
    for key, count in wins.items():
        if key is None:
            raise ValueError("None cannot be a player: it stands for the bye")
        if isinstance(count, bool) or not isinstance(count, int):
            raise ValueError(f"wins must be whole numbers, not {count!r} for {key!r}")
    # `repr` orders keys of any type; sorted() is stable, so keys whose reprs agree (a
    # rare, odd key type) fall back to the dict's order.
    order = sorted(wins, key=repr)
    random.Random(seed).shuffle(order)  # noqa: S311 - a fair draw, not a secret
    return order


def _bye_candidates(
    order: list[Key], wins: Mapping[Key, int], had_bye: Collection[Key]
) -> list[Key]:
    """Who may take the bye: the fewest wins among those without one (else among all)."""
    pool = [key for key in order if key not in had_bye] or order
    fewest = min(wins[key] for key in pool)
    return [key for key in pool if wins[key] == fewest]


class _Field:
    """One round's players as graph nodes 0..n-1 (the seeded order), the bye node n."""

    def __init__(
        self,
        order: list[Key],
        wins: Mapping[Key, int],
        met: set[frozenset[Key]],
        candidates: list[Key],
        apart: set[frozenset[Key]] | None = None,
    ) -> None:
        self.order, self.met, self.candidates = order, met, candidates
        self.apart = apart or set()
        self.wins = [wins[key] for key in order]
        self.index = dict(enumerate(order))
        self.position = {key: position for position, key in self.index.items()}
        self.bye_node = len(order) if candidates else None
        # A lone candidate takes the bye in every pairing: their games are left out.
        self.sits_out = self.position[candidates[0]] if len(candidates) == 1 else None
        # The wins of those who play: one candidate's are taken out (they all have the
        # same), so this is the same whoever takes the bye.
        self.playing = sorted(self.wins)
        if candidates:
            self.playing.remove(wins[candidates[0]])
        spread = max(self.wins) - min(self.wins)
        pairs = (len(order) + 1) // 2  # the edges of any perfect matching, bye included
        # Integer weights, so the blossom algorithm is exact (networkx keeps to integer
        # arithmetic when every weight is an int). Per pair the cost is
        #     rematch * REMATCH + diff * DIFF + diff**2 * SQUARE + avoided,
        # and over any perfect matching the avoided pairs number at most pairs < SQUARE,
        # SQUARE * sum(diff**2) + avoided stays below DIFF, and DIFF * sum(diff) + the
        # rest below REMATCH: so comparing totals compares (rematches, total diff, total
        # squared diff, avoided pairs) lexicographically. SQUARE is 1 without avoided
        # pairs, so the weights (and the answer) are then those of before the option.
        # Every perfect matching has the same number of edges, so the matching of maximum
        # weight BASE - cost is the one of least cost; BASE keeps each weight positive.
        self.square_unit = pairs + 1 if self.apart else 1
        self.diff_unit = self.square_unit * (pairs * spread * spread + 1)
        self.rematch_unit = self.diff_unit * (pairs * spread + 1)
        self.base = 2 * self.rematch_unit
        self._lower_bound()

    def _lower_bound(self) -> None:
        """`least`: a total cost no pairing can go below; `floor`: its share per score.

        Sort the players who play by wins and cut between two neighbouring score groups:
        when the number below the cut is odd, at least one pair crosses it, and a pair
        crossing gaps g1, g2, ... adds g1 + g2 + ... to the total difference and
        (g1 + g2 + ...)**2 >= g1**2 + g2**2 + ... to the squares. So each odd cut of gap g
        costs every pairing at least DIFF * g + g**2. `least`, their sum, is reached only
        by the ideal pairing: no rematch, each odd cut crossed once by a pair from the two
        groups beside it, no other cut crossed. `floor` sums the odd cuts below each
        score, so that a pair's share of `least` is the difference of its players' floors
        (see `reduced`).
        """
        cut_above = {}
        for below in range(1, len(self.playing)):
            gap = self.playing[below] - self.playing[below - 1]
            if gap and below % 2:
                cut_above[self.playing[below]] = self.diff_unit * gap + self.square_unit * gap * gap
        self.floor, running = {}, 0
        for count in sorted(set(self.wins)):
            running += cut_above.get(count, 0)
            self.floor[count] = running
        self.least = running

    def cost(self, a: int, b: int) -> int:
        diff = abs(self.wins[a] - self.wins[b])
        pair = frozenset((self.index[a], self.index[b]))
        rematch = pair in self.met
        avoided = pair in self.apart
        return (
            rematch * self.rematch_unit
            + diff * self.diff_unit
            + diff * diff * self.square_unit
            + avoided
        )

    def reduced(self, a: int, b: int) -> int:
        """What a pair costs beyond its share of `least` (never negative).

        A pairing's total cost is the sum of its pairs' reduced costs plus, for each odd
        cut, its cost times the pairs crossing it (at least once): at least `least` plus
        the reduced cost of any one of its pairs. So a pair whose reduced cost exceeds
        (cost of a known pairing - least) is in no pairing as good as the known one.
        """
        return self.cost(a, b) - abs(self.floor[self.wins[a]] - self.floor[self.wins[b]])

    def total_cost(self, matching: list[tuple[int, int]]) -> int:
        return sum(self.cost(a, b) for a, b in matching if b != self.bye_node)

    def solve(self, pairs: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
        """A maximum-weight matching among those of most pairs, on the given pairs and the
        bye; each pair low node first. A perfect matching may not exist on a sparse graph."""
        graph = nx.Graph()
        graph.add_nodes_from(range(len(self.order)))  # the seeded order is the tie-break
        graph.add_weighted_edges_from((a, b, self.base - self.cost(a, b)) for a, b in pairs)
        if self.bye_node is not None:
            for key in self.candidates:
                # Every candidate has the same wins: the bye itself costs nothing.
                graph.add_edge(self.position[key], self.bye_node, weight=self.base)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        return [(a, b) if a < b else (b, a) for a, b in matching]

    def perfect(self, matching: list[tuple[int, int]]) -> bool:
        return 2 * len(matching) == len(self.order) + (self.bye_node is not None)

    def pairs_within(self, slack: int | None) -> list[tuple[int, int]]:
        """Every pair, or (given a slack) those that may be in a pairing that good."""
        every = combinations(self._players(), 2)
        return [pair for pair in every if slack is None or self.reduced(*pair) <= slack]

    def _players(self) -> list[int]:
        return [node for node in range(len(self.order)) if node != self.sits_out]

    def near_pairs(self) -> list[tuple[int, int]]:
        """Each player with the next few rematch-free opponents in the seeded order from
        their own score group and from the group above (wrapping round)."""
        levels = {count: number for number, count in enumerate(sorted(set(self.playing)))}
        groups: dict[int, list[int]] = {}
        for node in self._players():
            groups.setdefault(levels[self.wins[node]], []).append(node)
        pairs = set()
        for a in self._players():
            group = levels[self.wins[a]]
            for others in (groups[group], groups.get(group + 1, [])):
                start = bisect_right(others, a)
                for step in range(min(NEAR, len(others))):
                    b = others[(start + step) % len(others)]
                    pair = frozenset((self.index[a], self.index[b]))
                    if b != a and pair not in self.met and pair not in self.apart:
                        pairs.add((min(a, b), max(a, b)))
        return sorted(pairs)

    def boards(self, matching: list[tuple[int, int]]) -> tuple[list[Pair], Key | None]:
        """Top boards first: the pair's higher wins, then its total, then the seed."""
        bye = None
        games = []
        for a, b in matching:
            if b == self.bye_node:
                bye = self.index[a]
                continue
            # The player with more wins is named first; on equal wins, the seed decides.
            if self.wins[b] > self.wins[a]:
                a, b = b, a
            games.append((-self.wins[a], -self.wins[a] - self.wins[b], min(a, b), a, b))
        games.sort()
        return [(self.index[a], self.index[b]) for *_, a, b in games], bye


# A Swiss paired on the club's rating (core.formats: pairs_on "rating") hands the pairing
# the players' rating bands as their scores: players of one band meet, a band with an odd
# player floats one to the next, and the bye goes to the lowest band. Bands rather than
# the ratings themselves: with every player a score group of their own the matching
# takes seconds a round for 200 players (as a Win + Skill Swiss found in steps of 0.05).
RATING_BAND = 50


def rating_bands(ratings: Mapping[Key, float], band: int = RATING_BAND) -> dict[Key, int]:
    """Each player's rating band, the score a Swiss paired on the rating is paired on."""
    return {player: int(rating // band) for player, rating in ratings.items()}
