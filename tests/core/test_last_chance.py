"""The last chance of a progressive consolation (tournament/core/draw/): who comes into
it, and who is its champion.

docs/cups.md: the last chance is for the players who lose their first consolation
match. In a progressive consolation players drop in at several rounds (main round-1
losers at its round 1, main round-2 losers at its round 2, ...), and a bye is no match:
whoever drops in and loses their first real consolation match, wherever that is, plays
the last chance, and nobody else. A bracket that fewer than two players ever reach is
not played: no champion, no place.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core.draw import (
    BYE,
    CONSOLATION,
    DECIDED,
    LAST_CHANCE,
    MAIN,
    PROGRESSIVE,
    READY,
    VOID,
    WINNER,
    Slot,
    champion,
    final_places,
    make_plan,
    path_after,
    resolve,
)


def first_match_losers(plan, states) -> list[object]:
    """The players whose first real consolation match (byes passed over) they lost."""
    seen: set[object] = set()
    lost = []
    for match in plan.matches():
        if match.slot.bracket != CONSOLATION:
            continue
        state = states[match.slot]
        if state.status != DECIDED:
            continue
        for player in state.players:
            if player in seen:
                continue
            seen.add(player)
            if state.losing_player == player:
                lost.append(player)
    return lost


def last_chance_players(plan, states) -> list[object]:
    """Everyone who came into the last chance (byes and all)."""
    return [
        states[match.slot].players[side]
        for match in plan.bracket(LAST_CHANCE).matches
        for side, source in enumerate(match.sources)
        if source.kind != WINNER and states[match.slot].players[side] is not None
    ]


def play_out(plan, pick) -> dict:
    outcomes: dict[Slot, int] = {}
    while True:
        states = resolve(plan, outcomes)
        ready = [slot for slot, state in states.items() if state.status == READY]
        if not ready:
            return states
        slot = ready[0]
        outcomes[slot] = pick(slot, states[slot])


def twenty_seeded():
    """The issue's cup: 20 players in a bracket of 32, seeded 1 to 20 (so the 12 byes
    go to seeds 1-12), progressive consolation (main rounds 1 and 2 drop in) and a last
    chance."""
    names = [f"S{number:02d}" for number in range(1, 21)]
    return make_plan(
        names,
        seeds={name: number for number, name in enumerate(names, 1)},
        consolation=PROGRESSIVE,
        progressive_rounds=2,
        last_chance=True,
        rng_seed=0,
    )


def test_main_round_two_losers_who_lose_their_first_consolation_match_play_the_last_chance():
    plan = twenty_seeded()

    # The favourite (side 0) wins every match, except in consolation round 2, where
    # the main round-2 loser (side 1) who dropped in there wins one match of four.
    def pick(slot, state):
        if slot.bracket == CONSOLATION and slot.round == 2:
            return 1 if slot.position == 1 else 0
        return 0

    states = play_out(plan, pick)
    second_round = plan.bracket(CONSOLATION).round_matches(2)
    real = [m.slot for m in second_round if states[m.slot].status == DECIDED]
    # Each main round-1 loser had a consolation bye and met a main round-2 loser there.
    assert len(real) == 4
    dropped_in_and_lost = [states[slot].losing_player for slot in real if states[slot].winner == 0]
    assert len(dropped_in_and_lost) == 3
    entered = last_chance_players(plan, states)
    for player in dropped_in_and_lost:
        assert player in entered
        # Not sent home: their path goes on into the last chance.
        consolation_loss = next(slot for slot in real if states[slot].losing_player == player)
        path = path_after(plan, states, player, consolation_loss)
        assert path.next is not None and path.next.bracket == LAST_CHANCE
    assert sorted(entered) == sorted(first_match_losers(plan, states))
    # The last chance's champion played for it.
    winner = champion(plan, states, LAST_CHANCE)
    assert winner in entered
    assert any(
        states[m.slot].status == DECIDED and winner in states[m.slot].players
        for m in plan.bracket(LAST_CHANCE).matches
    )


def test_a_bracket_reached_through_byes_alone_has_no_champion():
    # 5 in 8 with a first-round consolation: D v E is the only real first-round match,
    # so E alone falls into the last chance (after the consolation) when A and C win
    # their first real matches.
    plan = make_plan(
        ["A", "B", "C", "D", "E"],
        seeds={"A": 1, "B": 2, "C": 3, "D": 4, "E": 5},
        consolation="first_round",
        last_chance=True,
        rng_seed=0,
    )
    outcomes = {Slot(MAIN, 1, 2): 0, Slot(MAIN, 2, 1): 0, Slot(MAIN, 2, 2): 1}
    states = resolve(plan, outcomes)
    real = next(
        m for m in plan.bracket(CONSOLATION).round_matches(1) if states[m.slot].status == READY
    )
    states = resolve(plan, {**outcomes, real.slot: 1})  # B beats E
    final = states[plan.bracket(LAST_CHANCE).final.slot]
    assert final.status in (BYE, VOID)
    assert champion(plan, states, LAST_CHANCE) is None
    assert final_places(plan, states, LAST_CHANCE) == {}
    # E lost their first consolation match and nothing was played after it.
    path = path_after(plan, states, "E", real.slot)
    assert (
        path.bracket == CONSOLATION and path.place == final_places(plan, states, CONSOLATION)["E"]
    )


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(5, 48),
    depth=st.integers(2, 4),
    rng_seed=st.integers(0, 2**32),
    seeded=st.integers(0, 8),
    choices=st.randoms(use_true_random=False),
)
def test_the_last_chance_takes_exactly_the_players_who_lose_their_first_consolation_match(
    count, depth, rng_seed, seeded, choices
):
    names = [f"P{number:02d}" for number in range(count)]
    plan = make_plan(
        names,
        seeds={name: number for number, name in enumerate(names[:seeded], 1)},
        consolation=PROGRESSIVE,
        progressive_rounds=depth,
        last_chance=True,
        rng_seed=rng_seed,
    )
    if not plan.has_bracket(LAST_CHANCE):
        assert not plan.has_bracket(CONSOLATION) or plan.size < 8
        return
    states = play_out(plan, lambda slot, state: choices.randrange(2))
    assert {state.status for state in states.values()} <= {DECIDED, BYE, VOID}
    entered = last_chance_players(plan, states)
    assert len(entered) == len(set(entered)), "someone came into the last chance twice"
    assert sorted(entered) == sorted(first_match_losers(plan, states))
    winner = champion(plan, states, LAST_CHANCE)
    places = final_places(plan, states, LAST_CHANCE)
    if len(entered) < 2:
        assert winner is None
        assert places == {}
    else:
        assert winner in entered
        assert set(places) == set(entered)


def test_the_issue_cup_plays_out_in_any_order():
    # The same answer whichever ready match is decided first.
    plan = twenty_seeded()
    rng = random.Random(7)
    outcomes: dict[Slot, int] = {}
    while True:
        states = resolve(plan, outcomes)
        ready = [slot for slot, state in states.items() if state.status == READY]
        if not ready:
            break
        outcomes[rng.choice(ready)] = rng.randrange(2)
    assert sorted(last_chance_players(plan, states)) == sorted(first_match_losers(plan, states))
