"""FIBS ratings: the win chance, one match's change, K and experience, a season replayed."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core.ratings import (
    RatedMatch,
    Rating,
    RatingChange,
    rate_all,
    rate_match,
    underdog_probability,
    win_probability,
)

VETERAN = 400  # experience from which K is 1


class TestWorkedExample:
    """1600 v 1500 in a 7-point match, both players at K = 1."""

    # By hand: D * sqrt(n) / 2000 = 100 * 2.6458 / 2000 = 0.13229, 10 ** 0.13229 = 1.3561,
    # so P_u = 1 / 2.3561 = 0.42443; 4 * sqrt(7) = 10.583.
    # Favourite wins: 10.583 * 0.42443 = 4.49.  Underdog wins: 10.583 * 0.57557 = 6.09.

    favourite = Rating(1600.0, VETERAN)
    underdog = Rating(1500.0, VETERAN)

    def test_underdog_probability(self):
        assert underdog_probability(1600, 1500, 7) == pytest.approx(0.42443, abs=5e-6)
        expected = 1 / (10 ** (100 * math.sqrt(7) / 2000) + 1)
        assert underdog_probability(1600, 1500, 7) == pytest.approx(expected, rel=1e-12)

    def test_favourite_wins_moves_4_49(self):
        winner, loser = rate_match(self.favourite, self.underdog, 7)
        assert round(winner.value - 1600, 2) == 4.49
        assert round(1500 - loser.value, 2) == 4.49
        assert winner.value - 1600 == pytest.approx(4 * math.sqrt(7) * 0.42443, abs=1e-4)

    def test_underdog_wins_moves_6_09(self):
        winner, loser = rate_match(self.underdog, self.favourite, 7)
        assert round(winner.value - 1500, 2) == 6.09
        assert round(1600 - loser.value, 2) == 6.09
        assert winner.value - 1500 == pytest.approx(4 * math.sqrt(7) * 0.57557, abs=1e-4)

    def test_experience_grows_by_the_length(self):
        winner, loser = rate_match(self.favourite, self.underdog, 7)
        assert (winner.experience, loser.experience) == (VETERAN + 7, VETERAN + 7)


class TestWinProbability:
    def test_is_the_players_own_chance(self):
        assert win_probability(1500, 1600, 7) == pytest.approx(0.42443, abs=5e-6)
        assert win_probability(1600, 1500, 7) == pytest.approx(1 - 0.42443, abs=5e-6)

    def test_equal_ratings_are_even(self):
        assert win_probability(1500, 1500, 11) == 0.5
        assert underdog_probability(1720, 1720, 1) == 0.5

    def test_longer_matches_favour_the_favourite(self):
        chances = [win_probability(1500, 1600, n) for n in (1, 3, 5, 7, 11, 25)]
        assert chances == sorted(chances, reverse=True)

    @given(
        st.floats(min_value=0, max_value=5000, allow_nan=False),
        st.floats(min_value=0, max_value=5000, allow_nan=False),
        st.integers(min_value=1, max_value=99),
    )
    def test_the_two_chances_add_up_to_one(self, rating, opponent, length):
        total = win_probability(rating, opponent, length) + win_probability(
            opponent, rating, length
        )
        assert total == pytest.approx(1.0, abs=1e-12)

    def test_a_huge_gap_does_not_overflow(self):
        assert underdog_probability(1e9, 0, 25) == 0.0
        assert win_probability(1e9, 0, 25) == 1.0

    @pytest.mark.parametrize("length", [0, -3])
    def test_length_must_be_positive(self, length):
        with pytest.raises(ValueError, match="at least 1"):
            win_probability(1500, 1500, length)


class TestK:
    def test_a_newcomer_has_k_5(self):
        assert Rating().k == 5
        assert Rating() == Rating(1500.0, 0)

    def test_k_falls_with_experience(self):
        assert Rating(experience=100).k == 4
        assert Rating(experience=250).k == 2.5
        assert Rating(experience=399).k == pytest.approx(1.01)

    def test_k_is_1_from_400_experience(self):
        assert Rating(experience=400).k == 1
        assert Rating(experience=5000).k == 1

    def test_a_newcomer_moves_more(self):
        newcomer, veteran = Rating(), Rating(1500.0, VETERAN)
        winner, loser = rate_match(newcomer, veteran, 5)
        # Equal ratings: P = 0.5, so the stake is 4 * sqrt(5) * 0.5 times each K.
        assert winner.value - 1500 == pytest.approx(5 * 2 * math.sqrt(5))
        assert 1500 - loser.value == pytest.approx(1 * 2 * math.sqrt(5))

    def test_k_uses_the_experience_before_the_match(self):
        # At 399 experience K is 1.01 for this match, though it will be 1 after it.
        winner, _ = rate_match(Rating(1500.0, 399), Rating(1500.0, 399), 1)
        assert winner.value - 1500 == pytest.approx(1.01 * 4 * 0.5)

    def test_negative_experience_is_refused(self):
        with pytest.raises(ValueError, match="experience"):
            Rating(experience=-1)


class TestRateMatch:
    @given(
        st.floats(min_value=500, max_value=2500),
        st.floats(min_value=500, max_value=2500),
        st.integers(min_value=0, max_value=2000),
        st.integers(min_value=1, max_value=25),
    )
    def test_zero_sum_when_both_k_are_equal(self, first, second, experience, length):
        winner, loser = rate_match(Rating(first, experience), Rating(second, experience), length)
        assert winner.value + loser.value == pytest.approx(first + second, abs=1e-9)

    def test_the_winner_gains_and_the_loser_loses(self):
        winner, loser = rate_match(Rating(1400.0, 50), Rating(1800.0, 900), 3)
        assert winner.value > 1400
        assert loser.value < 1800

    def test_an_upset_moves_more_than_the_expected_result(self):
        strong, weak = Rating(1700.0, VETERAN), Rating(1500.0, VETERAN)
        expected, _ = rate_match(strong, weak, 5)
        upset, _ = rate_match(weak, strong, 5)
        assert upset.value - weak.value > expected.value - strong.value

    @pytest.mark.parametrize("length", [0, -1])
    def test_length_must_be_positive(self, length):
        with pytest.raises(ValueError, match="at least 1"):
            rate_match(Rating(), Rating(), length)

    def test_length_must_be_an_int(self):
        with pytest.raises(TypeError, match="int"):
            rate_match(Rating(), Rating(), 7.0)


SEASON = [
    RatedMatch("m1", "ann", "bob", 5),
    RatedMatch("m2", "bob", "cat", 7),
    RatedMatch("m3", "cat", "ann", 3),
    RatedMatch("m4", "ann", "cat", 9),
]


class TestRateAll:
    def test_two_changes_per_match_in_order(self):
        ratings, changes = rate_all(SEASON)
        assert [(c.key, c.player, c.opponent) for c in changes] == [
            ("m1", "ann", "bob"),
            ("m1", "bob", "ann"),
            ("m2", "bob", "cat"),
            ("m2", "cat", "bob"),
            ("m3", "cat", "ann"),
            ("m3", "ann", "cat"),
            ("m4", "ann", "cat"),
            ("m4", "cat", "ann"),
        ]
        assert list(ratings) == ["ann", "bob", "cat"]

    def test_each_change_follows_from_the_one_before(self):
        ratings, changes = rate_all(SEASON)
        last: dict[object, Rating] = {}
        for change in changes:
            assert change.before == last.get(change.player, Rating())
            last[change.player] = change.after
        assert last == ratings

    def test_the_first_match_is_rate_match_from_the_start(self):
        _, changes = rate_all(SEASON[:1])
        winner, loser = rate_match(Rating(), Rating(), 5)
        assert changes[0] == RatingChange("m1", "ann", "bob", Rating(), winner)
        assert changes[1] == RatingChange("m1", "bob", "ann", Rating(), loser)
        # Two newcomers at K = 5, P = 0.5: 4 * 5 * sqrt(5) * 0.5.
        assert changes[0].change == pytest.approx(10 * math.sqrt(5))
        assert changes[1].change == pytest.approx(-10 * math.sqrt(5))

    def test_experience_is_the_points_played(self):
        ratings, _ = rate_all(SEASON)
        assert {player: r.experience for player, r in ratings.items()} == {
            "ann": 5 + 3 + 9,
            "bob": 5 + 7,
            "cat": 7 + 3 + 9,
        }

    def test_is_deterministic(self):
        assert rate_all(SEASON) == rate_all(list(SEASON))
        assert rate_all(iter(SEASON)) == rate_all(SEASON)

    def test_depends_on_the_order(self):
        forward, _ = rate_all(SEASON)
        backward, _ = rate_all(reversed(SEASON))
        assert forward["ann"].value != pytest.approx(backward["ann"].value)
        # The experience does not depend on the order; only the values do.
        assert {p: r.experience for p, r in forward.items()} == {
            p: r.experience for p, r in backward.items()
        }

    def test_no_matches_no_ratings(self):
        assert rate_all([]) == ({}, [])

    def test_a_player_cannot_beat_themselves(self):
        with pytest.raises(ValueError, match=r"'m9'.*themselves"):
            rate_all([RatedMatch("m9", "ann", "ann", 5)])

    def test_a_bad_length_names_the_match(self):
        with pytest.raises(ValueError, match=r"'m8'.*at least 1"):
            rate_all([*SEASON, RatedMatch("m8", "ann", "bob", 0)])


PLAYERS = ["ann", "bob", "cat", "dan", "eve"]

matches_strategy = st.lists(
    st.tuples(
        st.sampled_from(PLAYERS),
        st.sampled_from(PLAYERS),
        st.integers(min_value=1, max_value=25),
    ).filter(lambda match: match[0] != match[1]),
    max_size=60,
)


@settings(max_examples=200)
@given(matches_strategy)
def test_totals_change_by_the_k_difference_and_twice_the_length(rows):
    """Per match the rating total moves by (K_w - K_l) * 4 * sqrt(n) * P; experience by 2n."""
    matches = [RatedMatch(i, w, lo, n) for i, (w, lo, n) in enumerate(rows)]
    ratings, changes = rate_all(matches)
    assert len(changes) == 2 * len(matches)
    for match, won, lost in zip(matches, changes[::2], changes[1::2], strict=True):
        assert (won.key, won.player, lost.player) == (match.key, match.winner, match.loser)
        n = match.length
        p = win_probability(lost.before.value, won.before.value, n)
        expected = (won.before.k - lost.before.k) * 4 * math.sqrt(n) * p
        assert won.change + lost.change == pytest.approx(expected, abs=1e-9)
        experience_before = won.before.experience + lost.before.experience
        experience_after = won.after.experience + lost.after.experience
        assert experience_after - experience_before == 2 * n
    drift = sum(
        (won.before.k - lost.before.k)
        * 4
        * math.sqrt(match.length)
        * win_probability(lost.before.value, won.before.value, match.length)
        for match, won, lost in zip(matches, changes[::2], changes[1::2], strict=True)
    )
    total = sum(rating.value for rating in ratings.values())
    assert total - 1500 * len(ratings) == pytest.approx(drift, abs=1e-6)
    assert sum(r.experience for r in ratings.values()) == 2 * sum(m.length for m in matches)
