"""The federation's rating list as a workbook, as the federations publish theirs: the
published players ranked (rank, name, federation number, clubs, rating, experience,
last rated match), then the provisional ones on a sheet of their own, each with what
its rule is under the table. Names stay text, never a formula (workbook)."""

from __future__ import annotations

from datetime import date

from django.utils.translation import gettext as _

from ..queries.federation_ratings import WholeList
from .workbook import Sheet, fit


def _headers(ranked: bool) -> list[str]:
    names = [
        _("Player"),
        _("Federation number"),
        _("Clubs"),
        _("Rating"),
        _("Experience"),
        _("Last rated match"),
    ]
    return [_("Rank"), *names] if ranked else names


def _rows(rows: list[dict], ranked: bool) -> list[list]:
    return [
        [
            *([row["rank"]] if ranked else []),
            row["player"],
            row["federation_number"],
            ", ".join(row["clubs"]),
            row["rating"],
            row["experience"],
            date.fromisoformat(row["last_rated"]),
        ]
        for row in rows
    ]


def rating_list_sheets(found: WholeList) -> list[Sheet]:
    """Two sheets: Published and Provisional (numbers as numbers, the date a date)."""
    rules = found.thresholds
    rule = _(
        "Published: at least %(experience)s experience and a rated match in the last "
        "%(months)s months, ranked by rating (ties by name)."
    ) % {"experience": rules.min_experience, "months": rules.months}
    apart = _(
        "Provisional: a rated match in the last %(months)s months, on less than "
        "%(experience)s experience."
    ) % {"experience": rules.min_experience, "months": rules.months}
    sheets = []
    for title, rows, ranked, note in (
        (_("Published"), found.published, True, rule),
        (_("Provisional"), found.provisional, False, apart),
    ):
        headers, body = _headers(ranked), _rows(rows, ranked)
        rating = headers.index(_("Rating"))
        sheets.append(
            Sheet(
                title,
                headers,
                body,
                fit(headers, body[:200]),
                number_formats={rating: "0.0"},
                notes=[note],
            )
        )
    return sheets
