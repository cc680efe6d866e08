"""Tests of the pure Swiss and round-robin pairings (tournament/core/swiss.py)."""

from __future__ import annotations

import ast
import itertools
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from unittest import mock

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core import swiss
from tournament.core.swiss import round_robin, swiss_pairings

# Keys of several kinds: the app uses ints, other callers may use strings, and a mixed
# field proves that keys of different types are never compared with each other.
KEY_KINDS = {
    "ints": lambda count: list(range(100, 100 + count)),
    "strings": lambda count: [f"player-{number}" for number in range(count)],
    "mixed": lambda count: [
        (number, "x") if number % 3 == 0 else str(number) if number % 3 == 1 else number
        for number in range(count)
    ],
}


@st.composite
def situations(draw, min_players=0, max_players=10, max_wins=4):
    """(wins, played, had_bye, seed): a field part-way through a Swiss, at random."""
    count = draw(st.integers(min_players, max_players))
    keys = KEY_KINDS[draw(st.sampled_from(sorted(KEY_KINDS)))](count)
    wins = {key: draw(st.integers(0, max_wins)) for key in keys}
    pairs = [frozenset(pair) for pair in itertools.combinations(keys, 2)]
    # One coin per pair: from a fresh field to one where most pairs have already met.
    met = draw(st.lists(st.booleans(), min_size=len(pairs), max_size=len(pairs)))
    played = {pair for pair, has_met in zip(pairs, met, strict=True) if has_met}
    had_bye = draw(st.sets(st.sampled_from(keys))) if keys else set()
    return wins, played, had_bye, draw(st.integers(0, 2**32))


# --- what a round must satisfy, and the brute force it is measured against ------------------


def measure(pairs, wins, played) -> tuple[int, int, int]:
    """(rematches, total wins difference, total of the squared differences)."""
    diffs = [abs(wins[a] - wins[b]) for a, b in pairs]
    rematches = sum(frozenset(pair) in played for pair in pairs)
    return rematches, sum(diffs), sum(diff * diff for diff in diffs)


def bye_candidates(wins, had_bye) -> set:
    """The rule as the issue states it, written out independently of the module."""
    pool = [key for key in wins if key not in had_bye] or list(wins)
    fewest = min(wins[key] for key in pool)
    return {key for key in pool if wins[key] == fewest}


def perfect_matchings(players):
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for index, partner in enumerate(rest):
        for matching in perfect_matchings(rest[:index] + rest[index + 1 :]):
            yield [(first, partner), *matching]


def brute_force_best(wins, played, had_bye) -> tuple[int, int, int]:
    """The least (rematches, difference, squares) over every allowed bye and pairing."""
    keys = list(wins)
    byes = bye_candidates(wins, had_bye) if len(keys) % 2 else [None]
    return min(
        measure(matching, wins, played)
        for bye in byes
        for matching in perfect_matchings([key for key in keys if key != bye])
    )


def parity_bound(wins, bye) -> tuple[int, int]:
    """A lower bound on (total difference, squares) for any pairing of the players other
    than `bye`: every cut between score groups with an odd number below it is crossed."""
    below = sorted(count for key, count in wins.items() if key != bye)
    gaps = [
        high - low
        for number, (low, high) in enumerate(itertools.pairwise(below))
        if number % 2 == 0
    ]
    return sum(gaps), sum(gap * gap for gap in gaps)


def assert_a_proper_round(wins, played, had_bye, pairs, bye) -> None:
    """Everything every round must satisfy, whatever the field."""
    seated = [key for pair in pairs for key in pair] + ([bye] if bye is not None else [])
    assert Counter(seated) == Counter(wins.keys()), "every key exactly once"
    assert (bye is not None) == (len(wins) % 2 == 1), "a bye only with an odd field"
    if bye is not None:
        without = [key for key in wins if key not in had_bye]
        if without:
            assert bye not in had_bye, "no second bye while someone has none"
            assert wins[bye] == min(wins[key] for key in without)
        else:
            assert wins[bye] == min(wins.values())
    for a, b in pairs:
        assert wins[a] >= wins[b], "the player with more wins is named first"
    boards = [(-max(wins[a], wins[b]), -wins[a] - wins[b]) for a, b in pairs]
    assert boards == sorted(boards), "top boards first"


# --- small fields against the brute force ---------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(situations())
def test_every_key_once_bye_rules_and_top_boards_first(situation):
    wins, played, had_bye, seed = situation
    pairs, bye = swiss_pairings(wins, played, had_bye, seed=seed)
    assert_a_proper_round(wins, played, had_bye, pairs, bye)


@settings(max_examples=300, deadline=None)
@given(situations())
def test_no_rematch_when_a_rematch_free_pairing_exists(situation):
    wins, played, had_bye, seed = situation
    pairs, _ = swiss_pairings(wins, played, had_bye, seed=seed)
    best_rematches = brute_force_best(wins, played, had_bye)[0]
    assert measure(pairs, wins, played)[0] == best_rematches
    if best_rematches == 0:
        assert not [pair for pair in pairs if frozenset(pair) in played]


@settings(max_examples=300, deadline=None)
@given(situations())
def test_total_wins_difference_is_the_least_among_pairings_with_fewest_rematches(situation):
    wins, played, had_bye, seed = situation
    pairs, _ = swiss_pairings(wins, played, had_bye, seed=seed)
    # The levels (rematches, then total difference) and, below them, the module's
    # own: the least total of squares, so floats go to the neighbouring score group.
    assert measure(pairs, wins, played) == brute_force_best(wins, played, had_bye)


@settings(max_examples=100, deadline=None)
@given(situations(), st.randoms(use_true_random=False))
def test_same_input_and_seed_same_round_whatever_the_order_of_the_input(situation, shuffler):
    wins, played, had_bye, seed = situation
    first = swiss_pairings(wins, played, had_bye, seed=seed)
    items = list(wins.items())
    shuffler.shuffle(items)
    as_tuples = [tuple(shuffler.sample(sorted(pair, key=repr), 2)) for pair in played]
    again = swiss_pairings(dict(items), as_tuples, list(had_bye), seed=seed)
    assert again == first


def test_same_round_in_another_process_with_other_string_hashes():
    # Sets of strings iterate in an order that changes with PYTHONHASHSEED: the pairing
    # must not. Two fresh interpreters with different hash seeds give the same round.
    code = (
        "from tournament.core.swiss import swiss_pairings\n"
        "wins = {f'p{i}': i % 3 for i in range(15)}\n"
        "played = {frozenset((f'p{i}', f'p{(i * 7 + 1) % 15}')) for i in range(15)}\n"
        "print(swiss_pairings(wins, played, {'p0', 'p3'}, seed=5))\n"
    )
    root = Path(swiss.__file__).resolve().parents[2]
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            cwd=root,
            env={"PYTHONHASHSEED": hash_seed, "PATH": ""},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in ("1", "2")
    }
    assert len(outputs) == 1
    assert "p" in outputs.pop()


# --- simulated tournaments ------------------------------------------------------------------


def play_rounds(count, rounds, rng, seed, check):
    """A Swiss played with random results: a win for one side of each pair, and (as at the
    club) a win for the bye. `check` sees every round before it is played."""
    wins = {number: 0 for number in range(count)}
    played: set = set()
    had_bye: set = set()
    for number in range(1, rounds + 1):
        pairs, bye = swiss_pairings(wins, played, had_bye, seed=seed + number)
        check(number, wins, played, had_bye, pairs, bye)
        for pair in pairs:
            played.add(frozenset(pair))
            wins[rng.choice(pair)] += 1
        if bye is not None:
            had_bye.add(bye)
            wins[bye] += 1


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 10), st.integers(1, 9), st.randoms(use_true_random=False), st.integers())
def test_simulated_small_tournaments_are_optimal_every_round(count, rounds, rng, seed):
    def check(number, wins, played, had_bye, pairs, bye):
        assert_a_proper_round(wins, played, had_bye, pairs, bye)
        assert measure(pairs, wins, played) == brute_force_best(wins, played, had_bye)

    play_rounds(count, rounds, rng, seed, check)


@settings(max_examples=15, deadline=None)
@given(st.integers(11, 60), st.randoms(use_true_random=False), st.integers())
def test_simulated_large_tournaments_avoid_rematches_while_the_field_allows(count, rng, seed):
    # Too big for the brute force, but after k rounds everyone still has at least
    # n - 1 - k unplayed opponents; while that is at least half of the players who play
    # (Dirac: a Hamiltonian cycle, so a rematch-free pairing), there must be no rematch.
    def check(number, wins, played, had_bye, pairs, bye):
        assert_a_proper_round(wins, played, had_bye, pairs, bye)
        playing = count - count % 2
        if playing - number >= playing / 2:
            assert measure(pairs, wins, played)[0] == 0, number

    play_rounds(count, 8, rng, seed, check)


def complete_graph_best(wins, played, had_bye) -> tuple[int, int, int]:
    """(rematches, difference, squares) of the best pairing, found with the test's own
    weights on the complete graph: for fields too big for the brute force."""
    keys = list(wins)
    graph = nx.Graph()
    # Enough for 80 players with at most 8 wins between them: each unit outweighs
    # everything below it (squares <= 40 * 64, total difference <= 40 * 8).
    for a, b in itertools.combinations(keys, 2):
        diff = abs(wins[a] - wins[b])
        cost = (frozenset((a, b)) in played) * 10**12 + diff * 10**6 + diff * diff
        graph.add_edge(a, b, weight=10**13 - cost)
    if len(keys) % 2:
        graph.add_edges_from(
            (key, "the bye", {"weight": 10**13}) for key in bye_candidates(wins, had_bye)
        )
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return measure([pair for pair in matching if "the bye" not in pair], wins, played)


@settings(max_examples=15, deadline=None)
@given(st.integers(20, 80), st.integers(0, 7), st.randoms(use_true_random=False), st.integers())
def test_big_simulated_rounds_are_as_good_as_on_the_complete_graph(count, rounds, rng, seed):
    # Usually the sparse graph's answer, kept because it reaches the lower bound.
    def check(number, wins, played, had_bye, pairs, bye):
        if number > rounds:
            assert measure(pairs, wins, played) == complete_graph_best(wins, played, had_bye)

    play_rounds(count, rounds + 1, rng, seed, check)


@settings(max_examples=40, deadline=None)
@given(situations(min_players=11, max_players=40, max_wins=6), st.randoms(use_true_random=False))
def test_big_crowded_fields_are_as_good_as_on_the_complete_graph(situation, rng):
    # Many pairs have met, so the sparse graph rarely proves its answer: this is the
    # complete graph less the pairs that cannot be in a pairing as good.
    wins, played, had_bye, seed = situation
    played = {pair for pair in played if rng.random() < 0.8}
    pairs, _ = swiss_pairings(wins, played, had_bye, seed=seed)
    assert measure(pairs, wins, played) == complete_graph_best(wins, played, had_bye)


# --- worked examples ------------------------------------------------------------------------


def test_tiny_fields():
    assert swiss_pairings({}, set(), set()) == ([], None)
    assert swiss_pairings({"solo": 3}, set(), {"solo"}) == ([], "solo")
    # Two players who have met and nobody else: they play again.
    met = {frozenset(("a", "b"))}
    assert swiss_pairings({"a": 1, "b": 0}, met, set()) == ([("a", "b")], None)


def test_a_greedy_first_pair_would_force_a_rematch():
    # All on one win. Pairing the first two in any order of a, b, c, d that puts a with b
    # leaves c v d, who have met; the matching looks at the whole field.
    wins = {"a": 1, "b": 1, "c": 1, "d": 1}
    played = {frozenset(("c", "d")), frozenset(("a", "d"))}
    for seed in range(20):
        pairs, bye = swiss_pairings(wins, played, set(), seed=seed)
        assert {frozenset(pair) for pair in pairs} == {frozenset("ac"), frozenset("bd")}
        assert bye is None


def test_same_wins_pair_each_other_and_floats_meet_the_next_group():
    wins = {"top": 2, "mid1": 1, "mid2": 1, "low": 0}
    for seed in range(10):
        pairs, _ = swiss_pairings(wins, set(), set(), seed=seed)
        # Both pairings have a total difference of 2; the leader meets a one-win player
        # rather than the player without a win.
        assert pairs[0][0] == "top" and pairs[0][1].startswith("mid")
        assert pairs[1][1] == "low"


def test_a_float_skips_a_score_group_when_that_saves_wins_difference():
    # The two 2-win players have met. Floating both to the 4s and the 1 to the 0 costs
    # 2 + 2 + 1 = 5; the 0 meeting a 2 and the 1 the other 2 costs 2 + 1 = 3.
    wins = {"d": 0, "a": 1, "b": 2, "c": 2, "e": 4, "f": 4}
    played = {frozenset("bc")}
    for seed in range(10):
        pairs, _ = swiss_pairings(wins, played, set(), seed=seed)
        assert set(pairs[0]) == {"e", "f"}
        assert measure(pairs, wins, played) == (0, 3, 5)
        assert {pairs[1][1], pairs[2][1]} == {"a", "d"}


def test_the_bye_rule_comes_before_the_rematch_rule():
    # Only "low" may take the bye (fewest wins among those without one); the two others
    # have met, so they meet again rather than one of them getting a second bye.
    wins = {"low": 0, "b": 1, "c": 1}
    pairs, bye = swiss_pairings(wins, {frozenset("bc")}, {"b", "c"})
    assert (pairs, bye) == ([("b", "c")], "low")


def test_the_matching_chooses_the_bye_among_the_candidates():
    # x and y both may take the bye; x has met every one-win player, so only x's bye
    # leaves a rematch-free pairing (y then meets a one-win player).
    wins = {"x": 0, "y": 0, "p": 1, "q": 1, "r": 1}
    played = {frozenset("xp"), frozenset("xq"), frozenset("xr")}
    for seed in range(10):
        pairs, bye = swiss_pairings(wins, played, set(), seed=seed)
        assert bye == "x"
        assert not [pair for pair in pairs if frozenset(pair) in played]


def test_once_everyone_has_had_a_bye_it_goes_to_the_fewest_wins():
    wins = {"a": 2, "b": 1, "c": 3}
    assert swiss_pairings(wins, set(), {"a", "b", "c"})[1] == "b"
    # Someone without a bye takes it even with more wins than a player who had one.
    assert swiss_pairings(wins, set(), {"a", "b"})[1] == "c"


def test_round_one_is_drawn_by_the_seed():
    field = {f"P{number:02d}": 0 for number in range(16)}
    rounds = [swiss_pairings(field, set(), set(), seed=seed)[0] for seed in range(20)]
    assert rounds[3] == swiss_pairings(dict(reversed(field.items())), set(), set(), seed=3)[0]
    assert len({frozenset(frozenset(pair) for pair in pairs) for pairs in rounds}) == 20
    odd = {f"P{number:02d}": 0 for number in range(15)}
    byes = {swiss_pairings(odd, set(), set(), seed=seed)[1] for seed in range(40)}
    assert len(byes) > 5


def test_top_boards_first():
    wins = {"a": 3, "b": 3, "c": 2, "d": 2, "e": 1, "f": 2, "g": 0, "h": 0}
    pairs, _ = swiss_pairings(wins, set(), set(), seed=1)
    assert pairs[0] in {("a", "b"), ("b", "a")}
    # 2v2 comes before 2v1 (same higher wins, larger total), and 0v0 comes last.
    assert [(wins[a], wins[b]) for a, b in pairs] == [(3, 3), (2, 2), (2, 1), (0, 0)]


@pytest.mark.parametrize(
    "wins",
    [{None: 1, "a": 0}, {"a": True, "b": 0}, {"a": 1.0, "b": 0}, {"a": "1", "b": 0}],
)
def test_bad_input_is_refused(wins):
    with pytest.raises(ValueError):
        swiss_pairings(wins, set(), set())


def test_two_hundred_players_pair_on_the_sparse_graph():
    # Round 4 of a 200-player Swiss, after three rounds played with random results.
    rng = random.Random(14)
    timings = []
    graphs = []
    solve = swiss._Field.solve

    def spy(field, pairs):
        graphs.append(pairs)
        return solve(field, pairs)

    def check(number, wins, played, had_bye, pairs, bye):
        if number < 4:
            return
        with mock.patch.object(swiss._Field, "solve", spy):
            started = time.perf_counter()
            again = swiss_pairings(wins, played, had_bye, seed=4)
            timings.append(time.perf_counter() - started)
        assert again == (pairs, bye)
        # Meeting the lower bound proves this pairing optimal, brute force or not; and
        # reaching it on the sparse graph is what makes a big round quick.
        assert measure(pairs, wins, played) == (0, *parity_bound(wins, bye))
        assert len(graphs) == 1
        assert len(graphs[0]) < 200 * 199 / 2 / 3

    play_rounds(200, 4, rng, 0, check)
    # The time itself is a `make bench` figure (speed is not asserted in tests).
    assert timings


# --- round robin ----------------------------------------------------------------------------


@pytest.mark.parametrize("count", range(0, 21))
def test_round_robin_everyone_meets_everyone_once(count):
    keys = [f"seat{number}" for number in range(1, count + 1)]
    rounds = round_robin(keys)
    assert len(rounds) == (count if count % 2 else max(count - 1, 0))
    meetings = Counter(frozenset(pair) for games in rounds for pair in games if None not in pair)
    assert meetings == Counter(frozenset(pair) for pair in itertools.combinations(keys, 2))
    for games in rounds:
        seated = [key for pair in games for key in pair if key is not None]
        assert sorted(seated) == sorted(keys), "everyone once in every round"
        byes = [pair for pair in games if pair[1] is None]
        assert len(byes) == count % 2
        assert None not in [pair[0] for pair in games]
        if byes:
            assert games[-1] == byes[0], "the bye comes after the games"
    bye_takers = Counter(pair[0] for games in rounds for pair in games if pair[1] is None)
    assert bye_takers == (Counter(keys) if count % 2 else Counter())


@pytest.mark.parametrize("count", range(2, 21))
def test_round_robin_alternates_sides(count):
    sides: dict[int, list[int]] = {number: [] for number in range(count)}
    for games in round_robin(list(range(count))):
        for a, b in games:
            if b is not None:
                sides[a].append(1)
                sides[b].append(0)
    firsts = {sum(played) for played in sides.values()}
    assert max(firsts) - min(firsts) <= 1
    for played in sides.values():
        # Never three games running on the same side (with an odd number, never two).
        longest = max(len(list(run)) for _, run in itertools.groupby(played))
        assert longest <= (1 if count % 2 else 2)


def test_round_robin_follows_the_berger_tables():
    assert round_robin([1, 2, 3, 4, 5, 6]) == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]
    assert round_robin(["x", "y", "z"]) == [
        [("y", "z"), ("x", None)],
        [("x", "y"), ("z", None)],
        [("z", "x"), ("y", None)],
    ]
    assert round_robin(["solo"]) == [[("solo", None)]]
    assert round_robin([]) == []


@pytest.mark.parametrize("keys", [["a", "b", "a"], ["a", None]])
def test_round_robin_refuses_repeats_and_none(keys):
    with pytest.raises(ValueError):
        round_robin(keys)


def test_module_stays_free_of_django_and_io():
    tree = ast.parse(Path(swiss.__file__).read_text(encoding="utf-8"))
    imported = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    } | {
        node.module.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module
    }
    assert imported <= {"__future__", "random", "bisect", "collections", "itertools", "networkx"}
    called = {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert not called & {"open", "print", "input", "exec", "eval"}
