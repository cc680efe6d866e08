"""A transcript's move written out, read into single steps: `24/18 13/10`, `bar/22`,
`6/off`, `13/7(2)`, `24/23*/18`, `25/20`, `6/0`.

Each player counts the points from their own side: 24 is their back point, `bar` or 25
the bar, `off` or 0 borne off. A `*` marks a hit and is not needed (the board knows where
the blots are: some programs never write it). A chain `24/23/18` is two steps, and `(n)`
repeats what it follows n times in all. An empty move, `???` (eXtreme Gammon's roll
before a resignation) and `Cannot move` mean nothing written.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise

from ..messages import CoreError, _
from .position import BAR, OFF

_POINT = re.compile(r"(?P<point>\d{1,2}|bar|b|off|o)(?P<hit>\*?)", re.IGNORECASE)
_COUNT = re.compile(r"\((?P<count>\d)\)$")
_NOTHING = re.compile(r"\?+|cannot\s+move|can't\s+move", re.IGNORECASE)

Step = tuple[int, int]  # (from, to), the mover's own numbers: 25 the bar, 0 off


class Unreadable(CoreError):
    """The text is not a move in this notation (`text` the part that is not)."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__(_("“%(text)s” is not a move"), text=text)


def nothing_written(move: str) -> bool:
    """No move is written: an empty move, `???` or `Cannot move`."""
    text = move.strip()
    return not text or (not text[0].isdigit() and bool(_NOTHING.fullmatch(text)))


def _point(text: str) -> int:
    match = _POINT.fullmatch(text)
    if not match:
        raise Unreadable(text)
    written = match.group("point").lower()
    if written in ("bar", "b"):
        return BAR
    if written in ("off", "o"):
        return OFF
    point = int(written)
    if point > BAR:
        raise Unreadable(text)
    return point


@lru_cache(maxsize=4096)  # a match repeats its moves: 13/11 6/5, 8/5 6/5...
def read_steps(move: str) -> tuple[Step, ...]:
    """The steps a move is written as, in the order written. Unreadable when a part is
    not a point, a chain starts off the board or ends on the bar, or a count is 0."""
    steps: list[Step] = []
    for part in move.split():
        count = 1
        repeat = _COUNT.search(part)
        if repeat:
            count = int(repeat.group("count"))
            part = part[: repeat.start()]
        points = [_point(text) for text in part.split("/")]
        if len(points) < 2 or count < 1:
            raise Unreadable(part)
        chain = list(pairwise(points))
        for source, destination in chain:
            if source == OFF or destination == BAR:
                raise Unreadable(part)
        steps.extend(chain * count)
    return tuple(steps)
