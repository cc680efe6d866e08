"""Seeding: check a draw's inputs, place the seeds and plan the whole draw.

Pure Python: no Django import and no I/O. `make_plan()` lays out the main bracket here
and asks `consolation` for the brackets fed by its losers; the random part uses only
`random.Random(rng_seed)`, so a stored seed reproduces the draw.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence

from ..messages import _
from .apart import avoided_pairs, first_round_lines, keep_apart
from .consolation import (
    double_elimination,
    first_round_consolation,
    last_chance_bracket,
    progressive_consolation,
)
from .plan import (
    BYE,
    CONSOLATION_FORMATS,
    DOUBLE,
    ENTRANT,
    FIRST_ROUND,
    MAIN,
    MAX_ENTRANTS,
    MIN_ENTRANTS,
    NO_CONSOLATION,
    PROGRESSIVE,
    BracketPlan,
    DrawError,
    DrawPlan,
    Source,
    first_round,
    knockout,
)


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
    grand_final_reset: bool = True,
    rng_seed: int,
    avoid: Iterable[Collection[object]] = (),
) -> DrawPlan:
    """Plan the draw of a cup: the main bracket and, as requested, its consolations.

    With `consolation=DOUBLE` the cup is a double elimination: the consolation is its
    losers' bracket, then a grand final, with its reset when `grand_final_reset`
    (`progressive_rounds` and `last_chance` do not apply: a third bracket would make
    it a triple elimination; the tournament's own checks refuse the pair).

    Same entrants (in the same order), seeds, settings, `rng_seed` and `avoid` give the
    same plan. `avoid`: pairs of entrants the director keeps apart in round 1 (family,
    one household); the unseeded players are placed so that none meets when some
    placement allows it (`apart.keep_apart`), and the plan's `unkept` names those that
    still meet. With no pair meeting in the shuffled draw, it is the draw made without.
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
    if not isinstance(grand_final_reset, bool):
        raise DrawError(
            _("The grand final's reset must be true or false, not %(value)s."),
            value=grand_final_reset,
        )
    if isinstance(rng_seed, bool) or not isinstance(rng_seed, int):
        raise DrawError(_("The draw seed must be a whole number, not %(seed)s."), seed=rng_seed)

    rng = random.Random(rng_seed)
    chosen = set(seeded)
    others = [entrant for entrant in field if entrant not in chosen]
    rng.shuffle(others)
    seed_order: tuple[object, ...] = (*seeded, *others)

    size = 1
    while size < len(field):
        size *= 2
    unkept: tuple[frozenset, ...] = ()
    kept_apart = avoided_pairs(field, avoid)
    if kept_apart:
        opponent = first_round_lines(size, seed_positions(size))
        seed_order, unkept = keep_apart(seed_order, len(seeded), opponent, kept_apart, rng)
    main = _main_bracket(seed_order, size)
    brackets = [main]
    depth = min(progressive_rounds, main.rounds - 1)
    consolation_plan = None
    if consolation == DOUBLE:
        losers, grand = double_elimination(main, grand_final_reset)
        brackets.extend(bracket for bracket in (losers, grand) if bracket is not None)
    elif consolation == FIRST_ROUND or (consolation == PROGRESSIVE and depth == 1):
        consolation_plan = first_round_consolation(main)
    elif consolation == PROGRESSIVE and depth >= 2:
        consolation_plan = progressive_consolation(main, depth)
    if consolation_plan is not None:
        brackets.append(consolation_plan)
        if last_chance:
            last = last_chance_bracket(consolation_plan, main)
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
        unkept=unkept,
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
    return knockout(MAIN, [first_round(MAIN, pairs)])
