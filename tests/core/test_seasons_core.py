"""A season's days, its years, the current season and a date inside a season
(core.seasons): issue 22, item 12; seasons that span two years, issue 36, item 14."""

import datetime

import pytest

from tournament.core.seasons import (
    SeasonError,
    Span,
    calendar_year,
    checked,
    current_season,
    date_in_season,
    split_seasons,
    years_address,
)

D = datetime.date
# A club whose season runs from September to June.
AUTUMN_TO_SUMMER = Span(D(2026, 9, 1), D(2027, 6, 30))


def years(*numbers):
    """Calendar-year seasons, by their years."""
    return {year: calendar_year(year) for year in numbers}


def test_the_season_under_way_is_current_even_with_a_later_one_made_early():
    today = D(2026, 11, 24)
    assert current_season(years(2025, 2026, 2027), running=[2026], today=today) == 2026
    # Between two tournaments of 2026 (nothing running), next year's season made early
    # does not become current.
    assert current_season(years(2025, 2026, 2027), running=[], today=today) == 2026
    # A tournament of 2027 started early (December): the newest under way.
    assert current_season(years(2026, 2027), running=[2026, 2027], today=today) == 2027


def test_without_this_years_season():
    today = D(2026, 11, 24)
    assert current_season(years(2019, 2021), running=[], today=today) == 2021
    assert current_season(years(2027, 2028), running=[], today=today) == 2027
    assert current_season({}, running=[], today=today) is None


def test_a_season_that_spans_two_years_is_current_across_new_year():
    seasons = {"2025-26": Span(D(2025, 9, 1), D(2026, 6, 30)), "2026-27": AUTUMN_TO_SUMMER}
    assert current_season(seasons, running=[], today=D(2027, 2, 14)) == "2026-27"
    assert current_season(seasons, running=[], today=D(2026, 11, 24)) == "2026-27"
    # In the summer between them, the one just ended; before any, the first to come.
    assert current_season(seasons, running=[], today=D(2026, 7, 20)) == "2025-26"
    assert current_season(seasons, running=[], today=D(2025, 1, 5)) == "2025-26"


def test_later_seasons_are_next_and_never_earlier():
    assert split_seasons(years(2024, 2025, 2026, 2027, 2028), 2026) == ([2027, 2028], [2025, 2024])
    assert split_seasons(years(2024), None) == ([], [2024])
    # Ordered by their first day, whatever their names.
    seasons = {"b": AUTUMN_TO_SUMMER, "a": calendar_year(2026), "c": calendar_year(2025)}
    assert split_seasons(seasons, "a") == (["b"], ["c"])


def test_a_date_inside_the_chosen_season():
    today = D(2026, 11, 24)
    assert date_in_season(today, calendar_year(2026)) == today
    assert date_in_season(today, calendar_year(2027)) == D(2027, 11, 24)
    assert date_in_season(today, calendar_year(2002)) == D(2002, 11, 24)
    leap = D(2024, 2, 29)
    assert date_in_season(leap, calendar_year(2025)) == D(2025, 2, 28)


def test_a_date_inside_a_season_that_spans_two_years():
    assert date_in_season(D(2026, 11, 24), AUTUMN_TO_SUMMER) == D(2026, 11, 24)
    # Made early, in the spring before: the same day in the season, the coming autumn.
    assert date_in_season(D(2026, 3, 10), AUTUMN_TO_SUMMER) == D(2027, 3, 10)
    assert date_in_season(D(2025, 11, 24), AUTUMN_TO_SUMMER) == D(2026, 11, 24)
    # A day of the summer break is in no year of it: the season's nearest day.
    assert date_in_season(D(2026, 7, 20), AUTUMN_TO_SUMMER) == D(2026, 9, 1)
    assert date_in_season(D(2028, 7, 20), AUTUMN_TO_SUMMER) == D(2027, 6, 30)


def test_a_day_is_in_the_season_from_its_first_to_its_last():
    assert AUTUMN_TO_SUMMER.holds(D(2026, 9, 1)) and AUTUMN_TO_SUMMER.holds(D(2027, 6, 30))
    assert AUTUMN_TO_SUMMER.holds(D(2027, 1, 1))
    assert not AUTUMN_TO_SUMMER.holds(D(2026, 8, 31))
    assert not AUTUMN_TO_SUMMER.holds(D(2027, 7, 1))


def test_a_seasons_years_name_it_and_address_it():
    assert calendar_year(2026).years == "2026" and calendar_year(2026).is_calendar_year
    assert AUTUMN_TO_SUMMER.years == "2026-27" and not AUTUMN_TO_SUMMER.is_calendar_year
    assert Span(D(2026, 2, 1), D(2026, 11, 30)).years == "2026"
    assert Span(D(1999, 9, 1), D(2000, 6, 30)).years == "1999-00"
    assert years_address("2026") == (2026, 2026)
    assert years_address("2026-27") == (2026, 2027)
    assert years_address("1999-00") == (1999, 2000)
    for wrong in ("2026-28", "26", "2026-2027", "abcd", "2026-", ""):
        assert years_address(wrong) is None


@pytest.mark.parametrize(
    ("start", "end", "said"),
    [
        (D(2027, 6, 30), D(2026, 9, 1), "cannot come before its first day"),
        (D(2026, 1, 1), D(2028, 1, 1), "at most two calendar years"),
        (D(1899, 9, 1), D(1900, 6, 30), "between the years 1900 and 2999"),
    ],
)
def test_dates_that_make_no_season_are_refused(start, end, said):
    with pytest.raises(SeasonError) as refused:
        checked(start, end)
    assert said in refused.value.message()


def test_seasons_that_share_a_day_overlap():
    assert AUTUMN_TO_SUMMER.overlaps(calendar_year(2026))
    assert not AUTUMN_TO_SUMMER.overlaps(Span(D(2026, 1, 1), D(2026, 8, 31)))
