"""The .mat line grammar: what each line of a transcript says, one line at a time.

The patterns of the header, length, `Game N` and score lines; the checkers a move bears
off; and the preamble before the first game. A row's entries are `rows`'s, following a
game across its rows `game`'s, and reading the whole transcript `parsing`'s.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..messages import _
from .base import MatError, number_at

HEADER = re.compile(r'[;#]\s*\[\s*(?P<key>[^\s"\[\]][^"\[\]]*?)\s+"(?P<value>.*)"\s*\]\s*')
_LENGTH = re.compile(r"^(?P<length>\S+)\s*-?\s*points?\s+match\b", re.IGNORECASE)
_MONEY = re.compile(r"\bmoney\b|\bunlimited\b", re.IGNORECASE)
# A line with a colon is a score line even if a player is called "Game".
GAME = re.compile(r"game\s+(?P<number>[^\s:*(]+)\s*(?P<mark>[^:]*)$", re.IGNORECASE)
_RATING = re.compile(r"\s*[,(]\s*\d+(?:[.,]\d+)?\s*\)?$")
_MARK = re.compile(r"\*|\(\s*crawford\s*\)|crawford", re.IGNORECASE)
SCORE_AND_NAME = re.compile(
    r"\s*(?P<score>[^\s*(]+)\s*(?P<mark>\*|\(\s*crawford\s*\))?\s+(?P<name>\S.*?)\s*",
    re.IGNORECASE,
)
LAST_SCORE = re.compile(
    r"\s*(?P<score>[^\s*(]+)\s*(?P<mark>\*|\(\s*crawford\s*\)|crawford)?\s*", re.IGNORECASE
)
_BEAR_OFF = re.compile(r"/(?:0|off)\*?(?:\((?P<times>\d)\))?$", re.IGNORECASE)


def as_number(text: str, line: int) -> int | None:
    """A number written in ASCII digits, or None (not "²", which isdigit() takes);
    MatError at `line` for one too big (base.number_at)."""
    return number_at(line, text) if text.isascii() and text.isdigit() else None


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


def _money(stripped: str) -> bool:
    return bool(_MONEY.search(stripped))


def read_preamble(lines: list[str]) -> tuple[dict[str, str], int, int]:
    """The headers, the match length and the index of the line after the length.

    As GNU Backgammon: `;` and `#` lines are comments (the `[Key "value"]` ones tags, in
    any order), and any other line before ` N point match` is skipped (a boxed or free
    header: an event's name, a date, a server's banner); a `Game 1` before any length
    is refused there."""
    headers: dict[str, str] = {}
    money = None
    for index, raw in enumerate(lines):
        number, stripped = index + 1, raw.strip()
        if not stripped:
            continue
        header = HEADER.fullmatch(stripped) or HEADER.fullmatch(f"; {stripped}")
        if header:
            headers[header.group("key")] = header.group("value")
            continue
        if is_comment(stripped):
            continue
        match = _LENGTH.search(stripped)
        if match and not GAME.match(stripped):
            length = as_number(match.group("length"), number)
            if length is None:
                raise MatError(
                    number, _("%(text)r is not a match length"), text=match.group("length")
                )
            if length == 0:
                raise MatError(number, _("'0 point match': a session of money games, not a match"))
            return headers, length, index + 1
        if _money(stripped) and money is None:
            money = number
        if GAME.match(stripped) and ":" not in stripped:
            if money is not None:
                raise MatError(money, _("a session of money games, not a match"))
            raise MatError(
                number,
                _("expected the match length, such as '7 point match', not %(text)r"),
                text=stripped,
            )
    last = max((index + 1 for index, raw in enumerate(lines) if raw.strip()), default=1)
    raise MatError(last, _("no 'N point match' line: this is not a match transcript"))


def read_game_header(match: re.Match[str]) -> tuple[int | None, bool]:
    """The number a `Game N` line gives (None when it is no number), and whether it is
    marked as the Crawford game."""
    written = match.group("number")
    number = int(written) if written.isascii() and written.isdigit() and len(written) < 5 else None
    return number, bool(_MARK.search(match.group("mark")))


@dataclass(frozen=True)
class ScoreLine:
    names: tuple[str, str]
    scores: tuple[int, int]
    crawford_marked: bool


def _name(written: str) -> str:
    """A name as GNU Backgammon keeps it: spaces made one, a rating (`nori,1760`) cut."""
    name = " ".join(written.split())
    return _RATING.sub("", name) or name


def read_score_line(line: str, number: int) -> ScoreLine | None:
    """ "name : score     name : score", or None when the line is not one."""
    parts = line.split(":")
    if len(parts) < 3:
        return None
    if len(parts) > 3:  # a colon in a name: the score is the number after a colon
        parts = [":".join(parts[:-2]), parts[-2], parts[-1]]
    middle = SCORE_AND_NAME.fullmatch(parts[1])
    last = LAST_SCORE.fullmatch(parts[2])
    first_name = parts[0].strip()
    if not (middle and last and first_name):
        return None
    scores = []
    for written in (middle.group("score"), last.group("score")):
        score = as_number(written, number)
        if score is None:
            return None
        scores.append(score)
    return ScoreLine(
        names=(_name(first_name), _name(middle.group("name"))),
        scores=(scores[0], scores[1]),
        crawford_marked=bool(middle.group("mark") or last.group("mark")),
    )
