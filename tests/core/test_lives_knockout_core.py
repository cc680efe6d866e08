"""A Swiss with lives that ends in a knockout of the last N: the rounds stop exactly when
a settled round leaves at most N still in, and those players, all of them and nobody
else, go on to the knockout seeded by their lives place."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core import lives
from tournament.core.lives import Game


def play_rounds(players, number_of_lives, size, seed, withdraw=False, reenter=False):
    """Pair and play rounds with random results until the core pairs no further round;
    checks before every round that more than `size` are still in."""
    rng = random.Random(seed)
    games: list[Game] = []
    reentries: dict = {}
    withdrawn: list = []

    def replay():
        return lives.replay(
            players, games, number_of_lives, lives.KNOCKOUT, reentries, withdrawn, size
        )

    state = replay()
    for _round in range(500):
        paired = lives.next_round(state, seed=len(games))
        if paired is None:
            return state
        # A round is paired only while more than N are still in (or before the first).
        assert state.last_round == 0 or len(state.still_in()) > size
        assert not paired.final
        for first, second in paired.pairs:
            games.append(Game(paired.number, first, second, rng.choice((first, second))))
        if paired.bye is not None:
            games.append(Game(paired.number, paired.bye, None, paired.bye))
        state = replay()
        if withdraw and rng.random() < 0.15:
            withdrawn.append(rng.choice(state.still_in()))
            state = replay()
        if reenter:
            for key in state.records:
                try:
                    lives.check_reentry(state, key)
                except lives.LivesError:
                    continue
                if rng.random() < 0.3:
                    reentries[key] = paired.number
            state = replay()
    pytest.fail("the rounds never stopped")


events = st.tuples(
    st.integers(2, 40),
    st.integers(lives.MIN_LIVES, lives.MAX_LIVES),
    st.sampled_from(lives.KNOCKOUT_SIZES),
    st.integers(0, 10**6),
    st.booleans(),
    st.booleans(),
)


# A whole event replayed per example: slow under a loaded machine, so no deadline.
@settings(max_examples=60, deadline=None)
@given(events)
def test_rounds_stop_exactly_at_n_and_everyone_still_in_goes_on(event):
    count, number_of_lives, size, seed, withdraw, reenter = event
    players = [f"p{n}" for n in range(count)]
    state = play_rounds(players, number_of_lives, size, seed, withdraw, reenter)
    left = state.still_in()
    # The rounds stopped at the first settled round that left at most N still in.
    assert state.rounds_over and not state.round_open
    assert len(left) <= size
    seeds = lives.knockout_seeds(state, rng_seed=seed)
    if len(left) >= 2:
        # Everyone still in goes on, nobody else, each once; the event is not yet decided.
        assert sorted(seeds) == sorted(left)
        assert not state.finished and state.winner is None
        # Seeded by lives place: never a player with more losses, or as many losses and
        # fewer wins, ahead of another.
        records = [state.records[key] for key in seeds]
        for better, worse in itertools.pairwise(records):
            assert (better.losses, -better.wins) <= (worse.losses, -worse.wins)
        # Nobody re-enters once the knockout is due.
        for key in state.records:
            with pytest.raises(lives.LivesError):
                lives.check_reentry(state, key)
    else:
        assert seeds == []  # one left (or none): the lives places are final
        assert state.finished


def test_a_field_of_n_or_fewer_still_plays_its_first_round():
    state = lives.replay(["a", "b", "c", "d"], [], 2, lives.KNOCKOUT, knockout_of=4)
    paired = lives.next_round(state)
    assert paired is not None and paired.number == 1 and len(paired.pairs) == 2


def test_seeds_tied_on_losses_and_wins_are_ordered_by_lot_from_the_draw_seed():
    games = [Game(1, "a", "b", "a"), Game(1, "c", "d", "c"), Game(1, "e", None, "e")]
    state = lives.replay("abcde", games, 2, lives.KNOCKOUT, knockout_of=8)
    assert state.rounds_over
    orders = {tuple(lives.knockout_seeds(state, rng_seed=seed)) for seed in range(40)}
    # a, c and e each have a win and no loss: they lead in an order the seed draws;
    # b and d, one loss each, follow.
    assert {order[:3] for order in orders} > {("a", "c", "e")}
    assert all(set(order[:3]) == {"a", "c", "e"} for order in orders)
    assert all(set(order[3:]) == {"b", "d"} for order in orders)
    assert lives.knockout_seeds(state, rng_seed=7) == lives.knockout_seeds(state, rng_seed=7)


def test_fewer_losses_seed_first():
    games = [
        Game(1, "a", "b", "a"),
        Game(1, "c", "d", "c"),
        Game(1, "e", "f", "e"),
        Game(2, "a", "c", "a"),
        Game(2, "e", "b", "b"),
        Game(2, "d", "f", "f"),
    ]
    state = lives.replay("abcdef", games, 2, lives.KNOCKOUT, knockout_of=4)
    # d is out (two losses); five still in: more than four, so a third round is paired.
    assert sorted(state.still_in()) == ["a", "b", "c", "e", "f"]
    assert lives.next_round(state) is not None
    games += [Game(3, "a", "b", "a"), Game(3, "c", "e", "c"), Game(3, "f", None, "f")]
    state = lives.replay("abcdef", games, 2, lives.KNOCKOUT, knockout_of=4)
    # b and e are out at their second loss: three still in, the rounds stop.
    assert sorted(state.still_in()) == ["a", "c", "f"]
    assert lives.next_round(state) is None
    # a, unbeaten, is seed 1; c and f (two wins, one loss) follow in an order by lot.
    for seed in range(10):
        seeds = lives.knockout_seeds(state, rng_seed=seed)
        assert seeds[0] == "a" and sorted(seeds[1:]) == ["c", "f"]


def test_the_knockout_is_of_4_8_or_16():
    with pytest.raises(lives.LivesError):
        lives.replay("abcd", [], 3, lives.KNOCKOUT, knockout_of=6)
    with pytest.raises(lives.LivesError):
        lives.replay("abcd", [], 3, lives.KNOCKOUT)
