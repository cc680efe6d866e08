"""`parse()`: a transcript's text, line by line, into a `MatMatch`, read as GNU Backgammon
reads it (import.c, `ImportMatVariation` and `ImportGame`).

The preamble is read with `grammar`, the rows with `rows`, each game followed by
`game.GameReader`. Where the file contradicts itself it is read on as GNU Backgammon
reads it, and each contradiction is a warning at its line:

- a line with `Game N` starts a game, whatever its number (a game missing from the
  numbering is noted); the next line is its score line, and a game without one is left
  out, as GNU Backgammon leaves it out;
- GNU Backgammon takes each game's score from its score line: so does `final_score`
  (the last score line plus the last result). A score line the games before it do not
  make is noted;
- the games after the match was decided (by a score line, or by the score line and the
  result before it) are left out;
- a game without a result is left out of `games` and noted, unless it is the last one:
  then the match is unfinished (`finished` False).

Whether the games add up under a season's rules is `checks`'s job.

Pure Python: no Django, no I/O; the caller reads the file.
"""

from __future__ import annotations

from ..messages import _
from ..names import normalize_name
from .base import MatError, MatGame, MatMatch, MatWarning, warning
from .game import GameReader
from .grammar import GAME, is_comment, lines_of, read_game_header, read_preamble, read_score_line
from .rows import Layout, Row, read_row, sides


class _Block:
    """A game's lines: its `Game N` line, then its score line and rows."""

    def __init__(self, line: int, written: int | None, marked: bool) -> None:
        self.line, self.written, self.marked = line, written, marked
        self.lines: list[tuple[int, str]] = []


def _blocks(lines: list[str], start: int) -> list[_Block]:
    blocks: list[_Block] = []
    for index in range(start, len(lines)):
        number, raw = index + 1, lines[index]
        stripped = raw.strip()
        if not stripped or is_comment(stripped):
            continue
        header = GAME.match(stripped)
        if header and ":" not in stripped:
            blocks.append(_Block(number, *read_game_header(header)))
        elif blocks:
            blocks[-1].lines.append((number, raw))
        elif read_score_line(raw, number) is not None or "wins" in stripped.lower():
            raise MatError(
                number, _("expected 'Game 1' after the match length, not %(text)r"), text=stripped
            )
    return blocks


class _Reader:
    def __init__(self, length: int) -> None:
        self.length = length
        self.warnings: list[MatWarning] = []
        self.games: list[MatGame] = []
        self.players: tuple[str, str] | None = None
        self.counted = 0
        self.final: tuple[int, int] | None = None
        self.finished = False
        self.unfinished_last = False

    def warn(self, item: MatWarning) -> None:
        self.warnings.append(item)

    def note(self, line: int | None, template: str, **params: object) -> None:
        self.warn(warning(line, template, **params))

    def over(self, score: tuple[int, int]) -> bool:
        return max(score) >= self.length

    def read(self, blocks: list[_Block], rows: dict[int, Row], middle: int) -> None:
        expected: tuple[int, int] = (0, 0)
        for index, block in enumerate(blocks):
            if self.final is not None and self.over(self.final):
                self.note(
                    block.line,
                    _(
                        "game %(number)s comes after the match was decided (%(a)s-%(b)s): "
                        "it and the games after it are left out"
                    ),
                    number=index + 1,
                    a=self.final[0],
                    b=self.final[1],
                )
                return
            number = index + 1
            if block.written != number:
                self.note(
                    block.line,
                    _("expected Game %(expected)s here: read as game %(expected)s"),
                    expected=number,
                )
            self._game(block, number, expected, rows, middle)
            if self.final is not None:
                expected = self.final

    def _game(
        self,
        block: _Block,
        number: int,
        expected: tuple[int, int],
        rows: dict[int, Row],
        middle: int,
    ) -> None:
        score = None
        body = block.lines
        if body:
            score = read_score_line(body[0][1], body[0][0])
        if score is None:
            self.note(
                body[0][0] if body else block.line,
                _("game %(number)s has no score line 'name : score     name : score': left out"),
                number=number,
            )
            return
        if self.over(score.scores):
            self.note(
                body[0][0],
                _(
                    "the score line says %(a)s-%(b)s: the match was decided before this game, "
                    "which is left out"
                ),
                a=score.scores[0],
                b=score.scores[1],
            )
            self.final = score.scores
            return
        self.counted += 1
        if self.players is None:
            self.players = score.names
        elif [normalize_name(name) for name in score.names] != [
            normalize_name(name) for name in self.players
        ]:
            self.note(
                body[0][0],
                _(
                    "this score line names %(c)s and %(d)s, but the match is between "
                    "%(a)s and %(b)s"
                ),
                a=self.players[0],
                b=self.players[1],
                c=score.names[0],
                d=score.names[1],
            )
        if score.scores != expected:
            self.note(
                body[0][0],
                _(
                    "game %(number)s: the score line says %(written_a)s-%(written_b)s, but the "
                    "games before it make %(a)s-%(b)s; read as the score line says, as GNU "
                    "Backgammon reads it"
                ),
                number=number,
                written_a=score.scores[0],
                written_b=score.scores[1],
                a=expected[0],
                b=expected[1],
            )
        self.final = score.scores
        reader = GameReader(
            number,
            block.line,
            block.marked or score.crawford_marked,
            score.scores,
            self.players,
            self.warn,
        )
        for line, _raw in body[1:]:
            row = rows[line]
            for text in row.unknown:
                self.note(
                    line,
                    _("%(text)r is not a move, a cube action or a result: left out"),
                    text=text,
                )
            for action in sides(row, middle):
                reader.add(action)
        game = reader.finish()
        self.unfinished_last = game is None
        if game is None:
            self.note(block.line, _("game %(number)s has no result"), number=number)
            return
        self.games.append(game)
        final = list(score.scores)
        final[game.result.winner] += game.points
        self.final = (final[0], final[1])


def parse(text: str) -> MatMatch:
    """Read a transcript as GNU Backgammon reads it: the length, the names, each game and
    its result, and a warning for each place where the file contradicts itself.

    Raises MatError at a line only for a file that is no match transcript: no length
    line, a session of money games, no game with a score line.
    """
    lines = lines_of(text)
    headers, length, start = read_preamble(lines)
    blocks = _blocks(lines, start)
    if not blocks:
        raise MatError(start, _("the transcript has no games"))
    rows: dict[int, Row] = {}
    layout = Layout()
    for block in blocks:
        for line, raw in block.lines[1:]:
            rows[line] = read_row(raw, line)
            layout.add(rows[line])
    reader = _Reader(length)
    reader.read(blocks, rows, layout.middle)
    if reader.players is None:
        first = blocks[0]
        if not first.lines:
            raise MatError(first.line, _("game %(number)s has no score line"), number=1)
        line, raw = first.lines[0]
        raise MatError(
            line,
            _("expected the score line 'name : score     name : score', not %(text)r"),
            text=raw.strip(),
        )
    final = reader.final or (0, 0)
    return MatMatch(
        length=length,
        players=reader.players,
        headers=headers,
        games=tuple(reader.games),
        warnings=tuple(reader.warnings),
        finished=reader.over(final) and not reader.unfinished_last,
        final_score=final,
        games_in_file=reader.counted,
    )
