"""A game of a transcript replayed on the board: `replay`, the positions after each move,
the cube, the warnings, and the game's outcome as GNU Backgammon's import makes it.

How GNU Backgammon ends a game it imports (import.c, ParseMatMove): when a move bears
off a side's 15th checker, the board decides (single, gammon or backgammon, times the
cube) and a `Wins` line after it changes nothing; a drop gives the doubler the cube
before the double; a `Wins N` while the game is still on is the loser's resignation,
of a single game when N is at most the cube, a gammon when at most twice, a backgammon
otherwise (so `Wins 3` at a cube of 2 counts 4). A move it cannot play is skipped with a
warning and the reading goes on; a game with neither is unfinished.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from ..messages import Phrase, Translate, _
from ..scoring import KINDS, GameResult
from .moves import IllegalMove, apply
from .notation import nothing_written
from .position import START, Board

_LINE = _("line %(line)d: %(reason)s")
# A move the board cannot follow as written (the transcript's reader lists these beside
# its own warnings, which already say what is wrong with the cube and the results).
MOVE_WARNING = _("%(player)s's “%(text)s”: %(reason)s")


class Entry(Protocol):
    """One entry of a game's rows, in its player's column, as `matfile.rows.Action`
    reads it: `kind` is "roll", "offer", "take", "drop", "resign" or "wins"; a roll's
    `text` starts with its dice ("64: 24/18 13/9") and `move` is what follows; an offer's
    `value` is the cube offered (0 when not written), a `Wins`'s the points."""

    kind: str
    side: int
    line: int
    text: str
    move: str
    offer: str
    value: int


@dataclass(frozen=True)
class MoveWarning:
    """Something in a game that a careful reader would query, at its line."""

    line: int
    reason: Phrase

    def text(self, translate: Translate | None = None) -> str:
        """ "line N: ...", translated by `translate` if given."""
        return Phrase(_LINE, {"line": self.line, "reason": self.reason}).text(translate)

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Move:
    """One roll of the game and the board after its move (the board before it when the
    move could not be played)."""

    line: int
    side: int
    roll: tuple[int, int]
    move: str
    board: Board


@dataclass(frozen=True)
class Replayed:
    """A game replayed: each roll's position, the last one, the cube and the outcome."""

    moves: tuple[Move, ...]
    board: Board  # the final position
    cube: int  # the cube's value at the end (before a refused offer)
    owner: int | None  # who owns the cube; None: in the middle
    outcome: GameResult | None  # None: the game did not end (no 15th checker off,
    # no drop, no `Wins`)
    warnings: tuple[MoveWarning, ...]

    @property
    def positions(self) -> tuple[Board, ...]:
        """The board after each roll, in the order played."""
        return tuple(move.board for move in self.moves)


def outcome(board: Board, cube: int = 1, beaver: bool = False) -> GameResult | None:
    """The result of a game played out to `board`: who bore off all their checkers and
    what it is worth at `cube`; None while neither has."""
    winner = board.winner()
    if winner is None:
        return None
    return GameResult(winner, board.kind(winner), cube, "played", beaver)


def resignation(winner: int, points: int, cube: int, beaver: bool = False) -> GameResult:
    """A `Wins N` before the end, read as GNU Backgammon reads it: the loser resigned a
    single game if N is at most the cube, a gammon if at most twice, else a backgammon."""
    times = 1 if points <= cube else 2 if points <= 2 * cube else 3
    return GameResult(winner, KINDS[times - 1], cube, "resigned", beaver)


def _points(result: GameResult) -> int:
    if result.how in ("dropped", "beaver_dropped"):
        return result.cube
    return result.cube * (KINDS.index(result.kind) + 1)


def _capped(entry: Entry, result: GameResult) -> bool:
    """A server's `Wins N points and the match` that counts only the points the match
    still needed (Backgammon Galaxy does), not the game's whole value."""
    return "match" in entry.text.lower() and entry.value < _points(result)


def _roll(text: str) -> tuple[int, int]:
    return int(text[0]), int(text[1])


class _Game:
    """The replay's state, one entry at a time."""

    def __init__(self, players: tuple[str, str], start: Board) -> None:
        self.players = players
        self.board = start
        self.cube, self.owner = 1, None
        self.offers: list[tuple[int, str, int]] = []  # (side, "doubles"/..., value)
        self.beaver = False
        self.result: GameResult | None = None
        self.ended_at: int | None = None  # the line the game ended on (not by `Wins`)
        self.moves: list[Move] = []
        self.warnings: list[MoveWarning] = []
        # A roll without a move where one could be played: the roll before a resignation
        # if the game ends next, else a move left out.
        self.unwritten: MoveWarning | None = None
        self.left_out: list[MoveWarning] = []
        self.written = False  # some move is written (else a result-only game)

    def warn(self, line: int, template: str, **params: object) -> None:
        self.warnings.append(MoveWarning(line, Phrase(template, params)))

    def add(self, entry: Entry) -> None:
        if self.result is not None and entry.kind != "wins":
            if entry.kind != "resign":
                self.warn(
                    entry.line,
                    _("“%(text)s” comes after the end of the game (line %(end)d)"),
                    text=entry.text,
                    end=self.ended_at,
                )
            return
        getattr(self, f"_{entry.kind}")(entry)

    def _roll(self, entry: Entry) -> None:
        if self.offers:  # rolling on after a beaver takes it
            self._accept()
        if self.unwritten is not None:  # the game went on: the move was left out
            self.left_out.append(self.unwritten)
            self.unwritten = None
        roll = _roll(entry.text)
        before = self.board
        self.written |= not nothing_written(entry.move)
        try:
            self.board = apply(before, entry.side, entry.move, roll)
        except IllegalMove as error:
            self.board = error.board
            warning = MoveWarning(
                entry.line,
                Phrase(
                    MOVE_WARNING,
                    {
                        "player": self.players[entry.side],
                        "text": entry.text,
                        "reason": Phrase(error.template, error.params),
                    },
                ),
            )
            if nothing_written(entry.move):
                self.unwritten = warning
            else:
                self.warnings.append(warning)
        self.moves.append(Move(entry.line, entry.side, roll, entry.move, self.board))
        self.result = outcome(self.board, self.cube, self.beaver)
        if self.result is not None:
            self.ended_at = entry.line

    def _offer(self, entry: Entry) -> None:
        before = self.offers[-1][2] if self.offers else self.cube
        self.offers.append((entry.side, entry.offer, entry.value or 2 * before))

    def _accept(self) -> None:
        first_side = self.offers[0][0]
        self.cube = self.offers[-1][2]
        self.owner = 1 - first_side
        self.beaver |= len(self.offers) > 1
        self.offers = []

    def _take(self, entry: Entry) -> None:
        if self.offers:
            self._accept()

    def _drop(self, entry: Entry) -> None:
        if not self.offers:
            return
        side, offer, value = self.offers[-1]
        how = "beaver_dropped" if offer == "beavers" else "dropped"
        self.beaver |= len(self.offers) > 1
        self.offers = []
        self.result = GameResult(side, "single", value // 2, how, self.beaver)
        self.ended_at = entry.line

    def _resign(self, entry: Entry) -> None:
        """GNU Backgammon ignores it: the `Wins` after it says what was resigned."""

    def _wins(self, entry: Entry) -> None:
        self.unwritten = None  # a roll left unplayed before a resignation
        if self.result is None:
            self.result = resignation(entry.side, entry.value, self.cube, self.beaver)
            if entry.value != _points(self.result) and not _capped(entry, self.result):
                self.warn(
                    entry.line,
                    _(
                        "“%(text)s” does not fit a cube of %(cube)d: a resignation worth "
                        "%(points)d, as GNU Backgammon counts it"
                    ),
                    text=entry.text,
                    cube=self.cube,
                    points=_points(self.result),
                )
            return
        result = self.result
        if entry.side != result.winner or (
            entry.value != _points(result) and not _capped(entry, result)
        ):
            self.warn(
                entry.line,
                _(
                    "“%(text)s” for %(player)s, but the game (line %(end)d) gives "
                    "%(winner)s %(points)d"
                ),
                text=entry.text,
                player=self.players[entry.side],
                end=self.ended_at,
                winner=self.players[result.winner],
                points=_points(result),
            )

    def finish(self) -> Replayed:
        # A game without any move written is a result typed in (as `matfile.write`
        # writes one, a roll without a move before each `Wins`): nothing is left out.
        found = self.warnings + (self.left_out if self.written else [])
        return Replayed(
            moves=tuple(self.moves),
            board=self.board,
            cube=self.cube,
            owner=self.owner,
            outcome=self.result,
            warnings=tuple(sorted(found, key=lambda warning: warning.line)),
        )


def replay(
    entries: Iterable[Entry],
    players: tuple[str, str] = ("left", "right"),
    start: Board = START,
) -> Replayed:
    """Play a game's entries in order from the starting position (side 0 is the
    transcript's left player). Never raises on a move: what looks wrong is in
    `warnings`, and the board goes on as GNU Backgammon's would. `players` name the
    sides in the warnings; `start` is another position to start from (for tests)."""
    game = _Game(players, start)
    for entry in entries:
        game.add(entry)
    return game.finish()
