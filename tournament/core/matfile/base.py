"""The error and the data classes of a transcript, shared by every part of the package.

`MatError` is what reading and writing raise; `MatGame` and `MatMatch` are what `parse()`
returns and `check()` replays. They live apart so that the grammar, the game state, the
checks and the writer can import them without importing one another. Also `_`, the
translation marker all of them use.

Pure Python (like `scoring`): no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..scoring import GameResult


def _(message: str) -> str:
    """Mark a message for translation without importing Django (see `scoring._`)."""
    return message


class MatError(ValueError):
    """A transcript that does not parse or contradicts itself, at a line of the text."""

    def __init__(self, line: int | None, template: str, **params: object) -> None:
        self.line = line  # 1-based; None when no single line is to blame
        self.template = template
        self.params = params
        super().__init__(self.message())

    def message(self, translate: Callable[[str], str] | None = None) -> str:
        """The reason without the line: callers show "line N: ..." themselves."""
        template = translate(self.template) if translate else self.template
        return template % self.params

    def __str__(self) -> str:
        # For logs and tracebacks only; user-facing code calls message().
        reason = self.message()
        return reason if self.line is None else f"line {self.line}: {reason}"


@dataclass(frozen=True)
class MatGame:
    """One game of a transcript, as written."""

    number: int  # as written in "Game N"
    line: int  # line of its "Game N" header
    score_before: tuple[int, int]  # from its score line (side 0 = the left column)
    result: GameResult
    points: int  # as written in "Wins N point(s)"
    crawford_marked: bool = False  # the file itself says this is the Crawford game
    raccoon: bool = False  # a beaver was raccooned (GameResult has no field for it)


@dataclass(frozen=True)
class MatMatch:
    """A whole transcript: the match length, the two names and the games."""

    length: int
    players: tuple[str, str]  # as written, side 0 = the left column
    headers: dict[str, str] = field(default_factory=dict)
    games: tuple[MatGame, ...] = ()
