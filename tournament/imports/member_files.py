"""The club's member spreadsheet, from the bytes of an .xlsx, .ods or .csv file to the
pure core's `MemberList`, the size bounded before anything is parsed. The format is
the one the file's name says (`core.member_sheets.kind_of`)."""

from __future__ import annotations

from contextlib import closing

from ..core.member_sheets import (
    HEADER_SEARCH,
    MAX_FILE_BYTES,
    MAX_ROWS,
    MemberFileError,
    MemberList,
    _,
    read_members,
)
from .delimited import csv_sheets
from .opendocument import ods_sheets
from .workbooks import xlsx_sheets

READERS = {"xlsx": xlsx_sheets, "ods": ods_sheets, "csv": csv_sheets}


def read_member_file(data: bytes, kind: str) -> MemberList:
    """The members the file lists. Raises MemberFileError for a file that is empty, too
    big, not of its format, or without a column of names."""
    if kind not in READERS:
        raise MemberFileError(_("Import an .xlsx, .ods or .csv file; this one is none of them."))
    if not data.strip():
        raise MemberFileError(_("The file is empty."))
    if len(data) > MAX_FILE_BYTES:
        raise MemberFileError(
            _("The file is larger than %(limit)d MB: split it in smaller files."),
            limit=MAX_FILE_BYTES // 2**20,
        )
    # One row more than an import takes (after a few above the headers), so that the
    # core can say the file is too long without the rest being read.
    limit = MAX_ROWS + HEADER_SEARCH + 1
    with closing(READERS[kind](data, limit=limit)) as sheets:
        return read_members(sheets)
