"""An .xlsx (openpyxl) or .ods (odfpy) workbook as sheets of rows of text, each cell
as the spreadsheet program shows it: a formula by the value it was saved with.

Both formats are zip files of XML: the sizes the zip declares are checked before any
library inflates them, so a small upload cannot unpack into gigabytes.
"""

from __future__ import annotations

import io
import zipfile
from datetime import date, datetime, time

from odf import teletype
from odf.namespaces import OFFICENS, TABLENS, TEXTNS
from odf.opendocument import load as load_ods
from openpyxl import load_workbook

from ..core.member_sheets import MAX_COLUMNS, MemberFileError, Row, _

# The XML of 20,000 members with a handful of columns is some tens of megabytes.
MAX_UNZIPPED_BYTES = 128 * 1024 * 1024


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


def _not_a(kind: str) -> MemberFileError:
    return MemberFileError(_("This file is not an .%(kind)s spreadsheet."), kind=kind)


def _check_zip(data: bytes, kind: str) -> None:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            size = sum(member.file_size for member in archive.infolist())
    except (zipfile.BadZipFile, ValueError, OSError):
        raise _not_a(kind) from None
    if size > MAX_UNZIPPED_BYTES:
        raise MemberFileError(_("This spreadsheet is too large to import."))


def _blank(cells: list[str]) -> bool:
    return not any(cell.strip() for cell in cells)


# --- .xlsx --------------------------------------------------------------------------


def _open_xlsx(data: bytes, *, data_only: bool):
    try:
        return load_workbook(io.BytesIO(data), read_only=True, data_only=data_only)
    except Exception:  # whatever fails in parsing an upload is the file's fault
        raise _not_a("xlsx") from None


def _xlsx_rows(sheet):
    """(line, cells) of every row, the empty ones too: the line is the row's number."""
    return enumerate(sheet.iter_rows(min_row=1), start=1)


def xlsx_sheets(data: bytes, *, limit: int):
    """Each sheet's non-blank rows (at most `limit` of them), in order.

    A formula is read as the value saved with it. A file written by a script (openpyxl
    itself) holds formulas without values: those cells are marked uncalculated and the
    rows that need them are refused, never guessed at nor read as blank. Where some
    formula of the sheet has a value, a spreadsheet program calculated it on saving,
    and a formula without one is a formula whose result is empty."""
    _check_zip(data, "xlsx")
    book = _open_xlsx(data, data_only=False)
    try:
        for index, sheet in enumerate(book.worksheets):
            try:
                rows = _xlsx_sheet(data, index, sheet, limit)
            except MemberFileError:
                raise
            except Exception:  # a broken sheet inside a sound zip
                raise _not_a("xlsx") from None
            yield sheet.title, rows
    finally:
        book.close()


def _xlsx_sheet(data: bytes, index: int, sheet, limit: int) -> list[Row]:
    texts: dict[int, list[str]] = {}
    formulas: dict[int, set[int]] = {}
    for line, cells in _xlsx_rows(sheet):
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
            if len(texts) == limit:
                break
    uncalculated = _saved_values(data, index, texts, formulas) if formulas else {}
    return [
        Row(line, tuple(row), frozenset(uncalculated.get(line, ())))
        for line, row in texts.items()
        if line in uncalculated or not _blank(row)
    ]


def _saved_values(
    data: bytes, index: int, texts: dict[int, list[str]], formulas: dict[int, set[int]]
) -> dict[int, set[int]]:
    """Fill in the formulas' saved values; answer the cells that have none, by line.
    openpyxl reads either the formulas or their values: this is the second reading."""
    book = _open_xlsx(data, data_only=True)
    try:
        saved = {}
        last = max(formulas)
        for line, cells in _xlsx_rows(book.worksheets[index]):
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


# --- .ods ---------------------------------------------------------------------------

TABLE = (TABLENS, "table")
TABLE_ROW = (TABLENS, "table-row")
ROW_GROUPS = {(TABLENS, "table-row-group"), (TABLENS, "table-header-rows"), (TABLENS, "table-rows")}
CELLS = {(TABLENS, "table-cell"), (TABLENS, "covered-table-cell")}
PARAGRAPH = (TEXTNS, "p")


def _ods_cell(cell) -> tuple[str, bool]:
    """(text, uncalculated). LibreOffice saves every formula with its value and type; a
    formula with neither was written by a script and never calculated."""
    kind = cell.getAttrNS(OFFICENS, "value-type")
    if kind in ("float", "percentage", "currency"):
        return cell_text(float(cell.getAttrNS(OFFICENS, "value"))), False
    if kind == "date":
        value = cell.getAttrNS(OFFICENS, "date-value") or ""
        return value.removesuffix("T00:00:00").replace("T", " "), False
    if kind == "boolean":
        return cell_text(cell.getAttrNS(OFFICENS, "boolean-value") == "true"), False
    if kind == "string" and cell.getAttrNS(OFFICENS, "string-value") is not None:
        return cell.getAttrNS(OFFICENS, "string-value"), False
    text = "\n".join(
        teletype.extractText(node) for node in cell.childNodes if node.qname == PARAGRAPH
    )
    uncalculated = not kind and not text and bool(cell.getAttrNS(TABLENS, "formula"))
    return text, uncalculated


def _ods_table_rows(node):
    for child in node.childNodes:
        if child.qname == TABLE_ROW:
            yield child
        elif child.qname in ROW_GROUPS:
            yield from _ods_table_rows(child)


def _repeat(node, attribute: str) -> int:
    return int(node.getAttrNS(TABLENS, attribute) or 1)


def _ods_row(row) -> tuple[list[str], set[int]]:
    """A row's cells, with runs of repeated cells spelled out; LibreOffice ends every row
    with a run of empty cells to the sheet's last column, which is never spelled out."""
    cells: list[str] = []
    uncalculated: set[int] = set()
    blanks = 0
    for cell in row.childNodes:
        if cell.qname not in CELLS:
            continue
        text, missing = _ods_cell(cell)
        count = _repeat(cell, "number-columns-repeated")
        if not text and not missing:
            blanks += count
            continue
        cells.extend([""] * blanks)
        blanks = 0
        for _copy in range(min(count, MAX_COLUMNS - len(cells))):
            if missing:
                uncalculated.add(len(cells))
            cells.append(text)
        if len(cells) >= MAX_COLUMNS:
            break
    return cells, uncalculated


def ods_sheets(data: bytes, *, limit: int):
    """Each sheet's non-blank rows (at most `limit` of them), in order. Identical rows
    saved as one repeated row are spelled out: a member listed twice is seen twice."""
    _check_zip(data, "ods")
    try:
        document = load_ods(io.BytesIO(data))
        tables = [node for node in document.spreadsheet.childNodes if node.qname == TABLE]
    except Exception:  # whatever fails in parsing an upload is the file's fault
        raise _not_a("ods") from None
    for table in tables:
        try:
            rows = _ods_table(table, limit)
        except (TypeError, ValueError):  # a number or a count that is not one
            raise _not_a("ods") from None
        yield table.getAttrNS(TABLENS, "name") or "", rows


def _ods_table(table, limit: int) -> list[Row]:
    rows: list[Row] = []
    line = 1
    for row in _ods_table_rows(table):
        count = _repeat(row, "number-rows-repeated")
        cells, uncalculated = _ods_row(row)
        if cells:
            for copy in range(min(count, limit - len(rows))):
                rows.append(Row(line + copy, tuple(cells), frozenset(uncalculated)))
        line += count
        if len(rows) >= limit:
            break
    return rows
