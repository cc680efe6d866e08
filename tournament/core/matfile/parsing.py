"""`parse()`: a transcript's text, line by line, into a `MatMatch`.

The preamble and each line are read with `grammar`, each game is followed by
`game.GameReader`, and the score lines must name the same two players throughout. Whether
the games add up under a season's rules is `checks`'s job.

Pure Python: no Django, no I/O; the caller reads the file.
"""

from __future__ import annotations

from ..messages import _
from ..names import normalize_name
from .base import MatError, MatGame, MatMatch
from .game import GameReader
from .grammar import GAME, is_comment, lines_of, read_actions, read_game_header, read_preamble


def parse(text: str) -> MatMatch:
    """Read a transcript's syntax: the length, the names, each game and its result.

    Raises MatError at the first line that does not parse or contradicts the lines
    before it. Whether the games add up under a season's rules is `check()`'s job.
    """
    lines = lines_of(text)
    headers, length, start = read_preamble(lines)
    games: list[MatGame] = []
    players: tuple[str, str] | None = None
    current: GameReader | None = None
    for index in range(start, len(lines)):
        number, raw = index + 1, lines[index]
        stripped = raw.strip()
        if not stripped or is_comment(stripped):
            continue
        header = GAME.fullmatch(stripped)
        if header:
            if current is not None:
                games.append(current.finish())
            written, marked = read_game_header(number, header, len(games) + 1)
            current = GameReader(written, number, marked)
        elif current is None:
            raise MatError(
                number, _("expected 'Game 1' after the match length, not %(text)r"), text=stripped
            )
        elif current.score_before is None:
            names = current.score_line(number, raw)
            if players is None:
                players = names
            elif [normalize_name(name) for name in names] != [
                normalize_name(name) for name in players
            ]:
                raise MatError(
                    number,
                    _(
                        "this score line names %(c)s and %(d)s, but the match is between "
                        "%(a)s and %(b)s"
                    ),
                    a=players[0],
                    b=players[1],
                    c=names[0],
                    d=names[1],
                )
        else:
            for action in read_actions(raw, number):
                current.add(action)
    if current is None:
        raise MatError(start, _("the transcript has no games"))
    games.append(current.finish())
    assert players is not None  # noqa: S101 -- finish() checked the score line
    return MatMatch(length=length, players=players, headers=headers, games=tuple(games))
