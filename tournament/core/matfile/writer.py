"""`write()`: a match's results as a transcript without moves, laid out as GNU
Backgammon lays one out (and so that it imports it).

Each game gets its score line, the cube actions that explain its result, the placeholder
rolls GNU Backgammon needs, and its `Wins`, in two numbered columns.

Pure Python: no Django, no I/O; the caller writes the file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..messages import _
from ..rules import RuleSet
from ..scoring import GameResult, replay
from .base import MatError
from .grammar import HEADER, is_comment

_GAME_NUMBER_WIDTH = 3  # "%3d) " as GNU Backgammon writes it
_LEFT_WIDTH = 27


# GNU Backgammon needs the turns a transcript without moves leaves out: it ignores a
# "Wins" before anything happened in the game, and mis-scores a redouble that follows a
# take with no roll between (found by importing write()'s output). So a roll with no move
# stands for the play in between: before the "Wins" of a game without the cube, and after
# each take, by the doubler who plays on. It is a placeholder, not a record: parse() reads
# a game without checker play as played out unless a "Resigns" entry (which GNU
# Backgammon skips) says otherwise.
_PLACEHOLDER_ROLL = "21:"

_Entries = list[tuple[int, str]]  # (side, text) in the order they happened


def _exchanges(cube: int, owner: int, beaver: bool) -> list[tuple[int, _Entries]]:
    """Accepted doubles taking the cube from 1 to `cube` and leaving it with `owner`.

    Each exchange comes with its doubler. With `beaver`, the last exchange is a double
    beavered and taken (two steps at once).
    """
    steps = cube.bit_length() - 1
    kinds = ["double"] * (steps - 2) + ["beaver"] if beaver else ["double"] * steps
    exchanges: list[tuple[int, _Entries]] = []
    value = 1
    for index, kind in enumerate(kinds):
        # The doublers alternate: the receiver of each double owns the cube and may
        # redouble; the last receiver is `owner`.
        doubler = 1 - owner if (len(kinds) - 1 - index) % 2 == 0 else owner
        value *= 2
        entries = [(doubler, f" Doubles => {value}")]
        if kind == "beaver":
            value *= 2
            entries += [(1 - doubler, f" Beavers => {value}"), (doubler, " Takes")]
        else:
            entries.append((1 - doubler, " Takes"))
        exchanges.append((doubler, entries))
    return exchanges


def _game_entries(result: GameResult) -> _Entries:
    """The cube actions that explain the result, and the placeholder rolls GNU needs."""
    winner, loser = result.winner, 1 - result.winner
    if result.how == "dropped":
        exchanges = _exchanges(result.cube, winner, result.beaver)
        refused = [(winner, f" Doubles => {result.cube * 2}"), (loser, " Drops")]
        exchanges.append((winner, refused))
    elif result.how == "beaver_dropped":
        # The loser doubled to `cube`, the winner beavered and the loser refused.
        exchanges = _exchanges(result.cube // 2, loser, False)
        refused = [
            (loser, f" Doubles => {result.cube}"),
            (winner, f" Beavers => {result.cube * 2}"),
            (loser, " Drops"),
        ]
        exchanges.append((loser, refused))
    else:
        exchanges = _exchanges(result.cube, winner, result.beaver)
    entries: _Entries = []
    previous: int | None = None  # the last doubler: after the take, they play on
    for doubler, exchange in exchanges:
        if previous is not None:
            entries.append((previous, _PLACEHOLDER_ROLL))
        entries += exchange
        previous = doubler
    if not entries:
        entries.append((winner, _PLACEHOLDER_ROLL))
    if result.how == "resigned":
        entries.append((loser, " Resigns"))
    return entries


def _rows(entries: _Entries, winner: int, points: int) -> list[str]:
    """Lay a game out in two numbered columns and end it with "Wins", as GNU does.

    The right player's "Wins" goes on the last row when its right cell is free (GNU
    Backgammon writes a drop by the left player so, and mis-imports a "Wins" alone on
    the next line there); otherwise it has a line of its own, indented 6 or 34.
    """
    rows: list[list[str | None]] = []
    for side, text in entries:
        if side == 1 and rows and rows[-1][1] is None:
            rows[-1][1] = text
        elif side == 1:
            rows.append([None, text])
        else:
            rows.append([text, None])
    wins = f"Wins {points} point{'' if points == 1 else 's'}"
    alone = None
    if winner == 1 and rows and rows[-1][1] is None:
        rows[-1][1] = " " + wins
    else:
        alone = " " * (6 if winner == 0 else 34) + wins
    lines = []
    for number, (left, right) in enumerate(rows, start=1):
        line = f"{number:{_GAME_NUMBER_WIDTH}d}) {left or '':<{_LEFT_WIDTH}} {right or ''}"
        lines.append(line.rstrip())
    return [*lines, alone] if alone else lines


def _check_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise MatError(None, _("a player's name cannot be empty"))
    cleaned = name.strip()
    if ":" in cleaned or "\n" in cleaned or "\r" in cleaned or is_comment(cleaned):
        raise MatError(
            None,
            _(
                "%(name)r cannot be written in a score line (no ':' or line break, and no "
                "';' or '#' first)"
            ),
            name=cleaned,
        )
    return cleaned


def write(
    length: int,
    players: tuple[str, str],
    games: Sequence[GameResult],
    rules: RuleSet,
    headers: Mapping[str, str] | None = None,
) -> str:
    """A transcript without moves: each game's score line, cube actions and result.

    Raises IllegalGame for games the rules refuse (via `replay()`), MatError for names
    or headers the format cannot hold. Under a season where a backgammon counts 2 it is
    written as 2 points and reads back as a gammon: the format only knows the points.
    """
    state = replay(length, list(games), rules)
    names = (_check_name(players[0]), _check_name(players[1]))
    out: list[str] = []
    for key, value in (headers or {}).items():
        if not HEADER.fullmatch(f'; [{key} "{value}"]') or "\n" in value or "\r" in value:
            raise MatError(
                None, _("%(key)r: %(value)r cannot be written as a header"), key=key, value=value
            )
        out.append(f'; [{key} "{value}"]')
    if out:
        out.append("")
    out += [f" {length} point match", ""]
    for outcome in state.games:
        left = f"{names[0]} : {outcome.score_before[0]}"
        out.append(f" Game {outcome.number}")
        out.append(f" {left:<31}{names[1]} : {outcome.score_before[1]}")
        out += _rows(_game_entries(outcome.result), outcome.winner, outcome.points)
        out.append("")
    return "\n".join(out) + "\n"
