"""The .mat line grammar: what each line of a transcript says, one line at a time.

The patterns of the header, length, `Game N`, score and row lines; a row read into its
entries, each in its column (`Action`); the checkers a move bears off; and the preamble
before the first game. Following a game across its rows is `game`'s job, and reading the
whole transcript `parsing`'s.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..messages import _
from .base import MatError, number_at

# A lone entry starting at this column or further (tabs expanded to 8) is in the right
# column. GNU Backgammon writes the left column from column 5 (a roll-then-resign "Wins"
# can reach 15) and the right one from 33, so the middle leaves room for odd spacing.
_RIGHT_COLUMN = 24

HEADER = re.compile(r'[;#]\s*\[\s*(?P<key>[^\s"\[\]][^"\[\]]*?)\s+"(?P<value>.*)"\s*\]\s*')
_LENGTH = re.compile(r"(?P<length>\S+)\s+points?\s+match", re.IGNORECASE)
# A line with a colon is a score line even if a player is called "Game".
GAME = re.compile(r"game\s+(?P<number>[^\s:*(]+)\s*(?P<mark>[^:]*)", re.IGNORECASE)
_MARK = re.compile(r"\*|\(\s*crawford\s*\)|crawford", re.IGNORECASE)
SCORE_AND_NAME = re.compile(
    r"\s*(?P<score>[^\s*(]+)\s*(?P<mark>\*|\(\s*crawford\s*\))?\s+(?P<name>\S.*?)\s*",
    re.IGNORECASE,
)
LAST_SCORE = re.compile(
    r"\s*(?P<score>[^\s*(]+)\s*(?P<mark>\*|\(\s*crawford\s*\)|crawford)?\s*", re.IGNORECASE
)
_ROW_NUMBER = re.compile(r"\s*\d+\)")
_POINT = r"(?:\d{1,2}|bar|off)\*?"
_MOVE_PART = rf"(?:{_POINT}(?:/{_POINT})+(?:\(\d\))?|\?{{3,4}}|cannot\s+move)"
_ACTION = re.compile(
    rf"""
      (?P<roll>[1-6][1-6]):(?P<move>(?:\s*{_MOVE_PART})*)
    | (?P<offer>doubles|beavers|raccoons)\b(?:\s*=>\s*(?P<value>\S+))?
    | (?P<take>takes?)\b
    | (?P<drop>drops?|pass(?:es)?)\b
    | (?P<resign>resigns?)\b
    | (?P<wins>wins)\b(?P<rest>.*)
    """,
    re.IGNORECASE | re.VERBOSE,
)
_WINS = re.compile(r"\s*(?P<points>\S+)\s+points?(?:\s+and\s+the\s+match)?\s*", re.IGNORECASE)
_BEAR_OFF = re.compile(r"/(?:0|off)\*?(?:\((?P<times>\d)\))?$", re.IGNORECASE)
_UNKNOWN = re.compile(r"\S+(?: \S+)*")


def as_number(text: str, line: int) -> int | None:
    """A number written in ASCII digits, or None (not "²", which isdigit() takes);
    MatError at `line` for one too big (base.number_at)."""
    return number_at(line, text) if text.isascii() and text.isdigit() else None


def _expand(line: str) -> tuple[str, list[int]]:
    """The line with tabs expanded to 8, and the columns where a tab was."""
    out: list[str] = []
    tabs: list[int] = []
    for char in line:
        if char == "\t":
            tabs.append(len(out))
            out.extend(" " * (8 - len(out) % 8))
        else:
            out.append(char)
    return "".join(out), tabs


@dataclass
class Action:
    """One entry of a row, in its player's column: a roll and its move, a cube action, Wins."""

    kind: str  # "roll", "offer", "take", "drop", "resign", "wins"
    side: int
    line: int
    text: str
    move: str = ""
    offer: str = ""  # "doubles", "beavers", "raccoons"
    value: int = 0


def read_actions(raw: str, number: int) -> list[Action]:
    """The entries of one row, each in its column."""
    line, tabs = _expand(raw)
    row = _ROW_NUMBER.match(line)
    if row:  # keep the columns where they are: blank the "12)" out
        line = " " * row.end() + line[row.end() :]
    found: list[Action] = []
    position = 0
    previous_end = -1
    while True:
        while position < len(line) and line[position].isspace():
            position += 1
        if position >= len(line):
            return found
        match = _ACTION.match(line, position)
        if not match:
            text = _UNKNOWN.match(line, position).group()
            raise MatError(
                number,
                _("%(text)r is not a move, a cube action or a result"),
                text=text,
            )
        tab_between = any(previous_end <= tab < position for tab in tabs)
        # A tab between two entries separates the columns wherever it lands.
        right = position >= _RIGHT_COLUMN or (bool(found) and found[-1].side == 0 and tab_between)
        action = Action(kind="", side=1 if right else 0, line=number, text=match.group().strip())
        if match.group("roll"):
            action.kind, action.move = "roll", match.group("move").strip()
        elif match.group("offer"):
            action.kind, action.offer = "offer", match.group("offer").lower()
            written = match.group("value")
            if written is not None:
                value = as_number(written, number)
                if value is None:
                    raise MatError(
                        number,
                        _("%(text)r: the cube value must be a number"),
                        text=action.text,
                    )
                action.value = value
        elif match.group("take"):
            action.kind = "take"
        elif match.group("drop"):
            action.kind = "drop"
        elif match.group("resign"):
            action.kind = "resign"
        else:
            action.kind = "wins"
            action.text = "Wins" + match.group("rest").rstrip()
            wins = _WINS.fullmatch(match.group("rest"))
            if not wins:
                raise MatError(
                    number, _("expected 'Wins N points', not %(text)r"), text=action.text
                )
            points = as_number(wins.group("points"), number)
            if not points:
                raise MatError(
                    number,
                    _("%(text)r: the points won must be a whole number of 1 or more"),
                    text=action.text,
                )
            action.value = points
        found.append(action)
        position = previous_end = match.end()


def checkers_borne_off(move: str) -> int:
    """How many checkers the move bears off (`6/off(2)` is two)."""
    count = 0
    for part in move.split():
        bear_off = _BEAR_OFF.search(part)
        if bear_off:
            count += int(bear_off.group("times") or 1)
    return count


def lines_of(text: str) -> list[str]:
    """The transcript's lines, whatever its line ends and byte order mark."""
    text = text.removeprefix("\ufeff")  # XG writes a byte order mark
    return [line.removesuffix("\r") for line in text.split("\n")]


def is_comment(stripped: str) -> bool:
    """A comment line, headers included: it starts with `;` or `#`."""
    return stripped.startswith((";", "#"))


def read_preamble(lines: list[str]) -> tuple[dict[str, str], int, int]:
    """The headers, the match length and the index of the line after the length."""
    headers: dict[str, str] = {}
    for index, raw in enumerate(lines):
        number, stripped = index + 1, raw.strip()
        if not stripped:
            continue
        if is_comment(stripped):
            header = HEADER.fullmatch(stripped)
            if header:
                headers[header.group("key")] = header.group("value")
            continue
        match = _LENGTH.fullmatch(stripped)
        if not match:
            raise MatError(
                number,
                _("expected the match length, such as '7 point match', not %(text)r"),
                text=stripped,
            )
        length = as_number(match.group("length"), number)
        if length is None:
            raise MatError(number, _("%(text)r is not a match length"), text=match.group("length"))
        if length == 0:
            raise MatError(number, _("'0 point match' is a session of money games, not a match"))
        return headers, length, index + 1
    raise MatError(max(len(lines), 1), _("no 'N point match' line: this is not a match transcript"))


def read_game_header(number: int, match: re.Match[str], expected: int) -> tuple[int, bool]:
    """The number of the game a `Game N` line starts (it must be `expected`), and whether
    it is marked as the Crawford game."""
    written = as_number(match.group("number"), number)
    if written is None:
        raise MatError(number, _("%(text)r is not a game number"), text=match.group("number"))
    if written != expected:
        raise MatError(
            number,
            _(
                "the games must be numbered in order: expected Game %(expected)s, "
                "found Game %(found)s"
            ),
            expected=expected,
            found=written,
        )
    mark = match.group("mark").strip()
    if mark and not _MARK.fullmatch(mark):
        raise MatError(
            number, _("unexpected %(text)r after 'Game %(number)s'"), text=mark, number=written
        )
    return written, bool(mark)
