"""Where everything goes on the drawn board of a decision (docs/skill.md, "The drawn
board"): the points, the checkers with a count on a stack of more than five, the bar,
the borne-off checkers, the cube, the dice, in the coordinates of one SVG viewBox.

The board is seen by the player who decides (who erred): their home board bottom right,
their 1-point next to their tray, their points numbered 1 to 24 from their side. Only
figures come out of here; the template (templates/tournament/includes/board.html)
draws them, with the names and the words around them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .positions import POINTS, Decision, Side

POINT_WIDTH = 20
POINT_HEIGHT = 84
CUBE_COLUMN = 26  # left of the board: the cube
BAR_WIDTH = 20
TRAY_WIDTH = 26  # right of the board: borne-off checkers
LABEL = 14  # a line of text: the names above and below, the point numbers
MIDDLE = 36  # between the two halves: the dice
RADIUS = 9
STEP = 15  # between the centres of stacked checkers
SHOWN = 5  # checkers drawn on a point; more are counted on the last one
SLAB = 5  # a borne-off checker, seen edge on

LEFT = CUBE_COLUMN
QUADRANT = 6 * POINT_WIDTH
RIGHT = LEFT + 2 * QUADRANT + BAR_WIDTH  # the tray's left edge
WIDTH = RIGHT + TRAY_WIDTH
TOP = 2 * LABEL  # the board's top edge, below a name and the point numbers
BOTTOM = TOP + 2 * POINT_HEIGHT + MIDDLE
HEIGHT = BOTTOM + 2 * LABEL
CENTRE_Y = TOP + POINT_HEIGHT + MIDDLE // 2
VIEW_BOX = f"0 0 {WIDTH} {HEIGHT}"


@dataclass(frozen=True)
class Point:
    number: int  # 1 to 24, from the deciding player's side
    outline: str  # the triangle's corners, for <polygon points="...">
    dark: bool  # alternate colours
    label_x: int
    label_y: int


@dataclass(frozen=True)
class Checker:
    x: int
    y: int
    mine: bool
    count: int | None  # on the last one drawn of a stack taller than SHOWN


@dataclass(frozen=True)
class Slab:
    x: int
    y: int
    mine: bool


@dataclass(frozen=True)
class Die:
    x: int  # the top left corner; the side is DIE
    y: int
    value: int
    pips: tuple[tuple[int, int], ...]  # centres of the pips


@dataclass(frozen=True)
class Cube:
    x: int
    y: int
    value: int
    place: str  # "middle", "mine", "theirs" or "offered"


@dataclass(frozen=True)
class Ground:
    """What every board shares, whatever the position: drawn once on a page and used by
    each board (<use>), which keeps a page of ten boards light to send and to render."""

    points: list[Point]
    frame: tuple[int, int, int, int]  # x, y, width, height of the playing area
    bar: tuple[int, int, int, int]
    tray: tuple[int, int, int, int]


@dataclass(frozen=True)
class Drawing:
    view_box: str
    width: int
    height: int
    checkers: list[Checker]
    slabs: list[Slab]
    dice: list[Die]
    cube: Cube
    off_counts: tuple[tuple[int, int, int], ...]  # (x, y, count) beside each tray, if any
    frame: tuple[int, int, int, int]  # as the ground's, where the names go
    top_text_y: int  # the opponent's name and pips
    bottom_text_y: int  # the deciding player's
    # The sizes the template draws with, from here so the two never disagree.
    radius: int = RADIUS
    slab: tuple[int, int] = (POINT_WIDTH, SLAB - 1)  # width, height
    die: int = 22
    cube_size: int = 22


DIE = Drawing.die
CUBE = Drawing.cube_size


def _point_x(number: int) -> int:
    """The left edge of a point's column, for the deciding player's point `number`."""
    if number <= 6:  # bottom right, the 1-point at the right end
        return RIGHT - number * POINT_WIDTH
    if number <= 12:  # bottom left
        return LEFT + (12 - number) * POINT_WIDTH
    if number <= 18:  # top left
        return LEFT + (number - 13) * POINT_WIDTH
    return RIGHT - (25 - number) * POINT_WIDTH  # top right, the 24-point at the right end


def _points() -> list[Point]:
    drawn = []
    for number in range(1, POINTS + 1):
        x = _point_x(number)
        top = number > 12
        base, tip = (TOP, TOP + POINT_HEIGHT) if top else (BOTTOM, BOTTOM - POINT_HEIGHT)
        outline = f"{x},{base} {x + POINT_WIDTH},{base} {x + POINT_WIDTH // 2},{tip}"
        label_y = TOP - 3 if top else BOTTOM + LABEL - 3
        drawn.append(Point(number, outline, number % 2 == 0, x + POINT_WIDTH // 2, label_y))
    return drawn


def _stack(x: int, edge: int, down: bool, count: int, mine: bool) -> list[Checker]:
    """`count` checkers from the edge `edge` inwards, the last one drawn carrying the
    count when there are more than can be drawn."""
    drawn = []
    shown = min(count, SHOWN)
    for i in range(shown):
        offset = RADIUS + i * STEP
        y = edge + offset if down else edge - offset
        label = count if count > SHOWN and i == shown - 1 else None
        drawn.append(Checker(x, y, mine, label))
    return drawn


def _checkers(mine: Side, theirs: Side) -> list[Checker]:
    drawn = []
    for index in range(POINTS):
        number = index + 1
        x = _point_x(number) + POINT_WIDTH // 2
        top = number > 12
        edge = TOP if top else BOTTOM
        # The opponent's checkers: their point index + 1 is my 25 - (index + 1).
        if mine.points[index]:
            drawn += _stack(x, edge, top, mine.points[index], True)
        their_count = theirs.points[POINTS - 1 - index]
        if their_count:
            drawn += _stack(x, edge, top, their_count, False)
    bar_x = LEFT + QUADRANT + BAR_WIDTH // 2
    # On the bar, each side's checkers on the half of the board where they must enter:
    # mine enter the opponent's home, at the top; theirs at the bottom.
    if mine.bar:
        drawn += _stack(bar_x, CENTRE_Y - MIDDLE // 2, False, mine.bar, True)
    if theirs.bar:
        drawn += _stack(bar_x, CENTRE_Y + MIDDLE // 2, True, theirs.bar, False)
    return drawn


def _slabs(mine: Side, theirs: Side) -> list[Slab]:
    x = RIGHT + (TRAY_WIDTH - POINT_WIDTH) // 2
    slabs = [Slab(x, BOTTOM - (i + 1) * SLAB, True) for i in range(mine.off)]
    return slabs + [Slab(x, TOP + i * SLAB, False) for i in range(theirs.off)]


PIP_SPOTS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def _dice(dice: tuple[int, int] | None) -> list[Die]:
    if dice is None:
        return []
    # On the right half, the deciding player's side, as a player sets them.
    centre = LEFT + QUADRANT + BAR_WIDTH + QUADRANT // 2
    drawn = []
    for i, value in enumerate(dice):
        x = centre - DIE - 4 + i * (DIE + 8)
        y = CENTRE_Y - DIE // 2
        pips = tuple((x + 5 + col * 6, y + 5 + row * 6) for col, row in PIP_SPOTS[value])
        drawn.append(Die(x, y, value, pips))
    return drawn


def _cube(decision: Decision) -> Cube:
    match = decision.match
    x = (CUBE_COLUMN - CUBE) // 2
    if match.doubled:
        # Offered: on the deciding player's side of the board, at the new value.
        centre = LEFT + QUADRANT + BAR_WIDTH + QUADRANT // 2
        return Cube(centre - CUBE // 2, CENTRE_Y - CUBE // 2, match.cube * 2, "offered")
    owned = decision.cube_mine
    if owned is None:
        # gnubg's habit: a cube in the middle reads 64 until it is turned.
        value = 64 if match.cube == 1 else match.cube
        return Cube(x, CENTRE_Y - CUBE // 2, value, "middle")
    y = BOTTOM - CUBE - 2 if owned else TOP + 2
    return Cube(x, y, match.cube, "mine" if owned else "theirs")


GROUND = Ground(
    points=_points(),
    frame=(LEFT, TOP, RIGHT - LEFT, BOTTOM - TOP),
    bar=(LEFT + QUADRANT, TOP, BAR_WIDTH, BOTTOM - TOP),
    tray=(RIGHT, TOP, TRAY_WIDTH, BOTTOM - TOP),
)


def drawing(decision: Decision) -> Drawing:
    mine, theirs = decision.mine, decision.theirs
    tray_x = RIGHT + TRAY_WIDTH // 2
    off_counts = []
    if mine.off:
        off_counts.append((tray_x, BOTTOM - mine.off * SLAB - 3, mine.off))
    if theirs.off:
        off_counts.append((tray_x, TOP + theirs.off * SLAB + 10, theirs.off))
    return Drawing(
        view_box=VIEW_BOX,
        width=WIDTH,
        height=HEIGHT,
        checkers=_checkers(mine, theirs),
        slabs=_slabs(mine, theirs),
        dice=_dice(decision.match.dice if not decision.match.doubled else None),
        cube=_cube(decision),
        off_counts=tuple(off_counts),
        frame=GROUND.frame,
        top_text_y=LABEL - 3,
        bottom_text_y=HEIGHT - 3,
    )
