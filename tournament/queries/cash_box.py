"""A tournament's cash box as the director's money page and the workbook's Money sheet
show it: the rows (fees paid, prizes won from `queries.prizes`, prizes handed over)
handed to `core.cash_box`, and its figures as one list of lines, each with the rows it
adds up. The page and the sheet both write this list, so they cannot disagree."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from django.utils.translation import gettext

from ..core import cash_box as core
from ..models import Bracket, Payment, Player, PrizePayment, Tournament
from .prizes import pool_label, tournament_money


@dataclass(frozen=True)
class Trace:
    """One row behind a figure, as the page lists it and the sheet writes it."""

    player: Player
    pool: str
    places: str
    method: str
    amount: Decimal
    at: datetime | None
    by: str


@dataclass
class Line:
    """A figure: its name, its amount and the rows it is added up from. `key` is a
    stable name for tests and anchors ("taken-cash", "balance")."""

    key: str
    label: str
    amount: Decimal
    traces: list[Trace] = field(default_factory=list)
    total: bool = False  # a total or a balance: shown in bold


@dataclass(frozen=True)
class Prize:
    """A prize won, as the cash box knows it (the row behind a PrizeDue)."""

    kind: str
    side: bool
    places: str
    player: Player
    amount: Decimal

    @property
    def label(self) -> str:
        return pool_label(self.kind, self.side)


@dataclass
class TournamentCash:
    box: core.CashBox
    lines: list[Line]
    owed: list[Prize]  # prizes still to hand over, with the forms to mark them paid
    paid: list[PrizePayment]  # prizes handed over, with the forms to take them back


def _methods() -> dict[str, str]:
    return {key: str(label) for key, label in Payment.Method.choices}


def _user(user) -> str:
    return user.get_username() if user is not None else ""


def _trace(item, methods) -> Trace:
    """The row behind one of a figure's items, with the item's amount: a fee's own, or
    its share of the club's cut."""
    row, amount = item.row, item.amount
    if isinstance(row, Payment):
        return Trace(
            row.entry.player,
            pool_label(row.bracket, row.side),
            "",
            methods.get(row.method, row.method),
            amount,
            row.at,
            _user(row.entered_by),
        )
    if isinstance(row, PrizePayment):
        return Trace(
            row.player,
            pool_label(row.bracket, row.side),
            row.places,
            methods.get(row.method, row.method),
            amount,
            row.at,
            _user(row.paid_by),
        )
    return Trace(row.player, row.label, row.places, "", amount, None, "")


def tournament_cash(tournament: Tournament) -> TournamentCash:
    """Five queries: the brackets, the fees paid (with their players), the pools and the
    matches for the prizes (`queries.prizes`), and the prizes handed over."""
    brackets = list(Bracket.objects.filter(tournament=tournament))
    fees = list(
        Payment.objects.filter(entry__tournament=tournament)
        .select_related("entry__player", "entered_by")
        .order_by("bracket", "side", "entry__player__name", "pk")
    )
    lines = tournament_money(tournament, brackets=brackets).prizes
    won = [
        Prize(line.kind, line.side, line.places, player, line.amount)
        for line in lines
        for player in line.players
    ]
    handed = list(
        PrizePayment.objects.filter(tournament=tournament)
        .select_related("player", "paid_by")
        .order_by("bracket", "side", "player__name", "pk")
    )
    box = core.cash_box(
        [core.MoneyIn((row.bracket, row.side), row.method, row.amount, row) for row in fees],
        {bracket.kind: bracket.club_cut for bracket in brackets},
        [core.PrizeDue((p.kind, p.side, p.player.pk), (p.kind, p.side), p.amount, p) for p in won],
        [
            core.MoneyOut((row.bracket, row.side, row.player_id), row.method, row.amount, row)
            for row in handed
        ],
        methods=Payment.Method.values,
    )
    paid_keys = {(row.bracket, row.side, row.player_id) for row in handed}
    owed = [p for p in won if (p.kind, p.side, p.player.pk) not in paid_keys]
    return TournamentCash(box, _lines(box), owed, handed)


def _lines(box: core.CashBox) -> list[Line]:
    methods = _methods()

    def line(key, label, figure, *, total=False):
        traces = [_trace(item, methods) for item in figure.rows]
        return Line(key, label, figure.amount, traces, total)

    def named(method):
        return methods.get(method, method)

    out = [
        line(f"taken-{m}", gettext("Fees taken: %(method)s") % {"method": named(m)}, figure)
        for m, figure in box.taken_by_method.items()
    ]
    out.append(line("taken", gettext("Fees taken, in all"), box.taken, total=True))
    for pool in box.pools:
        kind, side = pool.pool
        name, slug = pool_label(kind, side), f"{kind}{'-side' if side else ''}"
        out.append(line(f"pool-{slug}", name, pool.paid))
        if not side:
            out.append(
                line(
                    f"cut-{slug}",
                    gettext("%(pool)s: the club's cut") % {"pool": name},
                    pool.club_cut,
                )
            )
        out.append(
            Line(
                f"share-{slug}",
                gettext("%(pool)s: to share") % {"pool": name},
                pool.to_share,
                line("", "", pool.prizes).traces,
            )
        )
    out += [
        line("club-cut", gettext("The club's cut"), box.club_cut, total=True),
        Line("unshared", gettext("Still to share (the places are not all known)"), box.unshared),
        line("prizes", gettext("Prizes won"), box.prizes, total=True),
        line("prizes-paid", gettext("Prizes paid"), box.prizes_paid),
        line("prizes-owed", gettext("Prizes still owed"), box.prizes_owed),
    ]
    out += [
        line(f"paid-out-{m}", gettext("Prizes paid: %(method)s") % {"method": named(m)}, figure)
        for m, figure in box.paid_out_by_method.items()
    ]
    out.append(line("paid-out", gettext("Paid out, in all"), box.paid_out, total=True))
    if box.overpaid.amount:
        out.append(line("overpaid", gettext("Paid beyond the prizes as they stand"), box.overpaid))
    out += [
        Line(
            f"balance-{m}",
            gettext("Balance: %(method)s") % {"method": named(m)},
            amount,
        )
        for m, amount in box.balance_by_method.items()
    ]
    out.append(Line("balance", gettext("Balance (taken less paid out)"), box.balance, total=True))
    return out
