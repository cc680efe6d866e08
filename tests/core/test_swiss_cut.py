"""The cut of a Swiss into its knockout: who goes on, in which seed order, a tie at the
cut drawn by lot from the stored seed, and the places of those who stay behind."""

from hypothesis import given
from hypothesis import strategies as st

from tournament.core import swiss_cut


@st.composite
def standings(draw):
    """A Swiss's final standings: distinct players, best first, places as the core gives
    them (a shared place is the index of the first of those sharing it)."""
    players = draw(st.lists(st.integers(0, 10_000), unique=True, max_size=40))
    ranked, place = [], 1
    for index, player in enumerate(players, start=1):
        if index == 1 or not draw(st.booleans()):
            place = index
        ranked.append((player, place))
    return ranked


@given(standings(), st.sampled_from(swiss_cut.SIZES), st.integers(0, 2**32))
def test_the_cut_takes_the_top_places_and_seeds_them_in_swiss_order(ranked, size, seed):
    place = dict(ranked)
    qualifiers = swiss_cut.cut(ranked, size, seed)
    assert len(qualifiers) == min(size, len(ranked))
    assert len(set(qualifiers)) == len(qualifiers)
    # Seeds follow the Swiss places: nobody seeded above a player placed higher.
    assert [place[key] for key in qualifiers] == sorted(place[key] for key in qualifiers)
    # Nobody left out is placed above anyone who went on.
    out = [key for key, _p in ranked if key not in set(qualifiers)]
    if qualifiers and out:
        assert min(place[key] for key in out) >= max(place[key] for key in qualifiers)


@given(standings(), st.sampled_from(swiss_cut.SIZES), st.integers(0, 2**32))
def test_the_same_results_and_seed_give_the_same_cut_whatever_the_order_read(ranked, size, seed):
    # Players sharing a place may come in any order: the lot alone orders them.
    shuffled = sorted(ranked, key=lambda pair: (pair[1], -pair[0]))
    assert swiss_cut.cut(ranked, size, seed) == swiss_cut.cut(shuffled, size, seed)


def test_a_tie_at_the_cut_is_drawn_by_lot_and_the_lot_differs_with_the_seed():
    # 1, 2, 3 alone; four players share 4th on every tie-break: one of them goes on.
    ranked = [(1, 1), (2, 2), (3, 3), (10, 4), (11, 4), (12, 4), (13, 4)]
    fourth = {swiss_cut.cut(ranked, 4, seed)[3] for seed in range(60)}
    assert fourth == {10, 11, 12, 13}  # each of them can be drawn
    for seed in range(60):
        assert swiss_cut.cut(ranked, 4, seed)[:3] == [1, 2, 3]


@given(standings(), st.sampled_from(swiss_cut.SIZES), st.integers(0, 2**32))
def test_everyone_has_a_place_the_knockouts_first_then_the_swiss_order(ranked, size, seed):
    qualifiers = swiss_cut.cut(ranked, size, seed)
    places = swiss_cut.places_after_cut(ranked, qualifiers)
    assert set(places) | set(qualifiers) == {key for key, _p in ranked}
    assert not set(places) & set(qualifiers)
    # The places after the knockout's are taken once each: a band of n players shares
    # n places, and the bands follow each other from K + 1 to the field's size.
    taken = sorted({band for band in places.values()})
    expected_start = len(qualifiers) + 1
    for best, worst in taken:
        assert best == expected_start
        assert sum(1 for band in places.values() if band == (best, worst)) == worst - best + 1
        expected_start = worst + 1
    assert expected_start == len(ranked) + 1


def test_those_who_shared_the_cut_place_and_stayed_behind_share_the_next():
    ranked = [(1, 1), (2, 2), (3, 3), (10, 4), (11, 4), (12, 4), (20, 7)]
    qualifiers = swiss_cut.cut(ranked, 4, seed := 5)
    left = {10, 11, 12} - set(qualifiers)
    places = swiss_cut.places_after_cut(ranked, qualifiers)
    assert {places[key] for key in left} == {(5, 6)}
    assert places[20] == (7, 7)
    assert swiss_cut.cut(ranked, 4, seed) == qualifiers
