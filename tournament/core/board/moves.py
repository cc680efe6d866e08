"""One move of a transcript played on a board: `apply`, or `IllegalMove` saying why not.

Two kinds of wrong, told apart as GNU Backgammon's .mat import tells them (its import.c,
read for this module): a move it cannot play on its board at all (a step from a point
with none of the mover's checkers, onto a point the opponent holds with two or more, a
step longer than a die, a move that does not read) it skips, warns about and reads on
with the board as it was; a move that breaks the rules but can be put on the board
(checkers moved while one is on the bar, bearing off before all are home, steps that are
not the roll's dice, fewer dice played than the roll allows) it plays as written. So
`IllegalMove.board` is the board GNU Backgammon goes on with: the move as written for
the second kind, the board before it for the first.

Steps are played from the highest point down, as GNU Backgammon orders them, and a step
of two dice written as one (`61: 13/6`, `44: 13/5`) is split as it splits it: a
non-double through the die whose landing point has no opposing checker, a double into
steps of the die.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from itertools import pairwise

from ..messages import CoreError, _
from .notation import Step, Unreadable, nothing_written, read_steps
from .position import BAR, HOME, OFF, Board, board_of, most_dice, plays, sides_of, step

_DIE = 6


class IllegalMove(CoreError):
    """A move that is not a legal play of its roll on the board. `board`: the position
    GNU Backgammon goes on with (see the module); `playable`: whether that is the move
    played as written (True) or the board left as it was (False)."""

    def __init__(self, board: Board, playable: bool, template: str, **params: object) -> None:
        self.board = board
        self.playable = playable
        super().__init__(template, **params)


def _name(point: int) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)


def _expand(board: Board, side: int, steps: list[Step], roll: tuple[int, int]) -> list[Step]:
    """The steps with a move of several dice written as one step split into single dice."""
    first, second = roll
    theirs = board.sides[1 - side]
    expanded: list[Step] = []
    for source, destination in steps:
        distance = source - destination
        if first == second:
            count = -(-distance // first)
            landings = [source - first * n for n in range(1, count)]
            points = [source, *landings, destination]
            expanded.extend(pairwise(points))
            continue
        # Two dice written as one step (`61: 13/6`), or bearing off with the second die
        # larger than needed (`64: 9/off`, as Backgammon Studio writes it: 9/3/off).
        if distance == first + second or (
            destination == OFF and max(roll) < distance < first + second
        ):
            splits = [
                [(source, source - die), (source - die, destination)]
                for die in roll
                # No hit on the way (gnubg's rule: `11/4*` hits on 4 only).
                if source - die > 0 and not theirs[BAR - (source - die)]
            ]
            splits = [split for split in splits if _playable(board, side, split)]
            # GNU Backgammon takes the first die first if it can; the board after is the
            # same either way, so the split whose last step the rules allow is taken.
            splits.sort(key=lambda split: not _bears_off_legally(board, side, split, roll))
            if splits:
                expanded += splits[0]
                continue
        expanded.append((source, destination))
    return expanded


def _playable(board: Board, side: int, steps: list[Step]) -> bool:
    mine, theirs = sides_of(board, side)
    return all(step(mine, theirs, source, destination) is not None for source, destination in steps)


def _bears_off_legally(board: Board, side: int, split: list[Step], roll: tuple[int, int]) -> bool:
    """Whether the second step of a move split in two, when it bears off, is one the
    rules allow with the other die: the exact number, or a larger one from the highest
    point with every checker home."""
    (source, middle), (_, destination) = split
    if destination != OFF:
        return True
    other = sum(roll) - (source - middle)
    mine = list(board.sides[side])
    mine[source] -= 1
    mine[middle] += 1
    return other == middle or (other > middle and not any(mine[middle + 1 :]))


def _fits(needs: list[tuple[int, bool]], dice: list[int]) -> list[int] | None:
    """A die for each step (its distance, and whether a larger die may bear it off), or
    None when the dice do not give these steps."""
    if not needs:
        return []
    (distance, larger_ok), rest = needs[0], needs[1:]
    for index, die in enumerate(dice):
        if die == distance or (larger_ok and die > distance):
            others = _fits(rest, dice[:index] + dice[index + 1 :])
            if others is not None:
                return [die, *others]
    return None


def apply(board: Board, side: int, move: str, roll: tuple[int, int]) -> Board:
    """The board after `side` plays `move` (as a transcript writes it, in `side`'s own
    numbers) with `roll`. Raises IllegalMove when it is not a legal play.

    An empty move is legal when the roll cannot be played; when only one play is
    possible it is that play (GNU Backgammon plays it too); otherwise IllegalMove, with
    the board unchanged (GNU Backgammon records the roll alone, as before a resignation).
    """
    written = f"{roll[0]}{roll[1]}"
    if nothing_written(move):
        reachable = plays(board, side, roll)
        if len(reachable) <= 1:
            return next(iter(reachable), board)
        raise IllegalMove(
            board, True, _("no move is written, but %(roll)s can be played"), roll=written
        )
    try:
        steps = read_steps(move)
    except Unreadable as error:
        raise IllegalMove(board, False, _("“%(text)s” is not a move"), text=error.text) from None
    for source, destination in steps:
        if destination >= source:
            raise IllegalMove(
                board,
                False,
                _("%(source)s/%(destination)s moves backwards"),
                source=_name(source),
                destination=_name(destination),
            )
    steps = sorted(_expand(board, side, steps, roll), reverse=True)
    mine, theirs = sides_of(board, side)
    broken: tuple[str, dict[str, object]] | None = None
    needs: list[tuple[int, bool]] = []
    for source, destination in steps:
        distance = source - destination
        if distance > _DIE:
            raise IllegalMove(
                board,
                False,
                _("%(source)s/%(destination)s is longer than a die"),
                source=_name(source),
                destination=_name(destination),
            )
        if broken is None and mine[BAR] and source != BAR:
            broken = (
                _("a checker on the bar must come in first, before %(source)s/%(destination)s"),
                {"source": _name(source), "destination": _name(destination)},
            )
        bearing_off = destination == OFF
        if broken is None and bearing_off and any(mine[HOME + 1 :]):
            broken = (
                _("bears off from %(source)s before all checkers are home"),
                {"source": _name(source)},
            )
        needs.append((distance, bearing_off and not any(mine[source + 1 : HOME + 1])))
        if not mine[source]:
            raise IllegalMove(
                board, False, _("no checker to move on %(point)s"), point=_name(source)
            )
        if step(mine, theirs, source, destination) is None:
            raise IllegalMove(
                board,
                False,
                _("%(point)s is held by the opponent"),
                point=_name(destination),
            )
    after = board_of(side, mine, theirs)
    double = roll[0] == roll[1]
    dice = [roll[0]] * 4 if double else list(roll)
    used = _fits(needs, dice)
    if broken is None and used is None:
        broken = (_("%(move)s is not what %(roll)s plays"), {"move": move.strip(), "roll": written})
    if broken is None and len(steps) < len(dice) and after not in plays(board, side, roll):
        count, total = most_dice(board, side, roll)
        if count > len(steps):
            broken = (_("%(roll)s allows more dice to be played"), {"roll": written})
        else:
            broken = (
                _("only one die can be played and it must be the larger: %(die)s"),
                {"die": total},
            )
    if broken is not None:
        template, params = broken
        raise IllegalMove(after, True, template, **params)
    return after
