"""Pairs the director keeps apart (family, one household): round 1 of a cup, round 1 of
a Swiss and every later Swiss round, checked against brute force on small fields."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core import club_nights, draw, swiss
from tournament.core.draw.apart import first_round_lines


def perfect_matchings(players):
    """Every way to pair an even list of players."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for index, other in enumerate(rest):
        for matching in perfect_matchings(rest[:index] + rest[index + 1 :]):
            yield [(first, other), *matching]


def round_one(plan):
    """The entrant pairs that play in the main bracket's round 1 (byes left out)."""
    pairs = []
    for match in plan.bracket(draw.MAIN).round_matches(1):
        first, second = match.sources
        if first.kind == draw.ENTRANT and second.kind == draw.ENTRANT:
            pairs.append(frozenset((first.entrant, second.entrant)))
    return pairs


def fewest_cup_meetings(order, seeded, size, avoid):
    """Brute force: the fewest avoided pairs meeting in round 1 over every placement of
    the unseeded players (the seeds on their lines, the byes with the top numbers)."""
    opponent = first_round_lines(size, draw.seed_positions(size))
    best = None
    for rest in itertools.permutations(order[seeded:]):
        placed = (*order[:seeded], *rest)
        met = sum(
            1
            for number in range(1, len(placed) + 1)
            if number < opponent[number] <= len(placed)
            and frozenset((placed[number - 1], placed[opponent[number] - 1])) in avoid
        )
        best = met if best is None else min(best, met)
    return best


@st.composite
def cup_fields(draw_, max_players=8):
    count = draw_(st.integers(2, max_players))
    players = [f"p{number}" for number in range(count)]
    seeded = draw_(st.integers(0, count))
    seeds = {players[number]: number + 1 for number in range(seeded)}
    every_pair = [frozenset(pair) for pair in itertools.combinations(players, 2)]
    avoid = draw_(st.sets(st.sampled_from(every_pair), max_size=min(8, len(every_pair))))
    return players, seeds, avoid, draw_(st.integers(0, 2**20))


@settings(max_examples=150, deadline=None)
@given(cup_fields())
def test_a_cup_keeps_avoided_pairs_apart_in_round_1_whenever_some_draw_does(field):
    players, seeds, avoid, seed = field
    plan = draw.make_plan(players, seeds=seeds, rng_seed=seed, avoid=avoid)
    met = [pair for pair in round_one(plan) if pair in avoid]
    # The report of "could not" is exact: the very pairs that meet, as few as possible.
    assert sorted(map(sorted, plan.unkept)) == sorted(map(sorted, met))
    plain = draw.make_plan(players, seeds=seeds, rng_seed=seed)
    assert len(met) == fewest_cup_meetings(plain.seed_order, len(seeds), plan.size, avoid)
    # The seeds keep their places; byes stay with the top of the order.
    assert plan.seed_order[: len(seeds)] == plain.seed_order[: len(seeds)]
    assert sorted(plan.seed_order) == sorted(plain.seed_order)
    # The same inputs give the same draw.
    again = draw.make_plan(players, seeds=seeds, rng_seed=seed, avoid=avoid)
    assert again.seed_order == plan.seed_order


@settings(max_examples=60, deadline=None)
@given(cup_fields(max_players=16))
def test_a_cup_draw_is_unchanged_when_no_marked_pair_meets(field):
    players, seeds, avoid, seed = field
    plain = draw.make_plan(players, seeds=seeds, rng_seed=seed)
    marked = draw.make_plan(players, seeds=seeds, rng_seed=seed, avoid=avoid)
    if not any(pair in avoid for pair in round_one(plain)):
        assert marked == plain
    assert draw.make_plan(players, seeds=seeds, rng_seed=seed, avoid=()) == plain


def test_a_couple_drawn_together_is_separated_and_the_rest_of_the_draw_stays():
    players = [f"p{number}" for number in range(8)]
    seed = next(
        seed
        for seed in range(100)
        if frozenset(("p0", "p1")) in round_one(draw.make_plan(players, rng_seed=seed))
    )
    couple = frozenset(("p0", "p1"))
    plan = draw.make_plan(players, rng_seed=seed, avoid=[couple])
    assert couple not in round_one(plan)
    assert plan.unkept == ()
    plain = draw.make_plan(players, rng_seed=seed)
    # Only players of a marked pair move: the others keep their places but for one swap.
    moved = [a for a, b in zip(plan.seed_order, plain.seed_order, strict=True) if a != b]
    assert len(moved) == 2


def test_two_seeds_who_meet_in_round_1_are_reported_not_moved():
    # Two players, both seeded: nothing can keep them apart, and the plan says so.
    plan = draw.make_plan(
        ["ana", "joan"], seeds={"ana": 1, "joan": 2}, rng_seed=1, avoid=[{"ana", "joan"}]
    )
    assert plan.unkept == (frozenset(("ana", "joan")),)


# --- Swiss ------------------------------------------------------------------------------


def swiss_key(pairs, wins, played, avoid):
    return (
        sum(frozenset(pair) in played for pair in pairs),
        sum(abs(wins[a] - wins[b]) for a, b in pairs),
        sum((wins[a] - wins[b]) ** 2 for a, b in pairs),
        sum(frozenset(pair) in avoid for pair in pairs),
    )


def bye_candidates(wins, had_bye):
    pool = [key for key in wins if key not in had_bye] or list(wins)
    fewest = min(wins[key] for key in pool)
    return [key for key in pool if wins[key] == fewest]


def best_swiss_key(wins, played, had_bye, avoid):
    """Brute force over every pairing (and every allowed bye) of the round."""
    players = sorted(wins)
    byes = bye_candidates(wins, had_bye) if len(players) % 2 else [None]
    best = None
    for bye in byes:
        rest = [key for key in players if key != bye]
        for matching in perfect_matchings(rest):
            key = swiss_key(matching, wins, played, avoid)
            best = key if best is None else min(best, key)
    return best


@st.composite
def swiss_rounds(draw_, max_players=8):
    count = draw_(st.integers(2, max_players))
    players = list(range(count))
    wins = {key: draw_(st.integers(0, 2)) for key in players}
    every_pair = [frozenset(pair) for pair in itertools.combinations(players, 2)]
    played = draw_(st.sets(st.sampled_from(every_pair), max_size=len(every_pair)))
    had_bye = draw_(st.sets(st.sampled_from(players)))
    avoid = draw_(st.sets(st.sampled_from(every_pair), max_size=min(6, len(every_pair))))
    return wins, played, had_bye, avoid, draw_(st.integers(0, 1000))


@settings(max_examples=150, deadline=None)
@given(swiss_rounds())
def test_a_swiss_round_meets_as_few_avoided_pairs_as_the_rules_allow(round_):
    wins, played, had_bye, avoid, seed = round_
    pairs, _bye = swiss.swiss_pairings(wins, played, had_bye, seed=seed, avoid=avoid)
    # No rematch and no score group is given up for an avoided pair: the round is the
    # best by (rematches, score differences, squared differences), and among those it
    # has the fewest avoided pairs.
    assert swiss_key(pairs, wins, played, avoid) == best_swiss_key(wins, played, had_bye, avoid)
    assert swiss.avoided_meetings(pairs, avoid) == [
        frozenset(pair) for pair in pairs if frozenset(pair) in avoid
    ]


@settings(max_examples=80, deadline=None)
@given(swiss_rounds(max_players=12))
def test_a_swiss_round_is_unchanged_without_avoided_pairs_in_the_field(round_):
    wins, played, had_bye, _avoid, seed = round_
    plain = swiss.swiss_pairings(wins, played, had_bye, seed=seed)
    # Pairs naming someone not in the round, or one player twice, change nothing.
    strangers = [frozenset((0, "stranger")), frozenset(("x", "y")), frozenset((0,))]
    assert swiss.swiss_pairings(wins, played, had_bye, seed=seed, avoid=strangers) == plain
    assert swiss.swiss_pairings(wins, played, had_bye, seed=seed, avoid=()) == plain


def test_a_swiss_keeps_the_score_groups_before_an_avoided_pair():
    # Two leaders, both on 2 wins, marked as a couple; the others on 0. Pairing them
    # apart would take each of them out of their score group: they meet, and it is said.
    wins = {"ana": 2, "joan": 2, "pau": 0, "rita": 0}
    couple = frozenset(("ana", "joan"))
    pairs, _bye = swiss.swiss_pairings(wins, set(), set(), avoid=[couple])
    assert swiss.avoided_meetings(pairs, [couple]) == [couple]


@st.composite
def first_rounds(draw_, max_players=9):
    count = draw_(st.integers(2, max_players))
    order = draw_(st.permutations(list(range(count))))
    every_pair = [frozenset(pair) for pair in itertools.combinations(order, 2)]
    avoid = draw_(st.sets(st.sampled_from(every_pair), max_size=min(8, len(every_pair))))
    return list(order), avoid


@settings(max_examples=150, deadline=None)
@given(first_rounds())
def test_a_swiss_first_round_keeps_avoided_pairs_apart_whenever_a_pairing_does(round_):
    order, avoid = round_
    pairs, bye = club_nights.first_round(order, avoid)
    plain_pairs, plain_bye = club_nights.first_round(order)
    assert bye == plain_bye  # the bye stays with the last in the order
    playing = [key for key in order if key != bye]
    assert sorted(key for pair in pairs for key in pair) == sorted(playing)
    fewest = min(
        sum(frozenset(pair) in avoid for pair in matching)
        for matching in perfect_matchings(playing)
    )
    assert len(swiss.avoided_meetings(pairs, avoid)) == fewest
    if not swiss.avoided_meetings(plain_pairs, avoid):
        assert pairs == plain_pairs  # nothing moves unless it has to
