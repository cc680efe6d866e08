""" "A season's tournaments are played inside it" has one home, the core's
`core.seasons.Span.holds`, and every layer that reads it agrees on each day around a
season's bounds (a calendar year, and a season across New Year): the season row's
`holds` (which the director's start view asks), the tournament's validation, the
operations that make a tournament and start one early, and the setup form's script,
which reads the season's first and last day from the page (`season_dates`, rendered
from the row) and compares ISO dates as tournament_form.js does."""

import datetime

import pytest

import builders
from tournament import operations
from tournament.core import seasons as core_seasons
from tournament.forms.setup import TournamentForm

D = datetime.date
pytestmark = pytest.mark.django_db


def _days(span: core_seasons.Span) -> list[datetime.date]:
    one = datetime.timedelta(days=1)
    return [
        span.start - one,
        span.start,
        span.start + one,
        span.end - one,
        span.end,
        span.end + one,
    ]


def _script_outside(dates: dict, day: datetime.date) -> bool:
    """tournament_form.js's `outside`: ISO dates compare as text in the order of days."""
    value = day.isoformat()
    return value < dates["start"] or value > dates["end"]


@pytest.mark.parametrize(
    ("start", "end"), [(D(2026, 1, 1), D(2026, 12, 31)), (D(2026, 9, 1), D(2027, 6, 30))]
)
def test_every_layer_holds_the_days_the_core_holds(start, end):
    season = operations.create_season(None, "standard", start=start, end=end)
    span = core_seasons.Span(start, end)
    dates = TournamentForm().season_dates[season.pk]
    for number, day in enumerate(_days(span)):
        held = span.holds(day)
        assert season.holds(day) == held, day
        assert (season.date_problem(day) is None) == held, day
        assert _script_outside(dates, day) == (not held), day
        assert dates["outside"] == season.outside_message()
        fields = {"season": season, "name": f"Copa {number}", "date": day}
        try:
            operations.create_tournament(fields, {"main": "5"})
        except operations.OperationError as error:
            assert not held, day
            assert error.message == season.outside_message()
        else:
            assert held, day
        # Started early, on that day: dated so only inside the season.
        early = builders.cup(
            season,
            ("Anna Bosch", "Xavier Roca"),
            name=f"Aviat {number}",
            date=span.end.isoformat(),
            start=False,
        )
        try:
            operations.start_tournament(early, dated=day)
        except operations.OperationError:
            assert not held, day
        else:
            assert held, day
