"""An .ods workbook (LibreOffice's own format) as sheets of rows of text, each cell as
the spreadsheet program shows it: a formula by the value it was saved with.

Its sheets are one XML part, content.xml, read here as a stream (defusedxml's parser
with a target, no tree): a row is made of its cells as they go by and then forgotten,
so a document of millions of elements costs no memory, and the limits (`limits`: the
rows, empty ones included, the cells a row spells out, the clock) are checked as it is
read. Runs of repeated rows and cells are spelled out as the member list needs them.
"""

from __future__ import annotations

from ..core.member_sheets import MAX_COLUMNS, Row
from .limits import Budget, not_a, open_zip, stream
from .workbooks import cell_text

CONTENT = "content.xml"
# OpenDocument's namespaces (OASIS OpenDocument 1.2): the three the sheets
# are written in. Defined here, not taken from a library: the reading is the standard
# library's parser through defusedxml, and nothing more is needed.
OFFICENS = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
TABLENS = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
TEXTNS = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
SPREADSHEET = f"{{{OFFICENS}}}spreadsheet"
TABLE = f"{{{TABLENS}}}table"
TABLE_ROW = f"{{{TABLENS}}}table-row"
CELLS = {f"{{{TABLENS}}}table-cell", f"{{{TABLENS}}}covered-table-cell"}
PARAGRAPH = f"{{{TEXTNS}}}p"
SPACES, TAB, LINE_BREAK = f"{{{TEXTNS}}}s", f"{{{TEXTNS}}}tab", f"{{{TEXTNS}}}line-break"
# A name, an address or a phone number is short: a longer cell is kept this long (the
# rows check what a cell holds), never built out of a run of a billion spaces.
MAX_CELL_CHARACTERS = 10_000


def _office(name: str) -> str:
    return f"{{{OFFICENS}}}{name}"


def _table(name: str) -> str:
    return f"{{{TABLENS}}}{name}"


def _repeat(attrib: dict, name: str) -> int:
    """A run's length (1 when not said); a count that is not a number is a broken file."""
    return max(1, int(attrib.get(_table(name)) or 1))


class _Cell:
    """A cell being read: its attributes, and the text of its own paragraphs."""

    def __init__(self, attrib: dict, depth: int) -> None:
        self.attrib, self.depth = attrib, depth
        self.paragraphs: list[list[str]] = []
        self.length = 0
        self.paragraph_depth: int | None = None

    def add(self, text: str) -> None:
        room = MAX_CELL_CHARACTERS - self.length
        if room > 0 and text:
            self.paragraphs[-1].append(text[:room])
            self.length += min(len(text), room)

    def read(self) -> tuple[str, bool]:
        """(text, uncalculated). LibreOffice saves every formula with its value and
        type; a formula with neither was written by a script and never calculated."""
        get = self.attrib.get
        kind = get(_office("value-type"))
        if kind in ("float", "percentage", "currency"):
            return cell_text(float(get(_office("value")))), False
        if kind == "date":
            value = get(_office("date-value")) or ""
            return value.removesuffix("T00:00:00").replace("T", " "), False
        if kind == "boolean":
            return cell_text(get(_office("boolean-value")) == "true"), False
        if kind == "string" and get(_office("string-value")) is not None:
            return get(_office("string-value")), False
        text = "\n".join("".join(parts) for parts in self.paragraphs)
        uncalculated = not kind and not text and bool(get(_table("formula")))
        return text, uncalculated


class _Sheets:
    """A parser target: the spreadsheet's tables, each a list of (line, cells,
    uncalculated columns) for its non-blank rows, handed over as each table ends."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.depth = 0
        self.spreadsheet: int | None = None  # the depth of office:spreadsheet
        self.table: int | None = None  # the depth of the table being read
        self.name = ""
        self.rows: list[Row] = []
        self.line = 1
        self.row_attrib: dict | None = None
        self.cells: list[str] = []
        self.uncalculated: set[int] = set()
        self.blanks = 0
        self.spelled = 0  # the cells the row spelled out, empty ones too
        self.cell: _Cell | None = None
        self.done: list[tuple[str, list[Row]]] = []

    def start(self, tag: str, attrib: dict) -> None:
        self.depth += 1
        if self.spreadsheet is None:
            if tag == SPREADSHEET:
                self.spreadsheet = self.depth
        elif self.table is None:
            if tag == TABLE and self.depth == self.spreadsheet + 1:
                self.table, self.name = self.depth, attrib.get(_table("name")) or ""
                self.rows, self.line = [], 1
                self.budget.new_sheet()
        elif self.cell is not None:
            self._inside_cell(tag, attrib)
        elif tag == TABLE_ROW:
            self.row_attrib = attrib
            self.cells, self.uncalculated, self.blanks, self.spelled = [], set(), 0, 0
        elif tag in CELLS and self.row_attrib is not None:
            self.cell = _Cell(attrib, self.depth)

    def _inside_cell(self, tag: str, attrib: dict) -> None:
        cell = self.cell
        if cell.paragraph_depth is None:
            # The cell's own paragraphs, not those of a comment attached to it.
            if tag == PARAGRAPH and self.depth == cell.depth + 1:
                cell.paragraph_depth = self.depth
                cell.paragraphs.append([])
        elif tag == SPACES:
            cell.add(" " * min(int(attrib.get(f"{{{TEXTNS}}}c") or 1), MAX_CELL_CHARACTERS))
        elif tag == TAB:
            cell.add("\t")
        elif tag == LINE_BREAK:
            cell.add("\n")

    def data(self, text: str) -> None:
        if self.cell is not None and self.cell.paragraph_depth is not None:
            self.cell.add(text)

    def end(self, tag: str) -> None:
        cell = self.cell
        if cell is not None and self.depth == cell.paragraph_depth:
            cell.paragraph_depth = None
        elif cell is not None and self.depth == cell.depth:
            self.cell = None
            self._add_cell(cell)
        elif self.row_attrib is not None and tag == TABLE_ROW and cell is None:
            self._end_row()
        elif self.table is not None and self.depth == self.table:
            self.table = None
            self.done.append((self.name, self.rows))
        self.depth -= 1

    def _add_cell(self, cell: _Cell) -> None:
        """The cell's text, a run of repeated cells spelled out; LibreOffice ends every
        row with a run of empty cells to the sheet's last column, never spelled out."""
        text, missing = cell.read()
        count = _repeat(cell.attrib, "number-columns-repeated")
        self.spelled += 1
        self.budget.cells(self.spelled)
        if not text and not missing:
            self.blanks += count
            return
        if len(self.cells) >= MAX_COLUMNS:
            return
        self.cells.extend([""] * min(self.blanks, MAX_COLUMNS - len(self.cells)))
        self.blanks = 0
        for _copy in range(min(count, MAX_COLUMNS - len(self.cells))):
            if missing:
                self.uncalculated.add(len(self.cells))
            self.cells.append(text)

    def _end_row(self) -> None:
        """Identical rows saved as one repeated row are spelled out: a member listed
        twice is seen twice. Each counts toward the limit, empty or not."""
        count = _repeat(self.row_attrib, "number-rows-repeated")
        self.row_attrib = None
        cells = self.cells[:MAX_COLUMNS]
        self.budget.row(self.line, blank=not cells, count=count)
        if cells:
            texts, uncalculated = tuple(cells), frozenset(self.uncalculated)
            for copy in range(count):
                self.rows.append(Row(self.line + copy, texts, uncalculated))
        self.line += count

    def close(self) -> None:
        pass


def ods_sheets(data: bytes, *, limit: int):
    """Each sheet's non-blank rows, in order, as the stream reaches the end of each
    (the sheets after the one the member list is on are never read). Read up to line
    `limit`: a row with something in it further down is refused, and so is a sheet of
    more rows than that, empty ones included."""
    budget = Budget(limit)
    archive, parts = open_zip(data, "ods")
    with archive:
        if CONTENT not in {part.filename for part in parts}:
            raise not_a("ods")
        target = _Sheets(budget)
        for _chunk in stream(archive, CONTENT, target, budget, "ods"):
            while target.done:
                yield target.done.pop(0)
    if target.spreadsheet is None:
        raise not_a("ods")
