"""The cash box: a tournament's money in one reckoning. What the players paid (by
method), each pool and the club's cut of it, the prizes known and which of them were
paid (by method) or are still owed, and what is left in the box.

Pure Python with `Decimal` amounts, never floats: the director's money page and the
workbook's Money sheet both show one `CashBox`, so they agree to the cent. Every figure
carries the caller's rows it was added up from, so each can be traced on the page;
the club's cut, a share of the fees, carries each fee's share of it.

The books balance by construction, and a property test holds them to it:

    taken = sum of taken by method             paid out = sum of paid out by method
    prizes = prizes paid + prizes owed         balance = taken - paid out
    balance = club's cut + still to share + prizes owed - paid beyond the prizes
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_FLOOR, Decimal

from . import draw
from . import prizes as prize_money

ZERO = Decimal("0.00")

# A pool: (the bracket's kind, whether it is the bracket's side pool).
PoolKey = tuple[str, bool]


def _money(value: object) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, Decimal | int):
        raise TypeError(f"amounts are Decimal, not {type(value).__name__}")
    amount = Decimal(value)
    if amount < 0:
        raise ValueError("an amount of money in the cash box is never negative")
    return amount


@dataclass(frozen=True)
class MoneyIn:
    """A fee or a side pool's share paid: `row` is the caller's record of it."""

    pool: PoolKey
    method: str
    amount: Decimal
    row: object = None


@dataclass(frozen=True)
class PrizeDue:
    """A prize one player has won: `key` names it (the pool and the player), the same
    key a `MoneyOut` for it carries."""

    key: object
    pool: PoolKey
    amount: Decimal
    row: object = None


@dataclass(frozen=True)
class MoneyOut:
    """A prize handed over, in `method`, for the prize `key`."""

    key: object
    method: str
    amount: Decimal
    row: object = None


@dataclass(frozen=True)
class Figure:
    """An amount and the rows it is the sum of (for a balance, of the rows named)."""

    amount: Decimal
    rows: tuple = ()


def _figure(items: Iterable, amount_of=lambda item: item.amount) -> Figure:
    items = tuple(items)
    return Figure(sum((amount_of(item) for item in items), ZERO), items)


CENT = Decimal("0.01")


def _cut_shares(paid: Sequence[MoneyIn], cut: Decimal) -> Figure:
    """The club's cut of a pool as each fee's share of it: every fee gives the cut its
    proportion, in cents, the cents left over by rounding down given to the largest
    remainders (the first fee on a tie), so that the shares add up to the cut exactly
    (the cut itself is rounded once, on the pool: prizes.pool). A fee that gives
    nothing is left out."""
    total = sum((item.amount for item in paid), ZERO)
    if not cut or not total:
        return Figure(ZERO, ())
    exact = [item.amount * cut / total for item in paid]
    shares = [(value / CENT).to_integral_value(rounding=ROUND_FLOOR) * CENT for value in exact]
    left = int((cut - sum(shares, ZERO)) / CENT)
    by_remainder = sorted(range(len(paid)), key=lambda n: (-(exact[n] - shares[n]), n))
    for n in by_remainder[:left]:
        shares[n] += CENT
    rows = tuple(
        MoneyIn(item.pool, item.method, share, item.row)
        for item, share in zip(paid, shares, strict=True)
        if share
    )
    return Figure(cut, rows)


@dataclass(frozen=True)
class PoolFigures:
    pool: PoolKey
    paid: Figure  # the fees paid into it (rows: MoneyIn)
    # The club's share of them; its rows are each fee's share of the cut (MoneyIn rows
    # of that amount), which add up to it. Never on a side pool.
    club_cut: Figure
    to_share: Decimal  # paid less the cut
    prizes: Figure  # the prizes known from it (rows: PrizeDue)
    unshared: Decimal  # to share, but nobody's yet: the places are not all known


@dataclass(frozen=True)
class CashBox:
    methods: tuple[str, ...]
    taken_by_method: dict[str, Figure]
    taken: Figure
    pools: list[PoolFigures]
    club_cut: Figure
    unshared: Decimal
    prizes: Figure  # every prize known (rows: PrizeDue)
    prizes_paid: Figure  # the part of them handed over (rows: MoneyOut)
    prizes_owed: Figure  # the part still to hand over (rows: PrizeDue)
    paid_out_by_method: dict[str, Figure]
    paid_out: Figure  # every prize payment (rows: MoneyOut)
    # Handed over beyond the prizes as they stand now (the results changed after it was
    # paid): money to ask back, or a payment to take back.
    overpaid: Figure
    balance_by_method: dict[str, Decimal] = field(default_factory=dict)

    @property
    def balance(self) -> Decimal:
        """What the box holds now: taken, less paid out."""
        return self.taken.amount - self.paid_out.amount

    @property
    def any(self) -> bool:
        return bool(self.taken.rows or self.paid_out.rows or self.prizes.rows)


def _pool_order(pool: PoolKey) -> tuple:
    """The brackets in the draw's order (main, consolation, last chance), each bracket's
    side pool after it."""
    kinds = list(draw.BRACKET_KINDS)
    kind, side = pool
    return (kinds.index(kind) if kind in kinds else len(kinds), kind, side)


def _order(methods: Sequence[str], used: Iterable[str]) -> tuple[str, ...]:
    extra = sorted(set(used) - set(methods))
    return (*methods, *extra)


def cash_box(
    money_in: Iterable[MoneyIn],
    cuts: Mapping[str, Decimal],
    due: Iterable[PrizeDue],
    money_out: Iterable[MoneyOut] = (),
    methods: Sequence[str] = ("cash", "transfer"),
) -> CashBox:
    """The figures of one tournament. `cuts` is each bracket's club's cut (a
    percentage; a side pool has none); `due` the prizes known so far (from
    `prizes.share`, which pays out a whole pool); `money_out` the prizes handed over.
    `methods` come first in the by-method figures, any other method seen after them."""
    money_in = [MoneyIn(item.pool, item.method, _money(item.amount), item.row) for item in money_in]
    due = [PrizeDue(item.key, item.pool, _money(item.amount), item.row) for item in due]
    money_out = [MoneyOut(i.key, i.method, _money(i.amount), i.row) for i in money_out]
    keys = [item.key for item in due]
    if len(set(keys)) != len(keys):
        raise ValueError("a prize is listed twice")
    order = _order(methods, [item.method for item in (*money_in, *money_out)])

    taken_by_method = {m: _figure(i for i in money_in if i.method == m) for m in order}
    paid_out_by_method = {m: _figure(o for o in money_out if o.method == m) for m in order}

    pools = []
    in_pools: dict[PoolKey, list[MoneyIn]] = {}
    for item in money_in:
        in_pools.setdefault(item.pool, []).append(item)
    due_of: dict[PoolKey, list[PrizeDue]] = {}
    for item in due:
        due_of.setdefault(item.pool, []).append(item)
    for pool in sorted(set(in_pools) | set(due_of), key=_pool_order):
        paid = _figure(in_pools.get(pool, ()))
        kind, side = pool
        cut = ZERO if side else _money(cuts.get(kind, ZERO))
        to_share = prize_money.pool([item.amount for item in paid.rows], cut)
        won = _figure(due_of.get(pool, ()))
        pools.append(
            PoolFigures(
                pool,
                paid,
                _cut_shares(paid.rows, paid.amount - to_share),
                to_share,
                won,
                max(to_share - won.amount, ZERO),
            )
        )

    # A prize's payments count towards it up to its amount; beyond, they are overpaid.
    paid_for: dict[object, Decimal] = {}
    for item in money_out:
        paid_for[item.key] = paid_for.get(item.key, ZERO) + item.amount
    due_amount = {item.key: item.amount for item in due}
    towards = {key: min(paid, due_amount.get(key, ZERO)) for key, paid in paid_for.items()}
    owed_rows = [item for item in due if towards.get(item.key, ZERO) < item.amount]
    prizes_owed = _figure(owed_rows, lambda item: item.amount - towards.get(item.key, ZERO))
    paid_rows = [item for item in money_out if item.key in due_amount]
    prizes_paid = Figure(sum(towards.values(), ZERO), tuple(paid_rows))
    overpaid_rows = [
        item for item in money_out if paid_for[item.key] > due_amount.get(item.key, ZERO)
    ]
    overpaid = Figure(sum(paid_for.values(), ZERO) - prizes_paid.amount, tuple(overpaid_rows))

    return CashBox(
        methods=order,
        taken_by_method=taken_by_method,
        taken=_figure(money_in),
        pools=pools,
        club_cut=Figure(
            sum((pool.club_cut.amount for pool in pools), ZERO),
            tuple(row for pool in pools for row in pool.club_cut.rows),
        ),
        unshared=sum((pool.unshared for pool in pools), ZERO),
        prizes=_figure(due),
        prizes_paid=prizes_paid,
        prizes_owed=prizes_owed,
        paid_out_by_method=paid_out_by_method,
        paid_out=_figure(money_out),
        overpaid=overpaid,
        balance_by_method={
            m: taken_by_method[m].amount - paid_out_by_method[m].amount for m in order
        },
    )
