"""Prize money (pure): parsing amounts, percentages and payout scales, the pool less the
club's cut, re-ranking a side pool, and sharing a pool among a bracket's final places,
with the cases a club checks by hand and properties over random pools and brackets."""

from decimal import ROUND_DOWN, Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core.prizes import (
    DEFAULT_PAYOUTS,
    Prize,
    PrizeError,
    format_payouts,
    parse_money,
    parse_payouts,
    parse_percent,
    pool,
    rerank,
    share,
)

D = Decimal
MAIN = DEFAULT_PAYOUTS["main"]


def paid(prizes):
    """[(label, player, amount as text)] for comparing with what a club expects."""
    return [(prize.label, prize.player, str(prize.amount)) for prize in prizes]


def full_bracket(size):
    """Players 1..size with the places a full knockout bracket of that size gives."""
    places, best = {}, 1
    players = iter(range(1, size + 1))
    for width in [1, 1] + [2**k for k in range(1, size.bit_length() - 1)]:
        for __ in range(width):
            places[next(players)] = (best, best + width - 1)
        best += width
    return places


# Parsing and formatting


@pytest.mark.parametrize(
    ("text", "expected"),
    [("12", "12.00"), ("12.5", "12.50"), ("12,50", "12.50"), (" 7 ", "7.00"), ("0", "0.00"),
     (".5", "0.50"), ("-0", "0.00"), ("1000000", "1000000.00")],
)  # fmt: skip
def test_parse_money(text, expected):
    assert str(parse_money(text)) == expected


@pytest.mark.parametrize(
    "text",
    ["", "   ", "-5", "-0.01", "12.345", "1,000", "12.500", "ten", "12 50", "1.2.3", "NaN",
     "Infinity", "inf", "1e3", "1_000", "١٢", "1000000.01", "5 €", ",", "-"],
)  # fmt: skip
def test_parse_money_refuses(text):
    with pytest.raises(PrizeError) as refused:
        parse_money(text)
    assert refused.value.message()
    assert refused.value.message(lambda template: template) == str(refused.value)


def test_parse_money_refuses_what_is_not_text():
    with pytest.raises(PrizeError):
        parse_money(None)


@pytest.mark.parametrize(
    ("text", "expected"), [("10", D(10)), ("12.5", D("12.5")), ("12,5", D("12.5")),
                           ("0", D(0)), ("100", D(100)), (" 2,25 ", D("2.25"))],
)  # fmt: skip
def test_parse_percent(text, expected):
    assert parse_percent(text) == expected


@pytest.mark.parametrize("text", ["", "-1", "100.01", "101", "12.345", "ten", "NaN", "5%"])
def test_parse_percent_refuses(text):
    with pytest.raises(PrizeError) as refused:
        parse_percent(text)
    assert refused.value.message()


@pytest.mark.parametrize(
    ("text", "expected"),
    [("50, 25, 12.5, 12.5", (50, 25, D("12.5"), D("12.5"))), ("60;40", (60, 40)),
     ("100", (100,)), ("  70 30 ", (70, 30)), ("33.34,33.33,33.33", (D("33.34"), D("33.33"),
     D("33.33")))],
)  # fmt: skip
def test_parse_payouts(text, expected):
    assert parse_payouts(text) == tuple(D(value) for value in expected)


@pytest.mark.parametrize(
    ("text", "words"),
    [("", "at least one"), (" ,; ", "at least one"), ("50,25", "75"),
     ("50,25,12.5,12.5,1", "101"), ("12,5", "17"), ("100,0", "not a percentage"),
     ("110,-10", "not a percentage"), ("33.333,66.667", "not a percentage"),
     ("fifty,fifty", "not a percentage"), ("NaN", "not a percentage"),
     (",".join(["1"] * 65), "at most 64"), (None, "as percentages")],
)  # fmt: skip
def test_parse_payouts_refuses(text, words):
    with pytest.raises(PrizeError) as refused:
        parse_payouts(text)
    assert words in refused.value.message()


def test_payouts_of_64_places_are_enough():
    assert len(parse_payouts(",".join(["2"] * 36 + ["1"] * 28))) == 64


def test_format_payouts_without_trailing_zeros():
    assert format_payouts(MAIN) == "50,25,12.5,12.5"
    assert format_payouts([D("100")]) == "100"
    assert format_payouts([D("100.00")]) == "100"
    assert format_payouts([D("60.0"), D("40.00")]) == "60,40"
    assert format_payouts([D("0.50"), D("99.5")]) == "0.5,99.5"


@pytest.mark.parametrize("kind", ["main", "consolation", "last_chance"])
def test_default_payouts_are_valid_and_round_trip(kind):
    assert parse_payouts(format_payouts(DEFAULT_PAYOUTS[kind])) == DEFAULT_PAYOUTS[kind]


def test_default_payouts_as_documented():
    assert format_payouts(DEFAULT_PAYOUTS["main"]) == "50,25,12.5,12.5"
    assert format_payouts(DEFAULT_PAYOUTS["consolation"]) == "60,40"
    assert format_payouts(DEFAULT_PAYOUTS["last_chance"]) == "100"


# The pool


def test_pool_less_the_club_cut():
    assert pool([D("20")] * 12, D("10")) == D("216.00")
    assert pool([D("20")] * 12) == D("240.00")
    assert pool([]) == D("0.00")
    assert pool([D("20"), D("15"), D("0")], D("0")) == D("35.00")


def test_the_rounded_cut_and_the_pool_make_the_box():
    # 3 x 3.35 = 10.05; a 15 % cut is 1.5075, rounded half up to 1.51.
    assert pool([D("3.35")] * 3, D("15")) == D("8.54")
    # 12.5 % of 0.20 is exactly 0.025: half up makes the cut 0.03.
    assert pool([D("0.20")], D("12.5")) == D("0.17")
    assert pool([D("10")], D("100")) == D("0.00")


@pytest.mark.parametrize(
    ("amounts", "cut"),
    [([D("-5")], D(0)), ([D(5)], D(-1)), ([D(5)], D("100.01"))],
)
def test_pool_refuses(amounts, cut):
    with pytest.raises(PrizeError) as refused:
        pool(amounts, cut)
    assert refused.value.message()


def test_pool_refuses_floats():
    with pytest.raises(TypeError):
        pool([20.0])


# Sharing the pool


def test_full_main_bracket_of_8():
    prizes = share(D("240.00"), MAIN, full_bracket(8))
    assert paid(prizes) == [
        ("1", 1, "120.00"), ("2", 2, "60.00"), ("3-4", 3, "30.00"), ("3-4", 4, "30.00"),
    ]  # fmt: skip
    assert prizes[0] == Prize((1, 1), 1, D("120.00"))


def test_a_shared_band_of_places_5_to_8():
    payouts = parse_payouts("40,20,10,10,5,5,5,5")
    assert paid(share(D("200"), payouts, full_bracket(8))) == [
        ("1", 1, "80.00"), ("2", 2, "40.00"), ("3-4", 3, "20.00"), ("3-4", 4, "20.00"),
        ("5-8", 5, "10.00"), ("5-8", 6, "10.00"), ("5-8", 7, "10.00"), ("5-8", 8, "10.00"),
    ]  # fmt: skip
    # With a bye, three quarter-final losers each win one place's 5 %, and the empty
    # place's 5 % goes to all the others in proportion (a pool of 95 pays as 100 did).
    places = {name: band for name, band in full_bracket(8).items() if name != 8}
    assert [prize.amount for prize in share(D("95"), payouts, places)] == [40, 20, 10, 10, 5, 5, 5]


def test_a_bye_in_a_semi_final_gives_the_lone_third_one_places_share():
    # 4th place is nobody's: its 12.5 % goes to 1st, 2nd and 3rd in proportion
    # (50 : 25 : 12.5 of 210, with the rounding's remainder to 1st).
    places = {"ann": (1, 1), "bob": (2, 2), "cy": (3, 4)}
    assert paid(share(D("210.00"), MAIN, places)) == [
        ("1", "ann", "120.00"), ("2", "bob", "60.00"), ("3-4", "cy", "30.00"),
    ]  # fmt: skip


def test_rounding_down_gives_the_remainder_to_the_winner():
    places = {"ann": (1, 1), "bob": (2, 2), "cy": (3, 4), "di": (3, 4)}
    assert [prize.amount for prize in share(D("100.00"), MAIN, places)] == [51, 25, 12, 12]


def test_the_rounding_remainder_is_shared_down_the_places():
    """Issue 22, item 14: a side pool of 30 among five (places 1, 2-3, 4-5 among
    themselves) paid 18 / 5 / 5 / 1 / 1, the whole remainder to the first; shared down
    the places, a unit to each player of a band while the band can take one each."""
    places = {"ann": (1, 1), "bob": (2, 3), "cy": (2, 3), "di": (4, 5), "eve": (4, 5)}
    assert [prize.amount for prize in share(D("30"), MAIN, places)] == [16, 6, 6, 1, 1]
    # Two units left: the 2-3 band cannot take one each, so both go to the first.
    assert [prize.amount for prize in share(D("28"), MAIN, places)] == [16, 5, 5, 1, 1]


def test_a_pool_with_cents():
    assert paid(share(D("240.50"), MAIN, full_bracket(8))) == [
        ("1", 1, "120.50"), ("2", 2, "60.00"), ("3-4", 3, "30.00"), ("3-4", 4, "30.00"),
    ]  # fmt: skip


def test_fewer_places_than_the_scale():
    # Two players: 50 and 25 become 66.67 % and 33.33 % of the pool.
    two = {"ann": (1, 1), "bob": (2, 2)}
    assert [prize.amount for prize in share(D("100.00"), MAIN, two)] == [67, 33]
    assert [prize.amount for prize in share(D("240.00"), MAIN, two)] == [160, 80]
    # The winner alone takes all.
    assert paid(share(D("90.00"), MAIN, {"ann": (1, 1)})) == [("1", "ann", "90.00")]


def test_other_units():
    places = {"ann": (1, 1), "bob": (2, 2), "cy": (3, 4), "di": (3, 4)}
    assert [p.amount for p in share(D("100.00"), MAIN, places, D(5))] == [55, 25, 10, 10]
    assert [p.amount for p in share(D("100.00"), MAIN, places, D("0.01"))] == [
        D("50"), D("25"), D("12.5"), D("12.5"),
    ]  # fmt: skip


def test_ties_at_the_top_give_the_remainder_to_the_first_given():
    places = {"bob": (1, 2), "ann": (1, 2)}
    assert paid(share(D("101.00"), MAIN, places)) == [
        ("1-2", "bob", "51.00"),
        ("1-2", "ann", "50.00"),
    ]


def test_only_paid_places_win_and_in_order_of_place():
    places = {"eve": (5, 8), "ann": (2, 2), "bob": (1, 1)}
    assert paid(share(D("30"), MAIN, places)) == [("1", "bob", "20.00"), ("2", "ann", "10.00")]


def test_the_remainder_goes_to_the_best_paid_place():
    # `share` takes a 0 % place (a typed scale never has one): the remainder then goes
    # to the best place that is paid, not to a player who wins nothing. (cy, alone in
    # the 3-4 band, wins its average place: (50 + 0) / 2 %.)
    payouts = (D(0), D(50), D(50))
    places = {"ann": (1, 1), "bob": (2, 2), "cy": (3, 4)}
    assert paid(share(D("101"), payouts, places)) == [("2", "bob", "68.00"), ("3-4", "cy", "33.00")]


def test_nothing_to_share():
    assert share(D("0"), MAIN, full_bracket(8)) == []
    assert share(D("100"), MAIN, {}) == []
    assert share(D("100"), MAIN, {"eve": (5, 8), "fay": (9, 16)}) == []


@pytest.mark.parametrize(
    ("pool_amount", "payouts", "places", "unit"),
    [(D("-1"), MAIN, {"ann": (1, 1)}, D(1)),
     (D("100"), (D(50), D(25)), {"ann": (1, 1)}, D(1)),
     (D("100"), (D(110), D(-10)), {"ann": (1, 1)}, D(1)),
     (D("100"), MAIN, {"ann": (1, 1)}, D(0)),
     (D("100"), MAIN, {"ann": (2, 1)}, D(1)),
     (D("100"), MAIN, {"ann": (0, 1)}, D(1)),
     (D("100"), MAIN, {"ann": (3, 4), "bob": (3, 4), "cy": (3, 4)}, D(1)),
     (D("100"), MAIN, {"ann": (1, 2), "bob": (2, 2)}, D(1))],
)  # fmt: skip
def test_share_refuses(pool_amount, payouts, places, unit):
    with pytest.raises(PrizeError) as refused:
        share(pool_amount, payouts, places, unit)
    assert refused.value.message()


def test_prize_labels():
    assert Prize((1, 1), "ann", D(1)).label == "1"
    assert Prize((3, 4), "ann", D(1)).label == "3-4"
    assert Prize((5, 8), "ann", D(1)).label == "5-8"


# Side pools


def test_rerank_a_side_pool():
    places = {"bob": (2, 2), "cy": (3, 4), "di": (3, 4), "hal": (9, 16)}
    assert rerank(places) == {"bob": (1, 1), "cy": (2, 3), "di": (2, 3), "hal": (4, 4)}
    assert list(rerank(places)) == list(places)


def test_rerank_keeps_the_order_given_and_closes_gaps():
    places = {"eve": (5, 8), "ann": (1, 1), "fay": (5, 8)}
    assert rerank(places) == {"eve": (2, 3), "ann": (1, 1), "fay": (2, 3)}
    assert rerank({}) == {}
    assert rerank(full_bracket(8)) == {
        1: (1, 1), 2: (2, 2), 3: (3, 4), 4: (3, 4), 5: (5, 8), 6: (5, 8), 7: (5, 8), 8: (5, 8),
    }  # fmt: skip


def test_a_side_pool_shared():
    places = rerank({"bob": (2, 2), "cy": (3, 4), "di": (3, 4), "hal": (9, 16)})
    assert paid(share(D("80"), MAIN, places)) == [
        ("1", "bob", "40.00"), ("2-3", "cy", "15.00"), ("2-3", "di", "15.00"),
        ("4", "hal", "10.00"),
    ]  # fmt: skip


# Properties

pools = st.integers(0, 10_000_000).map(lambda cents: D(cents) / 100)
units = st.sampled_from([D(1), D(1), D(5), D(10), D("0.5"), D("0.01")])


@st.composite
def payout_scales(draw, descending=False):
    """1 to 8 percentages above 0 with at most 2 decimals, summing to exactly 100."""
    weights = draw(st.lists(st.integers(1, 100), min_size=1, max_size=8))
    total = sum(weights)
    values = [(D(100) * weight / total).quantize(D("0.01"), ROUND_DOWN) for weight in weights]
    values[-1] = D(100) - sum(values[:-1])
    return tuple(sorted(values, reverse=True)) if descending else tuple(values)


@st.composite
def knockout_places(draw):
    """Players in the bands 1, 2, 3-4, 5-8, ... of a knockout, each band between empty
    and full, at least one player, given in a random order."""
    bands = [(1, 1), (2, 2)] + [(2**k + 1, 2 ** (k + 1)) for k in range(1, 5)]
    bands = bands[: draw(st.integers(1, len(bands)))]
    counts = [draw(st.integers(0, worst - best + 1)) for best, worst in bands]
    if not any(counts):
        counts[draw(st.integers(0, len(bands) - 1))] = 1
    players = [band for band, count in zip(bands, counts, strict=True) for __ in range(count)]
    order = draw(st.permutations(range(len(players))))
    return {f"p{i}": players[i] for i in order}


@settings(max_examples=500, deadline=None)
@given(pools, payout_scales(), knockout_places(), units)
def test_prizes_add_up_to_the_pool(pool_amount, payouts, places, unit):
    prizes = share(pool_amount, payouts, places, unit)
    if any(best <= len(payouts) for best, __ in places.values()) and pool_amount:
        assert sum(prize.amount for prize in prizes) == pool_amount
    else:
        assert prizes == []
    assert all(prize.amount > 0 for prize in prizes)
    assert all(prize.places == places[prize.player] for prize in prizes)
    assert len({prize.player for prize in prizes}) == len(prizes)
    assert [prize.places for prize in prizes] == sorted(prize.places for prize in prizes)
    # Only the top prize carries the remainder; every other is in whole units.
    assert all(prize.amount % unit == 0 for prize in prizes[1:])


@settings(max_examples=500, deadline=None)
@given(pools, payout_scales(descending=True), knockout_places(), units)
def test_a_better_place_never_wins_less(pool_amount, payouts, places, unit):
    won = {prize.player: prize.amount for prize in share(pool_amount, payouts, places, unit)}
    for better, better_band in places.items():
        for worse, worse_band in places.items():
            # Each player wins the band's average place, so with a falling scale a better
            # band never wins less, full or not (byes).
            if better_band[0] < worse_band[0]:
                assert won.get(better, 0) >= won.get(worse, 0)


@settings(max_examples=200, deadline=None)
@given(payout_scales())
def test_payouts_round_trip(payouts):
    assert parse_payouts(format_payouts(payouts)) == payouts
    assert format_payouts(parse_payouts(format_payouts(payouts))) == format_payouts(payouts)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 100_000_000), st.sampled_from([".", ","]))
def test_money_round_trip(cents, mark):
    text = f"{cents // 100}{mark}{cents % 100:02d}"
    assert parse_money(text) == D(cents) / 100
    assert str(parse_money(text)) == f"{cents // 100}.{cents % 100:02d}"


@settings(max_examples=200, deadline=None)
@given(st.lists(pools, max_size=40), st.integers(0, 10_000).map(lambda n: D(n) / 100))
def test_the_pool_and_the_cut_make_the_box(amounts, cut):
    total = sum(amounts, D(0))
    left = pool(amounts, cut)
    assert 0 <= left <= total
    assert left == left.quantize(D("0.01"))
    assert abs((total - left) - total * cut / 100) <= D("0.005")
