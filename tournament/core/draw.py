"""Knockout draws: plan a cup's brackets (main, consolation, last chance) and resolve them.

Pure Python: no Django import and no I/O. `make_plan()` turns a field of entrants into a
`DrawPlan` (every match slot with the *source* of each of its two players), and
`resolve()` carries the decided results through that plan: who plays where, which
matches are byes, who is champion. The random part of a draw uses only
`random.Random(rng_seed)`, so a stored seed reproduces the draw.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

MAIN, CONSOLATION, LAST_CHANCE = "main", "consolation", "last_chance"
BRACKET_KINDS = (MAIN, CONSOLATION, LAST_CHANCE)

NO_CONSOLATION, FIRST_ROUND, PROGRESSIVE = "none", "first_round", "progressive"
CONSOLATION_FORMATS = (NO_CONSOLATION, FIRST_ROUND, PROGRESSIVE)

MIN_ENTRANTS, MAX_ENTRANTS = 2, 256

# Where a slot's player comes from.
ENTRANT, BYE, WINNER, LOSER, FIRST_LOSER = "entrant", "bye", "winner", "loser", "first_loser"
SOURCE_KINDS = (ENTRANT, BYE, WINNER, LOSER, FIRST_LOSER)
MATCH_SOURCE_KINDS = (WINNER, LOSER, FIRST_LOSER)

# What a match is, once resolved. "bye" is both a source kind and a status on purpose:
# a bye source makes an empty side, and a match with one empty side is a bye.
PENDING, READY, DECIDED, VOID = "pending", "ready", "decided", "void"
MATCH_STATUSES = (PENDING, READY, DECIDED, BYE, VOID)

Translate = Callable[[str], str]


def _(message: str) -> str:
    """Mark a message for translation without importing Django.

    `makemessages` extracts `_()` calls; the Django side passes `gettext` as `translate`.
    """
    return message


BRACKET_NAMES = {MAIN: _("main"), CONSOLATION: _("consolation"), LAST_CHANCE: _("last chance")}

# Translators need whole sentences, so a source in the same bracket as the slot it feeds
# and one in another bracket have their own templates.
_SAME_BRACKET = {
    WINNER: _("Winner of R%(round)d M%(position)d"),
    LOSER: _("Loser of R%(round)d M%(position)d"),
    FIRST_LOSER: _("Loser of R%(round)d M%(position)d (or, after a bye, of their first match)"),
}
_OTHER_BRACKET = {
    WINNER: _("Winner of %(bracket)s R%(round)d M%(position)d"),
    LOSER: _("Loser of %(bracket)s R%(round)d M%(position)d"),
    FIRST_LOSER: _(
        "Loser of %(bracket)s R%(round)d M%(position)d (or, after a bye, of their first match)"
    ),
}


def _render(template: str, params: Mapping[str, object], translate: Translate | None) -> str:
    if translate is None:
        return template % params
    # The bracket name is itself a marked message, so it is translated with the sentence.
    if "bracket" in params:
        params = {**params, "bracket": translate(str(params["bracket"]))}
    return translate(template) % params


class DrawError(ValueError):
    """Bad input to a draw or to its resolution: the message says what is wrong."""

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(self.message())

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

    def params(self) -> dict[str, object]:
        return {
            "bracket": BRACKET_NAMES[self.bracket],
            "round": self.round,
            "position": self.position,
        }


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

    def message(self, within: str | None = None) -> tuple[str, dict[str, object]]:
        """The description as an untranslated (template, params) pair.

        `within` is the bracket of the match this source feeds: the bracket word is left
        out when the source match is in that same bracket (always shown if `within` is
        None). The "bracket" param is an English bracket name marked for translation.
        """
        if self.kind == BYE:
            return _("Bye"), {}
        if self.kind == ENTRANT:
            return _("Entrant %(entrant)s"), {"entrant": self.entrant}
        assert self.match is not None  # noqa: S101 -- guaranteed by __post_init__
        templates = _SAME_BRACKET if self.match.bracket == within else _OTHER_BRACKET
        return templates[self.kind], self.match.params()

    def describe(self, translate: Translate | None = None, within: str | None = None) -> str:
        """E.g. "Winner of R2 M3", "Loser of main R1 M4", "Bye" (see `message`)."""
        template, params = self.message(within)
        return _render(template, params, translate)


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

    def places(self) -> dict[int, tuple[int, int]]:
        """Round -> (best, worst) final place in this bracket of that round's losers.

        Players still in the bracket after a round, or still to drop into it, finish
        ahead of that round's losers; so with `survivors` of them, the round's losers
        share places survivors + 1 .. survivors + losers. The final's loser is 2nd.
        """
        places: dict[int, tuple[int, int]] = {}
        still_to_enter = 0
        for number in range(self.rounds, 0, -1):
            matches = self.round_matches(number)
            survivors = len(matches) + still_to_enter
            places[number] = (survivors + 1, survivors + len(matches))
            still_to_enter += sum(
                1 for match in matches for source in match.sources if source.kind != WINNER
            )
        return dict(sorted(places.items()))


@dataclass(frozen=True)
class _Graph:
    order: tuple[PlannedMatch, ...]
    index: dict[Slot, PlannedMatch]
    # slot -> the matches whose result its players can depend on directly
    needs: dict[Slot, frozenset[Slot]]
    # slot -> (the match its winner goes to in the same bracket, on which side)
    onward: dict[Slot, tuple[Slot, int]]


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

    def bracket(self, kind: str) -> BracketPlan:
        """The bracket of that kind; KeyError if this plan has none."""
        for bracket in self.brackets:
            if bracket.kind == kind:
                return bracket
        raise KeyError(kind)

    def has_bracket(self, kind: str) -> bool:
        return any(bracket.kind == kind for bracket in self.brackets)

    def match(self, slot: Slot) -> PlannedMatch:
        """The planned match of that slot; KeyError if the plan has no such match."""
        return self._graph.index[slot]

    def matches(self) -> tuple[PlannedMatch, ...]:
        """Every match, each after all the matches its players can depend on."""
        return self._graph.order

    @cached_property
    def _graph(self) -> _Graph:
        index = {match.slot: match for bracket in self.brackets for match in bracket.matches}
        onward: dict[Slot, tuple[Slot, int]] = {}
        for match in index.values():
            for side, source in enumerate(match.sources):
                if source.kind == WINNER:
                    onward[source.match] = (match.slot, side)
        may_be_empty = _EmptinessOracle(index)
        needs: dict[Slot, frozenset[Slot]] = {}
        for match in index.values():
            found: set[Slot] = set()
            for source in match.sources:
                if source.kind in (WINNER, LOSER):
                    found.add(source.match)
                elif source.kind == FIRST_LOSER:
                    found.update(_first_loser_chain(source.match, index, onward, may_be_empty))
            needs[match.slot] = frozenset(found)
        return _Graph(_topological(self.brackets, needs), index, needs, onward)


class _EmptinessOracle:
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
        if source.kind == BYE:
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
    brackets: Sequence[BracketPlan], needs: Mapping[Slot, frozenset[Slot]]
) -> tuple[PlannedMatch, ...]:
    # Kahn's algorithm, always taking the earliest (bracket, round, position) available,
    # so the order is stable and reads naturally.
    rank = {kind: number for number, kind in enumerate(BRACKET_KINDS)}
    matches = {match.slot: match for bracket in brackets for match in bracket.matches}
    waiting = {slot: len(needed) for slot, needed in needs.items()}
    users: dict[Slot, list[Slot]] = {slot: [] for slot in matches}
    for slot, needed in needs.items():
        for other in needed:
            users[other].append(slot)

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


def seed_positions(size: int) -> list[int]:
    """The seed at each line of a bracket of `size` (a power of two), top to bottom.

    Every first-round pair sums to size + 1, so seeds 1 and 2 can meet only in the final
    and seeds 1 to 4 only from the semi-finals.
    """
    if isinstance(size, bool) or not isinstance(size, int) or size < 1 or size & (size - 1):
        raise DrawError(_("A bracket size must be a power of two, not %(size)s."), size=size)
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def make_plan(
    entrants: Sequence[object],
    *,
    seeds: Mapping[object, int] | None = None,
    consolation: str = NO_CONSOLATION,
    progressive_rounds: int = 2,
    last_chance: bool = False,
    rng_seed: int,
) -> DrawPlan:
    """Plan the draw of a cup: the main bracket and, as requested, its consolations.

    Same entrants (in the same order), seeds, settings and `rng_seed` give the same plan.
    """
    field = _checked_entrants(entrants)
    seeded = _checked_seeds(field, seeds)
    if consolation not in CONSOLATION_FORMATS:
        raise DrawError(_("Unknown consolation format %(format)s."), format=consolation)
    if (
        isinstance(progressive_rounds, bool)
        or not isinstance(progressive_rounds, int)
        or progressive_rounds < 1
    ):
        raise DrawError(
            _("A progressive consolation takes losers of 1 or more rounds, not %(rounds)s."),
            rounds=progressive_rounds,
        )
    if not isinstance(last_chance, bool):
        raise DrawError(_("Last chance must be true or false, not %(value)s."), value=last_chance)
    if last_chance and consolation == NO_CONSOLATION:
        raise DrawError(_("A last chance bracket needs a consolation to feed it."))
    if isinstance(rng_seed, bool) or not isinstance(rng_seed, int):
        raise DrawError(_("The draw seed must be a whole number, not %(seed)s."), seed=rng_seed)

    rng = random.Random(rng_seed)
    chosen = set(seeded)
    others = [entrant for entrant in field if entrant not in chosen]
    rng.shuffle(others)
    seed_order = (*seeded, *others)

    size = 1
    while size < len(field):
        size *= 2
    main = _main_bracket(seed_order, size)
    brackets = [main]
    depth = min(progressive_rounds, main.rounds - 1)
    consolation_plan = None
    if consolation == FIRST_ROUND or (consolation == PROGRESSIVE and depth == 1):
        consolation_plan = _first_round_consolation(main)
    elif consolation == PROGRESSIVE and depth >= 2:
        consolation_plan = _progressive_consolation(main, depth)
    if consolation_plan is not None:
        brackets.append(consolation_plan)
        if last_chance:
            last = _last_chance(consolation_plan, main)
            if last is not None:
                brackets.append(last)
    return DrawPlan(
        entrants=field,
        seed_order=seed_order,
        size=size,
        consolation=consolation,
        progressive_rounds=progressive_rounds,
        last_chance=last_chance,
        rng_seed=rng_seed,
        brackets=tuple(brackets),
    )


def _checked_entrants(entrants: Sequence[object]) -> tuple[object, ...]:
    if isinstance(entrants, str | bytes) or not isinstance(entrants, Sequence):
        raise DrawError(_("The entrants must be given as a list."))
    field = tuple(entrants)
    if len(field) < MIN_ENTRANTS:
        raise DrawError(
            _("A draw needs at least %(minimum)d entrants, not %(count)d."),
            minimum=MIN_ENTRANTS,
            count=len(field),
        )
    if len(field) > MAX_ENTRANTS:
        raise DrawError(
            _("A draw takes at most %(maximum)d entrants, not %(count)d."),
            maximum=MAX_ENTRANTS,
            count=len(field),
        )
    seen: set[object] = set()
    for entrant in field:
        # None stands for an empty side in a resolution, so it cannot be an entrant.
        if entrant is None:
            raise DrawError(_("An entrant cannot be empty."))
        try:
            repeated = entrant in seen
        except TypeError:
            raise DrawError(
                _("Entrant %(entrant)s cannot be told apart from the others."), entrant=entrant
            ) from None
        if repeated:
            raise DrawError(_("Entrant %(entrant)s is in the draw twice."), entrant=entrant)
        seen.add(entrant)
    return field


def check_seeds(entrants: Sequence[object], seeds: Mapping[object, int] | None) -> None:
    """Raise DrawError unless the seeds could be used in a draw of these entrants
    (distinct whole numbers from 1, for entrants in the field)."""
    _checked_seeds(tuple(entrants), seeds)


def _checked_seeds(field: tuple[object, ...], seeds: Mapping[object, int] | None) -> list[object]:
    """The seeded entrants, best first."""
    if not seeds:
        return []
    if not isinstance(seeds, Mapping):
        raise DrawError(_("The seeds must map entrants to seed numbers."))
    known = set(field)
    taken: dict[int, object] = {}
    for entrant, number in seeds.items():
        if entrant not in known:
            raise DrawError(_("Seeded entrant %(entrant)s is not in the draw."), entrant=entrant)
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise DrawError(
                _("The seed of %(entrant)s must be a whole number from 1, not %(seed)s."),
                entrant=entrant,
                seed=number,
            )
        if number in taken:
            raise DrawError(_("Seed %(seed)d is given twice."), seed=number)
        taken[number] = entrant
    return [taken[number] for number in sorted(taken)]


def _main_bracket(seed_order: Sequence[object], size: int) -> BracketPlan:
    # Placing seed k on the line seed_positions() gives it and leaving lines n+1..size
    # empty hands the byes to the top of the order: a bye's opponent is seed
    # size + 1 - k <= size - n < n, always a player, so two byes never meet.
    def line(seed: int) -> Source:
        if seed > len(seed_order):
            return Source(BYE)
        return Source(ENTRANT, entrant=seed_order[seed - 1])

    lines = seed_positions(size)
    pairs = [(line(lines[i]), line(lines[i + 1])) for i in range(0, size, 2)]
    return _knockout(MAIN, [_first_round(MAIN, pairs)])


def _first_round(kind: str, pairs: Sequence[tuple[Source, Source]]) -> list[PlannedMatch]:
    return [PlannedMatch(Slot(kind, 1, number), pair) for number, pair in enumerate(pairs, 1)]


def _winners_round(kind: str, number: int, previous: Sequence[PlannedMatch]) -> list[PlannedMatch]:
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


def _knockout(kind: str, rounds: list[list[PlannedMatch]]) -> BracketPlan:
    """Complete a bracket from its first rounds: winners meet pairwise down to a final."""
    while len(rounds[-1]) > 1:
        rounds.append(_winners_round(kind, len(rounds) + 1, rounds[-1]))
    return BracketPlan(kind, len(rounds), tuple(match for matches in rounds for match in matches))


def _has_bye(match: PlannedMatch) -> bool:
    return any(source.kind == BYE for source in match.sources)


def _first_round_consolation(main: BracketPlan) -> BracketPlan | None:
    """One slot per main first-round match: its loser, or its bye-holder's first loss."""
    first = main.round_matches(1)
    if len(first) < 2:
        return None  # a single loser is not a bracket
    slots = [Source(FIRST_LOSER if _has_bye(match) else LOSER, match=match.slot) for match in first]
    maybe_empty = [_has_bye(match) for match in first]
    return _knockout(CONSOLATION, [_first_round(CONSOLATION, _pair_losers(slots, maybe_empty))])


def _last_chance(consolation: BracketPlan, main: BracketPlan) -> BracketPlan | None:
    """One slot per consolation first-round match, for whoever loses their first one."""
    first = consolation.round_matches(1)
    if len(first) < 2:
        # A consolation of one first-round match would feed one player: no bracket.
        return None
    may_be_empty = _EmptinessOracle(
        {match.slot: match for bracket in (main, consolation) for match in bracket.matches}
    )
    slots = [Source(FIRST_LOSER, match=match.slot) for match in first]
    maybe_empty = [any(may_be_empty(source) for source in match.sources) for match in first]
    return _knockout(LAST_CHANCE, [_first_round(LAST_CHANCE, _pair_losers(slots, maybe_empty))])


def _pair_losers(
    slots: Sequence[Source], maybe_empty: Sequence[bool]
) -> list[tuple[Source, Source]]:
    """Pair a bracket's incoming slots (in the feeding round's order) for its first round.

    Top half against bottom half, so losers of neighbouring matches (whose winners meet
    next) do not meet at once; within that, a slot sure to hold a player faces one that
    may stay empty, so that two empty slots meet (a void) only when the counts force it.
    """
    if len(slots) == 2:
        return [(slots[0], slots[1])]
    half = len(slots) // 2
    clash = [[maybe_empty[i] and maybe_empty[half + j] for j in range(half)] for i in range(half)]
    order = _least_clash_permutation(clash)
    return [(slots[i], slots[half + order[i]]) for i in range(half)]


def _progressive_consolation(main: BracketPlan, depth: int) -> BracketPlan:
    """Losers of main rounds 1..depth drop in round by round, as in double elimination."""
    first = main.round_matches(1)

    def dropped(match: PlannedMatch) -> Source:
        # The bye-holder did not lose in round 1; if they lose in round 2 they drop in then.
        return Source(BYE) if _has_bye(match) else Source(LOSER, match=match.slot)

    pairs = [(dropped(first[i]), dropped(first[i + 1])) for i in range(0, len(first), 2)]
    rounds = [_first_round(CONSOLATION, pairs)]
    # The main lines whose players may be at each consolation position: a player dropping
    # in from main round r match j can only have beaten players of that match's block.
    reach = [
        {
            line
            for match in (first[i], first[i + 1])
            if not _has_bye(match)
            for line in _lines(1, match)
        }
        for i in range(0, len(first), 2)
    ]
    for main_round in range(2, depth + 1):
        if main_round >= 3:
            rounds.append(_winners_round(CONSOLATION, len(rounds) + 1, rounds[-1]))
            reach = [reach[i] | reach[i + 1] for i in range(0, len(reach), 2)]
        droppers = main.round_matches(main_round)
        clash = [
            [not covered.isdisjoint(_lines(main_round, dropper)) for dropper in droppers]
            for covered in reach
        ]
        order = _least_clash_permutation(clash)
        previous = rounds[-1]
        number = len(rounds) + 1
        rounds.append(
            [
                PlannedMatch(
                    Slot(CONSOLATION, number, i + 1),
                    (
                        Source(WINNER, match=previous[i].slot),
                        Source(LOSER, match=droppers[order[i]].slot),
                    ),
                )
                for i in range(len(previous))
            ]
        )
        reach = [reach[i] | set(_lines(main_round, droppers[order[i]])) for i in range(len(reach))]
    return _knockout(CONSOLATION, rounds)


def _lines(main_round: int, match: PlannedMatch) -> range:
    """The main-bracket lines whose players can reach this main match."""
    width = 2**main_round
    return range((match.slot.position - 1) * width + 1, match.slot.position * width + 1)


def _least_clash_permutation(clash: Sequence[Sequence[bool]]) -> list[int]:
    """A permutation p (row i takes column p[i]) with as few clash[i][p[i]] as possible.

    A regular pattern (reversed, halves swapped, other rotations and reflections) keeps
    the bracket readable, so the first of those that reaches the optimum wins; the
    optimum itself comes from a maximum matching of the clash-free pairs, which is also
    the answer when no pattern reaches it.
    """
    size = len(clash)
    matching = _clash_free_matching(clash)
    fewest = size - len(matching)
    for order in _patterns(size):
        if sum(clash[i][order[i]] for i in range(size)) == fewest:
            return order
    free = iter(sorted(set(range(size)) - set(matching.values())))
    return [matching[row] if row in matching else next(free) for row in range(size)]


def _patterns(size: int) -> Iterator[list[int]]:
    shapes = [[size - 1 - i for i in range(size)]]
    shapes.append([(i + size // 2) % size for i in range(size)])
    shapes.extend([(i + shift) % size for i in range(size)] for shift in range(1, size))
    shapes.extend([(shift - i) % size for i in range(size)] for shift in range(size))
    shapes.append(list(range(size)))
    seen: set[tuple[int, ...]] = set()
    for shape in shapes:
        if tuple(shape) not in seen:
            seen.add(tuple(shape))
            yield shape


def _clash_free_matching(clash: Sequence[Sequence[bool]]) -> dict[int, int]:
    """Row -> column for as many rows as possible, using clash-free pairs only (Kuhn)."""
    row_of: dict[int, int] = {}

    def place(row: int, tried: set[int]) -> bool:
        for column, clashes in enumerate(clash[row]):
            if clashes or column in tried:
                continue
            tried.add(column)
            if column not in row_of or place(row_of[column], tried):
                row_of[column] = row
                return True
        return False

    for row in range(len(clash)):
        place(row, set())
    return {row: column for column, row in row_of.items()}


@dataclass(frozen=True)
class MatchResolution:
    """A planned match in the light of the results so far."""

    slot: Slot
    players: tuple[object | None, object | None]  # entrant, or None (unknown or empty)
    known: tuple[bool, bool]  # a known side with player None is empty
    status: str  # one of MATCH_STATUSES
    winner: int | None  # the side that won, or that goes on after a bye
    loser: int | None  # the side that lost a decided match

    @property
    def winning_player(self) -> object | None:
        return None if self.winner is None else self.players[self.winner]

    @property
    def losing_player(self) -> object | None:
        return None if self.loser is None else self.players[self.loser]


_UNKNOWN: tuple[bool, object | None] = (False, None)
_EMPTY: tuple[bool, object | None] = (True, None)


def resolve(plan: DrawPlan, outcomes: Mapping[Slot, int]) -> dict[Slot, MatchResolution]:
    """Every match of the plan, resolved from the decided ones (slot -> winning side).

    Returned in the order of `plan.matches()`. An outcome for a match that is not
    ready to be played (a player unknown, or a bye or void) raises DrawError.
    """
    graph = plan._graph
    for slot, side in outcomes.items():
        if slot not in graph.index:
            raise DrawError(_("There is no match %(slot)s in this draw."), slot=slot)
        if isinstance(side, bool) or side not in (0, 1):
            raise DrawError(
                _(
                    "The winner of %(bracket)s R%(round)d M%(position)d must be side 0 or 1, "
                    "not %(side)s."
                ),
                side=side,
                **slot.params(),
            )
    done: dict[Slot, MatchResolution] = {}
    for match in graph.order:
        sides = [_side(source, done, graph) for source in match.sources]
        known = (sides[0][0], sides[1][0])
        players = (sides[0][1], sides[1][1])
        winner = loser = None
        if not all(known):
            status = PENDING
        elif None not in players:
            status = READY
        elif players == (None, None):
            status = VOID
        else:
            status = BYE
            winner = 0 if players[0] is not None else 1
        if match.slot in outcomes:
            if status != READY:
                raise DrawError(_NOT_READY[status], **match.slot.params())
            status = DECIDED
            winner = outcomes[match.slot]
            loser = 1 - winner
        done[match.slot] = MatchResolution(match.slot, players, known, status, winner, loser)
    return done


_NOT_READY = {
    PENDING: _(
        "%(bracket)s R%(round)d M%(position)d cannot have a result yet: a player is still unknown."
    ),
    BYE: _("%(bracket)s R%(round)d M%(position)d is a bye: it cannot have a result."),
    VOID: _("%(bracket)s R%(round)d M%(position)d has no players: it cannot have a result."),
}


def _side(
    source: Source, done: Mapping[Slot, MatchResolution], graph: _Graph
) -> tuple[bool, object | None]:
    if source.kind == ENTRANT:
        return True, source.entrant
    if source.kind == BYE:
        return _EMPTY
    fed_by = done[source.match]
    if fed_by.status in (PENDING, READY):
        return _UNKNOWN
    if fed_by.status == VOID:
        return _EMPTY
    if source.kind == WINNER:
        return True, fed_by.winning_player
    if fed_by.status == DECIDED:
        return True, fed_by.losing_player
    if source.kind == LOSER:
        return _EMPTY
    # A first loser after a bye: the bye-holder's first real match decides.
    player = fed_by.winning_player
    current = source.match
    while current in graph.onward:
        following, side = graph.onward[current]
        state = done[following]
        if state.status == DECIDED:
            return (True, player) if state.loser == side else _EMPTY
        if state.status != BYE:
            return _UNKNOWN
        current = following
    return _EMPTY  # byes all the way through the final: never lost


def champion(
    plan: DrawPlan, resolutions: Mapping[Slot, MatchResolution], bracket_kind: str
) -> object | None:
    """The bracket's winner, or None while it is unknown or if nobody played in it."""
    return resolutions[plan.bracket(bracket_kind).final.slot].winning_player


def final_places(
    plan: DrawPlan, resolutions: Mapping[Slot, MatchResolution], bracket_kind: str
) -> dict[object, tuple[int, int]]:
    """Entrant -> (best, worst) place in the bracket, for those whose place is settled."""
    bracket = plan.bracket(bracket_kind)
    places = bracket.places()
    settled: dict[object, tuple[int, int]] = {}
    for match in bracket.matches:
        state = resolutions[match.slot]
        if state.status == DECIDED:
            settled[state.losing_player] = places[match.slot.round]
    winner = champion(plan, resolutions, bracket_kind)
    if winner is not None:
        settled[winner] = (1, 1)
    return settled


def dependents(plan: DrawPlan, slot: Slot) -> list[Slot]:
    """Every match whose players can depend on this one's result, in topological order."""
    graph = plan._graph
    if slot not in graph.index:
        raise KeyError(slot)
    reached = {slot}
    found: list[Slot] = []
    # One pass suffices: in topological order every match comes after all it needs.
    for match in graph.order:
        if match.slot not in reached and graph.needs[match.slot] & reached:
            reached.add(match.slot)
            found.append(match.slot)
    return found
