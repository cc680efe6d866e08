"""`make bench`'s double-elimination figures: drawing a 256-player double elimination
(its plan and the order of its matches), resolving it played through, and one decision
resolved from a change (what recording a result costs the core)."""

from __future__ import annotations

import random

from tournament.core import draw

from .measure import measure, verdict

ENTRANTS = 256
REPEAT = 7
# A director waits for the draw's preview; a decision is part of one request.
DRAW_TARGET_MS = 100
DECISION_TARGET_MS = 20


def _draw() -> draw.DrawPlan:
    plan = draw.make_plan(list(range(1, ENTRANTS + 1)), consolation=draw.DOUBLE, rng_seed=256)
    plan.matches()  # the dependency graph: every resolve walks it
    return plan


def _played(plan: draw.DrawPlan) -> dict[draw.Slot, int]:
    """Random results for the whole event, reset included when it comes to that."""
    rng = random.Random(ENTRANTS)  # noqa: S311 -- simulated results, not secrets
    outcomes: dict[draw.Slot, int] = {}
    resolutions = draw.resolve(plan, outcomes)
    while ready := [slot for slot, state in resolutions.items() if state.status == draw.READY]:
        for slot in ready:
            outcomes[slot] = rng.randint(0, 1)
        resolutions = draw.resolve(plan, outcomes)
    return outcomes


def run(emit) -> None:
    plan = _draw()
    outcomes = _played(plan)
    line = measure("double_elimination_draw_256", _draw, REPEAT, matches=len(plan.matches()))
    emit({**line, **verdict(line["cpu_ms"]["median"], DRAW_TARGET_MS, statistic="median CPU ms")})
    emit(
        measure(
            "double_elimination_resolve_256",
            lambda: draw.resolve(plan, outcomes),
            REPEAT,
            decided=len(outcomes),
        )
    )
    # The first match decided alone: the one with the most downstream of it (its winner
    # and its loser both go on), the dearest decision there is.
    first = draw.Slot(draw.MAIN, 1, 1)
    known = draw.resolve(plan, {})
    line = measure(
        "double_elimination_decision_256",
        lambda: draw.resolve_downstream(plan, {first: 0}, known, [first]),
        REPEAT,
        downstream=len(draw.downstream(plan, [first])),
    )
    emit(
        {**line, **verdict(line["cpu_ms"]["median"], DECISION_TARGET_MS, statistic="median CPU ms")}
    )
