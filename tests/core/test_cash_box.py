"""The cash box over random days: players paying random fees by random methods (some
not paying, some payments taken back), side pools, a club's cut, brackets whose places
are known or not, prizes some handed over and some owed, some handed over and taken
back. Whatever the day, the books balance exactly, in Decimal."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core import prizes
from tournament.core.cash_box import MoneyIn, MoneyOut, PrizeDue, cash_box

METHODS = ("cash", "transfer")
KINDS = ("main", "consolation", "last_chance")
cents = st.integers(0, 20_000).map(lambda n: Decimal(n).scaleb(-2))
percent = st.integers(0, 10_000).map(lambda n: Decimal(n).scaleb(-2))


@st.composite
def days(draw):
    """(money in, cuts, prizes due, money out, the fees and the prize payments taken
    back): a day's rows."""
    players = draw(st.integers(2, 16))
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=3, unique=True))
    money_in, taken_back = [], []
    cuts = {kind: draw(percent) for kind in kinds}
    for kind in kinds:
        for side in (False, True):
            fee = draw(cents)
            if side and draw(st.booleans()):
                continue  # this bracket has no side pool
            for player in range(players):
                if fee == 0 or draw(st.integers(0, 4)) == 0:
                    continue  # not paid (or nothing to pay)
                row = MoneyIn((kind, side), draw(st.sampled_from(METHODS)), fee, (player, kind))
                (taken_back if draw(st.integers(0, 9)) == 0 else money_in).append(row)
    due = []
    for kind in kinds:
        for side in (False, True):
            paid = [row for row in money_in if row.pool == (kind, side)]
            if not paid or not draw(st.booleans()):
                continue  # the places are not all known yet
            cut = Decimal(0) if side else cuts[kind]
            amount = prizes.pool([row.amount for row in paid], cut)
            places = {row.row[0]: (n + 1, n + 1) for n, row in enumerate(paid)}
            scale = prizes.DEFAULT_PAYOUTS[kind]
            for prize in prizes.share(amount, scale, places):
                due.append(PrizeDue((kind, side, prize.player), (kind, side), prize.amount))
    money_out = []
    for prize in due:
        choice = draw(st.integers(0, 3))
        if choice:
            method = draw(st.sampled_from(METHODS))
            money_out.append(MoneyOut(prize.key, method, prize.amount, choice))
    # A prize handed over, then taken back: it never reaches the box's rows.
    undone = [row for row in money_out if row.row == 3 and draw(st.booleans())]
    money_out = [row for row in money_out if row not in undone]
    return money_in, cuts, due, money_out, (taken_back, undone)


def exact(value):
    assert isinstance(value, Decimal)
    return value


@settings(max_examples=300, deadline=None)
@given(days())
def test_the_books_balance_on_any_day(day):
    money_in, cuts, due, money_out, _taken_back = day
    box = cash_box(money_in, cuts, due, money_out)
    zero = Decimal(0)
    # The sum by method is the total, both ways.
    assert sum(map(exact, (f.amount for f in box.taken_by_method.values())), zero) == exact(
        box.taken.amount
    )
    assert sum((f.amount for f in box.paid_out_by_method.values()), zero) == box.paid_out.amount
    assert box.taken.amount == sum((row.amount for row in money_in), zero)
    # Paid and owed make the prizes; nothing paid beyond them when all paid as due.
    assert exact(box.prizes_paid.amount) + exact(box.prizes_owed.amount) == box.prizes.amount
    assert box.overpaid.amount == 0
    assert box.paid_out.amount == sum((row.amount for row in money_out), zero)
    # The balance is money in less money out, and is where the money went.
    assert exact(box.balance) == box.taken.amount - box.paid_out.amount
    assert box.balance == box.club_cut.amount + box.unshared + box.prizes_owed.amount
    assert sum(box.balance_by_method.values(), zero) == box.balance
    # Each pool: the cut and the share make what was paid; the prizes are all it holds.
    for pool in box.pools:
        assert pool.club_cut.amount + pool.to_share == pool.paid.amount
        assert pool.prizes.amount in (zero, pool.to_share)
        assert pool.unshared + pool.prizes.amount == pool.to_share
        if pool.pool[1]:
            assert pool.club_cut.amount == 0
    assert box.club_cut.amount == sum((pool.club_cut.amount for pool in box.pools), zero)
    # What must not be negative is not; the balance never is while prizes are as due.
    for figure in (
        box.taken,
        box.club_cut,
        box.prizes,
        box.prizes_paid,
        box.prizes_owed,
        box.paid_out,
        *box.taken_by_method.values(),
        *box.paid_out_by_method.values(),
    ):
        assert figure.amount >= 0
    assert box.unshared >= 0 and box.balance >= 0
    # Every figure's rows add up to it.
    cuts_of_pools = [pool.club_cut for pool in box.pools]
    for figure in (
        box.taken,
        box.prizes,
        box.paid_out,
        *box.taken_by_method.values(),
        box.club_cut,
        *cuts_of_pools,
    ):
        assert sum((row.amount for row in figure.rows), zero) == figure.amount
    assert sum((row.amount for row in box.prizes_paid.rows), zero) == box.prizes_paid.amount
    assert len(box.prizes_paid.rows) + len(box.prizes_owed.rows) == len(due)


@settings(max_examples=150, deadline=None)
@given(days())
def test_taking_a_payment_back_takes_exactly_its_amount_out(day):
    """A fee taken back leaves the box with exactly its amount, from its method; a prize
    payment taken back returns exactly its amount to the box and to what is owed."""
    money_in, cuts, due, money_out, (taken_back, undone) = day
    before = cash_box([*money_in, *taken_back], cuts, due, [*money_out, *undone])
    after = cash_box(money_in, cuts, due, money_out)
    extra = sum((row.amount for row in taken_back), Decimal(0))
    handed = sum((row.amount for row in undone), Decimal(0))
    assert before.taken.amount - after.taken.amount == extra
    assert after.prizes_owed.amount - before.prizes_owed.amount == handed
    assert after.paid_out.amount - before.paid_out.amount == -handed
    assert after.balance - before.balance == handed - extra
    for method in METHODS:
        moved = sum((row.amount for row in taken_back if row.method == method), Decimal(0))
        assert before.taken_by_method[method].amount - after.taken_by_method[method].amount == (
            moved
        )


def test_a_prize_paid_beyond_what_the_results_now_give_is_shown_and_still_balances():
    """The results changed after a prize was handed over: the box says how much was
    paid beyond the prizes, and the balance still reckons it."""
    money_in = [MoneyIn(("main", False), "cash", Decimal("10.00"), n) for n in range(4)]
    due = [PrizeDue(("main", False, "ann"), ("main", False), Decimal("36.00"))]
    money_out = [
        MoneyOut(("main", False, "ann"), "cash", Decimal("36.00")),
        MoneyOut(("main", False, "bob"), "transfer", Decimal("4.00")),
    ]
    box = cash_box(money_in, {"main": Decimal(10)}, due, money_out)
    assert box.club_cut.amount == Decimal("4.00")
    assert box.prizes_owed.amount == 0 and box.prizes_paid.amount == Decimal("36.00")
    assert box.overpaid.amount == Decimal("4.00")
    assert box.balance == Decimal("0.00") == box.club_cut.amount - box.overpaid.amount
    assert box.balance_by_method == {"cash": Decimal("4.00"), "transfer": Decimal("-4.00")}


def test_money_is_decimal_never_float():
    with pytest.raises(TypeError):
        cash_box([MoneyIn(("main", False), "cash", 12.5)], {}, [])
    with pytest.raises(ValueError):
        cash_box([MoneyIn(("main", False), "cash", Decimal("-1"))], {}, [])
    with pytest.raises(ValueError):
        key = ("main", False, "ann")
        cash_box([], {}, [PrizeDue(key, key[:2], Decimal(1))] * 2)


def test_the_pools_come_in_the_draws_order_each_side_pool_after_its_bracket():
    pools = [("last_chance", False), ("consolation", False), ("main", True), ("main", False)]
    rows = [MoneyIn(pool, "cash", Decimal(5)) for pool in pools]
    box = cash_box(rows, {}, [])
    assert [pool.pool for pool in box.pools] == [
        ("main", False),
        ("main", True),
        ("consolation", False),
        ("last_chance", False),
    ]


def test_the_clubs_cut_is_each_fees_share_of_it_to_the_cent():
    """Three fees of 10.00 at a 12.5 % cut: 3.75 in all, rounded once on the pool.
    Its rows are each fee's share (1.25 each), not the fees: they add up to the cut.
    Where the shares do not split evenly the odd cents go to the largest remainders."""
    paid = [MoneyIn(("main", False), "cash", Decimal("10.00"), n) for n in range(3)]
    side = [MoneyIn(("main", True), "cash", Decimal("5.00"), n) for n in range(3)]
    box = cash_box([*paid, *side], {"main": Decimal("12.5")}, [])
    assert box.club_cut.amount == Decimal("3.75")
    assert [(row.row, row.amount) for row in box.club_cut.rows] == [
        (0, Decimal("1.25")),
        (1, Decimal("1.25")),
        (2, Decimal("1.25")),
    ]
    uneven = [
        MoneyIn(("main", False), "cash", Decimal(amount), n)
        for n, amount in enumerate(("10.00", "10.00", "10.00", "0.00"))
    ]
    box = cash_box(uneven, {"main": Decimal(10)}, [])
    # 10 %: 3.00, even; the fee of nothing gives nothing and is no row.
    assert [row.amount for row in box.club_cut.rows] == [Decimal("1.00")] * 3
    # 0.33 %: 0.10 (0.099 rounded) in three: 0.04, 0.03, 0.03.
    box = cash_box(uneven, {"main": Decimal("0.33")}, [])
    assert box.club_cut.amount == Decimal("0.10")
    assert [row.amount for row in box.club_cut.rows] == [
        Decimal("0.04"),
        Decimal("0.03"),
        Decimal("0.03"),
    ]
    # No cut, no rows.
    assert cash_box(paid, {}, []).club_cut.rows == ()
