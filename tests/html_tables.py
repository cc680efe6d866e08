"""A page's tables as a visitor reads them: the rows of the table in the region a
heading names (`aria-labelledby`), each row's cells as their text and their links. For
pages whose tables are kept rendered (web.live), where the response's context has no
table object to look into."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Cell:
    text: str = ""
    links: list[str] = field(default_factory=list)
    label: str = ""


class _Rows(HTMLParser):
    def __init__(self, heading_id: str) -> None:
        super().__init__(convert_charrefs=True)
        self.heading_id = heading_id
        self.depth = 0  # inside the region: how many open <div>s deep
        self.rows: list[list[Cell]] = []
        self.cell: Cell | None = None
        self.in_body = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.depth:
            if tag == "div":
                self.depth += 1
            elif tag == "tbody":
                self.in_body = True
            elif tag == "tr" and self.in_body:
                self.rows.append([])
            elif tag == "td" and self.in_body:
                self.cell = Cell(label=attrs.get("data-label", ""))
                self.rows[-1].append(self.cell)
            elif tag == "a" and self.cell is not None:
                self.cell.links.append(attrs.get("href", ""))
        elif tag == "div" and attrs.get("aria-labelledby") == self.heading_id:
            self.depth = 1

    def handle_endtag(self, tag):
        if not self.depth:
            return
        if tag == "div":
            self.depth -= 1
        elif tag == "td":
            if self.cell is not None:
                self.cell.text = " ".join(self.cell.text.split())
            self.cell = None
        elif tag == "tbody":
            self.in_body = False

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.text += data


def rows_of(page: str, heading_id: str) -> list[list[Cell]]:
    """The body rows of the table in the region labelled by `heading_id` (none when
    the page has no such table)."""
    parser = _Rows(heading_id)
    parser.feed(page)
    return parser.rows


def column(page: str, heading_id: str, label: str) -> list[str]:
    """One column's texts, by its header's name (each cell's data-label)."""
    return [cell.text for row in rows_of(page, heading_id) for cell in row if cell.label == label]
