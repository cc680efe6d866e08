"""The current season and a date inside a season (core.seasons): issue 22, item 12."""

import datetime

from tournament.core.seasons import current_season, date_in_season, split_seasons


def test_the_season_under_way_is_current_even_with_a_later_one_made_early():
    assert current_season([2025, 2026, 2027], running=[2026], this_year=2026) == 2026
    # Between two tournaments of 2026 (nothing running), next year's season made early
    # does not become current.
    assert current_season([2025, 2026, 2027], running=[], this_year=2026) == 2026
    # A tournament of 2027 started early (December): the newest under way.
    assert current_season([2026, 2027], running=[2026, 2027], this_year=2026) == 2027


def test_without_this_years_season():
    assert current_season([2019, 2021], running=[], this_year=2026) == 2021
    assert current_season([2027, 2028], running=[], this_year=2026) == 2027
    assert current_season([], running=[], this_year=2026) is None


def test_later_seasons_are_next_and_never_earlier():
    assert split_seasons([2024, 2025, 2026, 2027, 2028], 2026) == ([2027, 2028], [2025, 2024])
    assert split_seasons([2024], None) == ([], [2024])


def test_a_date_inside_the_chosen_season():
    today = datetime.date(2026, 11, 24)
    assert date_in_season(today, 2026) == today
    assert date_in_season(today, 2027) == datetime.date(2027, 11, 24)
    assert date_in_season(today, 2002) == datetime.date(2002, 11, 24)
    leap = datetime.date(2024, 2, 29)
    assert date_in_season(leap, 2025) == datetime.date(2025, 2, 28)
