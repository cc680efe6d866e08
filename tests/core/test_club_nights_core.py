"""The pure core of the club nights beside the pairing: round robins of any keys, the
groups, round 1's order, the knockout's seeds, the suggested number of rounds."""

import itertools
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from tournament.core import club_nights
from tournament.core.swiss import round_robin

keys = st.lists(st.one_of(st.integers(), st.text(max_size=5)), unique=True, max_size=30)


@given(keys)
def test_a_round_robin_of_any_keys_meets_everyone_exactly_once(field):
    rounds = round_robin(field)
    met = Counter(frozenset(pair) for games in rounds for pair in games if None not in pair)
    assert met == Counter(frozenset(pair) for pair in itertools.combinations(field, 2))
    for games in rounds:
        seated = [key for pair in games for key in pair if key is not None]
        assert Counter(seated) == Counter(field)  # one match (or the bye) each, every round


@given(keys, st.one_of(st.none(), st.integers(3, 16)))
def test_groups_hold_everyone_once_and_differ_by_at_most_one(field, size):
    groups = club_nights.split_groups(field, size)
    assert sorted(map(repr, (key for group in groups for key in group))) == sorted(map(repr, field))
    if field:
        sizes = [len(group) for group in groups]
        assert max(sizes) - min(sizes) <= 1
        assert size is None or max(sizes) <= size
        # The snake: the best seeds go one to each group.
        assert [group[0] for group in groups] == list(field[: len(groups)])


@given(keys)
def test_round_one_seats_everyone_once_top_half_against_bottom_half(field):
    pairs, bye = club_nights.first_round(field)
    seated = [key for pair in pairs for key in pair] + ([bye] if bye is not None else [])
    assert Counter(map(repr, seated)) == Counter(map(repr, field))
    assert (bye is not None) == (len(field) % 2 == 1)
    half = len(pairs)
    assert all(pair == (field[i], field[i + half]) for i, pair in enumerate(pairs))


def test_seeds_come_first_then_the_seeded_shuffle():
    order = club_nights.seeded_order(["a", "b", "c", "d"], {"c": 1, "a": 2}, rng_seed=5)
    assert order[:2] == ["c", "a"] and sorted(order[2:]) == ["b", "d"]
    again = club_nights.seeded_order(["d", "c", "b", "a"], {"c": 1, "a": 2}, rng_seed=5)
    assert again == order  # the entries' order does not matter, only the seed


def test_knockout_seeds_are_every_winner_then_every_runner_up():
    places = [["A1", "A2", "A3"], ["B1", "B2", "B3"], ["C1", "C2"]]
    assert club_nights.knockout_seeds(places, 1) == ["A1", "B1", "C1"]
    assert club_nights.knockout_seeds(places, 2) == ["A1", "B1", "C1", "A2", "B2", "C2"]


def test_suggested_rounds_for_a_clear_winner():
    assert [club_nights.suggested_rounds(n) for n in (1, 2, 3, 8, 9, 11, 16, 17)] == [
        1,
        1,
        2,
        3,
        4,
        4,
        4,
        5,
    ]


def test_a_round_robin_match_waits_on_the_earliest_round_its_players_still_play():
    def match(key, number, players, to_play=True, group=0):
        return club_nights.RoundMatch(key, group, number, players, to_play)

    rows = [
        match("a-d", 1, ("a", "d"), to_play=False),
        match("b-c", 1, ("b", "c")),
        match("a-c", 2, ("a", "c")),
        match("d-e", 2, ("d", "e")),
        match("a-b", 3, ("a", "b")),
        # Another group's round 1 holds up nobody here.
        match("b-c'", 1, ("b", "c"), group=2, to_play=False),
        match("b-x", 2, ("b", "x"), group=2),
    ]
    assert club_nights.waiting_on(rows) == {"a-c": 1, "a-b": 1}


# --- a club night's final places (core.club_nights.group_places) ---------------------


def test_one_table_keeps_its_places_and_its_ties():
    found = club_nights.group_places([[("a", 1), ("b", 2), ("c", 2), ("d", 4)]])
    assert found.places == {"a": (1, 1), "b": (2, 3), "c": (2, 3), "d": (4, 4)}
    assert found.ties
    assert [found.label(key) for key in "abcd"] == ["1", "=2", "=2", "4"]


def test_groups_share_their_places_rank_by_rank():
    tables = [[("a", 1), ("b", 2), ("c", 3)], [("d", 1), ("e", 2)]]
    found = club_nights.group_places(tables)
    assert found.places == {
        "a": (1, 2),
        "d": (1, 2),
        "b": (3, 4),
        "e": (3, 4),
        "c": (5, 5),
    }
    assert not found.ties
    assert found.label("b") == "3-4"


def test_the_groups_best_who_went_on_take_the_knockouts_places():
    tables = [[("a", 1), ("b", 2), ("c", 3)], [("d", 1), ("e", 2), ("f", 3)]]
    found = club_nights.group_places(tables, went_on=2)
    # a, b, d, e play the knockout: its bracket places them, 1 to 4.
    assert found.places == {"c": (5, 6), "f": (5, 6)}
    assert not found.ties


def test_a_knockout_of_one_player_alone_is_none():
    found = club_nights.group_places([[("a", 1), ("b", 2)]], went_on=1)
    assert found.places == {"a": (1, 1), "b": (2, 2)}
    assert found.ties


@given(st.lists(st.lists(st.integers(1, 4), min_size=1, max_size=8), min_size=1, max_size=4))
def test_every_player_of_the_groups_has_a_place_and_no_place_is_left_out(shapes):
    # Each group's places as standings give them: best first, ties sharing a place.
    tables = []
    for number, steps in enumerate(shapes):
        places, place = [], 1
        for index, step in enumerate(steps):
            if index and step > 1:
                place = index + 1
            places.append(((number, index), place))
        tables.append(places)
    found = club_nights.group_places(tables)
    assert set(found.places) == {key for table in tables for key, _place in table}
    taken = sorted(found.places.values())
    # The bands tile the places 1..n: each band held by as many players as it spans.
    assert Counter(taken) == {band: band[1] - band[0] + 1 for band in set(taken)}
    assert {place for band in taken for place in range(band[0], band[1] + 1)} == set(
        range(1, len(found.places) + 1)
    )
