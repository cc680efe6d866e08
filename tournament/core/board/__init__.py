"""A transcript's games replayed on a backgammon board, as GNU Backgammon imports them: the
checkers' positions after each move, the cube, and the outcome (single, gammon,
backgammon, a drop or a resignation) from the final position and the cube, with a
warning at its line for each move that looks wrong. No engine: moves are checked
against the board and the dice, not judged.

The package: `position` (the `Board`, the plays a roll allows), `notation` (a move as
written, read into steps), `moves` (`apply`, `IllegalMove`) and `game` (`replay`,
`outcome`, `resignation`). Import them from here.

Pure Python: no Django, no I/O.
"""

from .game import MOVE_WARNING, Entry, Move, MoveWarning, Replayed, outcome, replay, resignation
from .moves import IllegalMove, apply
from .notation import nothing_written, read_steps
from .position import BAR, CHECKERS, OFF, START, Board, most_dice, plays

__all__ = [
    "BAR",
    "CHECKERS",
    "MOVE_WARNING",
    "OFF",
    "START",
    "Board",
    "Entry",
    "IllegalMove",
    "Move",
    "MoveWarning",
    "Replayed",
    "apply",
    "most_dice",
    "nothing_written",
    "outcome",
    "plays",
    "read_steps",
    "replay",
    "resignation",
]
