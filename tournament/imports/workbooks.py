"""An .xlsx workbook (openpyxl) as sheets of rows of text, each cell as the spreadsheet
program shows it: a formula by the value it was saved with. (An .ods: `opendocument`.)

An .xlsx is a zip of XML parts. Before openpyxl builds anything, every part is read
once as a stream (`limits`): the sizes the zip declares, each sheet's rows (empty ones
included) and cells a row, the parts built whole by their elements, all against the
clock; openpyxl then reads what is known to be bounded, up to the limit's line.
"""

from __future__ import annotations

import io
from datetime import date, datetime, time

from openpyxl import load_workbook

from ..core.member_sheets import MAX_COLUMNS, MemberFileError, Row
from ..core.messages import _
from .limits import (
    MAX_PART_ELEMENTS,
    MAX_STYLE_ELEMENTS,
    Budget,
    not_a,
    open_zip,
    stream,
)


def cell_text(value: object) -> str:
    """A cell's value as the text the director typed: 600123456, not 600123456.0."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else f"{value:g}"
    if isinstance(value, datetime):
        return value.date().isoformat() if value.time() == time() else value.isoformat(" ")
    if isinstance(value, date | time):
        return value.isoformat()
    return str(value)


def _blank(cells: list[str]) -> bool:
    return not any(cell.strip() for cell in cells)


# SpreadsheetML's namespaces: the usual one, and ISO's strict one.
_MAIN = (
    "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
    "http://purl.oclc.org/ooxml/spreadsheetml/main",
)
_ROW = frozenset(f"{{{namespace}}}row" for namespace in _MAIN)
_CELL = frozenset(f"{{{namespace}}}c" for namespace in _MAIN)
# What makes a cell more than a style: a value, a formula, an inline string.
_FILLED = frozenset(f"{{{namespace}}}{name}" for namespace in _MAIN for name in ("v", "f", "is"))


class _PartScan:
    """A parser target for one part of an .xlsx, told apart by its root element: a
    worksheet's rows are counted (empty ones too) with their cells, against the
    budget; any other part (styles, shared strings), which openpyxl builds whole, is
    refused beyond a count of elements. (No `data` method: the parser skips the text.)"""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.sheet: bool | None = None
        self.elements = 0
        self.limit = MAX_PART_ELEMENTS
        self.in_row = False
        self.line = self.cells = 0
        self.filled = False

    def start(self, tag: str, attrib: dict) -> None:
        if self.sheet is None:
            root = tag.rpartition("}")[2]
            self.sheet = root == "worksheet"
            self.limit = MAX_STYLE_ELEMENTS if root == "styleSheet" else MAX_PART_ELEMENTS
            if self.sheet:
                self.budget.new_sheet()
        if not self.sheet:
            self.elements += 1
            if self.elements > self.limit:
                raise MemberFileError(_("This spreadsheet is too large to import."))
        elif tag in _ROW:
            number = attrib.get("r", "")
            self.line = int(number) if number.isdigit() else self.line + 1
            self.in_row, self.cells, self.filled = True, 0, False
        elif not self.in_row:
            return
        elif tag in _CELL:
            self.cells += 1
            self.budget.cells(self.cells)
        elif tag in _FILLED:
            self.filled = True

    def end(self, tag: str) -> None:
        if self.in_row and tag in _ROW:
            self.in_row = False
            self.budget.row(self.line, blank=not self.filled)

    def close(self) -> None:
        pass


def _scan(data: bytes, budget: Budget) -> None:
    """Every XML part of the workbook streamed once against the limits. A part that is
    not well-formed (a comment's VML drawing, as some versions of Excel write it) is
    read no further: openpyxl either skips it or fails where the scan stopped."""
    archive, parts = open_zip(data, "xlsx")
    with archive:
        for part in parts:
            scan = _PartScan(budget)
            for _chunk in stream(archive, part, scan, budget, "xlsx", lenient=True):
                pass


def _open_xlsx(data: bytes, *, data_only: bool):
    try:
        return load_workbook(io.BytesIO(data), read_only=True, data_only=data_only)
    except Exception:  # whatever fails in parsing an upload is the file's fault
        raise not_a("xlsx") from None


def _xlsx_rows(sheet, budget: Budget):
    """(line, cells) of every row up to the limit's line, the empty ones too: the line
    is the row's number. The scan found nothing past that line; a sheet's declared
    size is not trusted (a lie would spell out a million empty rows)."""
    sheet.reset_dimensions()
    for line, cells in enumerate(sheet.iter_rows(min_row=1, max_col=MAX_COLUMNS), start=1):
        if line > budget.limit:
            break
        budget.in_time()
        yield line, cells


def xlsx_sheets(data: bytes, *, limit: int):
    """Each sheet's non-blank rows (at most `limit` of them), in order.

    A formula is read as the value saved with it. A file written by a script (openpyxl
    itself) holds formulas without values: those cells are marked uncalculated and the
    rows that need them are refused, never guessed at nor read as blank. Where some
    formula of the sheet has a value, a spreadsheet program calculated it on saving,
    and a formula without one is a formula whose result is empty."""
    budget = Budget(limit)
    _scan(data, budget)
    book = _open_xlsx(data, data_only=False)
    try:
        for index, sheet in enumerate(book.worksheets):
            try:
                rows = _xlsx_sheet(data, index, sheet, budget)
            except MemberFileError:
                raise
            except Exception:  # a broken sheet inside a sound zip
                raise not_a("xlsx") from None
            yield sheet.title, rows
    finally:
        book.close()


def _xlsx_sheet(data: bytes, index: int, sheet, budget: Budget) -> list[Row]:
    texts: dict[int, list[str]] = {}
    formulas: dict[int, set[int]] = {}
    for line, cells in _xlsx_rows(sheet, budget):
        row, found = [], set()
        for column, cell in enumerate(cells[:MAX_COLUMNS]):
            if cell.data_type == "f":
                found.add(column)
                row.append("")
            else:
                row.append(cell_text(cell.value))
        if found or not _blank(row):
            texts[line] = row
            if found:
                formulas[line] = found
    uncalculated = _saved_values(data, index, texts, formulas, budget) if formulas else {}
    return [
        Row(line, tuple(row), frozenset(uncalculated.get(line, ())))
        for line, row in texts.items()
        if line in uncalculated or not _blank(row)
    ]


def _saved_values(
    data: bytes,
    index: int,
    texts: dict[int, list[str]],
    formulas: dict[int, set[int]],
    budget: Budget,
) -> dict[int, set[int]]:
    """Fill in the formulas' saved values; answer the cells that have none, by line.
    openpyxl reads either the formulas or their values: this is the second reading."""
    book = _open_xlsx(data, data_only=True)
    try:
        saved = {}
        last = max(formulas)
        for line, cells in _xlsx_rows(book.worksheets[index], budget):
            if line > last:
                break
            for column in formulas.get(line, ()):
                saved[line, column] = cells[column].value if column < len(cells) else None
    finally:
        book.close()
    calculated = any(value is not None for value in saved.values())
    missing: dict[int, set[int]] = {}
    for (line, column), value in saved.items():
        if value is not None:
            texts[line][column] = cell_text(value)
        elif not calculated:
            missing.setdefault(line, set()).add(column)
    return missing
