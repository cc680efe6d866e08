"""A backgammon position: where each side's 15 checkers stand, and the plays a roll allows.

Each side counts the points from its own side, as a transcript writes its moves: 1 to 24
(24 is its back point), 0 for the checkers borne off, 25 for the bar. Side 0's point p is
side 1's point 25 - p.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass

CHECKERS = 15
OFF = 0
BAR = 25
HOME = 6  # the home board: points 1 to 6

Checkers = tuple[int, ...]  # 26 counts: [0] borne off, [1..24] the points, [25] the bar


def _starting_side() -> Checkers:
    counts = [0] * 26
    counts[24], counts[13], counts[8], counts[6] = 2, 5, 3, 5
    return tuple(counts)


@dataclass(frozen=True)
class Board:
    """Both sides' checkers, each counted from its own side (see the module)."""

    sides: tuple[Checkers, Checkers] = (_starting_side(), _starting_side())

    def at(self, side: int, point: int) -> int:
        """How many of `side`'s checkers stand on its `point` (0 off, 25 the bar)."""
        return self.sides[side][point]

    def bar(self, side: int) -> int:
        return self.sides[side][BAR]

    def off(self, side: int) -> int:
        return self.sides[side][OFF]

    def pips(self, side: int) -> int:
        """`side`'s pip count: what it still has to travel, the bar counting 25."""
        return sum(point * count for point, count in enumerate(self.sides[side]))

    def all_home(self, side: int) -> bool:
        """Every checker of `side` on its home board or borne off: it may bear off."""
        return not any(self.sides[side][HOME + 1 :])

    def winner(self) -> int | None:
        """The side that has borne off all its checkers, if one has."""
        for side in (0, 1):
            if self.sides[side][OFF] == CHECKERS:
                return side
        return None

    def kind(self, winner: int) -> str:
        """What the game is worth for `winner` on this board, once it is over:
        "single" if the loser has borne off a checker, else "backgammon" if the loser
        still has one on the bar or in the winner's home board, else "gammon"."""
        loser = self.sides[1 - winner]
        if loser[OFF]:
            return "single"
        # The winner's home board is the loser's points 19 to 24.
        if loser[BAR] or any(loser[BAR - HOME : BAR]):
            return "backgammon"
        return "gammon"


START = Board()


def step(mine: list[int], theirs: list[int], source: int, destination: int) -> bool | None:
    """Move one of `mine` from `source` to `destination` (lists of counts, changed in
    place), hitting a lone opposing checker there. Returns whether it hit, or None when
    the step is impossible (no checker to move, or the point is held by two or more)."""
    if not mine[source]:
        return None
    if destination == OFF:
        mine[source] -= 1
        mine[OFF] += 1
        return False
    facing = BAR - destination
    if theirs[facing] >= 2:
        return None
    mine[source] -= 1
    mine[destination] += 1
    if theirs[facing] == 1:
        theirs[facing] = 0
        theirs[BAR] += 1
        return True
    return False


def _sources(mine: list[int], die: int) -> list[tuple[int, int]]:
    """The steps the rules allow `mine` with one die, ignoring the opponent."""
    if mine[BAR]:
        return [(BAR, BAR - die)]
    found = []
    home = not any(mine[HOME + 1 :])
    for source in range(1, BAR):
        if not mine[source]:
            continue
        destination = source - die
        if destination > 0:
            found.append((source, destination))
        elif home and (destination == 0 or not any(mine[source + 1 : HOME + 1])):
            # Bearing off: the exact die, or a larger one from the highest point.
            found.append((source, OFF))
    return found


def sides_of(board: Board, side: int) -> tuple[list[int], list[int]]:
    return list(board.sides[side]), list(board.sides[1 - side])


def board_of(side: int, mine: list[int], theirs: list[int]) -> Board:
    if side == 0:
        return Board((tuple(mine), tuple(theirs)))
    return Board((tuple(theirs), tuple(mine)))


def _maximal(board: Board, side: int, roll: tuple[int, int]) -> tuple[set[Board], int, int]:
    """The positions of the plays the rules allow, the dice they play and the dice's sum
    (as gnubg's move generator counts them)."""
    high, low = max(roll), min(roll)
    orders = [(high,) * 4] if high == low else [(high, low), (low, high)]
    best: set[Board] = set()
    most = (0, 0)  # (dice played, their sum): more dice first, then the larger die
    for dice in orders:
        layer = {(board.sides[side], board.sides[1 - side])}
        played = 0
        for count, die in enumerate(dice, start=1):
            following: set[tuple[Checkers, Checkers]] = set()
            for mine_now, theirs_now in layer:
                for source, destination in _sources(list(mine_now), die):
                    mine, theirs = list(mine_now), list(theirs_now)
                    if step(mine, theirs, source, destination) is not None:
                        following.add((tuple(mine), tuple(theirs)))
            if not following:
                break
            layer, played = following, played + die
            if (count, played) > most:
                most, best = (count, played), set()
            if (count, played) == most:
                best.update(board_of(side, list(mine), list(theirs)) for mine, theirs in layer)
    return best, most[0], most[1]


def plays(board: Board, side: int, roll: tuple[int, int]) -> set[Board]:
    """Every position `side` can reach with `roll` under the rules: as many dice as can
    be played, and the larger die when only one of two can. Empty when it cannot move."""
    return _maximal(board, side, roll)[0]


def most_dice(board: Board, side: int, roll: tuple[int, int]) -> tuple[int, int]:
    """The most dice `side` can play with `roll`, and the largest sum of dice a play of
    that many uses (so a play of one die must be of the larger if it can)."""
    _, count, total = _maximal(board, side, roll)
    return count, total
