"""GNU Backgammon's position ID and match ID read back into a position: whose checkers
stand where, the cube, the dice and the score (docs/skill.md, "The drawn board").

Both IDs are base64 (gnubg's alphabet, A-Z a-z 0-9 + /, no padding) of a bit string
packed least significant bit first into bytes.

The position ID (14 characters, 10 bytes, 80 bits): for each of the two players in turn,
for each of their points from their own 1-point to their 24-point and then the bar, as
many 1s as they have checkers there and a 0; the rest is 0s. gnubg's manual says the
player on roll comes first; gnubg itself (PositionKey over anBoard[0] then anBoard[1],
anBoard[1] being the side to move) writes the OPPONENT first and the player on roll
second, and that is what its output shows: in a text export, the position after "X
moves 24/20 24/18" has X's moved checkers in the first half. tests/core/test_positions.py
pins this on gnubg's own output.

The match ID (12 characters, 9 bytes; gnubg's matchid.c, MatchFromKey), each field
least significant bit first: bits 0-3 log2 of the cube, 4-5 its owner (0, 1, or 3 for
the middle), 6 the player on roll (fMove), 7 the Crawford game, 8-10 the game's state,
11 whose decision it is (fTurn: the taker while a double is offered), 12 a double
offered, 13-14 a resignation offered, 15-17 and 18-20 the dice (0 when not rolled),
21-35 the match length (0 for money play), 36-50 and 51-65 players 0 and 1's scores,
and 66 the Jacoby rule (gnubg 1.07 writes it, on by default; the manual stops at 65).
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass

from .messages import CoreError, _

CHECKERS = 15
POINTS = 24

POSITION_ID = re.compile(r"[A-Za-z0-9+/]{14}")
MATCH_ID = re.compile(r"[A-Za-z0-9+/]{12}")


POSITION = _("Not a GNU Backgammon position ID: “%(id)s”.")
MATCH = _("Not a GNU Backgammon match ID: “%(id)s”.")


class InvalidId(CoreError):
    """Not a position or match ID gnubg could have written. The message says which ID;
    `reason` says what is wrong with it, for a log (the site only ever shows no board)."""

    def __init__(self, template: str, text: object, reason: str) -> None:
        super().__init__(template, id=text)
        self.reason = reason


@dataclass(frozen=True)
class Side:
    """One player's checkers: `points[0]` is their own 1-point, `points[23]` their 24."""

    points: tuple[int, ...]
    bar: int

    @property
    def off(self) -> int:
        return CHECKERS - sum(self.points) - self.bar

    @property
    def pips(self) -> int:
        return sum(n * (i + 1) for i, n in enumerate(self.points)) + 25 * self.bar


@dataclass(frozen=True)
class MatchState:
    cube: int
    cube_owner: int | None  # gnubg's player 0 or 1, None in the middle
    on_roll: int  # the player who rolls or rolled (fMove)
    crawford: bool
    game_state: int  # 0 none, 1 playing, 2 over, 3 resigned, 4 dropped
    turn: int  # the player whose decision it is (fTurn)
    doubled: bool  # a double is offered: `turn` takes or passes
    resignation: int  # 0 none, else 1 single, 2 gammon, 3 backgammon offered
    dice: tuple[int, int] | None  # as rolled, None before the roll
    length: int  # 0 for money play
    score: tuple[int, int]  # players 0 and 1
    jacoby: bool  # money play only


@dataclass(frozen=True)
class Decision:
    """A position seen by the player who decides it (the one who erred): their checkers
    and their opponent's, each numbered from its own side; `player` and `opponent` are
    gnubg's player numbers (0 or 1) for reading the match's names and scores."""

    player: int
    opponent: int
    mine: Side
    theirs: Side
    match: MatchState

    @property
    def score(self) -> tuple[int, int]:
        """(the deciding player's, the opponent's)."""
        return self.match.score[self.player], self.match.score[self.opponent]

    @property
    def cube_mine(self) -> bool | None:
        """True if the deciding player owns the cube, False if the opponent does, None
        in the middle."""
        owner = self.match.cube_owner
        return None if owner is None else owner == self.player


def _bits(text: str, pattern: re.Pattern, size: int, template: str) -> list[int]:
    if not isinstance(text, str) or not pattern.fullmatch(text):
        raise InvalidId(template, text, "not base64 of the right length")
    try:
        raw = base64.b64decode(text + "=" * (-len(text) % 4), validate=True)
    except binascii.Error as error:  # pragma: no cover - the pattern refuses these
        raise InvalidId(template, text, "not base64") from error
    return [(raw[i // 8] >> (i % 8)) & 1 for i in range(size * 8)]


def decode_position(position_id: str) -> tuple[Side, Side]:
    """(the opponent's checkers, the player on roll's), as gnubg writes them."""
    bits = _bits(position_id, POSITION_ID, 10, POSITION)
    counts: list[list[int]] = [[0] * 25, [0] * 25]
    player, point = 0, 0
    for bit in bits:
        if player == 2:
            if bit:
                raise InvalidId(POSITION, position_id, "checkers after both players' bars")
            continue
        if bit:
            counts[player][point] += 1
        else:
            point += 1
            if point == 25:
                player, point = player + 1, 0
    if player < 2:
        raise InvalidId(POSITION, position_id, "the bits end before both players' bars")
    sides = tuple(Side(points=tuple(c[:POINTS]), bar=c[POINTS]) for c in counts)
    for side in sides:
        if side.off < 0:
            raise InvalidId(POSITION, position_id, f"more than {CHECKERS} checkers")
    opponent, on_roll = sides
    for index in range(POINTS):
        # A point is one player's: my 1-point is my opponent's 24-point.
        if on_roll.points[index] and opponent.points[POINTS - 1 - index]:
            raise InvalidId(POSITION, position_id, "both players on one point")
    return opponent, on_roll


def _field(bits: list[int], start: int, width: int) -> int:
    return sum(bits[start + i] << i for i in range(width))


def decode_match(match_id: str) -> MatchState:
    bits = _bits(match_id, MATCH_ID, 9, MATCH)
    owner = _field(bits, 4, 2)
    dice = (_field(bits, 15, 3), _field(bits, 18, 3))
    length = _field(bits, 21, 15)
    score = (_field(bits, 36, 15), _field(bits, 51, 15))
    state = MatchState(
        cube=1 << _field(bits, 0, 4),
        cube_owner={0: 0, 1: 1, 3: None}.get(owner, -1),
        on_roll=bits[6],
        crawford=bool(bits[7]),
        game_state=_field(bits, 8, 3),
        turn=bits[11],
        doubled=bool(bits[12]),
        resignation=_field(bits, 13, 2),
        dice=dice if dice != (0, 0) else None,
        length=length,
        score=score,
        jacoby=bool(bits[66]),
    )
    if state.cube_owner == -1:
        raise InvalidId(MATCH, match_id, "no such cube owner")
    if state.game_state > 4:
        raise InvalidId(MATCH, match_id, "no such game state")
    if dice != (0, 0) and not all(1 <= die <= 6 for die in dice):  # both, or neither
        raise InvalidId(MATCH, match_id, "no such dice")
    if length and any(points > length for points in score):
        raise InvalidId(MATCH, match_id, "a score past the match's length")
    if not length and state.crawford:
        raise InvalidId(MATCH, match_id, "a Crawford game in money play")
    return state


def decision(position_id: str, match_id: str) -> Decision:
    """The position from the side of the player whose decision it is: the player on
    roll, or the player doubled while a double is offered (gnubg keeps the board
    oriented to the doubler then)."""
    match = decode_match(match_id)
    opponent_side, on_roll_side = decode_position(position_id)
    if match.turn == match.on_roll:
        mine, theirs = on_roll_side, opponent_side
    else:
        mine, theirs = opponent_side, on_roll_side
    return Decision(
        player=match.turn, opponent=1 - match.turn, mine=mine, theirs=theirs, match=match
    )
