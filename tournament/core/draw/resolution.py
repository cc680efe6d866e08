"""Resolution: a plan in the light of the decided results.

Pure Python: no Django import and no I/O. `resolve()` carries the results through the
plan (who plays where, which matches are byes or void); `champion()`, `final_places()`
and `dependents()` read the answer. `resolve_downstream()` resolves again only what a
changed result can reach (`downstream()`), from the resolution of the rest as it was:
a decision then costs the same in a cup of 16 as in one of 256.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..messages import _
from .plan import (
    BYE,
    CONSOLATION,
    DECIDED,
    ENTRANT,
    ENTRY_LOSER,
    GRAND_FINAL,
    LOSER,
    MAIN,
    MATCH_STATUSES,
    PENDING,
    READY,
    RESET_KINDS,
    RESET_WINNER,
    VOID,
    WINNER,
    DrawError,
    DrawPlan,
    PlanGraph,
    PlannedMatch,
    Slot,
    Source,
)
from .words import Names, names_of


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
    names = names_of(plan)
    for slot, side in outcomes.items():
        if slot not in graph.index:
            raise DrawError(_("There is no match %(slot)s in this draw."), slot=slot)
        _check_side(slot, side, names)
    done: dict[Slot, MatchResolution] = {}
    for match in graph.order:
        done[match.slot] = _resolve_match(match, outcomes, done, graph, names)
    return done


def downstream(plan: DrawPlan, slots: Iterable[Slot]) -> tuple[Slot, ...]:
    """These matches and every match whose players can depend on any of them, in the
    order of `plan.matches()`. KeyError for a slot the plan does not have."""
    graph = plan._graph
    waiting = list(slots)
    reached: set[Slot] = set()
    while waiting:
        slot = waiting.pop()
        if slot in reached:
            continue
        if slot not in graph.index:
            raise KeyError(slot)
        reached.add(slot)
        waiting.extend(graph.users[slot])
    return tuple(sorted(reached, key=graph.rank.__getitem__))


def feeders(plan: DrawPlan, slots: Iterable[Slot]) -> frozenset[Slot]:
    """The matches outside `slots` whose resolution resolving `slots` reads."""
    needs = plan._graph.needs
    inside = set(slots)
    return frozenset(needed for slot in inside for needed in needs[slot] if needed not in inside)


def resolve_downstream(
    plan: DrawPlan,
    outcomes: Mapping[Slot, int],
    known: Mapping[Slot, MatchResolution],
    changed: Iterable[Slot],
) -> dict[Slot, MatchResolution]:
    """After the outcomes of `changed` changed: those matches and everything downstream
    of them (`downstream`), resolved again, in the order of `plan.matches()`.

    A change reaches no other match, so the rest of the plan keeps its resolution:
    `known` holds it (as before the change), and only the `feeders` of the downstream
    matches are read from it. With `known` = `resolve(plan, old outcomes)`, the answer
    merged into `known` is `resolve(plan, outcomes)`, errors included: the outcomes of
    the other matches were checked when they were resolved.
    """
    graph = plan._graph
    names = names_of(plan)
    slots = downstream(plan, changed)
    done: dict[Slot, MatchResolution] = {}
    # Reads the new resolution where there is one, else the one from before the change.
    reading = ChainMap(done, known)
    for slot in slots:
        if slot in outcomes:
            _check_side(slot, outcomes[slot], names)
        done[slot] = _resolve_match(graph.index[slot], outcomes, reading, graph, names)
    return done


def stored_resolution(
    slot: Slot, players: tuple[object | None, object | None], status: str, winner: int | None
) -> MatchResolution:
    """A match's resolution as a store of the results keeps it (its players, its status
    and the side that won or went on), for `resolve_downstream`'s `known`. A pending
    match's sides count as known where a player is there; nothing downstream reads
    that, only the status, the players and who won or lost."""
    if status not in MATCH_STATUSES:
        raise DrawError(_("Unknown match status %(status)s."), status=status)
    known = (players[0] is not None, players[1] is not None) if status == PENDING else (True, True)
    if status == BYE and winner is None:
        winner = 0 if players[0] is not None else 1
    if status not in (DECIDED, BYE):
        winner = None
    loser = None if status != DECIDED or winner is None else 1 - winner
    return MatchResolution(slot, players, known, status, winner, loser)


def _check_side(slot: Slot, side: object, names: Names) -> None:
    if isinstance(side, bool) or side not in (0, 1):
        raise DrawError(
            _("The winner of %(match)s must be side 0 or 1, not %(side)s."),
            side=side,
            match=names.match(slot),
        )


def _resolve_match(
    match: PlannedMatch,
    outcomes: Mapping[Slot, int],
    done: Mapping[Slot, MatchResolution],
    graph: PlanGraph,
    names: Names,
) -> MatchResolution:
    """One match, from the resolutions of the matches it needs (all in `done`)."""
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
            raise DrawError(_NOT_READY[status], match=names.match(match.slot))
        status = DECIDED
        winner = outcomes[match.slot]
        loser = 1 - winner
    return MatchResolution(match.slot, players, known, status, winner, loser)


_NOT_READY = {
    PENDING: _("%(match)s cannot have a result yet: a player is still unknown."),
    BYE: _("%(match)s is a bye: it cannot have a result."),
    VOID: _("%(match)s has no players: it cannot have a result."),
}


def _side(
    source: Source, done: Mapping[Slot, MatchResolution], graph: PlanGraph
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
    if source.kind in RESET_KINDS:
        # The reset is played only when the grand final's second side (the one that
        # came through the losers' bracket, with a loss already) won it.
        if fed_by.status != DECIDED or fed_by.winner != 1:
            return _EMPTY
        if source.kind == RESET_WINNER:
            return True, fed_by.winning_player
        return True, fed_by.losing_player
    if source.kind == WINNER:
        return True, fed_by.winning_player
    if source.kind == ENTRY_LOSER:
        # Only the player who dropped in at that match: one who came from the round
        # before has played a match already.
        side = fed_by.loser if fed_by.status == DECIDED else fed_by.winner
        if graph.index[source.match].sources[side].kind == WINNER:
            return _EMPTY
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
    """The bracket's winner, or None while it is unknown or if it was not played.

    A bracket that fewer than two players came into was not played (`played`): the one
    who passed through it on byes alone won nothing. A grand final's winner is its
    reset's when the reset is played (not void), else the grand final's own: the double
    elimination's champion."""
    if bracket_kind == GRAND_FINAL:
        for match in reversed(plan.bracket(GRAND_FINAL).matches):
            state = resolutions[match.slot]
            if state.status != VOID:
                return state.winning_player
        return None
    final = resolutions[plan.bracket(bracket_kind).final.slot]
    if final.status == BYE and not played(plan, resolutions, bracket_kind):
        return None
    return final.winning_player


def played(plan: DrawPlan, resolutions: Mapping[Slot, MatchResolution], bracket_kind: str) -> bool:
    """Whether at least two players came into the bracket (so far): with fewer, nobody
    plays in it, and its only player, if any, has byes all the way."""
    seen: set[object] = set()
    for match in plan.bracket(bracket_kind).matches:
        for player in resolutions[match.slot].players:
            if player is not None:
                seen.add(player)
                if len(seen) > 1:
                    return True
    return False


def _main_players(plan: DrawPlan) -> dict[Slot, int]:
    """Slot -> how many players a main bracket's match can have (0, 1 or 2), from the
    draw alone: an entrant is one, a bye none, a winner one unless their match can have
    nobody. So a knockout of three places its semi-final's one loser 3rd, not 3rd-4th,
    and a place once given never changes (the main bracket's byes are known at the
    draw)."""
    possible: dict[Slot, int] = {}
    for match in plan.bracket(MAIN).matches:  # ordered by round
        possible[match.slot] = sum(
            1
            if source.kind == ENTRANT
            else int(source.kind == WINNER and possible.get(source.match, 2) >= 1)
            for source in match.sources
        )
    return possible


def final_places(
    plan: DrawPlan, resolutions: Mapping[Slot, MatchResolution], bracket_kind: str
) -> dict[object, tuple[int, int]]:
    """Entrant -> (best, worst) place in the bracket, for those whose place is settled."""
    bracket = plan.bracket(bracket_kind)
    # The grand final's (or the reset's) loser is second: they lost twice.
    if bracket_kind == GRAND_FINAL:
        places = {1: (2, 2), 2: (2, 2)}
    elif bracket_kind == MAIN:
        places = bracket.places(_main_players(plan))
    else:
        # A consolation's and a last chance's players drop in by results (a bye where
        # one entered, a first loss further on): their bands stay those of the slots.
        places = bracket.places()
    settled: dict[object, tuple[int, int]] = {}
    for match in bracket.matches:
        state = resolutions[match.slot]
        # The grand final's loser plays the reset when the second side won it: not placed.
        in_reset = bracket_kind == GRAND_FINAL and plan.grand_final_reset and state.winner == 1
        if in_reset and match.slot.round == 1:
            continue
        if state.status == DECIDED:
            settled[state.losing_player] = places[match.slot.round]
    winner = champion(plan, resolutions, bracket_kind)
    if winner is not None:
        settled[winner] = (1, 1)
    return settled


def event_places(
    plan: DrawPlan, resolutions: Mapping[Slot, MatchResolution]
) -> dict[object, tuple[int, int]]:
    """A double elimination's places for the whole event, for those whose place is
    settled: 1 the champion, 2 the grand final's loser, then the losers' bracket's
    losers by the round they went out in (3, 4, 5-6, 7-8, 9-12, ...), one below their
    place in that bracket since its winner is at best second. Nobody goes out of the
    main bracket, so it places nobody. Raises KeyError for a plan with no grand final.
    """
    places: dict[object, tuple[int, int]] = {}
    if plan.has_bracket(CONSOLATION):
        # Its winner goes on to the grand final: placed there, not here.
        going_on = champion(plan, resolutions, CONSOLATION)
        for player, (best, worst) in final_places(plan, resolutions, CONSOLATION).items():
            if player != going_on:
                places[player] = (best + 1, worst + 1)
    # Read last: the losers' bracket's winner's place is the grand final's.
    places.update(final_places(plan, resolutions, GRAND_FINAL))
    return places


def bracket_places(
    plan: DrawPlan, resolutions: Mapping[Slot, MatchResolution], bracket_kind: str
) -> dict[object, tuple[int, int]]:
    """The settled places a bracket gives, as the league and the prize pools count
    them: a double elimination (a plan with a grand final) places its whole field as
    one event (`event_places`) under its main bracket, and its other brackets place
    nobody of their own; any other bracket its own (`final_places`)."""
    if plan.has_bracket(GRAND_FINAL):
        return event_places(plan, resolutions) if bracket_kind == MAIN else {}
    return final_places(plan, resolutions, bracket_kind)


def dependents(plan: DrawPlan, slot: Slot) -> list[Slot]:
    """Every match whose players can depend on this one's result, in topological order."""
    return [found for found in downstream(plan, [slot]) if found != slot]
