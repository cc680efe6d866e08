"""The resolve from a change (tournament/core/draw/: `resolve_downstream`) against the
resolve of the whole plan: for random plans (every consolation format, byes, a last
chance) and random sequences of results, undos and corrections, resolving only what
lies downstream of the changed matches gives exactly what resolving everything gives,
the errors included."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core.draw import (
    BYE,
    CONSOLATION_FORMATS,
    DECIDED,
    LAST_CHANCE,
    MAIN,
    NO_CONSOLATION,
    PROGRESSIVE,
    READY,
    DrawError,
    Slot,
    dependents,
    downstream,
    feeders,
    make_plan,
    resolve,
    resolve_downstream,
    stored_resolution,
)


@st.composite
def plans(draw):
    """Any field of 2 to 40 (byes when it is not a power of two), in any format."""
    consolation = draw(st.sampled_from(CONSOLATION_FORMATS))
    return make_plan(
        [f"P{number:02d}" for number in range(draw(st.integers(2, 40)))],
        consolation=consolation,
        progressive_rounds=draw(st.integers(1, 3)),
        last_chance=consolation != NO_CONSOLATION and draw(st.booleans()),
        rng_seed=draw(st.integers(0, 10_000)),
    )


def as_stored(resolutions):
    """What the database keeps of each match: players, status, who won or went on."""
    return {
        slot: stored_resolution(slot, state.players, state.status, state.winner)
        for slot, state in resolutions.items()
    }


def full_or_error(plan, outcomes):
    try:
        return resolve(plan, outcomes)
    except DrawError as error:
        return error.message()


def from_change(plan, outcomes, known, changed):
    try:
        return {**known, **resolve_downstream(plan, outcomes, known, changed)}
    except DrawError as error:
        return error.message()


def drop_later(plan, outcomes, slot):
    """A correction re-opens the later matches that hang on the result: their own
    results go (the operations clear them) along with the changed one's."""
    later = set(dependents(plan, slot))
    return {done: side for done, side in outcomes.items() if done not in later}, later


@settings(max_examples=100, deadline=None)
@given(plan=plans(), data=st.data())
def test_resolving_downstream_of_a_change_is_resolving_everything(plan, data):
    outcomes: dict[Slot, int] = {}
    current = resolve(plan, outcomes)
    for _step in range(data.draw(st.integers(1, 60))):
        ready = sorted(slot for slot, state in current.items() if state.status == READY)
        decided = sorted(outcomes)
        moves = ["decide", "batch"] if ready else []
        moves += ["undo", "flip", "flip_keeping_later"] if decided else []
        if not moves:
            break
        move = data.draw(st.sampled_from(moves))
        new = dict(outcomes)
        if move == "decide":
            slot = data.draw(st.sampled_from(ready))
            new[slot] = data.draw(st.integers(0, 1))
            changed = {slot}
        elif move == "batch":  # several at once, as withdrawals' walkovers come
            changed = set(data.draw(st.lists(st.sampled_from(ready), min_size=1, unique=True)))
            new.update({slot: data.draw(st.integers(0, 1)) for slot in changed})
        else:
            slot = data.draw(st.sampled_from(decided))
            if move == "flip_keeping_later":
                new[slot] = 1 - new[slot]  # later results kept: may make the plan refuse
                changed = {slot}
            else:
                new, later = drop_later(plan, new, slot)
                if move == "undo":
                    del new[slot]
                else:
                    new[slot] = 1 - new[slot]
                changed = {slot} | (later & set(outcomes))
        expected = full_or_error(plan, new)
        assert from_change(plan, new, current, changed) == expected
        # As the operations do it: the rest read back from what the rows store.
        got = from_change(plan, new, as_stored(current), changed)
        if isinstance(expected, str):
            assert got == expected
            continue
        for slot in downstream(plan, changed):
            assert got[slot] == expected[slot]
        assert {slot for slot in expected if expected[slot] != current[slot]} <= set(
            downstream(plan, changed)
        )
        outcomes, current = new, expected


def test_a_first_round_result_reaches_its_path_and_the_brackets_its_loser_feeds():
    plan = make_plan(
        [f"P{number:02d}" for number in range(13)],
        consolation=PROGRESSIVE,
        progressive_rounds=2,
        last_chance=True,
        rng_seed=3,
    )
    # A real first-round match (13 of 16: the byes go to the top seeds).
    states = resolve(plan, {})
    first = next(
        m.slot for m in plan.bracket(MAIN).round_matches(1) if states[m.slot].status == READY
    )
    reached = downstream(plan, [first])
    assert reached[0] == first
    main_path = [slot for slot in reached if slot.bracket == MAIN]
    assert [slot.round for slot in main_path] == list(range(1, plan.bracket(MAIN).rounds + 1))
    assert any(slot.bracket == LAST_CHANCE for slot in reached)
    # In the plan's order, and nothing twice.
    order = [match.slot for match in plan.matches()]
    assert list(reached) == sorted(set(reached), key=order.index)
    # What resolving them reads, and nothing of what they are.
    assert not feeders(plan, reached) & set(reached)
    assert feeders(plan, [first]) == set()
    with pytest.raises(KeyError):
        downstream(plan, [Slot(MAIN, 9, 1)])


def test_the_stored_form_of_a_bye_and_a_decided_match():
    slot = Slot(MAIN, 1, 1)
    bye = stored_resolution(slot, (None, "P01"), BYE, None)
    assert (bye.winner, bye.winning_player, bye.loser) == (1, "P01", None)
    won = stored_resolution(slot, ("P01", "P02"), DECIDED, 1)
    assert (won.winning_player, won.losing_player) == ("P02", "P01")
    with pytest.raises(DrawError):
        stored_resolution(slot, ("P01", "P02"), "live", None)
