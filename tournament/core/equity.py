"""Each player's chance of winning a match from its score, by the Kazaross-XG2 equity table."""

from __future__ import annotations

import operator
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import cache
from pathlib import Path

MAX_AWAY = 25

TABLE_FILE = Path(__file__).resolve().parent.parent / "data" / "met" / "Kazaross-XG2.xml"

# How data/met/Kazaross-XG2.xml (GNU Backgammon's format, met.dtd) encodes the tables,
# checked against gnubg's reader and lookup (matchequity.c: the XML parser, getME and
# getMEAtScore):
#
# <pre-crawford-table type="explicit"> holds 25 <row>s of 25 <me> values. Row i
# (0-based) is for the player who needs i + 1 points, column j for an opponent who needs
# j + 1, and the value is the ROW player's chance of winning the match: row 1-away,
# column 2-away reads 0.67736, and row 2-away, column 1-away reads 0.32264, its
# complement. Every pair (i, j), (j, i) in the file adds up to exactly 1, and the
# diagonal is 0.5. Row or column 1-away is the chance as the Crawford game starts (no
# cube in that game): gnubg reads it for the Crawford game and the post-Crawford row after.
#
# <post-crawford-table type="explicit" player="both"> holds one <row> of 25 <me> values.
# Value n (0-based) is the TRAILER's chance when the trailer needs n + 1 points, the
# leader needs 1 and the Crawford game has been played; "both" means the same row serves
# whichever player trails. Value 0 (1-away v 1-away) is 0.5; the trailer's 2-away reads
# 0.48803 where the Crawford game gives it 0.32264. The leader's chance is the
# complement. In a 25-point match the trailer needs at most 24 after the Crawford game,
# so the 25th value is never reached from a 25-point match (gnubg replaces it with its
# own extrapolation); we return it as the file has it.


@dataclass(frozen=True)
class _Table:
    pre_crawford: tuple[tuple[float, ...], ...]
    post_crawford: tuple[float, ...]


def _values(row: ET.Element) -> tuple[float, ...]:
    return tuple(float((me.text or "").strip()) for me in row.findall("me"))


@cache
def _table() -> _Table:
    # Our own file shipped with the code, not outside input; expat fetches no external DTD.
    root = ET.parse(TABLE_FILE).getroot()  # noqa: S314
    length = int((root.findtext("info/length") or "").strip())
    pre = root.find("pre-crawford-table")
    post = root.find("post-crawford-table")
    if pre is None or post is None or pre.get("type") != "explicit":
        raise ValueError(f"{TABLE_FILE}: expected an explicit pre- and post-Crawford table")
    if post.get("type") != "explicit" or post.get("player") != "both":
        raise ValueError(f"{TABLE_FILE}: expected one explicit post-Crawford row for both")
    pre_rows = tuple(_values(row) for row in pre.findall("row"))
    post_rows = post.findall("row")
    post_row = _values(post_rows[0]) if len(post_rows) == 1 else ()
    # A truncated or reshaped file would otherwise give wrong chances without an error.
    if (
        length != MAX_AWAY
        or len(pre_rows) != MAX_AWAY
        or any(len(row) != MAX_AWAY for row in pre_rows)
        or len(post_row) != MAX_AWAY
    ):
        raise ValueError(f"{TABLE_FILE}: expected {MAX_AWAY}x{MAX_AWAY} tables")
    return _Table(pre_rows, post_row)


def _check_away(name: str, away: int) -> int:
    away = operator.index(away)
    if away < 0:
        raise ValueError(f"{name} cannot be negative, got {away}")
    if away > MAX_AWAY:
        raise ValueError(
            f"{name} is {away}, but the Kazaross-XG2 table only goes to {MAX_AWAY}-away"
        )
    return away


def match_winning_chance(
    away: int, opponent_away: int, *, crawford: bool = False, post_crawford: bool = False
) -> float:
    """The chance (0..1) that the player who needs `away` points wins the match.

    `opponent_away` is what the opponent needs; 0 means that side has already won. When
    one side needs 1: `crawford=True` is the Crawford game, and with neither flag the
    Crawford game is still to come; both read the pre-Crawford table. `post_crawford=True`
    means the Crawford game has been played and reads the post-Crawford table. The flags
    are refused at a score where neither side needs 1. Above 25-away: ValueError.
    """
    away = _check_away("away", away)
    opponent_away = _check_away("opponent_away", opponent_away)
    if crawford and post_crawford:
        raise ValueError("a game cannot be both the Crawford game and post-Crawford")
    if away == 0 and opponent_away == 0:
        raise ValueError("both players cannot have won the match")
    if away == 0:
        return 1.0
    if opponent_away == 0:
        return 0.0
    if (crawford or post_crawford) and 1 not in (away, opponent_away):
        raise ValueError(
            f"at {away}-away v {opponent_away}-away neither player needs 1 point, "
            "so there is no Crawford game yet"
        )
    table = _table()
    if post_crawford:
        if away == 1:
            return 1.0 - table.post_crawford[opponent_away - 1]
        return table.post_crawford[away - 1]
    return table.pre_crawford[away - 1][opponent_away - 1]


def equity_pair(
    length: int, score: tuple[int, int], *, crawford: bool, post_crawford: bool
) -> tuple[float, float]:
    """Both players' chances of winning a match to `length` at `score`; they add up to 1.

    A score past `length` (a gammon or a doubled game won at the end) counts as `length`.
    """
    length = operator.index(length)
    if length < 1:
        raise ValueError(f"a match length must be at least 1 point, got {length}")
    first, second = (operator.index(points) for points in score)
    if first < 0 or second < 0:
        raise ValueError(f"a score cannot be negative, got {first}–{second}")
    first_away = max(length - first, 0)
    second_away = max(length - second, 0)
    chance = match_winning_chance(
        first_away, second_away, crawford=crawford, post_crawford=post_crawford
    )
    # 1 - chance rather than a second lookup so that the pair adds up to 1 exactly.
    return chance, 1.0 - chance


def chances_at(state) -> tuple[float, float] | None:
    """Both players' chances at a match's current score (a scoring.MatchState), or None
    when there is nothing to say: the match is over, or longer than the table."""
    if state.finished or state.length > MAX_AWAY:
        return None
    return equity_pair(
        state.length,
        state.score,
        crawford=state.next_is_crawford,
        post_crawford=state.post_crawford,
    )
