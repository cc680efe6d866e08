"""A game's row read into its entries: `read_row` (each entry with its column) and
`sides` (which player's column each entry is in).

Real files lay their rows out in many ways: GNU Backgammon's two columns at 5 and 33,
eXtreme Gammon's and Galaxy's slightly different ones, hand transcriptions whose right
column wanders, tabs, rows numbered `12)` or `12.`. So an entry's column is told from
the row: the second entry of a row is the right player's, and a lone entry is the right
player's when it starts nearer the file's right column than its left one (measured on
the file's own rows, `Layout`). GNU Backgammon reads the rows the same way (two rolls
on a row: the second is the right one; else a gap of two spaces past column 15).

Words no reader knows are reported (`Row.unknown`) and left out, as GNU Backgammon
leaves them out; `Losses N point(s)` (the loser's note that Galaxy and others write
next to the `Wins`) is skipped silently.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .base import number_at

_ROW_NUMBER = re.compile(r"\s*\d+\s*[).]")
_ROLL = re.compile(r"([1-6])([1-6])\s?:")
_KEYWORD = re.compile(
    r"(?P<offer>doubles?|beavers?|raccoons?)\b(?:\s*=>\s*(?P<value>\S+))?"
    r"|(?P<take>takes?|accepts?)\b"
    r"|(?P<drop>drops?|pass(?:es)?|rejects?|refuses?)\b"
    r"|(?P<resign>resigns?)\b"
    r"|(?P<wins>wins?)\b"
    r"|(?P<losses>loses|losses|lost)\b",
    re.IGNORECASE,
)
_POINTS = re.compile(
    r"\s*(?P<points>\d+)\s*(?:points?|pts?\.?)?(?:\s+and\s+the\s+match)?", re.IGNORECASE
)
# A word of a move: "24/18", "bar/22*", "6/off(2)", "13/7*/1", "b/20", "???", "25-19".
_MOVE_WORD = re.compile(r"[\w*()]+(?:[/-][\w*()]+)+|\(\d\)|\?+|\*", re.IGNORECASE)
_CANNOT = re.compile(r"(?:cannot|can't|can not)\s+move|no\s+move|dances?", re.IGNORECASE)
_KINDS = ("offer", "take", "drop", "resign", "wins", "losses")
_OFFERS = {"d": "doubles", "b": "beavers", "r": "raccoons"}


@dataclass
class Action:
    """One entry of a row: a roll and its move, a cube action, `Wins`."""

    kind: str  # "roll", "offer", "take", "drop", "resign", "wins"
    column: int
    line: int
    text: str
    move: str = ""
    offer: str = ""  # "doubles", "beavers", "raccoons"
    value: int = 0
    side: int = 0
    order: int = 0  # its place in the row


@dataclass
class Row:
    actions: list[Action] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)


def _skip_spaces(line: str, position: int) -> int:
    while position < len(line) and line[position].isspace():
        position += 1
    return position


def _move(line: str, position: int) -> tuple[str, int]:
    """The move written from `position`: its words, and where it ends."""
    words: list[str] = []
    end = position
    while True:
        start = _skip_spaces(line, end)
        if start >= len(line):
            break
        cannot = _CANNOT.match(line, start)
        if cannot and not words:
            return "", cannot.end()
        word = _MOVE_WORD.match(line, start)
        if not word or _ROLL.match(line, start):
            break
        words.append(word.group())
        end = word.end()
    return " ".join(words), end


def read_row(raw: str, number: int) -> Row:
    """The entries of one row, each with its column, and the words left out."""
    line = raw.expandtabs(8)
    numbered = _ROW_NUMBER.match(line)
    if numbered:  # keep the columns where they are: blank the "12)" out
        line = " " * numbered.end() + line[numbered.end() :]
    row = Row()
    position = 0
    while True:
        position = _skip_spaces(line, position)
        if position >= len(line):
            return row
        roll = _ROLL.match(line, position)
        if roll:
            move, end = _move(line, roll.end())
            dice = roll.group(1) + roll.group(2)
            text = f"{dice}: {move}".rstrip()
            action = Action("roll", position, number, text, move=move)
            row.actions.append(action)
            position = end
            continue
        keyword = _KEYWORD.match(line, position)
        if keyword is None:
            end = position
            while end < len(line) and not line[end : end + 2].isspace():
                end += 1
            row.unknown.append(line[position:end].strip())
            position = end
            continue
        text = keyword.group().strip()
        end = keyword.end()
        kind = next(name for name in _KINDS if keyword.group(name))
        action = Action(kind, position, number, text)
        if kind == "offer":
            action.kind, action.offer = "offer", _OFFERS[keyword.group("offer")[0].lower()]
            written = keyword.group("value")
            if written and written.isascii() and written.isdigit():
                action.value = number_at(number, written)
        elif kind == "losses":
            points = _POINTS.match(line, end)
            position = points.end() if points else end
            continue
        elif kind == "wins":
            points = _POINTS.match(line, end)
            if points is None:
                row.unknown.append(text)
                position = end
                continue
            action.value = number_at(number, points.group("points"))
            end = points.end()
            action.text = "Wins " + line[keyword.end() : end].strip()
        row.actions.append(action)
        position = end


@dataclass
class Layout:
    """Where the file's two columns start, measured on its rows of two entries."""

    left: list[int] = field(default_factory=list)
    right: list[int] = field(default_factory=list)

    def add(self, row: Row) -> None:
        if len(row.actions) >= 2:
            self.left.append(row.actions[0].column)
            self.right.append(row.actions[1].column)

    @property
    def middle(self) -> int:
        if not self.right:
            return 24  # GNU Backgammon: 5 and 33, with room for odd spacing
        left = sorted(self.left)[len(self.left) // 2]
        right = sorted(self.right)[len(self.right) // 2]
        return max((left + right) // 2, left + 4)


def sides(row: Row, middle: int) -> list[Action]:
    """The row's entries with their columns: the first one's by where it starts, each
    later one in the right column."""
    for order, action in enumerate(row.actions):
        action.order = order
        action.side = 1 if order > 0 or action.column >= middle else 0
    return row.actions


def read_actions(raw: str, number: int, middle: int = 24) -> list[Action]:
    """The entries of one row with their columns, GNU Backgammon's layout assumed."""
    return sides(read_row(raw, number), middle)
