"""The federation's rating list: who is published, who is provisional, the ranks, and the
thresholds as properties (the German list's 200 experience in 12 months, Belgium's
100)."""

import itertools
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.core.rating_list import (
    Row,
    Thresholds,
    alphabetical,
    is_published,
    months_before,
    rating_list,
    trend,
    trend_since,
)

TODAY = date(2026, 11, 28)

rows = st.lists(
    st.builds(
        Row,
        player=st.integers(0, 10_000),
        name=st.sampled_from(["Anna", "Berta", "Carles", "Dídac", "Eva"]),
        experience=st.integers(0, 600),
        last_rated=st.none() | st.dates(date(2023, 1, 1), TODAY),
        rating=st.floats(1000, 2200, allow_nan=False) | st.sampled_from([1500.0, 1600.0]),
    ),
    max_size=40,
    unique_by=lambda row: row.player,
)
thresholds = st.builds(Thresholds, min_experience=st.integers(0, 600), months=st.integers(1, 48))


@given(rows, thresholds)
def test_published_and_provisional_never_share_a_player(found, rules):
    listed = rating_list(found, rules, TODAY)
    published = {item.row.player for item in listed.published}
    provisional = {item.row.player for item in listed.provisional}
    assert not published & provisional


@given(rows, thresholds)
def test_every_published_player_meets_both_thresholds(found, rules):
    since = rules.since(TODAY)
    for item in rating_list(found, rules, TODAY).published:
        assert item.row.experience >= rules.min_experience
        assert item.row.last_rated is not None and item.row.last_rated >= since


@given(rows, thresholds)
def test_every_provisional_player_was_rated_within_the_months_below_the_experience(found, rules):
    since = rules.since(TODAY)
    for item in rating_list(found, rules, TODAY).provisional:
        assert item.rank is None
        assert item.row.experience < rules.min_experience
        assert item.row.last_rated >= since


@given(rows, thresholds)
def test_every_player_rated_within_the_months_is_on_one_list(found, rules):
    listed = rating_list(found, rules, TODAY)
    on_a_list = {item.row.player for item in listed.published + listed.provisional}
    since = rules.since(TODAY)
    assert on_a_list == {
        row.player for row in found if row.last_rated is not None and row.last_rated >= since
    }


@given(rows, thresholds)
def test_ranks_are_one_to_n_by_rating_descending(found, rules):
    published = rating_list(found, rules, TODAY).published
    assert [item.rank for item in published] == list(range(1, len(published) + 1))
    ratings = [item.row.rating for item in published]
    assert ratings == sorted(ratings, reverse=True)
    # Equal ratings: by name.
    for first, second in itertools.pairwise(published):
        if first.row.rating == second.row.rating:
            assert first.row.name <= second.row.name


@given(rows, thresholds, st.integers(0, 300))
def test_raising_the_experience_never_publishes_anyone_more(found, rules, more):
    stricter = Thresholds(rules.min_experience + more, rules.months)
    before = {item.row.player for item in rating_list(found, rules, TODAY).published}
    after = {item.row.player for item in rating_list(found, stricter, TODAY).published}
    assert after <= before


@given(rows, thresholds, st.integers(0, 24))
def test_a_longer_window_never_drops_anyone(found, rules, more):
    longer = Thresholds(rules.min_experience, min(rules.months + more, 120))
    for part in ("published", "provisional"):
        before = {item.row.player for item in getattr(rating_list(found, rules, TODAY), part)}
        wider = rating_list(found, longer, TODAY)
        listed = {item.row.player for item in wider.published + wider.provisional}
        assert before <= listed


@given(rows, thresholds)
def test_a_published_players_rank_is_one_more_than_those_rated_above(found, rules):
    published = rating_list(found, rules, TODAY).published
    for item in published:
        above = [
            other
            for other in published
            if (-other.row.rating, other.row.name, str(other.row.player))
            < (-item.row.rating, item.row.name, str(item.row.player))
        ]
        assert item.rank == len(above) + 1


@given(rows)
def test_the_alphabetical_list_is_everyone_rated_by_name(found):
    everyone = alphabetical(found)
    assert {row.player for row in everyone} == {
        row.player for row in found if row.last_rated is not None
    }
    names = [row.name for row in everyone]
    assert names == sorted(names)


def test_the_german_and_the_belgian_lists():
    veteran = Row(1, "Veteran", 450, date(2026, 6, 1), 1710.0)
    newcomer = Row(2, "Newcomer", 150, date(2026, 10, 1), 1620.0)
    beginner = Row(3, "Beginner", 40, date(2026, 11, 1), 1550.0)
    gone = Row(4, "Gone", 900, date(2025, 11, 27), 1800.0)
    found = [veteran, newcomer, beginner, gone]
    german = rating_list(found, Thresholds(200, 12), TODAY)
    assert [(item.row.name, item.rank) for item in german.published] == [("Veteran", 1)]
    assert [item.row.name for item in german.provisional] == ["Newcomer", "Beginner"]
    belgian = rating_list(found, Thresholds(100, 12), TODAY)
    assert [item.row.name for item in belgian.published] == ["Veteran", "Newcomer"]
    assert [item.row.name for item in belgian.provisional] == ["Beginner"]
    # Twelve months back from 28 November 2026: 28 November 2025 counts, the 27th not.
    assert not is_published(gone, Thresholds(200, 12), TODAY)
    assert is_published(Row(5, "Just", 300, date(2025, 11, 28), 1500.0), Thresholds(), TODAY)


def test_months_back_keep_the_day_or_the_months_last():
    assert months_before(date(2026, 3, 31), 1) == date(2026, 2, 28)
    assert months_before(date(2024, 3, 31), 1) == date(2024, 2, 29)
    assert months_before(date(2026, 1, 15), 12) == date(2025, 1, 15)
    assert months_before(date(2026, 1, 15), 25) == date(2023, 12, 15)


def test_the_defaults_are_the_german_list():
    assert Thresholds() == Thresholds(200, 12)


@pytest.mark.parametrize(
    ("min_experience", "months", "error"),
    [(-1, 12, ValueError), (200, 0, ValueError), (200, 121, ValueError), (200.5, 12, TypeError)],
)
def test_thresholds_that_are_no_rule_are_refused(min_experience, months, error):
    with pytest.raises(error):
        Thresholds(min_experience, months)


def test_the_trend_is_the_sum_of_the_changes_in_its_window():
    assert trend([4.5, -2.25, 1.0]) == pytest.approx(3.25)
    assert trend([]) == 0.0
    assert trend_since(TODAY) == date(2026, 8, 30)
