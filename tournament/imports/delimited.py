"""A .csv member list as rows of text: UTF-8 (with or without a byte order mark),
UTF-16 with its mark, or Windows-1252; fields split by semicolons (LibreOffice and
Excel in Catalan or Spanish), commas or tabs."""

from __future__ import annotations

import codecs
import csv
import io

from ..core.member_sheets import (
    HEADER_SEARCH,
    MAX_COLUMNS,
    MemberFileError,
    Row,
    columns_of,
)
from ..core.messages import _
from .limits import Budget

DELIMITERS = (";", ",", "\t")
BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def decode(data: bytes) -> str:
    """The text of the file. A byte order mark says the encoding; without one, UTF-8 is
    tried first because a Windows-1252 file is almost never valid UTF-8 (its accented
    letters are single bytes that UTF-8 forbids alone), while the other way round every
    UTF-8 file would read as Windows-1252 garbage ("NÃºria")."""
    codec = next((codec for bom, codec in BOMS if data.startswith(bom)), None)
    attempts = [codec] if codec else ["utf-8", "cp1252"]
    for attempt in attempts:
        try:
            text = data.decode(attempt)
        except UnicodeDecodeError:
            continue
        # A NUL is never in a text file: this is a binary file called .csv.
        if "\x00" not in text:
            return text
        break
    raise MemberFileError(
        _("This file is not text in UTF-8 or Windows-1252: save it again as CSV.")
    )


def _records(text: str, delimiter: str, budget: Budget):
    """(record number, cells) of the non-blank records; the number is the row a
    spreadsheet program shows, whatever line breaks quoted cells hold. Every record
    counts toward the limit, the empty ones too."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    budget.new_sheet()
    number = 0
    try:
        for number, cells in enumerate(reader, start=1):
            blank = not any(cell.strip() for cell in cells)
            budget.row(number, blank=blank)
            if not blank:
                yield number, tuple(cells[:MAX_COLUMNS])
    except csv.Error:
        raise MemberFileError(
            _("Row %(line)d of the file could not be read as CSV."), line=number + 1
        ) from None


def _delimiter(text: str, budget: Budget) -> str:
    """The delimiter whose split of the first rows makes a header row naming the most
    columns: a title line above the headers, or commas inside names, do not mislead it
    the way counting characters would."""
    best, best_score = DELIMITERS[0], 0
    for delimiter in DELIMITERS:
        records = _records(text, delimiter, budget)
        for _seen, (_number, cells) in zip(range(HEADER_SEARCH), records, strict=False):
            columns = columns_of(cells)
            if columns is not None:
                if len(columns.fields) > best_score:
                    best, best_score = delimiter, len(columns.fields)
                break
    return best


def csv_sheets(data: bytes, *, limit: int):
    """One sheet, the file itself, read up to record `limit` (more records than that,
    empty ones included, are refused)."""
    budget = Budget(limit)
    text = decode(data)
    delimiter = _delimiter(text, budget)
    yield "", (Row(number, cells) for number, cells in _records(text, delimiter, budget))
