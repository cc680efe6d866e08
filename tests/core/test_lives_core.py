"""A Swiss with lives: the rules a player and a director care about, played out on
random events (hypothesis) and on small ones worked by hand."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core import lives
from tournament.core.lives import Game


def play(players, number_of_lives, playoff, seed, reenter=False, check=None, withdraw=False):
    """Play an event to its end with random results; `check(state, next_round)` is
    called before every round. Returns the final state and every game."""
    rng = random.Random(seed)
    games: list[Game] = []
    reentries: dict = {}
    withdrawn: list = []
    state = lives.replay(players, games, number_of_lives, playoff)
    for _round in range(500):
        paired = lives.next_round(state, seed=len(games))
        if paired is None:
            break
        if check:
            check(state, paired)
        for first, second in paired.pairs:
            games.append(Game(paired.number, first, second, rng.choice((first, second))))
        if paired.bye is not None:
            games.append(Game(paired.number, paired.bye, None, paired.bye))
        state = lives.replay(players, games, number_of_lives, playoff, reentries, withdrawn)
        if withdraw and len(state.still_in()) >= 3 and rng.random() < 0.2:
            withdrawn.append(rng.choice(state.still_in()))
            state = lives.replay(players, games, number_of_lives, playoff, reentries, withdrawn)
        if reenter:
            for key in state.records:
                try:
                    lives.check_reentry(state, key)
                except lives.LivesError:
                    continue
                if rng.random() < 0.3:
                    reentries[key] = paired.number
            state = lives.replay(players, games, number_of_lives, playoff, reentries, withdrawn)
    else:
        pytest.fail("the event never ended")
    return state, games, reentries


events = st.tuples(
    st.integers(2, 24),
    st.integers(lives.MIN_LIVES, lives.MAX_LIVES),
    st.sampled_from(lives.PLAYOFFS),
    st.integers(0, 10**6),
    st.booleans(),
)


@settings(max_examples=60, deadline=None)
@given(events)
def test_everyone_still_in_plays_once_a_round_or_has_the_bye(event):
    size, number_of_lives, playoff, seed, reenter = event

    def check(state, paired):
        seated = [key for pair in paired.pairs for key in pair]
        if paired.bye is not None:
            seated.append(paired.bye)
        assert sorted(seated) == sorted(state.still_in())
        # No second bye while someone still in has had none.
        if paired.bye in state.had_bye:
            assert set(state.still_in()) <= state.had_bye

    play(list(range(size)), number_of_lives, playoff, seed, reenter, check)


@settings(max_examples=60, deadline=None)
@given(events)
def test_a_player_is_out_exactly_at_the_nth_loss(event):
    size, number_of_lives, playoff, seed, _reenter = event
    state, games, _ = play(list(range(size)), number_of_lives, playoff, seed)
    final_from = state.final_from
    for key, record in state.records.items():
        losses = [
            game.round
            for game in games
            if game.second is not None and game.winner != key and key in (game.first, game.second)
        ]
        assert record.losses == len(losses)
        in_the_end_game = final_from is not None and losses and losses[-1] >= final_from
        if record.out_round is None:
            assert record.losses < number_of_lives
        elif not in_the_end_game:
            # Out at the round of the Nth loss, never before, and never paired after.
            assert record.losses == number_of_lives
            assert record.out_round == losses[number_of_lives - 1]
            assert not [
                g for g in games if g.round > record.out_round and key in (g.first, g.second)
            ]


@settings(max_examples=60, deadline=None)
@given(events)
def test_the_event_ends_with_one_winner_and_places_rank_everyone(event):
    size, number_of_lives, playoff, seed, reenter = event
    state, _games, reentries = play(list(range(size)), number_of_lives, playoff, seed, reenter)
    assert state.finished
    assert state.winner is not None
    ranked = lives.places(state)
    assert sorted(record.player for _place, record in ranked) == list(range(size))
    assert ranked[0] == (1, state.records[state.winner])
    assert [place for place, _record in ranked].count(1) == 1
    placed = [place for place, _record in ranked]
    assert placed == sorted(placed)
    # Later out, better place; a re-entered player is counted from their last life.
    for (_place, a), (_next_place, b) in itertools.pairwise(ranked):
        if a.out_round and b.out_round:
            assert a.out_round >= b.out_round
    # A re-entered player came back with one life: out again at exactly N losses.
    for key in reentries:
        record = state.records[key]
        if record.reentered and record.out_round and playoff == lives.LIVES_TO_THE_END:
            assert record.losses == number_of_lives


def test_a_final_between_two_decides_whatever_their_losses():
    # Two players from the start, three lives: round 1 is already the final.
    state = lives.replay([0, 1], [Game(1, 0, 1, 1)], 3, lives.SINGLE_FINAL)
    assert state.finished and state.winner == 1
    assert state.records[0].losses == 1  # out with lives left: the final's loser
    # Played to the last life, the same loss leaves two lives.
    state = lives.replay([0, 1], [Game(1, 0, 1, 1)], 3, lives.LIVES_TO_THE_END)
    assert not state.finished and state.lives_left(0) == 2


# Three players, three lives: 2 goes out at round 4; 0 has no loss, 1 has one.
END_GAME = [
    Game(1, 0, 1, 0),
    Game(1, 2, None, 2),
    Game(2, 1, 2, 1),
    Game(2, 0, None, 0),
    Game(3, 1, 2, 1),
    Game(3, 0, None, 0),
    Game(4, 1, 2, 1),
    Game(4, 0, None, 0),
]


def test_the_leader_must_be_beaten_twice():
    state = lives.replay([0, 1, 2], END_GAME, 3, lives.BEATEN_TWICE)
    assert state.still_in() == [0, 1]
    paired = lives.next_round(state)
    assert paired.final and len(paired.pairs) == 1
    # 1 beats the leader once: a second match is due.
    after_one = [*END_GAME, Game(5, 0, 1, 1)]
    state = lives.replay([0, 1, 2], after_one, 3, lives.BEATEN_TWICE)
    assert not state.finished
    # 1 beats them again: 1 wins though 0 has a life left, 0 second, 2 third.
    state = lives.replay([0, 1, 2], [*after_one, Game(6, 0, 1, 1)], 3, lives.BEATEN_TWICE)
    assert state.winner == 1 and state.lives_left(0) == 1
    assert [(place, record.player) for place, record in lives.places(state)] == [
        (1, 1),
        (2, 0),
        (3, 2),
    ]


def test_the_leader_who_wins_the_first_final_wins():
    state = lives.replay([0, 1, 2], [*END_GAME, Game(5, 0, 1, 0)], 3, lives.BEATEN_TWICE)
    assert state.winner == 0


def test_the_one_who_trails_is_out_at_their_first_final_loss():
    state = lives.replay([0, 1, 2], [*END_GAME, Game(5, 0, 1, 0)], 3, lives.BEATEN_TWICE)
    assert state.records[1].out_round == 5 and state.lives_left(1) == 1


def test_players_with_the_same_record_share_a_place():
    # Four players, two lives: 2 and 3 go out together in round 2, 0 and 1 play the final.
    games = [Game(1, 0, 2, 0), Game(1, 1, 3, 1), Game(2, 0, 2, 0), Game(2, 1, 3, 1)]
    games.append(Game(3, 0, 1, 0))
    state = lives.replay([0, 1, 2, 3], games, 2, lives.SINGLE_FINAL)
    assert state.winner == 0
    assert [(place, record.player) for place, record in lives.places(state)] == [
        (1, 0),
        (2, 1),
        (3, 2),
        (3, 3),
    ]


def test_re_entry_comes_back_with_one_life_once():
    players = list(range(6))
    games = [Game(1, 0, 1, 0), Game(1, 2, 3, 2), Game(1, 4, 5, 4)]
    games += [Game(2, 1, 3, 1), Game(2, 0, 2, 0), Game(2, 4, 5, 4)]
    state = lives.replay(players, games, 2)
    assert state.records[5].out_round == 2
    lives.check_reentry(state, 5)
    with pytest.raises(lives.LivesError):
        lives.check_reentry(state, 0)  # still in
    state = lives.replay(players, games, 2, reentries={5: 2})
    assert state.records[5].still_in() and state.lives_left(5) == 1
    with pytest.raises(lives.LivesError):
        lives.check_reentry(state, 5)
    assert 5 in [key for pair in lives.next_round(state).pairs for key in pair]


def test_the_bye_goes_to_the_fewest_lives_left():
    games = [Game(1, 0, 1, 0), Game(1, 2, None, 2)]
    state = lives.replay([0, 1, 2], games, 3)
    assert lives.next_round(state).bye == 1


def test_a_withdrawal_that_leaves_two_makes_the_next_round_the_final():
    # Three players, three lives: 2 withdraws after round 1; 0 and 1 then play a final.
    games = [Game(1, 0, 1, 0), Game(1, 2, None, 2)]
    state = lives.replay([0, 1, 2], games, 3, lives.SINGLE_FINAL, withdrawn=[2])
    paired = lives.next_round(state)
    assert paired.final and paired.pairs and paired.bye is None
    final = [*games, Game(2, *paired.pairs[0], winner=paired.pairs[0][0])]
    state = lives.replay([0, 1, 2], final, 3, lives.SINGLE_FINAL, withdrawn=[2])
    assert state.finished and state.winner == paired.pairs[0][0]
    assert [place for place, _record in lives.places(state)] == [1, 2, 3]


@settings(max_examples=40, deadline=None)
@given(events)
def test_withdrawals_leave_the_pairing_whole_and_one_winner(event):
    size, number_of_lives, playoff, seed, reenter = event

    def check(state, paired):
        seated = [key for pair in paired.pairs for key in pair]
        if paired.bye is not None:
            seated.append(paired.bye)
        assert sorted(seated) == sorted(state.still_in())

    state, _games, _ = play(
        list(range(size)), number_of_lives, playoff, seed, reenter, check, withdraw=True
    )
    assert state.finished and state.winner is not None
    ranked = lives.places(state)
    assert ranked[0] == (1, state.records[state.winner])
    assert sorted(record.player for _place, record in ranked) == list(range(size))
