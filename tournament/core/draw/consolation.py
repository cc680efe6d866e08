"""Consolations: the brackets fed by the main bracket's losers, and how they are paired.

Pure Python: no Django import and no I/O. A first-round consolation, a progressive one
(losers drop in round by round) and a last chance for those who lose their first
consolation match; the pairing keeps clashes (two empty slots, or a rematch) as rare as
possible.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .plan import (
    BYE,
    CONSOLATION,
    ENTRY_LOSER,
    FIRST_LOSER,
    GRAND_FINAL,
    LAST_CHANCE,
    LOSER,
    MAIN,
    RESET_LOSER,
    RESET_WINNER,
    WINNER,
    BracketPlan,
    DrawPlan,
    EmptinessOracle,
    PlannedMatch,
    Slot,
    Source,
    first_round,
    knockout,
    winners_round,
)


def _has_bye(match: PlannedMatch) -> bool:
    return any(source.kind == BYE for source in match.sources)


def first_round_consolation(main: BracketPlan) -> BracketPlan | None:
    """One slot per main first-round match: its loser, or its bye-holder's first loss."""
    first = main.round_matches(1)
    if len(first) < 2:
        return None  # a single loser is not a bracket
    slots = [Source(FIRST_LOSER if _has_bye(match) else LOSER, match=match.slot) for match in first]
    maybe_empty = [_has_bye(match) for match in first]
    return knockout(CONSOLATION, [first_round(CONSOLATION, _pair_losers(slots, maybe_empty))])


def last_chance_bracket(consolation: BracketPlan, main: BracketPlan) -> BracketPlan | None:
    """The bracket of the players who lose their first consolation match: a slot for
    each match players drop into, whoever loses their first real match there or after a
    bye further on.

    Its first round's matches take whoever loses them (`FIRST_LOSER`: both players
    dropped in); a later round's match with a drop-in side takes that player only
    (`ENTRY_LOSER`: the other came from the round before, and has played). Every
    first-match loser thus has one slot, and nobody else; the slots are padded with
    byes to a power of two, each bye against a slot that may hold a player.
    """
    may_be_empty = EmptinessOracle(
        {match.slot: match for bracket in (main, consolation) for match in bracket.matches}
    )
    slots: list[Source] = []
    maybe_empty: list[bool] = []
    for match in consolation.matches:
        if match.slot.round == 1:
            slots.append(Source(FIRST_LOSER, match=match.slot))
            maybe_empty.append(any(may_be_empty(source) for source in match.sources))
        elif any(source.kind != WINNER for source in match.sources):
            slots.append(Source(ENTRY_LOSER, match=match.slot))
            maybe_empty.append(True)
    if len(slots) < 2:
        # A consolation of one first-round match would feed one player: no bracket.
        return None
    size = 2
    while size < len(slots):
        size *= 2
    # More than half the slots are real, so the byes at the end all fall in the bottom
    # half, each against a real slot of the top half: no bye meets a bye.
    padding = size - len(slots)
    slots.extend([Source(BYE)] * padding)
    maybe_empty.extend([True] * padding)
    return knockout(LAST_CHANCE, [first_round(LAST_CHANCE, _pair_losers(slots, maybe_empty))])


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


def progressive_consolation(main: BracketPlan, depth: int) -> BracketPlan:
    """Losers of main rounds 1..depth drop in round by round, as in double elimination."""
    first = main.round_matches(1)

    def dropped(match: PlannedMatch) -> Source:
        # The bye-holder did not lose in round 1; if they lose in round 2 they drop in then.
        return Source(BYE) if _has_bye(match) else Source(LOSER, match=match.slot)

    pairs = [(dropped(first[i]), dropped(first[i + 1])) for i in range(0, len(first), 2)]
    rounds = [first_round(CONSOLATION, pairs)]
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
            rounds.append(winners_round(CONSOLATION, len(rounds) + 1, rounds[-1]))
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
    return knockout(CONSOLATION, rounds)


def drop_in_side(plan: DrawPlan, first: Slot) -> tuple[Slot, int] | None:
    """The consolation side (its match and side) that takes the loser of the main
    bracket's first-round match `first`; None when no consolation takes them.

    A first-round consolation names every first-round match (a bye's slot follows its
    holder: `FIRST_LOSER`). A progressive one (and a double elimination's losers'
    bracket) pairs first-round matches 2k-1 and 2k in its match k and leaves a bye's side
    a bye, as a bye has no loser: a late entry that makes the bye a match fills it.
    """
    if not plan.has_bracket(CONSOLATION) or first.bracket != MAIN or first.round != 1:
        return None
    entry = plan.bracket(CONSOLATION).round_matches(1)
    for match in entry:
        for side, source in enumerate(match.sources):
            if source.kind in (LOSER, FIRST_LOSER) and source.match == first:
                return match.slot, side
    position, side = (first.position + 1) // 2, (first.position - 1) % 2
    if position > len(entry):
        return None
    match = entry[position - 1]
    partner = Slot(MAIN, 1, first.position + (1 if side == 0 else -1))
    if match.sources[side].kind == BYE and match.sources[1 - side] in (
        Source(BYE),
        Source(LOSER, match=partner),
    ):
        return match.slot, side
    return None


def double_elimination(main: BracketPlan, reset: bool) -> tuple[BracketPlan | None, BracketPlan]:
    """A double elimination's losers' bracket and grand final, from its main bracket.

    The losers' bracket is a progressive consolation as deep as the main bracket: every
    main round's losers drop in, the final's loser into the losers' final, each drop-in
    round crossed against the losers' bracket so that a rematch waits as long as it can.
    A main bracket of one match has no losers' bracket: its loser goes straight to the
    grand final. The grand final's second side is always the one with a loss; the reset
    (when `reset`) keeps the same sides and is void unless that side won.
    """
    losers = progressive_consolation(main, main.rounds) if main.rounds >= 2 else None
    challenger = (
        Source(WINNER, match=losers.final.slot)
        if losers is not None
        else Source(LOSER, match=main.final.slot)
    )
    grand = PlannedMatch(
        Slot(GRAND_FINAL, 1, 1), (Source(WINNER, match=main.final.slot), challenger)
    )
    matches = [grand]
    if reset:
        matches.append(
            PlannedMatch(
                Slot(GRAND_FINAL, 2, 1),
                (Source(RESET_LOSER, match=grand.slot), Source(RESET_WINNER, match=grand.slot)),
            )
        )
    return losers, BracketPlan(GRAND_FINAL, len(matches), tuple(matches))


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
