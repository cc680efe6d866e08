"""Other formats made into a .mat transcript with its moves: the common part.

A GNU Backgammon `.sgf` match (`sgf`) or the text gnubg's `export match text` writes
(`gnubg_text`) is read into `SourceGame`s and written here as the .mat text GNU
Backgammon writes itself (moves included), so that everything after it (`parse`,
`check`, recording the games, the analysis) is the one .mat path. `Converted` keeps,
for every line of that .mat text, the line of the original file it came from, so that
an error found later still names a line the person can find in *their* file.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..messages import _
from .base import MatError, MatMatch, MatWarning
from .grammar import is_comment

_LEFT_WIDTH = 27  # as writer.py and GNU Backgammon lay the two columns out


@dataclass(frozen=True)
class Converted:
    """The .mat text made from a file, its format, and where each line came from."""

    text: str
    format: str  # "mat", "sgf" or "text"
    sources: tuple[int, ...] = ()  # sources[i]: the file's line for the .mat's line i + 1

    def source_line(self, line: int | None) -> int | None:
        """The original file's line for a line of `text` (itself for a .mat)."""
        if line is None or not self.sources:
            return line
        return self.sources[min(max(line, 1), len(self.sources)) - 1]

    def located(self, error: MatError) -> MatError:
        """The same error, at the original file's line."""
        if self.format == "mat" or error.line is None:
            return error
        moved = MatError(self.source_line(error.line), error.template, **error.params)
        moved.__cause__ = error
        return moved

    def located_warnings(self, match: MatMatch) -> tuple[MatWarning, ...]:
        """The match's warnings, each at the original file's line."""
        if self.format == "mat":
            return match.warnings
        return tuple(
            MatWarning(self.source_line(item.line), item.reason) for item in match.warnings
        )


@dataclass
class Entry:
    """One entry of a game in its player's column: "64: 24/18 13/9", " Doubles => 2"..."""

    side: int  # 0: the left player (the file's first player)
    text: str
    line: int  # the original file's line


@dataclass
class SourceGame:
    """One game read from another format, ready to be written as .mat."""

    line: int  # where the game starts in the original file
    score_before: tuple[int, int]
    entries: list[Entry] = field(default_factory=list)
    winner: int | None = None
    points: int = 0
    end_line: int = 0  # the line that says who won
    resigned: bool = False  # the file says the loser resigned
    cube: int = 1
    offers: list[int] = field(default_factory=list)  # the pending double's values

    def play(self, side: int, text: str, line: int) -> None:
        """A roll and its move ("64: 24/18 13/9", or "55:" when it could not move)."""
        if self.offers:  # after a beaver the doubler plays on: that is the take
            self.cube, self.offers = self.offers[-1], []
        self.entries.append(Entry(side, text, line))

    def double(self, side: int, line: int) -> None:
        """GNU Backgammon writes a beaver (and a raccoon) as a double of a double."""
        value = (self.offers[-1] if self.offers else self.cube) * 2
        word = ("Doubles", "Beavers", "Raccoons")[min(len(self.offers), 2)]
        self.offers.append(value)
        self.entries.append(Entry(side, f" {word} => {value}", line))

    def take(self, side: int, line: int) -> None:
        if self.offers:
            self.cube, self.offers = self.offers[-1], []
        self.entries.append(Entry(side, " Takes", line))

    def drop(self, side: int, line: int) -> None:
        self.offers = []
        self.entries.append(Entry(side, " Drops", line))


def _check_name(name: str, line: int) -> str:
    cleaned = " ".join(name.split())
    if not cleaned or ":" in cleaned or is_comment(cleaned):
        raise MatError(
            line,
            _("%(name)r cannot be a player's name in a match file (empty, or with a ':')"),
            name=cleaned,
        )
    return cleaned


def _rows(game: SourceGame, number: int) -> list[tuple[str, int]]:
    """The game's rows in two numbered columns and its `Wins`, as GNU Backgammon writes
    them (see writer._rows), each with its original line."""
    entries = list(game.entries)
    if game.resigned and game.winner is not None:
        entries.append(Entry(1 - game.winner, " Resigns", game.end_line))
    rows: list[list] = []  # [left, right, line]
    for entry in entries:
        if entry.side == 1 and rows and rows[-1][1] is None:
            rows[-1][1] = entry.text
        elif entry.side == 1:
            rows.append([None, entry.text, entry.line])
        else:
            rows.append([entry.text, None, entry.line])
    wins = f"Wins {game.points} point{'' if game.points == 1 else 's'}"
    alone = None
    if game.winner is None:  # no result: the reader says so and reads the match on
        pass
    elif game.winner == 1 and rows and rows[-1][1] is None:
        rows[-1][1] = " " + wins
    else:
        alone = (" " * (6 if game.winner == 0 else 34) + wins, game.end_line)
    out = []
    for index, (left, right, line) in enumerate(rows, start=1):
        out.append((f"{index:3d}) {left or '':<{_LEFT_WIDTH}} {right or ''}".rstrip(), line))
    return [*out, alone] if alone else out


def build(
    fmt: str, length: int, names: tuple[str, str], games: list[SourceGame], first_line: int
) -> Converted:
    """The .mat text of the games (GNU Backgammon's layout, moves included)."""
    if not games:
        raise MatError(first_line, _("the transcript has no games"))
    left, right = (_check_name(name, first_line) for name in names)
    lines: list[tuple[str, int]] = [(f" {length} point match", first_line), ("", first_line)]
    for number, game in enumerate(games, start=1):
        score = f"{left} : {game.score_before[0]}"
        lines.append((f" Game {number}", game.line))
        lines.append((f" {score:<31}{right} : {game.score_before[1]}", game.line))
        lines += _rows(game, number)
        lines.append(("", game.end_line))
    text = "\n".join(line for line, _source in lines) + "\n"
    return Converted(text, fmt, tuple(source for _line, source in lines))
