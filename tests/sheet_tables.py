"""A workbook sheet read as the secretary sees it: the table (its header and rows, the
autofilter's range) and, under it after an empty row, the notes that say what its
figures mean (exports.workbook: `Sheet.notes`)."""

from __future__ import annotations

from openpyxl.utils.cell import range_boundaries


def last_row(sheet) -> int:
    """The table's last row: where its autofilter ends."""
    return range_boundaries(sheet.auto_filter.ref)[3]


def table(sheet, *, min_row: int = 1, values_only: bool = False):
    """The table's rows (from `min_row`: 2 leaves the header out), the notes left out."""
    return list(sheet.iter_rows(min_row=min_row, max_row=last_row(sheet), values_only=values_only))


def notes(sheet) -> list[str]:
    """The sentences under the table."""
    return [
        row[0]
        for row in sheet.iter_rows(min_row=last_row(sheet) + 1, values_only=True)
        if row and row[0]
    ]
