"""The Money sheet: the cash box's figures (`queries.cash_box`, as the director's money
page shows them), each followed by the rows it adds up: the player, the pool, the
place, the method, the amount, when and who entered it. Amounts are numbers with two
decimals; player names are user text and stay text (`workbook._Text`)."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _

from ..queries.cash_box import TournamentCash
from .workbook import Sheet, fit

AMOUNT = 1  # the column of the amounts


def money_sheet(cash: TournamentCash) -> Sheet:
    """A figure's row has its name and amount only; its rows follow it, each under the
    figure's name, with a player. Reading the sheet back: the rows without a player are
    the figures, and those with one are the rows each is worked out from (a fee, a prize
    won, a prize handed over; for the club's cut, the fees it is a percentage of)."""
    headers = [
        _("Figure"),
        _("Amount"),
        _("Player"),
        _("Pool"),
        _("Place"),
        _("Paid by"),
        _("When"),
        _("Entered by"),
    ]
    rows: list[tuple] = []
    for line in cash.lines:
        rows.append((line.label, line.amount, "", "", "", "", "", ""))
    for line in cash.lines:
        for trace in line.traces:
            at = timezone.localtime(trace.at).replace(tzinfo=None) if trace.at else ""
            rows.append(
                (
                    line.label,
                    trace.amount,
                    trace.player.name,
                    trace.pool,
                    trace.places,
                    trace.method,
                    at,
                    trace.by,
                )
            )
    widths = fit(headers, rows)
    widths[6] = max(widths[6], 18)
    return Sheet(
        _("Money"), headers, rows, widths, number_formats={AMOUNT: "0.00", 6: "yyyy-mm-dd hh:mm"}
    )
