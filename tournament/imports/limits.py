"""What reading an uploaded spreadsheet may cost, checked while it is read and never
after: its rows (empty ones included), its seconds, and the XML its zip unpacks to.

A small file can ask for a great deal: a few kilobytes of zip unpack into millions of
empty rows, a row of a million cells, or a style repeated until the library building
it runs out of memory. Each limit is a clear refusal (nothing is imported), long before
a worker would be stopped for its time.
"""

from __future__ import annotations

import io
import time
import zipfile
from collections.abc import Iterator
from xml.etree.ElementTree import ParseError

from defusedxml.ElementTree import XMLParser

from ..core.member_sheets import MAX_ROWS, MemberFileError
from ..core.messages import _

# Reading a club's 20,000 members takes a few seconds on a small server.
MAX_SECONDS = 10
# The XML of 20,000 members with a handful of columns is some tens of megabytes.
MAX_UNZIPPED_BYTES = 64 * 1024 * 1024
# The widest row a spreadsheet program writes (Excel's last column, XFD).
MAX_CELLS_PER_ROW = 16_384
# The parts of an .xlsx a library builds whole before a row is read, by the elements
# in them: a member list's shared strings are a few hundred thousand at most, its
# styles a few hundred (each costs a library object of some hundred bytes).
MAX_PART_ELEMENTS = 500_000
MAX_STYLE_ELEMENTS = 100_000
CHUNK = 64 * 1024
# An .xlsx or .ods of a member list holds a few dozen parts.
MAX_PARTS = 1_000


def not_a(kind: str) -> MemberFileError:
    return MemberFileError(_("This file is not an .%(kind)s spreadsheet."), kind=kind)


def too_many_rows(*, empty: bool) -> MemberFileError:
    if not empty:  # the core's own words for a list too long
        return MemberFileError(
            _("The file has more than %(limit)d rows: split it in smaller files."), limit=MAX_ROWS
        )
    return MemberFileError(
        _(
            "The file has more than %(limit)d rows, empty ones included: delete the empty "
            "rows under the list, or split it in smaller files."
        ),
        limit=MAX_ROWS,
    )


class Budget:
    """What one reading may still spend: `limit` rows a sheet (each row or run of
    repeated rows that the file spells out counts, empty or not, and nothing is read
    past line `limit`), and the seconds to its deadline."""

    def __init__(self, limit: int, seconds: float | None = None) -> None:
        self.limit = limit
        self.deadline = time.monotonic() + (MAX_SECONDS if seconds is None else seconds)
        self.rows = 0

    def in_time(self) -> None:
        if time.monotonic() > self.deadline:
            raise MemberFileError(
                _(
                    "Reading the file took longer than %(seconds)d seconds: save it again "
                    "without empty rows and columns, or split it in smaller files."
                ),
                seconds=MAX_SECONDS,
            )

    def new_sheet(self) -> None:
        self.rows = 0

    def row(self, line: int, *, blank: bool, count: int = 1) -> None:
        """A row (or a run of `count` identical rows) the file holds at `line`: refused
        past the limit of rows, or with something in it past the limit's line."""
        self.rows += 1
        if not blank and line + count - 1 > self.limit:
            raise too_many_rows(empty=False)
        if self.rows > self.limit:
            raise too_many_rows(empty=True)
        self.in_time()

    def cells(self, count: int) -> None:
        """A row spelling out `count` cells (empty or not) is refused beyond the widest."""
        if count > MAX_CELLS_PER_ROW:
            raise MemberFileError(
                _(
                    "A row of the file has more than %(limit)d cells: save it again without "
                    "the empty columns."
                ),
                limit=MAX_CELLS_PER_ROW,
            )


def open_zip(data: bytes, kind: str) -> tuple[zipfile.ZipFile, list[zipfile.ZipInfo]]:
    """The upload as a zip, and its XML parts, no larger together than they may unpack
    to. The sizes are those the zip declares, and the zip module reads no byte past
    them: the limit holds before any part is inflated. A part is XML by its first bytes
    (a library follows the package's own links, whatever a part is called); images and
    other binary parts are never read."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, OSError):
        raise not_a(kind) from None
    try:
        members = archive.infolist()
        if len(members) > MAX_PARTS:
            raise MemberFileError(_("This spreadsheet is too large to import."))
        try:
            parts = [member for member in members if _starts_as_xml(archive, member)]
        except MemberFileError:
            raise
        except Exception:  # a part that does not inflate: a broken or encrypted zip
            raise not_a(kind) from None
        if sum(part.file_size for part in parts) > MAX_UNZIPPED_BYTES:
            raise MemberFileError(_("This spreadsheet is too large to import."))
    except MemberFileError:
        archive.close()
        raise
    return archive, parts


def _starts_as_xml(archive: zipfile.ZipFile, member: zipfile.ZipInfo) -> bool:
    if member.is_dir() or not member.file_size:
        return False
    with archive.open(member) as part:
        head = part.read(16)
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True  # UTF-16, as XML may be
    return head.removeprefix(b"\xef\xbb\xbf").lstrip().startswith(b"<")


def stream(
    archive: zipfile.ZipFile, part, target, budget: Budget, kind: str, *, lenient: bool = False
) -> Iterator[None]:
    """Feed one part of the zip to an XML parser calling `target` (start, end, data),
    a chunk at a time, yielding after each (the caller takes what the target found so
    far, or stops reading), the budget's deadline checked between chunks: no tree is
    built, so memory stays flat whatever the part holds. The parser refuses DTDs'
    entities and external references (defusedxml). A part that is not XML is a broken
    file, or, `lenient`, read no further (the limits held for all that was read, and a
    library that needs the part stops where this did)."""
    parser = XMLParser(target=target)
    try:
        with archive.open(part) as source:
            while chunk := source.read(CHUNK):
                budget.in_time()
                parser.feed(chunk)
                yield
        parser.close()
    except MemberFileError:
        raise
    except ParseError:
        if not lenient:
            raise not_a(kind) from None
    except Exception:  # whatever fails in parsing an upload is the file's fault
        raise not_a(kind) from None
    yield
