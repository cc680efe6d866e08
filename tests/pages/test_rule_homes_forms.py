"""The forms restate no rule: the penalty points one award may give are the core's
(`scoring.most_penalty_points`), and the club's cut and the fees are read by the core's
parsers (`prizes.parse_percent`, `prizes.parse_money`): the form takes what they take
and refuses what they refuse, with their message."""

from decimal import Decimal

import pytest

from tournament.core import prizes
from tournament.core.scoring import most_penalty_points
from tournament.forms import PenaltyForm
from tournament.forms.setup import BracketFields

ANSWERS = ["0", "7.5", "12,5", "100", "100.00", "100.01", "-3", "7.125", "1e3", "x", " 10 "]


def test_one_award_gives_at_most_the_match_length():
    assert [most_penalty_points(length) for length in (1, 5, 11)] == [1, 5, 11]


@pytest.mark.parametrize("length", [1, 5, 11])
def test_the_penalty_form_asks_the_core(match, length):
    match.length = length
    most = most_penalty_points(length)
    data = {"side": 0, "version": match.version}
    assert PenaltyForm({**data, "points": most}, match=match).is_valid()
    refused = PenaltyForm({**data, "points": most + 1}, match=match)
    assert not refused.is_valid() and "points" in refused.errors


def clean(field: str, text: str):
    """What the bracket settings' form makes of `text`: a value, or its message."""
    form = BracketFields({f"main_{field}": text})
    form.is_valid()
    if f"main_{field}" in form.errors:
        return form.errors[f"main_{field}"][0]
    return form.cleaned_data[f"main_{field}"]


def core(parse, text: str):
    try:
        return parse(text)
    except prizes.PrizeError as error:
        return error.message()


@pytest.mark.parametrize("text", ANSWERS)
def test_the_club_cut_is_read_by_the_core(text):
    assert clean("club_cut", text) == core(prizes.parse_percent, text)


@pytest.mark.parametrize("text", [*ANSWERS, "12.50", "999999.99", "1000000.01"])
def test_a_fee_is_read_by_the_core(text):
    assert clean("fee", text) == core(prizes.parse_money, text)


def test_an_empty_cut_or_fee_is_none_and_a_fee_fits_its_column():
    assert clean("club_cut", "") is None and clean("fee", "") is None
    # The core allows up to MAX_MONEY; the column holds 8 digits, 999999.99.
    assert clean("fee", "999999.99") == Decimal("999999.99")
    assert "8 digits" in clean("fee", str(prizes.MAX_MONEY))
