"""Double elimination in the pure draw core: the losers' bracket, the grand final and its
reset, played through with random fields, seeds and results (tournament/core/draw/)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core import draw
from tournament.core.draw import (
    BYE,
    CONSOLATION,
    DECIDED,
    DOUBLE,
    GRAND_FINAL,
    MAIN,
    OUT,
    READY,
    VOID,
    WON,
    DrawError,
    Slot,
    champion,
    event_places,
    make_plan,
    path_after,
    resolve,
    resolve_downstream,
)


def players(count: int) -> list[str]:
    return [f"P{number:03d}" for number in range(1, count + 1)]


def play_through(plan: draw.DrawPlan, pick: random.Random, placed: list | None = None):
    """Play every ready match with a random winner, one at a time, resolving each change
    from the one before (as the site does); return the outcomes, the final resolution
    and the order in which the matches were played. `placed`, if given, gathers the
    event's places as they stood after each match."""
    outcomes: dict[Slot, int] = {}
    resolutions = resolve(plan, outcomes)
    played: list[Slot] = []
    while True:
        if placed is not None:
            placed.append(event_places(plan, resolutions))
        ready = [slot for slot, state in resolutions.items() if state.status == READY]
        if not ready:
            return outcomes, resolutions, played
        slot = pick.choice(ready)
        outcomes[slot] = pick.randint(0, 1)
        played.append(slot)
        resolutions = {**resolutions, **resolve_downstream(plan, outcomes, resolutions, [slot])}
        assert len(played) <= 2 * len(plan.entrants)  # finitely many: 2n - 1 at most


def losses(resolutions) -> Counter:
    return Counter(state.losing_player for state in resolutions.values() if state.status == DECIDED)


def came_from(plan, resolutions, slot: Slot, player) -> Slot | None:
    """The last match the player played before this one, through byes."""
    state = resolutions[slot]
    source = plan.match(slot).sources[state.players.index(player)]
    if source.match is None:
        return None
    if resolutions[source.match].status == BYE:
        return came_from(plan, resolutions, source.match, player)
    return source.match


fields = st.integers(min_value=2, max_value=64)


@settings(max_examples=60, deadline=None)
@given(
    count=fields, rng_seed=st.integers(0, 2**32), results=st.integers(0, 2**32), reset=st.booleans()
)
def test_a_double_elimination_played_at_random_keeps_its_rules(count, rng_seed, results, reset):
    entrants = players(count)
    plan = make_plan(entrants, consolation=DOUBLE, grand_final_reset=reset, rng_seed=rng_seed)
    placed: list[dict] = []
    _outcomes, resolutions, played = play_through(plan, random.Random(results), placed)

    # The event finishes with one champion and nothing left to play.
    winner = champion(plan, resolutions, GRAND_FINAL)
    assert winner in entrants
    assert all(state.status in (DECIDED, BYE, VOID) for state in resolutions.values())
    # Every match eliminates no one or records one loss: n - 1 players lose twice (or
    # once, for the winners' finalist beaten in a grand final without a reset).
    lost = losses(resolutions)
    grand = resolutions[Slot(GRAND_FINAL, 1, 1)]
    for entrant in entrants:
        if entrant == winner:
            assert lost[entrant] <= 1
        elif not reset and entrant == grand.losing_player and grand.winner == 1:
            assert lost[entrant] == 1
        else:
            assert lost[entrant] == 2, entrant  # nobody goes out before a second loss
    assert len(played) == sum(lost.values())

    # The reset is played if and only if it is on and the losers' bracket's winner won.
    if reset:
        state = resolutions[Slot(GRAND_FINAL, 2, 1)]
        assert (state.status == DECIDED) == (grand.winner == 1)
        assert state.status in (DECIDED, VOID)
    else:
        assert not plan.grand_final_reset
        assert Slot(GRAND_FINAL, 2, 1) not in resolutions

    # Every player's matches form a path: each fed by the one they played before.
    for entrant in entrants:
        mine = [
            slot for slot in played_order(plan, resolutions) if entrant in resolutions[slot].players
        ]
        for before, after in zip([None, *mine], mine, strict=False):
            assert came_from(plan, resolutions, after, entrant) == before
        path = path_after(plan, resolutions, entrant)
        assert path.state == (WON if entrant == winner else OUT)

    # Places for the whole event: 1 the champion, 2 the last one beaten, and every
    # other player placed by the losers' bracket round they went out in.
    places = event_places(plan, resolutions)
    assert set(places) == set(entrants)
    assert places[winner] == (1, 1)
    assert sorted(places.values())[1] == (2, 2)
    assert all(best <= worst <= plan.size for best, worst in places.values())
    # A place, once given, is final: nobody is placed while still to play.
    for before in placed:
        assert all(places[player] == place for player, place in before.items())


def played_order(plan, resolutions) -> list[Slot]:
    return [match.slot for match in plan.matches() if resolutions[match.slot].status == DECIDED]


@settings(max_examples=40, deadline=None)
@given(count=fields, rng_seed=st.integers(0, 2**32), results=st.integers(0, 2**32))
def test_the_losers_bracket_rematches_first_round_opponents_only_when_unavoidable(
    count, rng_seed, results
):
    # Its first two rounds are where round-1 opponents could meet again: the standard
    # crossing (reversed drop-ins) keeps them apart from 8 lines up; at 4 the main
    # final's loser drops into the one losers' match there is, so it may be a rematch.
    plan = make_plan(players(count), consolation=DOUBLE, rng_seed=rng_seed)
    _outcomes, resolutions, _played = play_through(plan, random.Random(results))
    first = {
        frozenset(resolutions[match.slot].players)
        for match in plan.bracket(MAIN).round_matches(1)
        if resolutions[match.slot].status == DECIDED
    }
    early = [
        frozenset(state.players)
        for slot, state in resolutions.items()
        if slot.bracket == CONSOLATION and slot.round <= 2 and state.status == DECIDED
    ]
    if plan.size >= 8:
        assert not first.intersection(early)


def test_eight_players_place_as_double_elimination_events_do():
    plan = make_plan(players(8), consolation=DOUBLE, rng_seed=3)
    # Side 0 always wins: the winners' finalist takes the grand final, no reset.
    outcomes = {}
    for match in plan.matches():
        outcomes[match.slot] = 0
    outcomes.pop(Slot(GRAND_FINAL, 2, 1))
    resolutions = resolve(plan, outcomes)
    assert resolutions[Slot(GRAND_FINAL, 2, 1)].status == VOID
    counts = Counter(event_places(plan, resolutions).values())
    assert counts == {(1, 1): 1, (2, 2): 1, (3, 3): 1, (4, 4): 1, (5, 6): 2, (7, 8): 2}
    # The losers' bracket is fed in crossing order: round 2's drop-ins reversed.
    dropped = [m.sources[1].match.position for m in plan.bracket(CONSOLATION).round_matches(2)]
    assert dropped == [2, 1]


def test_the_reset_waits_for_the_grand_final_and_is_void_when_not_needed():
    plan = make_plan(players(2), consolation=DOUBLE, rng_seed=1)
    final, grand, reset = Slot(MAIN, 1, 1), Slot(GRAND_FINAL, 1, 1), Slot(GRAND_FINAL, 2, 1)
    assert not plan.has_bracket(CONSOLATION)  # two players: the loser goes straight on
    resolutions = resolve(plan, {final: 0, grand: 1})
    assert resolutions[reset].status == READY
    assert champion(plan, resolutions, GRAND_FINAL) is None
    first, second = resolutions[final].players
    assert resolutions[reset].players == (first, second)
    resolutions = resolve(plan, {final: 0, grand: 1, reset: 1})
    assert champion(plan, resolutions, GRAND_FINAL) == second
    with pytest.raises(DrawError):
        resolve(plan, {final: 0, grand: 0, reset: 1})  # void: no result can be given


def test_a_double_elimination_has_no_last_chance():
    # Asked for, it is left out, as for a consolation too small to feed one (the
    # tournament's checks refuse the pair before a draw is made).
    plan = make_plan(players(8), consolation=DOUBLE, last_chance=True, rng_seed=1)
    assert [bracket.kind for bracket in plan.brackets] == [MAIN, CONSOLATION, GRAND_FINAL]
    with pytest.raises(DrawError):
        make_plan(players(8), consolation=DOUBLE, grand_final_reset="yes", rng_seed=1)
