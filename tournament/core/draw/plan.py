"""The plan of a draw: its kinds, its data classes and the order of its matches (its
words, the rounds' and matches' names, are in `words`).

Pure Python: no Django import and no I/O. The constants, `DrawError`, `Slot`, `Source`,
`PlannedMatch`, `BracketPlan` and `DrawPlan` with the dependency graph of its matches
live here, with the round builders every bracket is made of; the other modules of the
package build on this one and it imports none of them.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from ..messages import CoreError, Translate, _, render

MAIN, CONSOLATION, LAST_CHANCE = "main", "consolation", "last_chance"
# A double elimination's last bracket: round 1 the grand final (the main bracket's
# winner v the losers' bracket's winner), round 2, when the setting asks for it, the
# reset (played only when the losers' bracket's winner won the grand final).
GRAND_FINAL = "grand_final"
BRACKET_KINDS = (MAIN, CONSOLATION, LAST_CHANCE, GRAND_FINAL)

NO_CONSOLATION, FIRST_ROUND, PROGRESSIVE = "none", "first_round", "progressive"
# Double elimination: the consolation is the losers' bracket, fed by the losers of every
# main round, the main final's too; a grand final follows.
DOUBLE = "double_elim"
CONSOLATION_FORMATS = (NO_CONSOLATION, FIRST_ROUND, PROGRESSIVE, DOUBLE)


def ends_in_grand_final(consolation: str) -> bool:
    """A cup with this consolation ends in a grand final (a double elimination): its
    brackets are named the winners' and the losers', its last match the grand final."""
    return consolation == DOUBLE


MIN_ENTRANTS, MAX_ENTRANTS = 2, 256

# Where a slot's player comes from.
ENTRANT, BYE, WINNER, LOSER, FIRST_LOSER = "entrant", "bye", "winner", "loser", "first_loser"
# A last chance's slot for a match that players drop into beside one coming from the
# round before (a progressive consolation's later rounds): the player who dropped in
# there, if they lose their first real match (there, or after a bye further on). Whoever
# came from the round before has played already: their loss is not a first one.
ENTRY_LOSER = "entry_loser"
# The reset's two sides: the grand final's winner and loser, but only when its second
# side (the losers' bracket's winner) won it; otherwise both sides are empty and the
# reset is void (not needed), which resolving already knows how to carry.
RESET_WINNER, RESET_LOSER = "reset_winner", "reset_loser"
SOURCE_KINDS = (ENTRANT, BYE, WINNER, LOSER, FIRST_LOSER, ENTRY_LOSER, RESET_WINNER, RESET_LOSER)
MATCH_SOURCE_KINDS = (WINNER, LOSER, FIRST_LOSER, ENTRY_LOSER, RESET_WINNER, RESET_LOSER)
# The kinds whose player is a first-match loser, followed across byes.
FIRST_LOSS_KINDS = (FIRST_LOSER, ENTRY_LOSER)
RESET_KINDS = (RESET_WINNER, RESET_LOSER)

# What a match is, once resolved. "bye" is both a source kind and a status on purpose:
# a bye source makes an empty side, and a match with one empty side is a bye.
PENDING, READY, DECIDED, VOID = "pending", "ready", "decided", "void"
MATCH_STATUSES = (PENDING, READY, DECIDED, BYE, VOID)


def _render(template: str, params: Mapping[str, object], translate: Translate | None) -> str:
    # A bracket named by its kind is translated with the sentence (a match named in words
    # is a Phrase, which `render` translates).
    if translate is not None and "bracket" in params:
        params = {**params, "bracket": translate(str(params["bracket"]))}
    return render(template, params, translate)


class DrawError(CoreError):
    """Bad input to a draw or to its resolution: the message says what is wrong."""

    def message(self, translate: Translate | None = None) -> str:
        """The message, translated by `translate` (e.g. Django's `gettext`) if given."""
        return _render(self.template, self.params, translate)


@dataclass(frozen=True, order=True)
class Slot:
    """Identifies a match of a plan: its bracket, round and position (both 1-based)."""

    bracket: str
    round: int
    position: int

    def __post_init__(self) -> None:
        if self.bracket not in BRACKET_KINDS:
            raise DrawError(_("Unknown bracket %(bracket)s."), bracket=self.bracket)
        for value in (self.round, self.position):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise DrawError(
                    _("Rounds and positions are numbered from 1, not %(value)s."), value=value
                )


@dataclass(frozen=True)
class Source:
    """Where the player of one side of a match comes from."""

    kind: str
    entrant: object | None = None
    match: Slot | None = None

    def __post_init__(self) -> None:
        if self.kind not in SOURCE_KINDS:
            raise DrawError(_("Unknown source kind %(kind)s."), kind=self.kind)
        if (self.kind == ENTRANT) != (self.entrant is not None):
            raise DrawError(_("Only an entrant source names an entrant, and it must."))
        if (self.kind in MATCH_SOURCE_KINDS) != (self.match is not None):
            raise DrawError(_("Only a winner or loser source names a match, and it must."))


@dataclass(frozen=True)
class PlannedMatch:
    """A match of the plan: its slot and the sources of its two sides."""

    slot: Slot
    sources: tuple[Source, Source]


@dataclass(frozen=True)
class BracketPlan:
    """One knockout bracket: a tree of matches ending in a single final."""

    kind: str
    rounds: int
    matches: tuple[PlannedMatch, ...]  # ordered by (round, position)

    def round_matches(self, number: int) -> tuple[PlannedMatch, ...]:
        return tuple(match for match in self.matches if match.slot.round == number)

    @property
    def final(self) -> PlannedMatch:
        return self.matches[-1]

    def places(self, players: Mapping[Slot, int] | None = None) -> dict[int, tuple[int, int]]:
        """Round -> (best, worst) final place in this bracket of that round's losers.

        Players still in the bracket after a round, or still to drop into it, finish
        ahead of that round's losers; so with `survivors` of them, the round's losers
        share places survivors + 1 .. survivors + losers. The final's loser is 2nd.
        `players`: slot -> how many players that match can have (a match with a bye has
        one, which loses nobody); without it, every slot's two.
        """

        def count(match: PlannedMatch) -> int:
            return 2 if players is None else players[match.slot]

        places: dict[int, tuple[int, int]] = {}
        still_to_enter = 0
        for number in range(self.rounds, 0, -1):
            matches = self.round_matches(number)
            survivors = sum(1 for match in matches if count(match) >= 1) + still_to_enter
            losing = sum(1 for match in matches if count(match) == 2)
            places[number] = (survivors + 1, survivors + max(losing, 1))
            still_to_enter += sum(
                1 for match in matches for source in match.sources if source.kind != WINNER
            )
        return dict(sorted(places.items()))


@dataclass(frozen=True)
class PlanGraph:
    """A plan's matches as a graph: in play order, with who needs whom (what resolving
    walks)."""

    order: tuple[PlannedMatch, ...]
    index: dict[Slot, PlannedMatch]
    # slot -> the matches whose result its players can depend on directly
    needs: dict[Slot, frozenset[Slot]]
    # slot -> (the match its winner goes to in the same bracket, on which side)
    onward: dict[Slot, tuple[Slot, int]]
    # slot -> the matches that need it directly (the reverse of `needs`), and each
    # slot's place in `order`: what a resolve from a change walks and sorts by
    users: dict[Slot, tuple[Slot, ...]]
    rank: dict[Slot, int]


@dataclass(frozen=True)
class DrawPlan:
    """A whole draw: its inputs, and its brackets (main first, then those that exist)."""

    entrants: tuple[object, ...]  # in the order given
    seed_order: tuple[object, ...]  # seeded entrants by seed, then the others as drawn
    size: int  # main bracket size: the next power of two >= len(entrants)
    consolation: str  # as requested; `brackets` says whether the field was big enough
    progressive_rounds: int  # as requested; the effective depth is min(this, rounds - 1)
    last_chance: bool  # as requested; see `brackets` for whether it exists
    rng_seed: int
    brackets: tuple[BracketPlan, ...]
    # The avoided pairs that meet in round 1 all the same: no placement kept them apart.
    unkept: tuple[frozenset, ...] = ()

    def bracket(self, kind: str) -> BracketPlan:
        """The bracket of that kind; KeyError if this plan has none."""
        for bracket in self.brackets:
            if bracket.kind == kind:
                return bracket
        raise KeyError(kind)

    @property
    def grand_final_reset(self) -> bool:
        """Whether the plan has a reset after its grand final (a double elimination's
        setting, read from the plan itself so that a stored plan knows it too)."""
        return self.has_bracket(GRAND_FINAL) and self.bracket(GRAND_FINAL).rounds == 2

    def has_bracket(self, kind: str) -> bool:
        return any(bracket.kind == kind for bracket in self.brackets)

    def match(self, slot: Slot) -> PlannedMatch:
        """The planned match of that slot; KeyError if the plan has no such match."""
        return self._graph.index[slot]

    def matches(self) -> tuple[PlannedMatch, ...]:
        """Every match, each after all the matches its players can depend on."""
        return self._graph.order

    @cached_property
    def _graph(self) -> PlanGraph:
        index = {match.slot: match for bracket in self.brackets for match in bracket.matches}
        onward: dict[Slot, tuple[Slot, int]] = {}
        for match in index.values():
            for side, source in enumerate(match.sources):
                if source.kind == WINNER:
                    onward[source.match] = (match.slot, side)
        may_be_empty = EmptinessOracle(index)
        needs: dict[Slot, frozenset[Slot]] = {}
        for match in index.values():
            found: set[Slot] = set()
            for source in match.sources:
                if source.kind in (WINNER, LOSER, *RESET_KINDS):
                    found.add(source.match)
                elif source.kind in FIRST_LOSS_KINDS:
                    found.update(_first_loser_chain(source.match, index, onward, may_be_empty))
            needs[match.slot] = frozenset(found)
        users: dict[Slot, list[Slot]] = {slot: [] for slot in index}
        for slot, needed in needs.items():
            for other in needed:
                users[other].append(slot)
        order = _topological(self.brackets, needs, users)
        rank = {match.slot: number for number, match in enumerate(order)}
        return PlanGraph(
            order,
            index,
            needs,
            onward,
            {slot: tuple(found) for slot, found in users.items()},
            rank,
        )


class EmptinessOracle:
    """Whether a source may turn out empty, judged from the plan alone."""

    def __init__(self, index: Mapping[Slot, PlannedMatch]) -> None:
        self._index = index
        self._memo: dict[Source, bool] = {}

    def __call__(self, source: Source) -> bool:
        if source not in self._memo:
            self._memo[source] = self._compute(source)
        return self._memo[source]

    def _compute(self, source: Source) -> bool:
        if source.kind == ENTRANT:
            return False
        if source.kind in (BYE, ENTRY_LOSER, *RESET_KINDS):
            # An entry loser is missing too when the player who dropped in wins.
            return True
        sides = [self(feeder) for feeder in self._index[source.match].sources]
        if source.kind == WINNER:
            return all(sides)  # only a void match passes nobody on
        # A loser is missing after a bye or a void; a first loser also when the player
        # who had the bye goes on winning.
        return any(sides)


def _first_loser_chain(
    first: Slot,
    index: Mapping[Slot, PlannedMatch],
    onward: Mapping[Slot, tuple[Slot, int]],
    may_be_empty: Callable[[Source], bool],
) -> list[Slot]:
    """The matches a first-loser source of `first` can depend on.

    After a bye, the player's first real match is further on in the bracket, across as
    many byes as the plan allows: follow the winner while the next opponent may be empty.
    """
    chain = [first]
    if not any(may_be_empty(source) for source in index[first].sources):
        return chain
    current = first
    while current in onward:
        following, side = onward[current]
        chain.append(following)
        if not may_be_empty(index[following].sources[1 - side]):
            break
        current = following
    return chain


def _topological(
    brackets: Sequence[BracketPlan],
    needs: Mapping[Slot, frozenset[Slot]],
    users: Mapping[Slot, Sequence[Slot]],
) -> tuple[PlannedMatch, ...]:
    # Kahn's algorithm, always taking the earliest (bracket, round, position) available,
    # so the order is stable and reads naturally.
    rank = {kind: number for number, kind in enumerate(BRACKET_KINDS)}
    matches = {match.slot: match for bracket in brackets for match in bracket.matches}
    waiting = {slot: len(needed) for slot, needed in needs.items()}

    def key(slot: Slot) -> tuple[int, int, int]:
        return rank[slot.bracket], slot.round, slot.position

    heap = [(*key(slot), slot) for slot, count in waiting.items() if count == 0]
    heapq.heapify(heap)
    order: list[PlannedMatch] = []
    while heap:
        slot = heapq.heappop(heap)[-1]
        order.append(matches[slot])
        for user in users[slot]:
            waiting[user] -= 1
            if waiting[user] == 0:
                heapq.heappush(heap, (*key(user), user))
    if len(order) != len(matches):
        raise DrawError(_("The plan's matches depend on each other in a circle."))
    return tuple(order)


# The round builders. The main bracket (seeding) and the consolations are both made of
# them; they live here, below both, so that seeding may import consolation and not the
# other way round.


def first_round(kind: str, pairs: Sequence[tuple[Source, Source]]) -> list[PlannedMatch]:
    """Round 1 of a bracket: the pairs, in order."""
    return [PlannedMatch(Slot(kind, 1, number), pair) for number, pair in enumerate(pairs, 1)]


def winners_round(kind: str, number: int, previous: Sequence[PlannedMatch]) -> list[PlannedMatch]:
    """Round `number`: the winners of the previous round meet pairwise, in order."""
    return [
        PlannedMatch(
            Slot(kind, number, i // 2 + 1),
            (
                Source(WINNER, match=previous[i].slot),
                Source(WINNER, match=previous[i + 1].slot),
            ),
        )
        for i in range(0, len(previous), 2)
    ]


def knockout(kind: str, rounds: list[list[PlannedMatch]]) -> BracketPlan:
    """Complete a bracket from its first rounds: winners meet pairwise down to a final."""
    while len(rounds[-1]) > 1:
        rounds.append(winners_round(kind, len(rounds) + 1, rounds[-1]))
    return BracketPlan(kind, len(rounds), tuple(match for matches in rounds for match in matches))
