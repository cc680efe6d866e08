"""One game of a transcript as it is read: the state machine `GameReader`.

It takes the entries of the game's rows one at a time (the cube, the pending offers, a
drop, a resignation, the `Wins`) and at the end makes the `MatGame`, or says the game
has no result (a file cut short, a player who left). Where an entry contradicts the
ones before it, the game is read on as GNU Backgammon reads it (import.c,
`ParseMatMove`), and the contradiction is noted as a warning at its line:

- a take or a drop with nothing offered, an answer to one's own offer, an entry after
  the game ended: left out;
- a roll while a double waits for its answer: the double was taken;
- `Doubles => N` with another N: the cube goes to the next value all the same;
- a drop ends the game: the doubler wins the cube before the double, whatever `Wins`
  says and in whichever column;
- when no checker play ends the game, `Wins N` is a resignation: a single game when N
  is at most the cube, a gammon at most twice the cube, else a backgammon (so a
  server's `Wins 100 points`, ending a match a player left, is a backgammon);
- when the winner bore off their 15th checker, the game was played out: its value comes
  from the final position, as GNU Backgammon finds it (`core.board` replays the moves):
  a single game when the loser has borne off, a gammon, or a backgammon when the loser
  still has a checker on the bar or in the winner's home board, whatever `Wins` says.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable

from ..board import MOVE_WARNING, Replayed, replay
from ..messages import _
from ..scoring import KINDS, GameResult
from .base import MatGame, MatWarning, warning
from .grammar import checkers_borne_off
from .rows import Action

_CHECKERS = 15


class GameReader:
    """One game being read: the cube, the pending offers and the end."""

    def __init__(
        self,
        number: int,
        line: int,
        crawford_marked: bool,
        score_before: tuple[int, int],
        names: tuple[str, str],
        warn: Callable[[MatWarning], None],
    ) -> None:
        self.number, self.line = number, line
        self.names = names
        self.score_before = score_before
        self.crawford_marked = crawford_marked
        self.warn = warn
        self.cube = 1
        self.owner: int | None = None  # None: the cube is in the middle
        self.offers: list[Action] = []  # a double, maybe beavered, maybe raccooned
        self.beaver = self.raccoon = False
        self.dropped: Action | None = None  # the refused offer
        self.resigned_by: int | None = None
        self.wins: Action | None = None
        self.played = False  # some checker play is recorded
        self.complete = True  # every play is written out (no XG "???")
        self.borne_off = [0, 0]
        self.last_roll: Action | None = None
        self.last_roll_bore_off = False
        self.actions: list[Action] = []  # every entry, for the board's replay
        self._replayed: Replayed | None = None

    def _note(self, action: Action, template: str, **params: object) -> None:
        self.warn(warning(action.line, template, number=self.number, **params))

    @property
    def over(self) -> bool:
        return self.wins is not None or self.dropped is not None or self._borne_off() is not None

    def _borne_off(self) -> int | None:
        for side in (0, 1):
            if self.borne_off[side] >= _CHECKERS:
                return side
        return None

    def add(self, action: Action) -> None:
        self.actions.append(action)
        if action.kind == "resign":
            self.resigned_by = action.side  # GNU Backgammon skips it; it says how it ended
            return
        if self.over:
            if action.kind == "wins" and self.wins is None:
                self.wins = action  # the note of a game a drop or the last checker ended
                return
            if action.kind != "wins" or action.side != self.wins.side:
                self._note(
                    action,
                    _("game %(number)s goes on after its end: %(text)r is left out"),
                    text=action.text,
                )
            return
        {
            "roll": self._roll,
            "offer": self._offer,
            "take": self._take,
            "drop": self._drop,
            "wins": self._wins,
        }[action.kind](action)

    def _roll(self, action: Action) -> None:
        if self.offers:
            if self.offers[-1].offer == "doubles":
                self._note(
                    action,
                    _("game %(number)s: %(offer)r is neither taken nor dropped: read as taken"),
                    offer=self.offers[-1].text,
                )
            # After a beaver the doubler plays on: rolling is taking it (as GNU Backgammon
            # reads it).
            self._accept()
        if action.move:
            self.played = True
            if "?" in action.move:
                self.complete = False
        bore = checkers_borne_off(action.move)
        self.borne_off[action.side] += bore
        self.last_roll, self.last_roll_bore_off = action, bore > 0

    def _offer(self, action: Action) -> None:
        if action.offer == "doubles" or not self.offers:
            if self.offers:  # a redouble before the answer: the first one was taken
                self._accept()
            action.offer = "doubles"
            expected = self.cube * 2
        else:
            expected = self.offers[-1].value * 2
            if len(self.offers) >= 2:
                action.offer = "raccoons"
        if action.value and action.value != expected:
            self._note(
                action,
                _("game %(number)s: %(text)r, but the cube can only go to %(expected)s here"),
                text=action.text,
                expected=expected,
            )
        action.value = expected
        self.offers.append(action)

    def _answer(self, action: Action) -> Action | None:
        if not self.offers:
            self._note(
                action,
                _("game %(number)s: %(text)r, but nothing was offered: left out"),
                text=action.text,
            )
            return None
        return self.offers[-1]

    def _accept(self) -> None:
        first = self.offers[0]
        self.cube = self.offers[-1].value
        # Whoever accepted the first double owns the cube, also after a beaver (the
        # beaverer keeps it) and a raccoon (seed 001: the beaverer still keeps it).
        self.owner = 1 - first.side
        self.beaver = self.beaver or len(self.offers) > 1
        self.raccoon = self.raccoon or len(self.offers) > 2
        self.offers = []

    def _take(self, action: Action) -> None:
        if self._answer(action) is not None:
            self._accept()

    def _drop(self, action: Action) -> None:
        last = self._answer(action)
        if last is None:
            return
        self.dropped = last
        self.beaver = self.beaver or len(self.offers) > 1
        self.raccoon = self.raccoon or len(self.offers) > 2
        self.offers = []

    def _wins(self, action: Action) -> None:
        if self.offers:  # GNU Backgammon: the loser resigned at the cube before the offer
            self.offers = []
        self.wins = action

    def replayed(self) -> Replayed:
        """The game's moves played on a board (once)."""
        if self._replayed is None:
            self._replayed = replay(self.actions, self.names)
        return self._replayed

    def finish(self) -> MatGame | None:
        """The game, or None when the file gives it no result. A move the board cannot
        follow as written is a warning at its line (gnubg skips it or plays it as
        written, and reads on)."""
        for found in self.replayed().warnings:
            if found.reason.template == MOVE_WARNING:
                self.warn(MatWarning(found.line, found.reason))
        if self.dropped is not None:
            return self._dropped_game()
        played_out = self._borne_off()
        if played_out is not None and self.complete:
            return self._played_out(played_out)
        wins = self.wins
        if wins is None:
            return None
        points = wins.value
        kind = 1 if points <= self.cube else 2 if points <= 2 * self.cube else 3
        if points != kind * self.cube:
            self._note(
                wins,
                _(
                    "game %(number)s: %(text)r does not fit a cube of %(cube)s: read as "
                    "%(points)s, as GNU Backgammon reads it"
                ),
                text=wins.text,
                cube=self.cube,
                points=kind * self.cube,
            )
        how = "resigned" if self._resigned(wins.side) else "played"
        return self._game(GameResult(wins.side, KINDS[kind - 1], self.cube, how, self.beaver))

    def _game(self, result: GameResult) -> MatGame:
        return MatGame(
            number=self.number,
            line=self.line,
            score_before=self.score_before,
            result=result,
            points=result.cube * (KINDS.index(result.kind) + 1),
            crawford_marked=self.crawford_marked,
            raccoon=self.raccoon,
        )

    def _played_out(self, winner: int) -> MatGame:
        wins = self.wins
        kind = 1 if self.borne_off[1 - winner] else 2
        if kind == 2:
            # Gammon or backgammon: where the loser's checkers stand, which only the
            # board knows (a transcriber's `Wins` is often wrong here). A board that does
            # not end with the winner's 15th checker off (moves the replay could not
            # follow) leaves it to `Wins`, as before.
            board = self.replayed().board
            if board.winner() == winner:
                kind = KINDS.index(board.kind(winner)) + 1
            elif wins is not None and wins.side == winner:
                kind = 3 if wins.value >= 3 * self.cube else 2
        if wins is not None and (wins.side != winner or wins.value != kind * self.cube):
            self._note(
                wins,
                _(
                    "game %(number)s: %(text)r, but the moves end it with %(player)s winning "
                    "%(points)s"
                ),
                text=wins.text,
                player=self.names[winner],
                points=kind * self.cube,
            )
        return self._game(GameResult(winner, KINDS[kind - 1], self.cube, "played", self.beaver))

    def _dropped_game(self) -> MatGame:
        refused = self.dropped
        assert refused is not None  # noqa: S101
        cube = refused.value // 2
        wins = self.wins
        if wins is not None and (wins.side != refused.side or wins.value != cube):
            self._note(
                wins,
                _(
                    "game %(number)s: %(text)r, but after %(offer)r is dropped %(player)s "
                    "wins %(cube)s"
                ),
                text=wins.text,
                offer=refused.text,
                player=self.names[refused.side],
                cube=cube,
            )
        how = "beaver_dropped" if refused.offer == "beavers" else "dropped"
        beaver = True if refused.offer == "beavers" else self.beaver
        return self._game(GameResult(refused.side, "single", cube, how, beaver))

    def _resigned(self, winner: int) -> bool:
        if self.resigned_by is not None and self.resigned_by != winner:
            return True
        if not self.played:
            # A result-only game (as write() makes them): no move says otherwise.
            return False
        last = self.last_roll
        if last is None or last.side != winner or not self.last_roll_bore_off:
            return True
        # The final bear-off may still leave checkers (a resignation in the race); trust
        # the count only when every play is written out.
        return self.complete and self.borne_off[winner] < _CHECKERS
