"""Tests of the pure knockout-draw planner and resolver (tournament/core/draw/)."""

from __future__ import annotations

import ast
import itertools
import math
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core import draw
from tournament.core.draw import (
    BYE,
    CONSOLATION,
    DECIDED,
    ENTRY_LOSER,
    FIRST_LOSER,
    FIRST_ROUND,
    LAST_CHANCE,
    LOSER,
    MAIN,
    NO_CONSOLATION,
    PENDING,
    PROGRESSIVE,
    READY,
    VOID,
    WINNER,
    DrawError,
    PlannedMatch,
    Slot,
    Source,
    champion,
    dependents,
    final_places,
    make_plan,
    resolve,
    seed_positions,
)

# (consolation, progressive_rounds, last_chance): every format the brief asks about.
CONFIGS = [
    (NO_CONSOLATION, 2, False),
    (FIRST_ROUND, 2, False),
    (FIRST_ROUND, 2, True),
    (PROGRESSIVE, 1, False),
    (PROGRESSIVE, 1, True),
    (PROGRESSIVE, 2, False),
    (PROGRESSIVE, 2, True),
    (PROGRESSIVE, 3, False),
    (PROGRESSIVE, 3, True),
]


def players(count: int) -> list[str]:
    return [f"P{number:03d}" for number in range(1, count + 1)]


def next_power_of_two(count: int) -> int:
    return 1 << (count - 1).bit_length()


def effective_depth(consolation: str, progressive_rounds: int, size: int) -> int:
    """How many main rounds feed the consolation (0: no consolation bracket)."""
    if consolation == NO_CONSOLATION:
        return 0
    if consolation == FIRST_ROUND:
        return 1 if size >= 4 else 0
    return min(progressive_rounds, int(math.log2(size)) - 1)


def play(plan, pick):
    """Decide ready matches, a batch at a time, until none is left; check bookings as we go."""
    outcomes: dict[Slot, int] = {}
    while True:
        states = resolve(plan, outcomes)
        assert_nobody_double_booked(states)
        ready = [slot for slot, state in states.items() if state.status == READY]
        if not ready:
            return outcomes, states
        for slot in ready:
            outcomes[slot] = pick(slot)


def assert_nobody_double_booked(states) -> None:
    busy = Counter(
        player
        for state in states.values()
        if state.status in (PENDING, READY)
        for player in state.players
        if player is not None
    )
    assert not [player for player, count in busy.items() if count > 1]


def entry_players(plan, states, kind) -> list[object]:
    """The players who came into a bracket through a non-winner source."""
    return [
        states[match.slot].players[side]
        for match in plan.bracket(kind).matches
        for side, source in enumerate(match.sources)
        if source.kind != WINNER and states[match.slot].players[side] is not None
    ]


def history(plan, states, kind) -> dict[object, list]:
    """Player -> the resolutions of their matches in a bracket, by round."""
    found: dict[object, list] = {}
    for match in plan.bracket(kind).matches:
        state = states[match.slot]
        for player in state.players:
            if player is not None:
                found.setdefault(player, []).append(state)
    return found


def first_real_match_lost(games, player) -> bool:
    decided = [state for state in games if state.status == DECIDED]
    return bool(decided) and decided[0].losing_player == player


# --- seed_positions ----------------------------------------------------------------------


def test_seed_positions_exact_lists():
    assert seed_positions(1) == [1]
    assert seed_positions(2) == [1, 2]
    assert seed_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_positions(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]


@pytest.mark.parametrize("size", [2**power for power in range(0, 9)])
def test_seed_positions_properties(size):
    lines = seed_positions(size)
    assert sorted(lines) == list(range(1, size + 1))
    assert all(lines[i] + lines[i + 1] == size + 1 for i in range(0, size - 1, 2))
    if size >= 2:
        half = size // 2
        assert (lines.index(1) < half) != (lines.index(2) < half)
    if size >= 4:
        quarters = {lines.index(seed) // (size // 4) for seed in (1, 2, 3, 4)}
        assert quarters == {0, 1, 2, 3}
    # Stronger: the top 2^k seeds are in different blocks of size / 2^k at every level.
    width = size
    top = 1
    while width >= 1 and top <= size:
        assert len({lines.index(seed) // width for seed in range(1, top + 1)}) == top
        width //= 2
        top *= 2


@pytest.mark.parametrize("size", [0, -4, 3, 6, 12, 255, True, 2.0, "8"])
def test_seed_positions_rejects_non_powers_of_two(size):
    with pytest.raises(DrawError):
        seed_positions(size)


# --- make_plan: input checks -------------------------------------------------------------


@pytest.mark.parametrize(
    ("entrants", "kwargs"),
    [
        (["a"], {}),
        ([], {}),
        (list(range(257)), {}),
        (["a", "b", "a"], {}),
        (["a", None], {}),
        ([["a"], ["b"]], {}),
        ("abcd", {}),
        (["a", "b"], {"seeds": {"c": 1}}),
        (["a", "b"], {"seeds": {"a": 1, "b": 1}}),
        (["a", "b"], {"seeds": {"a": 0}}),
        (["a", "b"], {"seeds": {"a": -3}}),
        (["a", "b"], {"seeds": {"a": True}}),
        (["a", "b"], {"seeds": {"a": 1.5}}),
        (["a", "b"], {"consolation": "double"}),
        (["a", "b", "c", "d"], {"consolation": PROGRESSIVE, "progressive_rounds": 0}),
        (["a", "b", "c", "d"], {"last_chance": True}),
        (["a", "b", "c", "d"], {"consolation": NO_CONSOLATION, "last_chance": True}),
        (["a", "b"], {"rng_seed": "7"}),
        (["a", "b"], {"rng_seed": 1.0}),
    ],
)
def test_make_plan_rejects_bad_input(entrants, kwargs):
    kwargs = {"rng_seed": 1, **kwargs}
    with pytest.raises(DrawError):
        make_plan(entrants, **kwargs)


def test_draw_error_message_is_a_marked_template():
    with pytest.raises(DrawError) as caught:
        make_plan(["a"], rng_seed=1)
    error = caught.value
    assert str(error) == "A draw needs at least 2 entrants, not 1."
    assert error.template == "A draw needs at least %(minimum)d entrants, not %(count)d."
    catalan = {
        error.template: "Un sorteig necessita almenys %(minimum)d participants, no %(count)d."
    }
    assert error.message(catalan.get) == "Un sorteig necessita almenys 2 participants, no 1."


def test_limits_are_accepted():
    assert make_plan(players(2), rng_seed=0).size == 2
    assert make_plan(players(256), rng_seed=0).size == 256


# --- the main bracket ---------------------------------------------------------------------


@pytest.mark.parametrize("count", range(2, 65))
def test_main_bracket_places_everyone_once_and_byes_only_face_entrants(count):
    field = players(count)
    plan = make_plan(field, rng_seed=count)
    size = next_power_of_two(count)
    main = plan.bracket(MAIN)
    assert plan.size == size
    assert main.rounds == int(math.log2(size))
    assert plan.entrants == tuple(field)
    assert sorted(plan.seed_order) == sorted(field)
    first = main.round_matches(1)
    assert len(first) == size // 2
    sources = [source for match in first for source in match.sources]
    assert sorted(source.entrant for source in sources if source.kind == "entrant") == field
    assert sum(source.kind == BYE for source in sources) == size - count
    assert {source.kind for source in sources} <= {"entrant", BYE}
    for match in first:
        assert [source.kind for source in match.sources].count(BYE) <= 1
    for number in range(2, main.rounds + 1):
        for position, match in enumerate(main.round_matches(number), 1):
            assert match.sources == (
                Source(WINNER, match=Slot(MAIN, number - 1, 2 * position - 1)),
                Source(WINNER, match=Slot(MAIN, number - 1, 2 * position)),
            )


def test_two_byes_never_meet_for_any_field_size():
    # With n entrants in a bracket of S, a bye is a seed k > n, whose first-round opponent
    # is seed S + 1 - k <= S - n < n (as n > S / 2): always a player. Checked exhaustively.
    for count in range(2, 257):
        plan = make_plan(players(count), rng_seed=count)
        for match in plan.bracket(MAIN).round_matches(1):
            assert match.sources.count(Source(BYE)) <= 1


@pytest.mark.parametrize("count", range(2, 65))
def test_entrants_sit_on_their_seed_lines_and_byes_go_to_the_top_seeds(count):
    field = players(count)
    # Sparse seed numbers on purpose: only their order matters.
    seeded = field[-max(1, count // 3) :]
    seeds = {entrant: 10 * (rank + 1) for rank, entrant in enumerate(reversed(seeded))}
    plan = make_plan(field, seeds=seeds, rng_seed=7)
    by_number = sorted(seeds, key=seeds.get)
    assert list(plan.seed_order[: len(by_number)]) == by_number
    size = plan.size
    lines = [source for match in plan.bracket(MAIN).round_matches(1) for source in match.sources]
    for line, seed in enumerate(seed_positions(size)):
        expected = plan.seed_order[seed - 1] if seed <= count else None
        assert lines[line].entrant == expected
    byes = size - count
    with_bye = {
        source.entrant
        for match in plan.bracket(MAIN).round_matches(1)
        if Source(BYE) in match.sources
        for source in match.sources
        if source.kind == "entrant"
    }
    assert with_bye == set(plan.seed_order[:byes])
    assert set(by_number[:byes]) <= with_bye


def test_unseeded_byes_are_spread_across_the_draw():
    # 20 players in 32: 12 byes, 4 seeded; the 8 unseeded bye-holders are drawn at random
    # but sit on the lines of seeds 5-12, so every quarter of the draw gets 3 byes.
    field = players(20)
    seeds = {field[0]: 1, field[1]: 2, field[2]: 3, field[3]: 4}
    for rng_seed in range(5):
        plan = make_plan(field, seeds=seeds, rng_seed=rng_seed)
        first = plan.bracket(MAIN).round_matches(1)
        bye_matches = [i for i, match in enumerate(first) if Source(BYE) in match.sources]
        assert Counter(i // 4 for i in bye_matches) == {0: 3, 1: 3, 2: 3, 3: 3}
        # The 8 R2 matches of seeds 1-8 each hold one bye; seeds 9-12 add a second to 4.
        assert sorted(Counter(i // 2 for i in bye_matches).values()) == [1] * 4 + [2] * 4


def test_same_seed_same_plan_and_other_seeds_other_plans():
    field = players(24)
    for consolation, depth, last_chance in CONFIGS:
        options = {
            "consolation": consolation,
            "progressive_rounds": depth,
            "last_chance": last_chance,
        }
        assert make_plan(field, rng_seed=99, **options) == make_plan(field, rng_seed=99, **options)
    orders = {make_plan(field, rng_seed=seed).seed_order for seed in range(20)}
    assert len(orders) == 20
    plans = {make_plan(field, rng_seed=seed, consolation=PROGRESSIVE) for seed in range(20)}
    assert len(plans) == 20
    # The draw is a function of its inputs, not of the objects that carry them.
    assert make_plan(tuple(field), rng_seed=99) == make_plan(list(field), rng_seed=99)


def test_seeding_everyone_leaves_nothing_to_chance():
    field = players(12)
    seeds = {entrant: number for number, entrant in enumerate(field, 1)}
    assert {make_plan(field, seeds=seeds, rng_seed=seed).brackets for seed in range(5)} == {
        make_plan(field, seeds=seeds, rng_seed=0).brackets
    }


# --- bracket shapes ------------------------------------------------------------------------


def assert_tree(bracket) -> None:
    """Each match but the final feeds exactly one later match of its bracket; one final."""
    assert len(bracket.round_matches(bracket.rounds)) == 1
    assert bracket.final.slot == Slot(bracket.kind, bracket.rounds, 1)
    assert [match.slot for match in bracket.matches] == sorted(
        match.slot for match in bracket.matches
    )
    fed = Counter(
        source.match
        for match in bracket.matches
        for source in match.sources
        if source.kind == WINNER
    )
    for match in bracket.matches:
        for source in match.sources:
            if source.kind == WINNER:
                assert source.match.bracket == bracket.kind
                assert source.match.round == match.slot.round - 1
    for match in bracket.matches[:-1]:
        assert fed[match.slot] == 1
    assert fed[bracket.final.slot] == 0
    for number in range(1, bracket.rounds + 1):
        positions = [match.slot.position for match in bracket.round_matches(number)]
        assert positions == list(range(1, len(positions) + 1))


@pytest.mark.parametrize("count", range(2, 65))
@pytest.mark.parametrize(("consolation", "depth", "last_chance"), CONFIGS)
def test_bracket_shapes(count, consolation, depth, last_chance):
    plan = make_plan(
        players(count),
        consolation=consolation,
        progressive_rounds=depth,
        last_chance=last_chance,
        rng_seed=count,
    )
    main = plan.bracket(MAIN)
    feeding = effective_depth(consolation, depth, plan.size)
    kinds = [bracket.kind for bracket in plan.brackets]
    expected = [MAIN]
    if feeding:
        expected.append(CONSOLATION)
        if last_chance and plan.size >= 8:
            expected.append(LAST_CHANCE)
    assert kinds == expected
    for bracket in plan.brackets:
        assert_tree(bracket)

    # Every loser of a feeding round has exactly one slot downstream.
    drops = Counter(
        (source.kind, source.match)
        for bracket in plan.brackets[1:]
        for match in bracket.matches
        for source in match.sources
        if source.kind in (LOSER, FIRST_LOSER)
    )
    assert all(count == 1 for count in drops.values())
    if not feeding:
        return
    consolation_plan = plan.bracket(CONSOLATION)
    sources = [source for match in consolation_plan.matches for source in match.sources]
    first = main.round_matches(1)
    if feeding == 1:
        assert consolation_plan.rounds == main.rounds - 1
        for match in first:
            kind = FIRST_LOSER if Source(BYE) in match.sources else LOSER
            assert drops[(kind, match.slot)] == 1
        assert all(
            source.kind in (LOSER, FIRST_LOSER) for source in sources if source.kind != WINNER
        )
    else:
        assert consolation_plan.rounds == main.rounds + feeding - 2
        for match in first:
            has_bye = Source(BYE) in match.sources
            assert drops[(LOSER, match.slot)] == (0 if has_bye else 1)
        assert sources.count(Source(BYE)) == sum(Source(BYE) in match.sources for match in first)
        for number in range(2, main.rounds + 1):
            for match in main.round_matches(number):
                assert drops[(LOSER, match.slot)] == (1 if number <= feeding else 0)
        assert all(source.kind != FIRST_LOSER for source in sources)
    if LAST_CHANCE in kinds:
        for match in consolation_plan.round_matches(1):
            assert drops[(FIRST_LOSER, match.slot)] == 1
        # A slot for every later consolation match players drop into, too (the player
        # who dropped in there, if they lose their first match), then byes to a power
        # of two, never two byes in a match.
        entries = [
            match.slot
            for match in consolation_plan.matches
            if match.slot.round > 1 and any(source.kind != WINNER for source in match.sources)
        ]
        last = plan.bracket(LAST_CHANCE)
        slots = [source for match in last.round_matches(1) for source in match.sources]
        assert sorted(source.match for source in slots if source.kind == ENTRY_LOSER) == entries
        real = len(consolation_plan.round_matches(1)) + len(entries)
        assert len(slots) == next_power_of_two(real)
        assert all(match.sources != (Source(BYE), Source(BYE)) for match in last.round_matches(1))
    # The main final's loser never drops into a consolation.
    assert (LOSER, main.final.slot) not in drops


@pytest.mark.parametrize(("consolation", "depth", "last_chance"), CONFIGS)
def test_matches_come_after_what_they_depend_on(consolation, depth, last_chance):
    for count in (3, 5, 11, 13, 29, 37, 64):
        plan = make_plan(
            players(count),
            consolation=consolation,
            progressive_rounds=depth,
            last_chance=last_chance,
            rng_seed=count,
        )
        order = [match.slot for match in plan.matches()]
        assert sorted(order) == sorted(m.slot for b in plan.brackets for m in b.matches)
        where = {slot: index for index, slot in enumerate(order)}
        for match in plan.matches():
            for source in match.sources:
                if source.match is not None:
                    assert where[source.match] < where[match.slot]
                if source.kind == FIRST_LOSER:
                    # The bye-holder's first real match is the one their bye feeds.
                    bracket = plan.bracket(source.match.bracket)
                    onward = next(
                        m.slot
                        for m in bracket.matches
                        if Source(WINNER, match=source.match) in m.sources
                    )
                    assert where[onward] < where[match.slot]
        assert plan.match(order[-1]).slot == order[-1]


# --- consolation pairings ------------------------------------------------------------------


@pytest.mark.parametrize("count", range(4, 65))
def test_first_round_pairings_avoid_empty_meetings_and_neighbours(count):
    plan = make_plan(players(count), consolation=FIRST_ROUND, last_chance=True, rng_seed=count)
    first = plan.bracket(CONSOLATION).round_matches(1)
    maybe_empty = [sum(source.kind == FIRST_LOSER for source in match.sources) for match in first]
    byes = plan.size - count
    slots = len(first)  # one consolation R1 match per two main R1 matches
    # Lower bound: every bye slot beyond one per match must share a match with another.
    assert maybe_empty.count(2) == max(0, byes - slots)
    neighbours = 0
    for match in first:
        a, b = (source.match.position for source in match.sources)
        neighbours += (a + 1) // 2 == (b + 1) // 2
    assert neighbours == (1 if plan.size == 4 else 0)


def block(plan, slot: Slot) -> set:
    """The entrants who can reach a main match: all a loser of it may have beaten."""
    main = plan.bracket(MAIN)
    lines = [source.entrant for match in main.round_matches(1) for source in match.sources]
    width = 2**slot.round
    return {
        entrant for entrant in lines[(slot.position - 1) * width : slot.position * width] if entrant
    }


def clashes_at_drop_in(plan, round_number) -> tuple[list[set], list[set]]:
    """For one drop-in round: the entrants who may hold each consolation side, and the
    entrants each dropping player may have beaten (traced independently of draw.py)."""

    def reach(source: Source) -> set:
        if source.kind == BYE:
            return set()
        if source.kind == LOSER and source.match.bracket == MAIN:
            return block(plan, source.match)
        fed = plan.match(source.match)
        return reach(fed.sources[0]) | reach(fed.sources[1])

    holders, beaten = [], []
    for match in plan.bracket(CONSOLATION).round_matches(round_number):
        stay, drop = match.sources
        holders.append(reach(stay))
        beaten.append(block(plan, drop.match))
    return holders, beaten


def drop_in_rounds(plan) -> list[int]:
    return sorted(
        {
            match.slot.round
            for match in plan.bracket(CONSOLATION).matches
            if match.slot.round > 1 and match.sources[1].kind == LOSER
        }
    )


@pytest.mark.parametrize("count", [8, 13, 16, 27, 32, 50, 64, 100, 128, 200, 256])
def test_progressive_drop_ins_avoid_every_avoidable_rematch(count):
    rounds = int(math.log2(next_power_of_two(count)))
    for depth in range(2, rounds):
        plan = make_plan(
            players(count), consolation=PROGRESSIVE, progressive_rounds=depth, rng_seed=1
        )
        dropped = drop_in_rounds(plan)
        assert len(dropped) == depth - 1
        for round_number in dropped:
            holders, beaten = clashes_at_drop_in(plan, round_number)
            used = sum(bool(h & b) for h, b in zip(holders, beaten, strict=True))
            if used == 0:
                continue
            # A rematch is only allowed when no ordering of the drop-ins avoids it.
            assert len(beaten) <= 8, f"{count} {depth}: {used} rematches among many drop-ins"
            best = min(
                sum(bool(holders[i] & beaten[order[i]]) for i in range(len(beaten)))
                for order in itertools.permutations(range(len(beaten)))
            )
            assert used == best


def test_plain_reversed_order_would_allow_a_rematch():
    # Why draw.py searches: with 32 players and 3 dropping rounds, dropping the main R3
    # losers in reversed order would pair players with whoever beat them; the plan does not.
    plan = make_plan(players(32), consolation=PROGRESSIVE, progressive_rounds=3, rng_seed=1)
    second = drop_in_rounds(plan)[1]
    holders, beaten = clashes_at_drop_in(plan, second)
    assert len(holders) == 4
    reversed_blocks = [block(plan, Slot(MAIN, 3, position)) for position in (4, 3, 2, 1)]
    assert sum(bool(h & b) for h, b in zip(holders, reversed_blocks, strict=True)) > 0
    assert sum(bool(h & b) for h, b in zip(holders, beaten, strict=True)) == 0


@pytest.mark.parametrize("size", [16, 32, 64])
def test_progressive_drop_ins_never_meet_who_beat_them_in_play(size):
    rounds = int(math.log2(size))
    for depth in range(2, rounds):
        plan = make_plan(
            players(size), consolation=PROGRESSIVE, progressive_rounds=depth, rng_seed=5
        )
        avoidable = [
            number
            for number in drop_in_rounds(plan)
            if not any(h & b for h, b in zip(*clashes_at_drop_in(plan, number), strict=True))
        ]
        for seed in range(3):
            rng = random.Random(seed)
            _, states = play(plan, lambda slot, rng=rng: rng.randrange(2))
            beat = {
                (state.winning_player, state.losing_player)
                for slot, state in states.items()
                if slot.bracket == MAIN and state.status == DECIDED
            }
            for match in plan.bracket(CONSOLATION).matches:
                if match.slot.round in avoidable:
                    stay, drop = states[match.slot].players
                    assert (drop, stay) not in beat


# --- resolving: whole tournaments ------------------------------------------------------------


@pytest.mark.parametrize(("consolation", "depth", "last_chance"), CONFIGS)
def test_every_tournament_plays_out(consolation, depth, last_chance):
    for count in range(2, 65):
        seeds = {f"P{number:03d}": number for number in range(1, count // 4 + 1)}
        plan = make_plan(
            players(count),
            seeds=seeds,
            consolation=consolation,
            progressive_rounds=depth,
            last_chance=last_chance,
            rng_seed=count,
        )
        rng = random.Random(count)
        picks = [lambda slot: 0, lambda slot, rng=rng: rng.randrange(2)]
        for pick in picks if count % 4 == 0 else picks[1:]:
            _, states = play(plan, pick)
            check_final_state(plan, states, consolation, depth)


def check_final_state(plan, states, consolation, depth) -> None:
    assert {state.status for state in states.values()} <= {DECIDED, BYE, VOID}
    for bracket in plan.brackets:
        for number in range(1, bracket.rounds + 1):
            in_round = [
                player
                for match in bracket.round_matches(number)
                for player in states[match.slot].players
                if player is not None
            ]
            assert len(in_round) == len(set(in_round))
        entered = entry_players(plan, states, bracket.kind)
        assert len(entered) == len(set(entered)), "someone entered a bracket twice"
        winner = champion(plan, states, bracket.kind)
        if len(entered) >= 2:
            assert winner in entered
            places = final_places(plan, states, bracket.kind)
            assert places[winner] == (1, 1)
            assert set(places) == set(entered)
            assert [place for place in places.values()].count((1, 1)) == 1
        else:
            # Nobody, or one player on byes alone: not played, no title, no place.
            assert winner is None
            assert final_places(plan, states, bracket.kind) == {}
            expected_final = BYE if entered else VOID
            assert states[bracket.final.slot].status == expected_final
    assert entry_players(plan, states, MAIN) == [
        source.entrant
        for match in plan.bracket(MAIN).round_matches(1)
        for source in match.sources
        if source.kind == "entrant"
    ]

    feeding = effective_depth(consolation, depth, plan.size)
    if not feeding:
        return
    main_games = history(plan, states, MAIN)
    if feeding == 1:
        expected = [p for p, games in main_games.items() if first_real_match_lost(games, p)]
    else:
        expected = [
            state.losing_player
            for slot, state in states.items()
            if slot.bracket == MAIN and state.status == DECIDED and slot.round <= feeding
        ]
    assert sorted(entry_players(plan, states, CONSOLATION)) == sorted(expected)
    if plan.has_bracket(LAST_CHANCE):
        # Whoever loses their first consolation match, in whichever round they dropped in.
        consolation_games = history(plan, states, CONSOLATION)
        expected = [
            player
            for player, games in consolation_games.items()
            if first_real_match_lost(games, player)
        ]
        assert sorted(entry_players(plan, states, LAST_CHANCE)) == sorted(expected)


@settings(max_examples=40, deadline=None)
@given(
    count=st.integers(2, 40),
    config=st.sampled_from(CONFIGS),
    rng_seed=st.integers(0, 2**32),
    choices=st.randoms(use_true_random=False),
)
def test_any_order_of_results_gives_the_same_final_state(count, config, rng_seed, choices):
    consolation, depth, last_chance = config
    plan = make_plan(
        players(count),
        consolation=consolation,
        progressive_rounds=depth,
        last_chance=last_chance,
        rng_seed=rng_seed,
    )
    # Decide one ready match at a time, in a random order: the result must not depend on it.
    outcomes: dict[Slot, int] = {}
    while True:
        states = resolve(plan, outcomes)
        assert_nobody_double_booked(states)
        ready = [slot for slot, state in states.items() if state.status == READY]
        if not ready:
            break
        slot = choices.choice(ready)
        outcomes[slot] = choices.randrange(2)
    _, batch = play(plan, outcomes.__getitem__)
    assert batch == states
    check_final_state(plan, states, consolation, depth)


# --- resolving: the rules one by one ---------------------------------------------------------


def five_player_plan():
    # 5 in 8: seeds A, B, C have byes; D v E is the only real first-round match.
    field = ["A", "B", "C", "D", "E"]
    plan = make_plan(
        field,
        seeds={"A": 1, "B": 2, "C": 3, "D": 4, "E": 5},
        consolation=FIRST_ROUND,
        last_chance=True,
        rng_seed=0,
    )
    first = plan.bracket(MAIN).round_matches(1)
    assert [tuple(s.entrant for s in m.sources) for m in first] == [
        ("A", None),
        ("D", "E"),
        ("B", None),
        ("C", None),
    ]
    return plan


def consolation_side(plan, main_slot: Slot, kind: str) -> tuple[Slot, int]:
    for match in plan.bracket(CONSOLATION).round_matches(1):
        for side, source in enumerate(match.sources):
            if source == Source(kind, match=main_slot):
                return match.slot, side
    raise AssertionError(main_slot)


def test_bye_holder_who_loses_their_first_real_match_drops_into_consolation():
    plan = five_player_plan()
    a_bye = Slot(MAIN, 1, 1)
    slot, side = consolation_side(plan, a_bye, FIRST_LOSER)
    states = resolve(plan, {})
    assert states[a_bye].status == BYE
    assert states[a_bye].winning_player == "A"
    assert states[a_bye].loser is None
    # Until A's first real match is played, the consolation slot is unknown.
    assert states[slot].known[side] is False
    assert states[slot].status == PENDING
    states = resolve(plan, {Slot(MAIN, 1, 2): 1})  # E beats D
    assert states[Slot(MAIN, 2, 1)].players == ("A", "E")
    assert states[slot].known[side] is False
    lost = resolve(plan, {Slot(MAIN, 1, 2): 1, Slot(MAIN, 2, 1): 1})  # E beats A
    assert lost[slot].players[side] == "A"
    assert lost[slot].known[side] is True


def test_bye_holder_who_wins_their_first_real_match_leaves_an_empty_slot():
    plan = five_player_plan()
    a_slot, a_side = consolation_side(plan, Slot(MAIN, 1, 1), FIRST_LOSER)
    d_slot, d_side = consolation_side(plan, Slot(MAIN, 1, 2), LOSER)
    won = resolve(plan, {Slot(MAIN, 1, 2): 1, Slot(MAIN, 2, 1): 0})  # E beats D, A beats E
    assert won[a_slot].players[a_side] is None
    assert won[a_slot].known[a_side] is True
    assert won[d_slot].players[d_side] == "D"
    # A's consolation match waits for its other slot: B v C in main R2 M2.
    assert won[a_slot].status == PENDING
    assert won[a_slot].known == (True, False) or won[a_slot].known == (False, True)
    # D (a sure loser) never shares a first consolation match with another bye slot when
    # the counts allow: 3 bye slots in 2 matches force exactly one such meeting.
    first = plan.bracket(CONSOLATION).round_matches(1)
    assert sorted(sum(s.kind == FIRST_LOSER for s in m.sources) for m in first) == [1, 2]


def test_a_void_match_carries_emptiness_on():
    plan = five_player_plan()
    cons = plan.bracket(CONSOLATION)
    # 3 bye slots in 2 matches: A's and C's slots share one, D v E's loser faces B's.
    assert [m.sources for m in cons.round_matches(1)] == [
        (Source(FIRST_LOSER, match=Slot(MAIN, 1, 1)), Source(FIRST_LOSER, match=Slot(MAIN, 1, 4))),
        (Source(LOSER, match=Slot(MAIN, 1, 2)), Source(FIRST_LOSER, match=Slot(MAIN, 1, 3))),
    ]
    # D beats E, A beats D, C beats B: A and C never lose a first real match.
    outcomes = {Slot(MAIN, 1, 2): 0, Slot(MAIN, 2, 1): 0, Slot(MAIN, 2, 2): 1}
    states = resolve(plan, outcomes)
    void, real = cons.round_matches(1)
    assert states[void.slot].status == VOID
    assert states[void.slot].known == (True, True)
    assert states[void.slot].winner is None
    assert states[real.slot].players == ("E", "B")
    assert states[real.slot].status == READY
    states = resolve(plan, {**outcomes, real.slot: 1})  # B beats E
    assert states[cons.final.slot].status == BYE
    assert champion(plan, states, CONSOLATION) == "B"
    # The last chance: nobody from the void match, E from the real one.
    last = plan.bracket(LAST_CHANCE).final
    assert states[last.slot].players == (None, "E")
    # E alone came into it: no last chance was played, no champion, no place.
    assert champion(plan, states, LAST_CHANCE) is None
    assert final_places(plan, states, LAST_CHANCE) == {}
    assert final_places(plan, states, CONSOLATION) == {"E": (3, 4), "B": (1, 1)}


def knockout(kind: str, pairs) -> draw.BracketPlan:
    """A hand-made bracket: these first-round pairs, then winners meet down to a final."""
    rounds = [[PlannedMatch(Slot(kind, 1, i), pair) for i, pair in enumerate(pairs, 1)]]
    while len(rounds[-1]) > 1:
        before = rounds[-1]
        rounds.append(
            [
                PlannedMatch(
                    Slot(kind, len(rounds) + 1, i // 2 + 1),
                    (
                        Source(WINNER, match=before[i].slot),
                        Source(WINNER, match=before[i + 1].slot),
                    ),
                )
                for i in range(0, len(before), 2)
            ]
        )
    return draw.BracketPlan(kind, len(rounds), tuple(m for matches in rounds for m in matches))


def test_first_loser_follows_a_player_across_several_byes():
    # make_plan's pairings make two byes in a row rare, so build a consolation by hand in
    # which player 9 gets a bye in consolation R1 and another in R2 (the other R1 match
    # is void): their first real consolation match, and so their last-chance slot, is
    # decided by the consolation final.
    names = [f"S{number}" for number in range(1, 10)]
    seeded = make_plan(names, seeds={n: i for i, n in enumerate(names, 1)}, rng_seed=0)
    main = seeded.bracket(MAIN)
    first = [m.sources for m in main.round_matches(1)]
    assert first[1] == (Source("entrant", entrant="S8"), Source("entrant", entrant="S9"))

    def fl(position: int, bracket: str = MAIN) -> Source:
        return Source(FIRST_LOSER, match=Slot(bracket, 1, position))

    consolation = knockout(
        CONSOLATION,
        [
            (fl(1), fl(5)),
            (Source(LOSER, match=Slot(MAIN, 1, 2)), fl(3)),
            (fl(4), fl(6)),
            (fl(7), fl(8)),
        ],
    )
    last_chance = knockout(
        LAST_CHANCE,
        [(fl(1, CONSOLATION), fl(2, CONSOLATION)), (fl(3, CONSOLATION), fl(4, CONSOLATION))],
    )
    plan = draw.DrawPlan(
        entrants=seeded.entrants,
        seed_order=seeded.seed_order,
        size=16,
        consolation=FIRST_ROUND,
        progressive_rounds=2,
        last_chance=True,
        rng_seed=0,
        brackets=(main, consolation, last_chance),
    )
    # S8 beats S9; then S1, S4, S2 and S3 win their first real matches.
    outcomes = {Slot(MAIN, 1, 2): 0}
    outcomes.update({Slot(MAIN, 2, position): 0 for position in (1, 2, 3, 4)})
    states = resolve(plan, outcomes)
    c1, c2, c3, c4 = (Slot(CONSOLATION, 1, position) for position in (1, 2, 3, 4))
    assert states[c1].status == VOID
    assert (states[c2].status, states[c2].winning_player) == (BYE, "S9")
    assert (states[c4].status, states[c4].winning_player) == (BYE, "S6")
    assert states[c3].players == ("S5", "S7")
    bye_again = Slot(CONSOLATION, 2, 1)
    assert (states[bye_again].status, states[bye_again].winning_player) == (BYE, "S9")
    cons_final = consolation.final.slot
    last_first = Slot(LAST_CHANCE, 1, 1)
    # S9's last-chance slot waits for the consolation final, two byes later.
    assert states[last_first].known == (True, False)
    assert last_first in dependents(plan, cons_final)
    order = [m.slot for m in plan.matches()]
    assert order.index(cons_final) < order.index(last_first)
    outcomes.update({c3: 0, Slot(CONSOLATION, 2, 2): 0})  # S5 beats S7, then S6
    states = resolve(plan, outcomes)
    assert states[cons_final].players == ("S9", "S5")
    lost = resolve(plan, {**outcomes, cons_final: 1})
    assert lost[last_first].players == (None, "S9")
    assert lost[last_first].status == BYE
    won = resolve(plan, {**outcomes, cons_final: 0})
    assert won[last_first].players == (None, None)
    assert won[last_first].status == VOID
    assert champion(plan, won, CONSOLATION) == "S9"


def test_first_loser_in_the_last_chance_after_a_consolation_bye():
    # 6 in 8 with first-round consolation: seeds 1 and 2 have byes.
    field = ["A", "B", "C", "D", "E", "F"]
    seeds = {name: number for number, name in enumerate(field, 1)}
    plan = make_plan(field, seeds=seeds, consolation=FIRST_ROUND, last_chance=True, rng_seed=0)
    cons_first = plan.bracket(CONSOLATION).round_matches(1)
    # Two consolation R1 matches, each a sure loser against a bye slot.
    assert [sorted(s.kind for s in m.sources) for m in cons_first] == [
        [FIRST_LOSER, LOSER],
        [FIRST_LOSER, LOSER],
    ]
    main = plan.bracket(MAIN)
    # Everyone in the main bracket wins with side 0: A and B (byes) win their R2 matches,
    # so both bye slots of the consolation are empty and the sure losers get byes there.
    outcomes = {}
    for number in range(1, main.rounds + 1):
        for match in main.round_matches(number):
            if resolve(plan, outcomes)[match.slot].status == READY:
                outcomes[match.slot] = 0
    states = resolve(plan, outcomes)
    assert [states[m.slot].status for m in cons_first] == [BYE, BYE]
    holders = [states[m.slot].winning_player for m in cons_first]
    last = plan.bracket(LAST_CHANCE).final
    assert states[last.slot].status == PENDING
    # The two bye-holders meet in the consolation final: the loser falls into the last
    # chance (their first real consolation match), the winner's slot there stays empty.
    cons_final = plan.bracket(CONSOLATION).final.slot
    assert states[cons_final].players == tuple(holders)
    states = resolve(plan, {**outcomes, cons_final: 0})
    assert states[last.slot].status == BYE
    assert states[last.slot].winning_player == holders[1]
    # Alone in it: the last chance was not played, and they won nothing there.
    assert champion(plan, states, LAST_CHANCE) is None
    assert champion(plan, states, CONSOLATION) == holders[0]


def test_progressive_bye_holder_drops_in_as_a_second_round_loser():
    field = ["A", "B", "C", "D", "E", "F", "G"]  # 7 in 8: A has the bye
    seeds = {name: number for number, name in enumerate(field, 1)}
    plan = make_plan(field, seeds=seeds, consolation=PROGRESSIVE, rng_seed=0)
    cons = plan.bracket(CONSOLATION)
    assert Source(BYE) in cons.round_matches(1)[0].sources + cons.round_matches(1)[1].sources
    _, states = play(plan, lambda slot: 1 if slot == Slot(MAIN, 2, 1) else 0)
    assert states[Slot(MAIN, 2, 1)].losing_player == "A"
    second = [states[m.slot].players[1] for m in cons.round_matches(2)]
    assert "A" in second


def test_an_outcome_for_a_match_that_is_not_ready_is_refused():
    plan = five_player_plan()
    with pytest.raises(DrawError, match="still unknown"):
        resolve(plan, {Slot(MAIN, 2, 1): 0})  # D v E not played yet
    with pytest.raises(DrawError, match="bye"):
        resolve(plan, {Slot(MAIN, 1, 1): 0})
    with pytest.raises(DrawError):
        resolve(plan, {Slot(MAIN, 1, 2): 2})
    with pytest.raises(DrawError):
        resolve(plan, {Slot(MAIN, 1, 2): True})
    with pytest.raises(DrawError):
        resolve(plan, {Slot(MAIN, 4, 1): 0})  # no such match
    # A void match cannot have a result either.
    outcomes = {Slot(MAIN, 1, 2): 0, Slot(MAIN, 2, 1): 0, Slot(MAIN, 2, 2): 0}
    states = resolve(plan, outcomes)
    void = [slot for slot, state in states.items() if state.status == VOID]
    for slot in void:
        with pytest.raises(DrawError, match="no players"):
            resolve(plan, {**outcomes, slot: 0})


def test_decided_match_statuses_and_champion():
    plan = make_plan(["A", "B", "C", "D"], seeds={"A": 1, "B": 2}, rng_seed=0)
    final = plan.bracket(MAIN).final.slot
    states = resolve(plan, {})
    assert {states[m.slot].status for m in plan.bracket(MAIN).round_matches(1)} == {READY}
    assert states[final].status == PENDING
    assert states[final].known == (False, False)
    assert champion(plan, states, MAIN) is None
    outcomes = {Slot(MAIN, 1, 1): 0, Slot(MAIN, 1, 2): 0}
    states = resolve(plan, outcomes)
    assert states[final].players == ("A", "B")
    assert states[final].status == READY
    states = resolve(plan, {**outcomes, final: 1})
    assert states[final].status == DECIDED
    assert (states[final].winner, states[final].loser) == (1, 0)
    assert champion(plan, states, MAIN) == "B"
    places = final_places(plan, states, MAIN)
    assert places["B"] == (1, 1)
    assert places["A"] == (2, 2)
    assert {places[p] for p in "CD"} == {(3, 4)}


def test_dependents_reach_later_main_matches_and_consolation_slots():
    plan = make_plan(players(13), consolation=FIRST_ROUND, last_chance=True, rng_seed=4)
    early = Slot(MAIN, 1, 2)
    found = dependents(plan, early)
    assert Slot(MAIN, 2, 1) in found
    assert Slot(MAIN, 3, 1) in found
    assert Slot(MAIN, 4, 1) in found
    assert Slot(MAIN, 2, 2) not in found
    assert Slot(MAIN, 1, 1) not in found
    fed = [
        match.slot
        for match in plan.bracket(CONSOLATION).round_matches(1)
        if any(source.match == early for source in match.sources)
    ]
    assert len(fed) == 1
    assert fed[0] in found
    assert plan.bracket(CONSOLATION).final.slot in found
    order = [match.slot for match in plan.matches()]
    assert found == sorted(found, key=order.index)
    # R1 M2's winner meets R1 M1's bye-holder (the top seed) in R2 M1: who fills the
    # first-loser slot of R1 M1 depends on that match, so on R1 M2 too.
    bye_slot = next(
        match.slot
        for match in plan.bracket(CONSOLATION).round_matches(1)
        if Source(FIRST_LOSER, match=Slot(MAIN, 1, 1)) in match.sources
    )
    assert Source(BYE) in plan.match(Slot(MAIN, 1, 1)).sources
    assert bye_slot in found
    assert bye_slot in dependents(plan, Slot(MAIN, 2, 1))
    # The last chance hangs on the consolation's first round, so on R1 M2 as well.
    assert any(slot.bracket == LAST_CHANCE for slot in found)
    assert dependents(plan, plan.bracket(MAIN).final.slot) == []
    with pytest.raises(KeyError):
        dependents(plan, Slot(MAIN, 9, 1))


@pytest.mark.parametrize(("consolation", "depth", "last_chance"), CONFIGS)
def test_changing_a_result_changes_only_its_dependents(consolation, depth, last_chance):
    plan = make_plan(
        players(23),
        consolation=consolation,
        progressive_rounds=depth,
        last_chance=last_chance,
        rng_seed=2,
    )
    outcomes, before = play(plan, lambda slot: 0)
    for slot in [m.slot for m in plan.bracket(MAIN).round_matches(1)][::3]:
        if slot not in outcomes:
            continue
        changed = {**outcomes, slot: 1 - outcomes[slot]}
        keep = {s: side for s, side in changed.items() if s not in dependents(plan, slot)}
        after = resolve(plan, keep)
        moved = {s for s in before if before[s] != after[s]} - {slot}
        assert moved <= set(dependents(plan, slot))


# --- places, descriptions -----------------------------------------------------------------


def test_places_of_a_sixteen_bracket():
    plan = make_plan(players(16), rng_seed=0)
    assert plan.bracket(MAIN).places() == {4: (2, 2), 3: (3, 4), 2: (5, 8), 1: (9, 16)}


def test_places_count_players_still_to_drop_in():
    plan = make_plan(players(8), consolation=PROGRESSIVE, rng_seed=0)
    # 4 first-round losers, then 2 second-round losers drop in: 6 players.
    assert plan.bracket(CONSOLATION).places() == {1: (5, 6), 2: (3, 4), 3: (2, 2)}
    plan = make_plan(players(16), consolation=PROGRESSIVE, progressive_rounds=3, rng_seed=0)
    # 8 + 4 + 2 = 14 players: R1 4 matches, R2 drop-in 4, R3 reduce 2, R4 drop-in 2, final.
    assert plan.bracket(CONSOLATION).places() == {
        1: (11, 14),
        2: (7, 10),
        3: (5, 6),
        4: (3, 4),
        5: (2, 2),
    }
    plan = make_plan(players(16), consolation=FIRST_ROUND, last_chance=True, rng_seed=0)
    assert plan.bracket(CONSOLATION).places() == {1: (5, 8), 2: (3, 4), 3: (2, 2)}
    assert plan.bracket(LAST_CHANCE).places() == {1: (3, 4), 2: (2, 2)}


def test_sources_and_slots_check_themselves():
    with pytest.raises(DrawError):
        Source("winner")
    with pytest.raises(DrawError):
        Source("entrant")
    with pytest.raises(DrawError):
        Source(BYE, match=Slot(MAIN, 1, 1))
    with pytest.raises(DrawError):
        Source("champion")
    with pytest.raises(DrawError):
        Slot("side", 1, 1)
    with pytest.raises(DrawError):
        Slot(MAIN, 0, 1)
    assert Slot(MAIN, 1, 2) < Slot(MAIN, 2, 1)


def test_small_fields():
    two = make_plan(["A", "B"], consolation=PROGRESSIVE, last_chance=True, rng_seed=0)
    # One match: no loser has anyone to play, so no consolation and no last chance.
    assert [b.kind for b in two.brackets] == [MAIN]
    assert two.last_chance is True  # the setting is kept as requested
    four = make_plan(players(4), consolation=FIRST_ROUND, last_chance=True, rng_seed=0)
    # The consolation is a single match: its loser alone cannot make a last chance.
    assert [b.kind for b in four.brackets] == [MAIN, CONSOLATION]
    assert len(four.bracket(CONSOLATION).matches) == 1
    with pytest.raises(KeyError):
        four.bracket(LAST_CHANCE)
    eight = make_plan(players(8), consolation=PROGRESSIVE, progressive_rounds=5, rng_seed=0)
    # The depth is capped so that the main final's loser never drops in.
    assert drop_in_rounds(eight) == [2]
    assert eight.progressive_rounds == 5
    one_deep = make_plan(players(8), consolation=PROGRESSIVE, progressive_rounds=1, rng_seed=0)
    first_round = make_plan(players(8), consolation=FIRST_ROUND, rng_seed=0)
    assert one_deep.bracket(CONSOLATION) == first_round.bracket(CONSOLATION)


def test_module_stays_free_of_django_and_io():
    # draw is a package: every one of its modules is held to the rule.
    package = Path(draw.__file__).parent
    modules = sorted(package.glob("*.py"))
    assert len(modules) > 1
    siblings = {module.stem for module in modules}
    for path in modules:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {
            alias.name.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        }
        imported |= {
            node.module.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0
        }
        assert imported <= {
            "__future__",
            "heapq",
            "random",
            "collections",
            "dataclasses",
            "functools",
        }, path.name
        # A relative import may only reach a sibling module, never out of the package,
        # but for the core's messages (its `_` marker and error class, pure too).
        relative = {
            (node.level, node.module)
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level
        }
        assert relative <= {(1, sibling) for sibling in siblings} | {(2, "messages")}, path.name
        called = {
            node.func.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        }
        assert not called & {"open", "print", "input", "exec", "eval"}, path.name


# --- A player's path after one of their matches ------------------------------------------


@pytest.mark.parametrize("consolation, progressive, last_chance", CONFIGS)
def test_every_path_ends_with_a_title_or_out_with_its_place(consolation, progressive, last_chance):
    plan = make_plan(
        list(range(17)),
        consolation=consolation,
        progressive_rounds=progressive,
        last_chance=last_chance,
        rng_seed=5,
    )
    _outcomes, states = play(plan, lambda slot: slot.position % 2)
    champions = {bracket.kind: champion(plan, states, bracket.kind) for bracket in plan.brackets}
    for slot, state in states.items():
        if state.status != DECIDED:
            continue
        for player in state.players:
            path = draw.path_after(plan, states, player, slot)
            if path.state == draw.WON:
                assert champions[path.bracket] == player
            else:
                assert path.state == draw.OUT
                assert states[path.last].losing_player == player
                assert path.place == final_places(plan, states, path.last.bracket)[player]
            if path.next is not None:
                # The next match is theirs, no bye, and fed by this one's result.
                assert player in states[path.next].players
                assert states[path.next].status != BYE
                assert path.next in dependents(plan, slot)
        winner_path = draw.path_after(plan, states, state.winning_player, slot)
        if slot == plan.bracket(slot.bracket).final.slot:
            assert winner_path.state == draw.WON and winner_path.next is None


def test_a_path_under_way_is_still_in_and_names_the_match_to_play():
    plan = make_plan(list(range(8)), consolation=NO_CONSOLATION, rng_seed=1)
    first = Slot(MAIN, 1, 1)
    states = resolve(plan, {first: 0, Slot(MAIN, 1, 2): 0})
    player = states[first].winning_player
    path = draw.path_after(plan, states, player, first)
    assert (path.state, path.next, path.last) == (draw.STILL_IN, Slot(MAIN, 2, 1), Slot(MAIN, 2, 1))
    lost = draw.path_after(plan, states, states[first].losing_player, first)
    assert (lost.state, lost.next, lost.place) == (draw.OUT, None, (5, 8))


def test_a_knockout_of_three_places_its_semi_finals_loser_third():
    # Three players in a bracket of four: the semi-final with a bye loses nobody, so the
    # other semi-final's loser is third, alone (not "3-4" for a fourth who never was).
    entrants = ["A", "B", "C"]
    plan = make_plan(entrants, consolation=NO_CONSOLATION, rng_seed=1)
    outcomes: dict = {}
    while True:
        states = resolve(plan, outcomes)
        ready = [slot for slot, state in states.items() if state.status == READY]
        if not ready:
            break
        outcomes[ready[0]] = 0
    places = final_places(plan, states, MAIN)
    assert sorted(places.values()) == [(1, 1), (2, 2), (3, 3)]
