"""Read and write match transcripts in the Jellyfish .mat text format.

GNU Backgammon, eXtreme Gammon, Snowie and BGBlitz export matches in this format. What
this module relies on was checked against GNU Backgammon 1.07 (its export, its import
and its source); tests/data/mat/README.md says how:

- optional `; [Key "value"]` header lines, then ` N point match`;
- each game: ` Game N`, a score line ` Name A : 3     Name B : 1` (the score *before* the
  game; the left name is side 0), then numbered rows of two columns, the left player's
  entry first: a roll and its move (`63: 24/18 13/10`), ` Doubles => 2`, ` Takes`,
  ` Drops`. ` Beavers => 4` / ` Raccoons => 8` (eXtreme Gammon's notation, which GNU
  Backgammon imports) are read too; GNU Backgammon never writes a beaver in a match;
- the game ends with `Wins N point(s)` in the winner's column, on a row or alone on a
  line indented 6 (left) or 34 (right). After ` Doubles => 2k` / ` Drops` it says k.
  Nothing marks a resignation: the loser resigned when the winner's last move did not
  bear off their 15th checker (GNU Backgammon resigns for its players, often in the
  race, so the last move is not enough: the checkers borne off are counted);
- GNU Backgammon marks no Crawford game (it infers it from the scores, and always
  assumes the Crawford rule); a `*` or `(Crawford)` after a score, or `Crawford` after
  `Game N`, is accepted and checked against the replay;
- names are written as set, spaces included (old GNU Backgammon imports turned the
  spaces into `_`, which `normalize_name` ignores).

Pure Python on purpose (like `scoring`): no Django, no I/O; the caller reads the file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from .names import normalize_name
from .rules import RuleSet
from .scoring import KINDS, GameResult, IllegalGame, MatchState, replay


def _(message: str) -> str:
    """Mark a message for translation without importing Django (see `scoring._`)."""
    return message


class MatError(ValueError):
    """A transcript that does not parse or contradicts itself, at a line of the text."""

    def __init__(self, line: int | None, template: str, **params: object) -> None:
        self.line = line  # 1-based; None when no single line is to blame
        self.template = template
        self.params = params
        super().__init__(self.message())

    def message(self, translate: Callable[[str], str] | None = None) -> str:
        """The reason without the line: callers show "line N: ..." themselves."""
        template = translate(self.template) if translate else self.template
        return template % self.params

    def __str__(self) -> str:
        # For logs and tracebacks only; user-facing code calls message().
        reason = self.message()
        return reason if self.line is None else f"line {self.line}: {reason}"


@dataclass(frozen=True)
class MatGame:
    """One game of a transcript, as written."""

    number: int  # as written in "Game N"
    line: int  # line of its "Game N" header
    score_before: tuple[int, int]  # from its score line (side 0 = the left column)
    result: GameResult
    points: int  # as written in "Wins N point(s)"
    crawford_marked: bool = False  # the file itself says this is the Crawford game
    raccoon: bool = False  # a beaver was raccooned (GameResult has no field for it)


@dataclass(frozen=True)
class MatMatch:
    """A whole transcript: the match length, the two names and the games."""

    length: int
    players: tuple[str, str]  # as written, side 0 = the left column
    headers: dict[str, str] = field(default_factory=dict)
    games: tuple[MatGame, ...] = ()


# --- reading ----------------------------------------------------------------------------

# A lone entry starting at this column or further (tabs expanded to 8) is in the right
# column. GNU Backgammon writes the left column from column 5 (a roll-then-resign "Wins"
# can reach 15) and the right one from 33, so the middle leaves room for odd spacing.
_RIGHT_COLUMN = 24
_GAME_NUMBER_WIDTH = 3  # "%3d) " as GNU Backgammon writes it
_LEFT_WIDTH = 27

_HEADER = re.compile(r'[;#]\s*\[\s*(?P<key>[^\s"\[\]][^"\[\]]*?)\s+"(?P<value>.*)"\s*\]\s*')
_LENGTH = re.compile(r"(?P<length>\S+)\s+points?\s+match", re.IGNORECASE)
# A line with a colon is a score line even if a player is called "Game".
_GAME = re.compile(r"game\s+(?P<number>[^\s:*(]+)\s*(?P<mark>[^:]*)", re.IGNORECASE)
_MARK = re.compile(r"\*|\(\s*crawford\s*\)|crawford", re.IGNORECASE)
_SCORE_AND_NAME = re.compile(
    r"\s*(?P<score>[^\s*(]+)\s*(?P<mark>\*|\(\s*crawford\s*\))?\s+(?P<name>\S.*?)\s*",
    re.IGNORECASE,
)
_LAST_SCORE = re.compile(
    r"\s*(?P<score>[^\s*(]+)\s*(?P<mark>\*|\(\s*crawford\s*\)|crawford)?\s*", re.IGNORECASE
)
_ROW_NUMBER = re.compile(r"\s*\d+\)")
_POINT = r"(?:\d{1,2}|bar|off)\*?"
_MOVE_PART = rf"(?:{_POINT}(?:/{_POINT})+(?:\(\d\))?|\?{{3,4}}|cannot\s+move)"
_ACTION = re.compile(
    rf"""
      (?P<roll>[1-6][1-6]):(?P<move>(?:\s*{_MOVE_PART})*)
    | (?P<offer>doubles|beavers|raccoons)\b(?:\s*=>\s*(?P<value>\S+))?
    | (?P<take>takes?)\b
    | (?P<drop>drops?|pass(?:es)?)\b
    | (?P<resign>resigns?)\b
    | (?P<wins>wins)\b(?P<rest>.*)
    """,
    re.IGNORECASE | re.VERBOSE,
)
_WINS = re.compile(r"\s*(?P<points>\S+)\s+points?(?:\s+and\s+the\s+match)?\s*", re.IGNORECASE)
_BEAR_OFF = re.compile(r"/(?:0|off)\*?(?:\((?P<times>\d)\))?$", re.IGNORECASE)
_UNKNOWN = re.compile(r"\S+(?: \S+)*")
_CHECKERS = 15


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() else None


def _expand(line: str) -> tuple[str, list[int]]:
    """The line with tabs expanded to 8, and the columns where a tab was."""
    out: list[str] = []
    tabs: list[int] = []
    for char in line:
        if char == "\t":
            tabs.append(len(out))
            out.extend(" " * (8 - len(out) % 8))
        else:
            out.append(char)
    return "".join(out), tabs


@dataclass
class _Action:
    kind: str  # "roll", "offer", "take", "drop", "resign", "wins"
    side: int
    line: int
    text: str
    move: str = ""
    offer: str = ""  # "doubles", "beavers", "raccoons"
    value: int = 0


def _actions(raw: str, number: int) -> list[_Action]:
    """The entries of one row, each in its column."""
    line, tabs = _expand(raw)
    row = _ROW_NUMBER.match(line)
    if row:  # keep the columns where they are: blank the "12)" out
        line = " " * row.end() + line[row.end() :]
    found: list[_Action] = []
    position = 0
    previous_end = -1
    while True:
        while position < len(line) and line[position].isspace():
            position += 1
        if position >= len(line):
            return found
        match = _ACTION.match(line, position)
        if not match:
            text = _UNKNOWN.match(line, position).group()
            raise MatError(
                number,
                _("%(text)r is not a move, a cube action or a result"),
                text=text,
            )
        tab_between = any(previous_end <= tab < position for tab in tabs)
        # A tab between two entries separates the columns wherever it lands.
        right = position >= _RIGHT_COLUMN or (bool(found) and found[-1].side == 0 and tab_between)
        action = _Action(kind="", side=1 if right else 0, line=number, text=match.group().strip())
        if match.group("roll"):
            action.kind, action.move = "roll", match.group("move").strip()
        elif match.group("offer"):
            action.kind, action.offer = "offer", match.group("offer").lower()
            written = match.group("value")
            if written is not None:
                value = _number(written)
                if value is None:
                    raise MatError(
                        number,
                        _("%(text)r: the cube value must be a number"),
                        text=action.text,
                    )
                action.value = value
        elif match.group("take"):
            action.kind = "take"
        elif match.group("drop"):
            action.kind = "drop"
        elif match.group("resign"):
            action.kind = "resign"
        else:
            action.kind = "wins"
            action.text = "Wins" + match.group("rest").rstrip()
            wins = _WINS.fullmatch(match.group("rest"))
            if not wins:
                raise MatError(
                    number, _("expected 'Wins N points', not %(text)r"), text=action.text
                )
            points = _number(wins.group("points"))
            if not points:
                raise MatError(
                    number,
                    _("%(text)r: the points won must be a whole number of 1 or more"),
                    text=action.text,
                )
            action.value = points
        found.append(action)
        position = previous_end = match.end()


def _borne_off(move: str) -> int:
    count = 0
    for part in move.split():
        bear_off = _BEAR_OFF.search(part)
        if bear_off:
            count += int(bear_off.group("times") or 1)
    return count


class _Game:
    """One game being read: the cube, the pending offers and the end."""

    def __init__(self, number: int, line: int, crawford_marked: bool) -> None:
        self.number, self.line = number, line
        self.names = ("", "")
        self.score_before: tuple[int, int] | None = None
        self.crawford_marked = crawford_marked
        self.cube = 1
        self.owner: int | None = None  # None: the cube is in the middle
        self.offers: list[_Action] = []  # a double, maybe beavered, maybe raccooned
        self.beaver = self.raccoon = False
        self.dropped: _Action | None = None  # the refused offer
        self.resigned_by: int | None = None
        self.wins: _Action | None = None
        self.played = False  # some checker play is recorded
        self.complete = True  # every play is written out (no XG "???")
        self.borne_off = [0, 0]
        self.last_roll: _Action | None = None
        self.last_roll_bore_off = False

    def score_line(self, number: int, line: str) -> tuple[str, str]:
        """Read "name : score     name : score"; returns the two names."""
        parts = line.split(":")
        middle = _SCORE_AND_NAME.fullmatch(parts[1]) if len(parts) == 3 else None
        last = _LAST_SCORE.fullmatch(parts[2]) if len(parts) == 3 else None
        first_name = parts[0].strip()
        if not (middle and last and first_name):
            raise MatError(
                number,
                _("expected the score line 'name : score     name : score', not %(text)r"),
                text=line.strip(),
            )
        scores = []
        for written in (middle.group("score"), last.group("score")):
            score = _number(written)
            if score is None:
                raise MatError(number, _("%(text)r is not a score"), text=written)
            scores.append(score)
        self.score_before = (scores[0], scores[1])
        self.crawford_marked |= bool(middle.group("mark") or last.group("mark"))
        self.names = (first_name, middle.group("name"))
        return self.names

    def error(self, action: _Action, template: str, **params: object) -> MatError:
        return MatError(action.line, template, number=self.number, **params)

    def add(self, action: _Action) -> None:
        if self.wins is not None:
            if action.kind == "wins" and action.side != self.wins.side:
                raise self.error(
                    action,
                    _("game %(number)s has two winners: 'Wins' in both columns"),
                )
            if action.kind == "wins":
                raise self.error(
                    action,
                    _("game %(number)s: 'Wins' is written twice (first on line %(first)s)"),
                    first=self.wins.line,
                )
            raise self.error(
                action, _("game %(number)s goes on after its 'Wins': %(text)r"), text=action.text
            )
        if self.dropped is not None and action.kind != "wins":
            raise self.error(
                action, _("game %(number)s goes on after a drop: %(text)r"), text=action.text
            )
        handlers = {
            "roll": self._roll,
            "offer": self._offer,
            "take": self._take,
            "drop": self._drop,
            "resign": self._resign,
            "wins": self._wins,
        }
        handlers[action.kind](action)

    def _name(self, side: int) -> str:
        return self.names[side]

    def _pending(self, action: _Action) -> MatError:
        last = self.offers[-1]
        return self.error(
            action,
            _(
                "game %(number)s: %(player)s's %(offer)r is neither taken nor dropped "
                "before %(text)r"
            ),
            player=self._name(last.side),
            offer=last.text,
            text=action.text,
        )

    def _roll(self, action: _Action) -> None:
        if self.offers:
            if self.offers[-1].offer == "doubles":
                raise self._pending(action)
            # After a beaver the doubler plays on: rolling is taking it (as GNU Backgammon
            # reads it).
            self._accept()
        if action.move:
            self.played = True
            if "?" in action.move:
                self.complete = False
        bore = _borne_off(action.move)
        self.borne_off[action.side] += bore
        self.last_roll, self.last_roll_bore_off = action, bore > 0

    def _offer(self, action: _Action) -> None:
        kind = action.offer
        if kind == "doubles":
            if self.offers:
                raise self._pending(action)
            if self.owner is not None and self.owner != action.side:
                raise self.error(
                    action,
                    _("game %(number)s: %(player)s doubles, but the cube is %(owner)s's"),
                    player=self._name(action.side),
                    owner=self._name(self.owner),
                )
            expected = self.cube * 2
        else:
            chain = [offer.offer for offer in self.offers]
            wanted = ["doubles"] if kind == "beavers" else ["doubles", "beavers"]
            if chain != wanted or action.side == self.offers[-1].side:
                raise self.error(
                    action,
                    _("game %(number)s: %(text)r must answer the opponent's %(wanted)s"),
                    text=action.text,
                    wanted="double" if kind == "beavers" else "beaver",
                )
            expected = self.offers[-1].value * 2
        if action.value == 0:
            action.value = expected  # "Doubles" without "=> N": the next value
        if action.value != expected:
            raise self.error(
                action,
                _("game %(number)s: %(text)r, but the cube can only go to %(expected)s here"),
                text=action.text,
                expected=expected,
            )
        self.offers.append(action)

    def _answer(self, action: _Action) -> _Action:
        if not self.offers:
            raise self.error(
                action, _("game %(number)s: %(text)r, but nothing was offered"), text=action.text
            )
        last = self.offers[-1]
        if action.side == last.side:
            raise self.error(
                action,
                _("game %(number)s: %(player)s answers their own %(offer)r"),
                player=self._name(action.side),
                offer=last.text,
            )
        return last

    def _accept(self) -> None:
        first = self.offers[0]
        self.cube = self.offers[-1].value
        # Whoever accepted the first double owns the cube, also after a beaver (the
        # beaverer keeps it) and a raccoon (seed 001: the beaverer still keeps it).
        self.owner = 1 - first.side
        self.beaver = self.beaver or len(self.offers) > 1
        self.raccoon = self.raccoon or len(self.offers) > 2
        self.offers = []

    def _take(self, action: _Action) -> None:
        self._answer(action)
        self._accept()

    def _drop(self, action: _Action) -> None:
        last = self._answer(action)
        self.dropped = last
        self.beaver = self.beaver or len(self.offers) > 1
        self.raccoon = self.raccoon or len(self.offers) > 2
        self.offers = []

    def _resign(self, action: _Action) -> None:
        if self.offers:
            raise self._pending(action)
        self.resigned_by = action.side

    def _wins(self, action: _Action) -> None:
        if self.offers:
            raise self._pending(action)
        self.wins = action

    def finish(self) -> MatGame:
        if self.score_before is None:
            raise MatError(self.line, _("game %(number)s has no score line"), number=self.number)
        wins = self.wins
        if wins is None:
            raise MatError(
                self.line,
                _("game %(number)s has no result: no 'Wins N points'"),
                number=self.number,
            )
        winner, points = wins.side, wins.value
        if self.dropped is not None:
            result = self._dropped_result(wins, self.dropped)
        else:
            if self.resigned_by == winner:
                raise self.error(
                    wins,
                    _("game %(number)s: %(player)s resigns, but 'Wins' is in their column"),
                    player=self._name(winner),
                )
            ratio, remainder = divmod(points, self.cube)
            if remainder or not 1 <= ratio <= len(KINDS):
                raise self.error(
                    wins,
                    _(
                        "game %(number)s: %(text)r does not fit a cube of %(cube)s; a game is "
                        "worth 1, 2 or 3 times the cube"
                    ),
                    text=wins.text,
                    cube=self.cube,
                )
            how = "resigned" if self._resigned(winner) else "played"
            result = GameResult(winner, KINDS[ratio - 1], self.cube, how, self.beaver)
        return MatGame(
            number=self.number,
            line=self.line,
            score_before=self.score_before,
            result=result,
            points=points,
            crawford_marked=self.crawford_marked,
            raccoon=self.raccoon,
        )

    def _dropped_result(self, wins: _Action, refused: _Action) -> GameResult:
        if wins.side != refused.side:
            raise self.error(
                wins,
                _("game %(number)s: %(player)s's offer was dropped, so %(player)s wins it"),
                player=self._name(refused.side),
            )
        # The refused offer doubled the stake: the game is lost at the value before it.
        cube = refused.value // 2
        if wins.value != cube:
            raise self.error(
                wins,
                _(
                    "game %(number)s: after %(offer)r is dropped the game is worth %(cube)s, "
                    "not %(points)s"
                ),
                offer=refused.text,
                cube=cube,
                points=wins.value,
            )
        if refused.offer == "beavers":
            return GameResult(wins.side, "single", cube, "beaver_dropped", True)
        return GameResult(wins.side, "single", cube, "dropped", self.beaver)

    def _resigned(self, winner: int) -> bool:
        if self.resigned_by is not None:
            return True
        if not self.played:
            # A result-only game (as write() makes them): no move says otherwise.
            return False
        last = self.last_roll
        if last is None or last.side != winner or not self.last_roll_bore_off:
            return True
        # The final bear-off may still leave checkers (a resignation in the race); trust
        # the count only when every play is written out.
        return self.complete and self.borne_off[winner] < _CHECKERS


def _lines(text: str) -> list[str]:
    text = text.removeprefix("\ufeff")  # XG writes a byte order mark
    return [line.removesuffix("\r") for line in text.split("\n")]


def _is_comment(stripped: str) -> bool:
    return stripped.startswith((";", "#"))


def _preamble(lines: list[str]) -> tuple[dict[str, str], int, int]:
    """The headers, the match length and the index of the line after the length."""
    headers: dict[str, str] = {}
    for index, raw in enumerate(lines):
        number, stripped = index + 1, raw.strip()
        if not stripped:
            continue
        if _is_comment(stripped):
            header = _HEADER.fullmatch(stripped)
            if header:
                headers[header.group("key")] = header.group("value")
            continue
        match = _LENGTH.fullmatch(stripped)
        if not match:
            raise MatError(
                number,
                _("expected the match length, such as '7 point match', not %(text)r"),
                text=stripped,
            )
        length = _number(match.group("length"))
        if length is None:
            raise MatError(number, _("%(text)r is not a match length"), text=match.group("length"))
        if length == 0:
            raise MatError(number, _("'0 point match' is a session of money games, not a match"))
        return headers, length, index + 1
    raise MatError(max(len(lines), 1), _("no 'N point match' line: this is not a match transcript"))


def _game_header(number: int, match: re.Match[str], expected: int) -> tuple[int, bool]:
    written = _number(match.group("number"))
    if written is None:
        raise MatError(number, _("%(text)r is not a game number"), text=match.group("number"))
    if written != expected:
        raise MatError(
            number,
            _(
                "the games must be numbered in order: expected Game %(expected)s, "
                "found Game %(found)s"
            ),
            expected=expected,
            found=written,
        )
    mark = match.group("mark").strip()
    if mark and not _MARK.fullmatch(mark):
        raise MatError(
            number, _("unexpected %(text)r after 'Game %(number)s'"), text=mark, number=written
        )
    return written, bool(mark)


def parse(text: str) -> MatMatch:
    """Read a transcript's syntax: the length, the names, each game and its result.

    Raises MatError at the first line that does not parse or contradicts the lines
    before it. Whether the games add up under a season's rules is `check()`'s job.
    """
    lines = _lines(text)
    headers, length, start = _preamble(lines)
    games: list[MatGame] = []
    players: tuple[str, str] | None = None
    current: _Game | None = None
    for index in range(start, len(lines)):
        number, raw = index + 1, lines[index]
        stripped = raw.strip()
        if not stripped or _is_comment(stripped):
            continue
        header = _GAME.fullmatch(stripped)
        if header:
            if current is not None:
                games.append(current.finish())
            written, marked = _game_header(number, header, len(games) + 1)
            current = _Game(written, number, marked)
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
            for action in _actions(raw, number):
                current.add(action)
    if current is None:
        raise MatError(start, _("the transcript has no games"))
    games.append(current.finish())
    assert players is not None  # noqa: S101 -- finish() checked the score line
    return MatMatch(length=length, players=players, headers=headers, games=tuple(games))


def check(match: MatMatch, rules: RuleSet) -> MatchState:
    """Replay the games under the season's rules; every score line must agree.

    Raises MatError at the first game whose score line, points or Crawford mark the
    replay contradicts, and wraps what `replay()` refuses (a double in the Crawford
    game, a game after the match was decided...) keeping its message.
    """
    results = [game.result for game in match.games]
    failure: IllegalGame | None = None
    try:
        state = replay(match.length, results, rules)
    except IllegalGame as error:
        failure = error
        # Replay the games it accepted, so that an earlier score line is blamed first.
        accepted = (error.game_number or 1) - 1
        state = replay(match.length, results[:accepted], rules)
    for game, outcome in zip(match.games, state.games, strict=False):
        _check_game(game, outcome.score_before, rules)
        if game.points != outcome.points:
            raise MatError(
                game.line,
                _(
                    "game %(number)s: 'Wins %(written)s' does not agree with this season's "
                    "rules, which make the game worth %(points)s"
                ),
                number=game.number,
                written=game.points,
                points=outcome.points,
            )
        if game.crawford_marked and not outcome.crawford:
            raise MatError(
                game.line,
                _("game %(number)s is marked as the Crawford game, but by the score it is not"),
                number=game.number,
            )
    if failure is None:
        return state
    number = failure.game_number
    if number is None or number > len(match.games):
        raise MatError(None, failure.template, **failure.params) from failure
    game = match.games[number - 1]
    if not state.finished:
        # A game after the end has no right score line; any other is checked first.
        _check_game(game, state.raw_score, rules)
    raise MatError(game.line, failure.template, **failure.params) from failure


def _check_game(game: MatGame, replayed: tuple[int, int], rules: RuleSet) -> None:
    if game.score_before != replayed:
        raise MatError(
            game.line,
            _(
                "game %(number)s: the score line says %(written_a)s-%(written_b)s, but the "
                "games before it make %(a)s-%(b)s"
            ),
            number=game.number,
            written_a=game.score_before[0],
            written_b=game.score_before[1],
            a=replayed[0],
            b=replayed[1],
        )
    if game.raccoon and not rules.raccoons:
        raise MatError(
            game.line,
            _("game %(number)s: this season's matches are played without raccoons"),
            number=game.number,
        )


def read(text: str, rules: RuleSet) -> tuple[MatMatch, MatchState]:
    """parse() then check(): the transcript and the match state it leads to."""
    match = parse(text)
    return match, check(match, rules)


# --- writing ----------------------------------------------------------------------------

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
    if ":" in cleaned or "\n" in cleaned or "\r" in cleaned or _is_comment(cleaned):
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
        if not _HEADER.fullmatch(f'; [{key} "{value}"]') or "\n" in value or "\r" in value:
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
