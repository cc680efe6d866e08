"""The text GNU Backgammon's `export match text x.txt` writes, made into a .mat transcript.

gnubg 1.07 writes one file per game (`x.txt`, `x_002.txt`, ...); this reads one game or
several in a row (the files joined in order). What it relies on, from files gnubg
wrote (tests/data/gnubg_text):

- each game starts with `The score (after N games) is: A 3, B 1 (match to 7 points)`
  (`after 1 game`, and `, Crawford game` at the end when it is); A is gnubg's player 0,
  the left column of a .mat;
- `Move number 12:  A to play 64` gives the roll, and the play follows as
  `* A moves 24/18 13/9*` (gnubg's notation: `bar`, `off`, `8/4*(2)`, `13/10*/9`, which
  the .mat reader takes as it is) or `* A cannot move`;
- the cube: `* A doubles`, `* B accepts`, `* B rejects`;
- the game ends with `A wins 2 points`. A resignation is not written: as in a .mat, the
  checkers borne off tell it;
- everything else (the boards, the analysis, the statistics) is skipped. A line that
  starts `* A` and says something else is refused, so that nothing is silently lost.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

import re

from ..messages import _
from .base import MatError, number_at
from .converted import Converted, SourceGame, build
from .grammar import lines_of

_SCORE = re.compile(
    r"The score \(after (?P<games>\d+) games?\) is: (?P<a>.+) (?P<sa>\d+), "
    r"(?P<b>.+) (?P<sb>\d+) \(match to (?P<length>\d+) points?\)(?P<rest>.*)"
)
_ROLL = re.compile(r"Move number \d+:\s+(?P<name>.+) to play (?P<dice>[1-6][1-6])\s*")
_WINS = re.compile(r"(?P<name>.+) wins (?P<points>\d+) points?\s*")


def looks_like(text: str) -> bool:
    head = text.removeprefix("\ufeff").lstrip()[:400]
    return _SCORE.match(head.split("\n", 1)[0].rstrip("\r")) is not None


def _side(name: str, names: tuple[str, str]) -> int | None:
    return names.index(name) if name in names else None


class _Reader:
    def __init__(self) -> None:
        self.games: list[SourceGame] = []
        self.names: tuple[str, str] | None = None
        self.length = 0
        self.game: SourceGame | None = None
        self.dice = ""

    def score(self, found: re.Match[str], number: int) -> None:
        names = (found.group("a"), found.group("b"))
        length = number_at(number, found.group("length"))
        if self.names is None:
            self.names, self.length = names, length
        elif names != self.names or length != self.length:
            raise MatError(
                number,
                _(
                    "this game is of a %(found)s point match between %(c)s and %(d)s, not of "
                    "the first game's"
                ),
                found=length,
                c=names[0],
                d=names[1],
            )
        if self.game is not None and self.game.winner is None:
            raise MatError(self.game.line, _("this game has no result ('... wins N points')"))
        expected = len(self.games)
        if number_at(number, found.group("games")) != expected:
            raise MatError(
                number,
                _("expected the game after %(expected)s games, found the one after %(found)s"),
                expected=expected,
                found=found.group("games"),
            )
        self.game = SourceGame(
            line=number,
            score_before=(
                number_at(number, found.group("sa")),
                number_at(number, found.group("sb")),
            ),
        )
        self.games.append(self.game)
        self.dice = ""

    def action(self, line: str, number: int) -> None:
        assert self.game is not None and self.names is not None  # noqa: S101
        for side, name in enumerate(self.names):
            prefix = f"* {name} "
            if not line.startswith(prefix):
                continue
            said = line[len(prefix) :].strip()
            if said.startswith("moves ") or said == "cannot move":
                if not self.dice:
                    raise MatError(number, _("a move without a roll before it"))
                move = said.removeprefix("moves ").strip() if said != "cannot move" else ""
                self.game.play(side, f"{self.dice}: {move}".rstrip(), number)
                self.dice = ""
            elif said == "doubles":
                self.game.double(side, number)
            elif said == "accepts":
                self.game.take(side, number)
            elif said == "rejects":
                self.game.drop(side, number)
            else:
                raise MatError(number, _("%(text)r is not a move or a cube action"), text=line)
            return

    def wins(self, found: re.Match[str], number: int) -> bool:
        assert self.game is not None and self.names is not None  # noqa: S101
        side = _side(found.group("name"), self.names)
        if side is None:
            return False
        if self.game.winner is not None:
            raise MatError(number, _("this game has two results"))
        self.game.winner, self.game.points, self.game.end_line = (
            side,
            number_at(number, found.group("points")),
            number,
        )
        return True


def convert(text: str) -> Converted:
    """The .mat text of gnubg's text export of a match (one game or several in a row).
    Raises MatError at a line of it."""
    reader = _Reader()
    first = 1
    for index, raw in enumerate(lines_of(text)):
        number, line = index + 1, raw.rstrip()
        score = _SCORE.fullmatch(line)
        if score:
            if reader.names is None:
                first = number
            reader.score(score, number)
            continue
        if reader.game is None:
            if line.strip():
                raise MatError(
                    number,
                    _("expected 'The score (after 0 games) is: ...' first, not %(text)r"),
                    text=line.strip()[:60],
                )
            continue
        roll = _ROLL.fullmatch(line)
        if roll and _side(roll.group("name"), reader.names) is not None:
            reader.dice = roll.group("dice")
            continue
        if line.startswith("* "):
            reader.action(line, number)
            continue
        wins = _WINS.fullmatch(line)
        if wins:
            reader.wins(wins, number)
    if reader.names is None:
        raise MatError(1, _("this is not GNU Backgammon's text export of a match"))
    return build("text", reader.length, reader.names, reader.games, first)
