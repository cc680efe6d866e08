"""The error and the data classes of a transcript, shared by every part of the package.

`MatError` is what reading and writing raise; `MatGame` and `MatMatch` are what `parse()`
returns and `check()` replays. They live apart so that the grammar, the game state, the
checks and the writer can import them without importing one another.

Pure Python (like `scoring`): no Django, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..messages import CoreError, Phrase, Translate, _
from ..scoring import GameResult


class MatError(CoreError):
    """A transcript that does not parse or contradicts itself, at a line of the text.
    Its message is the reason without the line: callers show "line N: ..." themselves."""

    def __init__(self, line: int | None, template: str, **params: object) -> None:
        self.line = line  # 1-based; None when no single line is to blame
        super().__init__(template, **params)

    def __str__(self) -> str:
        # For logs and tracebacks only; user-facing code calls message().
        reason = self.message()
        return reason if self.line is None else f"line {self.line}: {reason}"


# The most digits a number of a transcript may have (a length, a score, a game's number
# or points): 9999 is already no club's match. A longer one is refused at its line
# before int() reads it (Python refuses past 4300 digits, and a number that reads may
# still overflow a database column later).
MAX_DIGITS = 4


def number_at(line: int | None, text: str) -> int:
    """The number `text` (ASCII digits, checked by the caller) of a transcript's `line`,
    or MatError when it has more than MAX_DIGITS digits."""
    digits = text.lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        shown = digits if len(digits) <= 12 else f"{digits[:12]}…"
        raise MatError(line, _("%(number)s is too big a number for a match"), number=shown)
    return int(digits)


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
class MatWarning:
    """Where a transcript contradicts itself and was read on as GNU Backgammon reads it:
    the line and the reason, for a proof-reader ("line 12: ...")."""

    line: int | None
    reason: Phrase

    def text(self, translate: Translate | None = None) -> str:
        """ "line N: reason", translated by `translate` if given."""
        reason = self.reason.text(translate)
        if self.line is None:
            return reason
        template = _("line %(line)d: %(reason)s")
        return (translate(template) if translate else template) % {
            "line": self.line,
            "reason": reason,
        }

    def __str__(self) -> str:
        return self.text()


def warning(line: int | None, template: str, **params: object) -> MatWarning:
    return MatWarning(line, Phrase(template, params))


@dataclass(frozen=True)
class MatMatch:
    """A whole transcript: the match length, the two names and the games.

    `games` are the games with a result, in order. A game the file leaves without one
    (cut short, a player left) is counted in `games_in_file` only; `finished` says
    whether the games reach the length. `final_score` is GNU Backgammon's reading: the
    last game's score line plus its result (uncapped). `warnings` list where the file
    contradicts itself and was read on."""

    length: int
    players: tuple[str, str]  # as written, side 0 = the left column
    headers: dict[str, str] = field(default_factory=dict)
    games: tuple[MatGame, ...] = ()
    warnings: tuple[MatWarning, ...] = ()
    finished: bool = True
    final_score: tuple[int, int] | None = None
    games_in_file: int | None = None

    def warning_texts(self, translate: Translate | None = None) -> list[str]:
        return [item.text(translate) for item in self.warnings]
