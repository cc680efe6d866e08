"""Writing a workbook: sheets of typed rows (numbers as numbers, dates as dates), a bold
frozen header with an autofilter, fitted columns, and user text kept as text.

Written with openpyxl's write-only mode: rows stream from the database straight into
the file, so the memory used does not grow with the games (a season of 20,000 games is
measured by `make bench`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ERROR_CODES, ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

MIN_WIDTH, MAX_WIDTH = 6, 60
# Text a spreadsheet program could take for a formula (or, for a tab or a carriage
# return, shift into another cell) when it is typed or edited: OWASP's list.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# The header in the body's font (openpyxl's default, Calibri 11), bold: a header font
# without a name prints in another face on some spreadsheet programs.
HEADER_FONT = Font(name="Calibri", size=11, bold=True)


@dataclass
class Sheet:
    """One sheet: a title, its header row, and rows of typed values (numbers as numbers,
    dates as dates) that may be streamed."""

    title: str
    headers: list[str]
    rows: Iterable[Sequence[object]]
    # Widths known before the first row: write-only sheets need them up front.
    widths: list[int] = field(default_factory=list)
    wrap: bool = False
    # Column index -> number format, for numbers that need one (a rating's decimal).
    number_formats: dict[int, str] = field(default_factory=dict)
    # Sentences under the table (what a figure means), after an empty row and outside
    # the autofilter, so that sorting or filtering the table leaves them below it.
    notes: Sequence[str] = ()


def fit(headers: Sequence[str], samples: Iterable[Sequence[object]] = ()) -> list[int]:
    """Column widths that fit the header and the sample values given."""
    widths = [len(str(header)) + 2 for header in headers]
    for row in samples:
        for index, value in enumerate(row):
            text = value.isoformat() if isinstance(value, date) else str(value)
            widths[index] = max(widths[index], len(text) + 2)
    return [min(max(width, MIN_WIDTH), MAX_WIDTH) for width in widths]


class _Text:
    """Cell values for one workbook. Text stays text, whatever it holds: a name that
    looks like a formula (`=HYPERLINK(...)`, `+1+1`, `@SUM(1)`) or an error code
    (`#N/A`) becomes a string cell marked "quote prefix", so that neither opening the
    file nor editing the cell makes it a formula; characters a workbook cannot hold
    are dropped. Numbers and dates pass as they are (typed cells).

    Names repeat on every row of the Matches and Games sheets: a string found plain
    once is remembered, so the check costs a set lookup, not a regex, per cell."""

    def __init__(self, worksheet, alignment=None, number_formats=None) -> None:
        self.worksheet, self.alignment, self.plain = worksheet, alignment, set()
        self.number_formats = number_formats or {}

    def row(self, values) -> list:
        if self.number_formats:
            return [self.formatted(index, value) for index, value in enumerate(values)]
        if self.alignment is None:
            plain = self.plain
            return [
                value if value.__class__ is not str or value in plain else self.cell(value)
                for value in values
            ]
        return [self.cell(value) for value in values]

    def formatted(self, index: int, value):
        number_format = self.number_formats.get(index)
        if number_format is None or isinstance(value, (str, bool)) or value is None:
            return self.cell(value)
        cell = WriteOnlyCell(self.worksheet, value=value)
        cell.number_format = number_format
        if self.alignment is not None:
            cell.alignment = self.alignment
        return cell

    def cell(self, value):
        if isinstance(value, str):
            cleaned = ILLEGAL_CHARACTERS_RE.sub("", value)
            if cleaned.startswith(FORMULA_STARTS) or cleaned in ERROR_CODES:
                cell = WriteOnlyCell(self.worksheet, value=cleaned)
                cell.data_type = "s"  # openpyxl makes "=..." a formula, "#N/A" an error
                cell.quotePrefix = True
                if self.alignment is not None:
                    cell.alignment = self.alignment
                return cell
            if cleaned == value:
                self.plain.add(value)
            value = cleaned
        if self.alignment is None:
            return value
        cell = WriteOnlyCell(self.worksheet, value=value)
        cell.alignment = self.alignment
        return cell


def _print_setup(worksheet) -> None:
    """Printed landscape, as wide as one page (as long as it takes), the header row
    repeated on every page: 11 players no longer print as 20 portrait pages."""
    worksheet.page_setup.orientation = "landscape"
    worksheet.page_setup.fitToWidth = 1
    worksheet.page_setup.fitToHeight = 0
    worksheet.sheet_properties.pageSetUpPr.fitToPage = True
    worksheet.print_title_rows = "1:1"


def write_workbook(sheets: Iterable[Sheet], output) -> None:
    """Write the sheets to `output` (a path or a binary file): a bold, frozen header row
    with an autofilter, columns as wide as their contents, typed cells, set up to print
    landscape at the page's width with the header on every page."""
    workbook = Workbook(write_only=True)
    for sheet in sheets:
        worksheet = workbook.create_sheet(title=sheet.title[:31])
        _print_setup(worksheet)
        for index, width in enumerate(sheet.widths, start=1):
            worksheet.column_dimensions[get_column_letter(index)].width = width
        worksheet.freeze_panes = "A2"
        header = []
        for title in sheet.headers:
            cell = WriteOnlyCell(worksheet, value=ILLEGAL_CHARACTERS_RE.sub("", title))
            cell.font = HEADER_FONT
            header.append(cell)
        worksheet.append(header)
        count = 0
        wrap = Alignment(wrap_text=True, vertical="top") if sheet.wrap else None
        text = _Text(worksheet, wrap, sheet.number_formats)
        for row in sheet.rows:
            worksheet.append(text.row(row))
            count += 1
        last = get_column_letter(max(len(sheet.headers), 1))
        worksheet.auto_filter.ref = f"A1:{last}{count + 1}"
        if sheet.notes:
            worksheet.append([])
            for note in sheet.notes:
                worksheet.append([text.cell(note)])
    workbook.save(output)
