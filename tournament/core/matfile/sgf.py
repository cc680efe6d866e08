"""A GNU Backgammon `.sgf` match (`save match x.sgf`) made into a .mat transcript.

What this relies on was read in GNU Backgammon's own reader (sgf.c, `RestoreRootNode`,
`RestoreNode`, `Point`) and checked on files gnubg 1.07 saved (tests/data/sgf):

- one game tree `(;FF[4]GM[6]...;B[...];W[...])` per game; `GM[6]` is backgammon;
- the root node: `MI[length:N][game:I][ws:A][bs:B]` (the length, the game's index and
  the score before it, W first), `PW[...]` the white player (gnubg's player 0, the left
  column of a .mat) and `PB[...]` the black one, `RE[W+2]` / `RE[B+1R]` the winner, the
  points and `R` when the loser resigned, `RU[Crawford]`;
- then one node per action: `B[double]`, `W[take]`, `W[drop]`, or a roll and its move,
  `B[64aeag]`: the dice, then pairs of points (from, to). Points are letters seen from
  white's side, `a` (white's 1-point) to `x`; black's point is 24 less the letter's
  index; `y` is the bar and `z` off. A roll with no pairs could not be played.
- values escape `]` and `\\` with a backslash. Other properties (analysis, comments,
  statistics) are skipped, and so are variations past the first.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

import re

from ..messages import _
from .base import MatError, number_at
from .converted import Converted, SourceGame, build

_IDENT = re.compile(r"[A-Za-z]+")
# "W+2", "B+1R"; Gibbon writes "W+2Resign". gnubg reads the side and the points and
# lets the rest be.
_RESULT = re.compile(r"(?P<side>[BW])\+(?P<points>\d+)(?P<resigned>R?)", re.IGNORECASE)
_SGF_START = re.compile(r"\(\s*;")
_ROLL = re.compile(r"(?P<dice>[1-6][1-6])(?P<move>[a-z]*)")

Node = list[tuple[str, list[str], int]]  # (property, values, line)


def looks_like(text: str) -> bool:
    # SGF allows white space between "(" and ";" (BackgammonMobile writes a line break).
    return _SGF_START.match(text.lstrip("\ufeff \t\r\n")) is not None


def _value(text: str, start: int, line: int) -> tuple[str, int, int]:
    """The value after the `[` at `start`: (value, index after the `]`, line there)."""
    out: list[str] = []
    index, opened = start + 1, line
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text):
            index += 1
            char = text[index]
        elif char == "]":
            return "".join(out), index + 1, line
        if char == "\n":
            line += 1
        out.append(char)
        index += 1
    raise MatError(opened, _("a value opened with '[' is never closed"))


def _games(text: str) -> list[tuple[int, list[Node]]]:
    """The game trees: (line, the nodes of the main line)."""
    games: list[tuple[int, list[Node]]] = []
    depth, line, index = 0, 1, 0
    nodes: list[Node] = []
    node: Node | None = None
    game_line = 1
    while index < len(text):
        char = text[index]
        if char == "\n":
            line += 1
        if char in " \t\r\n":
            index += 1
        elif char == "(":
            depth += 1
            if depth == 1:
                nodes, node, game_line = [], None, line
            index += 1
        elif char == ")":
            if depth == 0:
                raise MatError(line, _("a ')' closes nothing"))
            if depth == 1:
                games.append((game_line, nodes))
            depth -= 1
            node = None  # a variation's nodes are not the main line's
            index += 1
        elif char == ";":
            node = []
            if depth == 1:
                nodes.append(node)
            index += 1
        elif _IDENT.match(text, index):
            name = _IDENT.match(text, index).group().upper()
            index += len(name)
            values = []
            while True:
                while index < len(text) and text[index] in " \t\r\n":
                    line += text[index] == "\n"
                    index += 1
                if index >= len(text) or text[index] != "[":
                    break
                value_line = line
                value, index, line = _value(text, index, line)
                values.append(value)
            if node is None:
                raise MatError(line, _("a property %(name)s outside a node"), name=name)
            node.append((name, values, value_line if values else line))
        else:
            raise MatError(line, _("%(text)r is not SGF"), text=text[index : index + 10])
    if depth:
        raise MatError(game_line, _("the game that starts here is never closed: a ')' is missing"))
    return games


def _point(letter: str, black: bool) -> int:
    if letter == "y":
        return 25
    if "a" <= letter <= "x":
        index = ord(letter) - ord("a")
        return 24 - index if black else index + 1
    return 0  # off (gnubg writes z)


def _move(value: str, black: bool, line: int) -> str:
    roll = _ROLL.fullmatch(value)
    if not roll or len(roll.group("move")) % 2 or len(roll.group("move")) > 8:
        raise MatError(line, _("%(text)r is not a roll and a move"), text=value)
    letters = roll.group("move")
    parts = [
        f"{_point(letters[i], black)}/{_point(letters[i + 1], black)}"
        for i in range(0, len(letters), 2)
    ]
    return f"{roll.group('dice')}: {' '.join(parts)}".rstrip()


def _info(values: list[str], line: int) -> dict[str, int]:
    info = {}
    for value in values:
        key, _sep, number = value.partition(":")
        if number.strip().isascii() and number.strip().isdigit():
            info[key.strip()] = number_at(line, number.strip())
    return info


def _game(line: int, nodes: list[Node], number: int) -> tuple[int, tuple[str, str], SourceGame]:
    if not nodes:
        raise MatError(line, _("game %(number)s is empty"), number=number)
    root = {name: (values, at) for name, values, at in nodes[0]}
    if root.get("GM", (["6"], line))[0][:1] != ["6"]:
        raise MatError(line, _("this SGF file is not a backgammon game (GM[6])"))
    info = _info(*root.get("MI", ([], line)))
    if not info.get("length"):
        raise MatError(
            root.get("MI", ([], line))[1], _("game %(number)s has no match length"), number=number
        )
    names = tuple(root.get(key, ([""], line))[0][0] for key in ("PW", "PB"))
    game = SourceGame(line=line, score_before=(info.get("ws", 0), info.get("bs", 0)))
    result, result_line = root.get("RE", ([""], line))
    written = result[0].strip() if result else ""
    if written:  # no RE: a game left unfinished (or edited), read as one, as gnubg does
        found = _RESULT.match(written)
        if not found:
            raise MatError(
                result_line,
                _("game %(number)s has no result (RE[W+1] or RE[B+2])"),
                number=number,
            )
        game.winner = 0 if found.group("side").upper() == "W" else 1
        game.points = number_at(result_line, found.group("points"))
        game.resigned = bool(found.group("resigned"))
        game.end_line = result_line
    for node in nodes[1:]:
        for name, values, at in node:
            if name not in ("B", "W") or not values:
                continue  # analysis, comments, marks: not the game itself
            black, value = name == "B", values[0].strip().lower()
            side = 1 if black else 0
            if value == "double":
                game.double(side, at)
            elif value == "take":
                game.take(side, at)
            elif value == "drop":
                game.drop(side, at)
            elif value.startswith("resign") or value in ("accept", "reject", "decline"):
                continue  # an offer to resign and its answer: RE says how the game ended
            else:
                game.play(side, _move(value, black, at), at)
    return info["length"], (names[0], names[1]), game


def convert(text: str) -> Converted:
    """The .mat text of a GNU Backgammon SGF match. Raises MatError at a line of it."""
    text = text.removeprefix("\ufeff")
    trees = _games(text)
    if not trees:
        raise MatError(1, _("the file has no game"))
    games: list[SourceGame] = []
    length, names = 0, ("", "")
    for number, (line, nodes) in enumerate(trees, start=1):
        game_length, game_names, game = _game(line, nodes, number)
        if number == 1:
            length, names = game_length, game_names
        elif game_length != length:
            raise MatError(
                line,
                _("game %(number)s is of a %(found)s point match, game 1 of %(length)s"),
                number=number,
                found=game_length,
                length=length,
            )
        elif game_names != names:
            raise MatError(
                line,
                _("game %(number)s is between %(c)s and %(d)s, game 1 between %(a)s and %(b)s"),
                number=number,
                a=names[0],
                b=names[1],
                c=game_names[0],
                d=game_names[1],
            )
        games.append(game)
    return build("sgf", length, names, games, trees[0][0])
