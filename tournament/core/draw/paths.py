"""A player's way through a resolved draw after one of their matches: where they went
next, how far they have got, and whether it ended with a title or out of the cup.

Pure Python: no Django import and no I/O. A player's matches form a chain through the
plan (each one's side is fed by the one before: its winner, its loser, or a first loser
after a bye), so they come in the order of `plan.matches()`; byes on the way are passed
through, as the player is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .plan import BYE, DECIDED, GRAND_FINAL, DrawPlan, Slot
from .resolution import MatchResolution, champion, event_places, final_places

# How a player's path stands: still to play a match on it; out (they lost the last match
# they played and nothing follows); or a bracket won.
STILL_IN, OUT, WON = "still_in", "out", "won"


@dataclass(frozen=True)
class Path:
    """Where a player went after one match (`next`, their first real match after it)
    and where their path stands now (`last`, the furthest match on it: the one still to
    play, or the last one they played)."""

    next: Slot | None
    last: Slot | None
    state: str  # STILL_IN, OUT or WON
    bracket: str | None  # the bracket won, or the one they went out of
    place: tuple[int, int] | None  # their (best, worst) place in that bracket, once settled


def path_after(
    plan: DrawPlan,
    resolutions: Mapping[Slot, MatchResolution],
    player: object,
    after: Slot | None = None,
) -> Path:
    """The player's path after the match `after` (from their first match when None)."""
    order = [match.slot for match in plan.matches()]
    start = order.index(after) + 1 if after is not None else 0
    on_path = [slot for slot in order[start:] if player in resolutions[slot].players]
    played = [slot for slot in on_path if resolutions[slot].status != BYE]
    last = played[-1] if played else after
    # Every bracket the path touched (byes included: a final reached through byes is a
    # title all the same), the latest last.
    touched = [slot.bracket for slot in ([after] if after else []) + on_path]
    double = plan.has_bracket(GRAND_FINAL)
    titles = reversed(dict.fromkeys(touched))
    if double:
        # A double elimination has one title: winning its main or its losers' bracket
        # only takes the player to the grand final.
        titles = [kind for kind in titles if kind == GRAND_FINAL]
    for kind in titles:
        if champion(plan, resolutions, kind) == player:
            return Path(played[0] if played else None, last, WON, kind, (1, 1))
    if last is not None:
        state = resolutions[last]
        if state.status == DECIDED and state.losing_player == player:
            if double:
                place = event_places(plan, resolutions).get(player)
            else:
                place = final_places(plan, resolutions, last.bracket).get(player)
            return Path(played[0] if played else None, last, OUT, last.bracket, place)
    return Path(played[0] if played else None, last, STILL_IN, None, None)
