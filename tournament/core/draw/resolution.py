"""Resolution: a plan in the light of the decided results.

Pure Python: no Django import and no I/O. `resolve()` carries the results through the
plan (who plays where, which matches are byes or void); `champion()`, `final_places()`
and `dependents()` read the answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .plan import (
    BYE,
    DECIDED,
    ENTRANT,
    LOSER,
    PENDING,
    READY,
    VOID,
    WINNER,
    DrawError,
    DrawPlan,
    Slot,
    Source,
    _,
    _Graph,
)


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
