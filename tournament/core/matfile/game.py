"""One game of a transcript as it is read: the state machine `GameReader`.

It reads the game's score line, takes the entries of its rows one at a time (the cube,
the pending offers, a drop, a resignation, the `Wins`), refuses what contradicts the
entries before it, and at the end makes the `MatGame`, resignation included.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from ..messages import _
from ..scoring import KINDS, GameResult
from .base import MatError, MatGame
from .grammar import LAST_SCORE, SCORE_AND_NAME, Action, as_number, checkers_borne_off

_CHECKERS = 15


class GameReader:
    """One game being read: the cube, the pending offers and the end."""

    def __init__(self, number: int, line: int, crawford_marked: bool) -> None:
        self.number, self.line = number, line
        self.names = ("", "")
        self.score_before: tuple[int, int] | None = None
        self.crawford_marked = crawford_marked
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

    def score_line(self, number: int, line: str) -> tuple[str, str]:
        """Read "name : score     name : score"; returns the two names."""
        parts = line.split(":")
        middle = SCORE_AND_NAME.fullmatch(parts[1]) if len(parts) == 3 else None
        last = LAST_SCORE.fullmatch(parts[2]) if len(parts) == 3 else None
        first_name = parts[0].strip()
        if not (middle and last and first_name):
            raise MatError(
                number,
                _("expected the score line 'name : score     name : score', not %(text)r"),
                text=line.strip(),
            )
        scores = []
        for written in (middle.group("score"), last.group("score")):
            score = as_number(written, number)
            if score is None:
                raise MatError(number, _("%(text)r is not a score"), text=written)
            scores.append(score)
        self.score_before = (scores[0], scores[1])
        self.crawford_marked |= bool(middle.group("mark") or last.group("mark"))
        self.names = (first_name, middle.group("name"))
        return self.names

    def error(self, action: Action, template: str, **params: object) -> MatError:
        return MatError(action.line, template, number=self.number, **params)

    def add(self, action: Action) -> None:
        if self.wins is not None:
            if action.kind == "wins" and action.side != self.wins.side:
                raise self.error(
                    action,
                    _("game %(number)s has two winners: 'Wins' in both columns"),
                )
            if action.kind == "wins":
                raise self.error(
                    action,
                    _("game %(number)s: 'Wins' is written twice (first on line %(first)s)"),
                    first=self.wins.line,
                )
            raise self.error(
                action, _("game %(number)s goes on after its 'Wins': %(text)r"), text=action.text
            )
        if self.dropped is not None and action.kind != "wins":
            raise self.error(
                action, _("game %(number)s goes on after a drop: %(text)r"), text=action.text
            )
        handlers = {
            "roll": self._roll,
            "offer": self._offer,
            "take": self._take,
            "drop": self._drop,
            "resign": self._resign,
            "wins": self._wins,
        }
        handlers[action.kind](action)

    def _name(self, side: int) -> str:
        return self.names[side]

    def _pending(self, action: Action) -> MatError:
        last = self.offers[-1]
        return self.error(
            action,
            _(
                "game %(number)s: %(player)s's %(offer)r is neither taken nor dropped "
                "before %(text)r"
            ),
            player=self._name(last.side),
            offer=last.text,
            text=action.text,
        )

    def _roll(self, action: Action) -> None:
        if self.offers:
            if self.offers[-1].offer == "doubles":
                raise self._pending(action)
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
        kind = action.offer
        if kind == "doubles":
            if self.offers:
                raise self._pending(action)
            if self.owner is not None and self.owner != action.side:
                raise self.error(
                    action,
                    _("game %(number)s: %(player)s doubles, but the cube is %(owner)s's"),
                    player=self._name(action.side),
                    owner=self._name(self.owner),
                )
            expected = self.cube * 2
        else:
            chain = [offer.offer for offer in self.offers]
            wanted = ["doubles"] if kind == "beavers" else ["doubles", "beavers"]
            if chain != wanted or action.side == self.offers[-1].side:
                raise self.error(
                    action,
                    _("game %(number)s: %(text)r must answer the opponent's %(wanted)s"),
                    text=action.text,
                    wanted="double" if kind == "beavers" else "beaver",
                )
            expected = self.offers[-1].value * 2
        if action.value == 0:
            action.value = expected  # "Doubles" without "=> N": the next value
        if action.value != expected:
            raise self.error(
                action,
                _("game %(number)s: %(text)r, but the cube can only go to %(expected)s here"),
                text=action.text,
                expected=expected,
            )
        self.offers.append(action)

    def _answer(self, action: Action) -> Action:
        if not self.offers:
            raise self.error(
                action, _("game %(number)s: %(text)r, but nothing was offered"), text=action.text
            )
        last = self.offers[-1]
        if action.side == last.side:
            raise self.error(
                action,
                _("game %(number)s: %(player)s answers their own %(offer)r"),
                player=self._name(action.side),
                offer=last.text,
            )
        return last

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
        self._answer(action)
        self._accept()

    def _drop(self, action: Action) -> None:
        last = self._answer(action)
        self.dropped = last
        self.beaver = self.beaver or len(self.offers) > 1
        self.raccoon = self.raccoon or len(self.offers) > 2
        self.offers = []

    def _resign(self, action: Action) -> None:
        if self.offers:
            raise self._pending(action)
        self.resigned_by = action.side

    def _wins(self, action: Action) -> None:
        if self.offers:
            raise self._pending(action)
        self.wins = action

    def finish(self) -> MatGame:
        if self.score_before is None:
            raise MatError(self.line, _("game %(number)s has no score line"), number=self.number)
        wins = self.wins
        if wins is None:
            raise MatError(
                self.line,
                _("game %(number)s has no result: no 'Wins N points'"),
                number=self.number,
            )
        winner, points = wins.side, wins.value
        if self.dropped is not None:
            result = self._dropped_result(wins, self.dropped)
        else:
            if self.resigned_by == winner:
                raise self.error(
                    wins,
                    _("game %(number)s: %(player)s resigns, but 'Wins' is in their column"),
                    player=self._name(winner),
                )
            ratio, remainder = divmod(points, self.cube)
            if remainder or not 1 <= ratio <= len(KINDS):
                raise self.error(
                    wins,
                    _(
                        "game %(number)s: %(text)r does not fit a cube of %(cube)s; a game is "
                        "worth 1, 2 or 3 times the cube"
                    ),
                    text=wins.text,
                    cube=self.cube,
                )
            how = "resigned" if self._resigned(winner) else "played"
            result = GameResult(winner, KINDS[ratio - 1], self.cube, how, self.beaver)
        return MatGame(
            number=self.number,
            line=self.line,
            score_before=self.score_before,
            result=result,
            points=points,
            crawford_marked=self.crawford_marked,
            raccoon=self.raccoon,
        )

    def _dropped_result(self, wins: Action, refused: Action) -> GameResult:
        if wins.side != refused.side:
            raise self.error(
                wins,
                _("game %(number)s: %(player)s's offer was dropped, so %(player)s wins it"),
                player=self._name(refused.side),
            )
        # The refused offer doubled the stake: the game is lost at the value before it.
        cube = refused.value // 2
        if wins.value != cube:
            raise self.error(
                wins,
                _(
                    "game %(number)s: after %(offer)r is dropped the game is worth %(cube)s, "
                    "not %(points)s"
                ),
                offer=refused.text,
                cube=cube,
                points=wins.value,
            )
        if refused.offer == "beavers":
            return GameResult(wins.side, "single", cube, "beaver_dropped", True)
        return GameResult(wins.side, "single", cube, "dropped", self.beaver)

    def _resigned(self, winner: int) -> bool:
        if self.resigned_by is not None:
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
