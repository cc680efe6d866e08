"""What GNU Backgammon 1.07 prints after `analyse match`, read into data classes.

Two texts are read, both from gnubg's text mode with default output settings (the runner
gives gnubg an empty HOME, so no one's .gnubgrc changes them):

- `show statistics match`: a table with a label column and one column per player, in the
  match's order (the .mat's left player first). Sections "Chequerplay statistics",
  "Luck statistics", "Cube statistics", "Overall statistics"; the figures kept are those
  of `PlayerAnalysis`. Equities are gnubg's "EMG (MWC)": match winning chances turned
  into money-game equity, so errors at different scores add up;
- `export match text`: one file per game, a block per decision opening with
  `Move number N:`, then the position and match IDs, the decision taken (`* Name moves
  24/20 23/22`, `* Name doubles`, `* Name accepts`, `* Name rejects`), gnubg's alerts
  (`Alert: very bad move ( -0.160)`, `Alert: wrong take (-1.920)!` then ` [very bad]`)
  and, for a move, the ranked candidates, the one played starred, with the equity it
  loses in brackets. Each move's loss is read there (so even small errors count toward
  the biggest five); cube errors only exist as alerts, which gnubg prints from 0.030 up.

Pure: text in, data out; the tests run it on captured output (tests/data/gnubg).
"""

import re
from dataclasses import dataclass

# gnubg's marks for a decision's equity loss (`show analysis`: doubtful 0.030, bad 0.060,
# very bad 0.120). The site calls "bad" an error and "very bad" a blunder.
BIGGEST = 5


class GnubgOutputError(Exception):
    """gnubg printed something this reader does not know: a changed version or a failure
    the runner did not catch. The message quotes what was missing."""


@dataclass(frozen=True)
class Mistake:
    """One decision that lost equity, with what is needed to show it again."""

    game: int  # 1-based, in the match
    move: int  # gnubg's "Move number" in that game
    kind: str  # "chequer" or "cube"
    position_id: str  # gnubg's Position ID (the board before the decision)
    match_id: str  # gnubg's Match ID (score, cube, player on roll, dice if rolled)
    played: str  # "24/20 23/22", or a cube action: "No double", "Double", "Take", "Pass"
    best: str  # gnubg's best move, or its proper cube action
    equity_lost: float  # EMG, positive


@dataclass(frozen=True)
class PlayerAnalysis:
    """One player's figures for one match, as gnubg's statistics print them."""

    name: str
    # Overall "Error rate mEMG (MWC)": thousandths of EMG lost per decision, with gnubg's
    # sign (0 or negative). Decisions: unforced moves + close or actual cube decisions.
    error_rate: float
    error_total: float  # EMG, gnubg's sign
    chequer_error_rate: float
    cube_error_rate: float
    unforced_moves: int
    cube_decisions: int  # "Close or actual cube decisions"
    chequer_doubtful: int
    chequer_errors: int  # moves marked bad
    chequer_blunders: int  # moves marked very bad
    cube_doubtful: int
    cube_errors: int  # cube alerts marked bad
    cube_blunders: int  # cube alerts marked very bad
    luck_total: float  # EMG: positive is lucky
    luck_rate: float  # mEMG per roll
    biggest: tuple[Mistake, ...]  # at most five, the largest loss first

    @property
    def decisions(self) -> int:
        return self.unforced_moves + self.cube_decisions

    @property
    def pr(self) -> float:
        """ "GNUBG PR": the error rate halved, as a positive figure on eXtreme Gammon's
        scale. Not XG's PR: XG counts the decisions slightly differently."""
        return round(-self.error_rate / 2, 2) + 0.0  # + 0.0: no "-0.0"


# --- show statistics match --------------------------------------------------------------

NUMBER = r"([-+]?\d+(?:\.\d+)?)"
# "Error total EMG (MWC)     -9.115 (-80.783%)     -2.668 (-22.955%)": the EMG figure of
# each column, not the MWC percentage after it.
WITH_PERCENT = NUMBER + r"\s*\(\s*[-+]?\d+\.\d+%\)"


def sections(statistics: str) -> dict[str, str]:
    """The last statistics table's sections by title."""
    start = statistics.rfind("\nPlayer ")
    if start < 0:
        raise GnubgOutputError("no statistics table (no 'Player' line)")
    found: dict[str, str] = {}
    titles = "Chequerplay statistics|Luck statistics|Cube statistics|Overall statistics"
    parts = re.split(rf"^({titles})\s*$", statistics[start:], flags=re.MULTILINE)
    for title, body in zip(parts[1::2], parts[2::2], strict=True):
        found[title] = body
    return found


def row(
    section: str, label: str, value: str, *, not_applicable: float | None = None
) -> tuple[float, float]:
    """The two players' figures on the line that starts with `label`. A figure gnubg
    prints as "n/a" reads as `not_applicable` where one is given (else it is an error):
    a match without a roll analysed (the site's own .mat export of games typed on the
    sheet, which has no moves) gives a luck total of 0 and a luck rate of "n/a"."""
    line = re.search(rf"^{re.escape(label)}\s+(.*)$", section, flags=re.MULTILINE)
    if line is None:
        raise GnubgOutputError(f"no '{label}' line in gnubg's statistics")
    accepted = f"(?:{value})" + ("|n/a" if not_applicable is not None else "")
    figures = [
        float(found.group(1)) if found.group(1) is not None else not_applicable
        for found in re.finditer(accepted, line.group(1))
    ]
    if len(figures) < 2:
        raise GnubgOutputError(f"'{label}' does not give two players' figures")
    return figures[0], figures[1]


def counts(section: str, label: str) -> tuple[int, int]:
    # "Missed doubles below CP (EMG (MWC))   0   2 (-0.138 ( -0.864%))": the counts are the
    # numbers not inside brackets.
    line = re.search(rf"^{re.escape(label)}\s+(.*)$", section, flags=re.MULTILINE)
    if line is None:
        raise GnubgOutputError(f"no '{label}' line in gnubg's statistics")
    rest = line.group(1)
    while re.search(r"\([^()]*\)", rest):
        rest = re.sub(r"\([^()]*\)", "", rest)
    figures = re.findall(r"\d+", rest)
    if len(figures) < 2:
        raise GnubgOutputError(f"'{label}' does not give two players' figures")
    return int(figures[0]), int(figures[1])


def read_statistics(statistics: str) -> list[dict[str, float | int]]:
    """Each player's figures from `show statistics match`, the left player first."""
    found = sections(statistics)
    missing = {
        "Chequerplay statistics",
        "Luck statistics",
        "Cube statistics",
        "Overall statistics",
    } - found.keys()
    if missing:
        raise GnubgOutputError(f"no {', '.join(sorted(missing))} in gnubg's statistics")
    chequer, luck = found["Chequerplay statistics"], found["Luck statistics"]
    cube, overall = found["Cube statistics"], found["Overall statistics"]
    columns: dict[str, tuple[float, float]] = {
        "error_rate": row(overall, "Error rate mEMG (MWC)", WITH_PERCENT),
        "error_total": row(overall, "Error total EMG (MWC)", WITH_PERCENT),
        "chequer_error_rate": row(chequer, "Error rate mEMG (MWC)", WITH_PERCENT),
        "cube_error_rate": row(cube, "Error rate mEMG (MWC)", WITH_PERCENT),
        "luck_total": row(luck, "Luck total EMG (MWC)", WITH_PERCENT),
        # No roll, no luck per roll: 0, as the luck total gnubg prints then.
        "luck_rate": row(luck, "Luck rate mEMG (MWC)", WITH_PERCENT, not_applicable=0.0),
    }
    whole: dict[str, tuple[int, int]] = {
        "unforced_moves": counts(chequer, "Unforced moves"),
        "cube_decisions": counts(cube, "Close or actual cube decisions"),
        "chequer_doubtful": counts(chequer, "Moves marked doubtful"),
        "chequer_errors": counts(chequer, "Moves marked bad"),
        "chequer_blunders": counts(chequer, "Moves marked very bad"),
    }
    return [
        {
            **{key: pair[side] for key, pair in columns.items()},
            **{key: pair[side] for key, pair in whole.items()},
        }
        for side in (0, 1)
    ]


# --- export match text ------------------------------------------------------------------

BLOCK = re.compile(r"^Move number (\d+):", flags=re.MULTILINE)
POSITION_ID = re.compile(r"Position ID: (\S+)")
MATCH_ID = re.compile(r"Match ID\s*: (\S+)")
ALERT = re.compile(r"^Alert: (.+?) \(\s*([-+]?\d+\.\d+)\)!?(?:\n \[(.+?)\])?", re.MULTILINE)
# "*    8. Cubeful 0-ply    24/20 23/22     Eq.: -0.221 (-0.160)"; the rank reads "??"
# when the move played was not among those gnubg ranked.
CANDIDATE = re.compile(
    r"^(\*?)\s+(\d+\.|\?\?)\s+Cube(?:ful|less) \S+\s+(.+?)\s+Eq\.:\s+\S+(?:\s+\(([-+]\d+\.\d+)\))?",
    re.MULTILINE,
)
PROPER = re.compile(r"^Proper cube action: (.+?)(?: \(\d+(?:\.\d+)?%\))?$", re.MULTILINE)
CUBE_PLAYED = {
    "missed double": "No double",
    "wrong double": "Double",
    "wrong take": "Take",
    "wrong pass": "Pass",
}
CUBE_VERB = {"moves": "No double", "doubles": "Double", "accepts": "Take", "rejects": "Pass"}


def actor(block: str, names: tuple[str, str]) -> tuple[int, str] | None:
    """Who took the block's decision, and the verb: the `* Name verb` line."""
    for line in block.splitlines():
        if not line.startswith("* "):
            continue
        for side in sorted((0, 1), key=lambda side: -len(names[side])):
            prefix = f"* {names[side]} "
            if line.startswith(prefix):
                return side, line[len(prefix) :].split(" ", 1)[0]
    return None


def read_game(
    number: int, text: str, names: tuple[str, str]
) -> tuple[list[tuple[int, Mistake]], list[tuple[int, str]]]:
    """One game's mistakes, each with the side that made it, and its cube alerts' marks
    (side, "doubtful" / "bad" / "very bad")."""
    mistakes: list[tuple[int, Mistake]] = []
    marks: list[tuple[int, str]] = []
    starts = [found.start() for found in BLOCK.finditer(text)]
    # A game without a move (the site's export of a game typed on the sheet) has none.
    ends = [*starts[1:], len(text)] if starts else []
    for start, end in zip(starts, ends, strict=True):
        block = text[start:end]
        taken = actor(block, names)
        if taken is None:
            continue  # a roll that could not be played, or the game's end
        side, verb = taken
        move = int(BLOCK.match(block).group(1))  # type: ignore[union-attr]
        position, match_id = POSITION_ID.search(block), MATCH_ID.search(block)
        if position is None or match_id is None:
            raise GnubgOutputError(f"game {number}, move {move}: no position or match ID")
        where = {
            "game": number,
            "move": move,
            "position_id": position.group(1),
            "match_id": match_id.group(1),
        }
        for alert in ALERT.finditer(block):
            kind, loss, mark = alert.group(1), float(alert.group(2)), alert.group(3)
            if kind.endswith((" move", " roll")) or kind.endswith("roll!"):
                continue
            proper = PROPER.search(block)
            best = proper.group(1) if proper else ""
            played = CUBE_PLAYED.get(kind, CUBE_VERB.get(verb, kind))
            if played in ("Take", "Pass"):
                # The proper action is written for the doubler: "Double, pass".
                best = "Pass" if best.endswith("pass") else "Take"
            if mark:
                marks.append((side, mark))
            mistake = Mistake(kind="cube", played=played, best=best, equity_lost=-loss, **where)
            mistakes.append((side, mistake))
        candidates = CANDIDATE.findall(block)
        if verb == "moves" and candidates:
            best = next((move for _, rank, move, _ in candidates if rank == "1."), "")
            for starred, _, played, loss in candidates:
                if starred and loss and float(loss) < 0:
                    mistake = Mistake(
                        kind="chequer",
                        played=played,
                        best=best,
                        equity_lost=-float(loss),
                        **where,
                    )
                    mistakes.append((side, mistake))
    return mistakes, marks


def read_export(
    games: list[str], names: tuple[str, str]
) -> tuple[list[list[Mistake]], list[dict[str, int]]]:
    """Each side's mistakes (largest first) and cube marks over the games, in order."""
    mistakes: list[list[Mistake]] = [[], []]
    marks: list[dict[str, int]] = [{}, {}]
    for number, text in enumerate(games, start=1):
        found, cube_marks = read_game(number, text, names)
        for side, mistake in found:
            mistakes[side].append(mistake)
        for side, mark in cube_marks:
            marks[side][mark] = marks[side].get(mark, 0) + 1
    for side in (0, 1):
        # Ties keep the match's order: the earlier mistake first.
        mistakes[side].sort(key=lambda mistake: -mistake.equity_lost)
    return mistakes, marks


def read_analysis(
    statistics: str, games: list[str], names: tuple[str, str]
) -> tuple[PlayerAnalysis, PlayerAnalysis]:
    """Both players' analysis from gnubg's statistics and its text export of the games."""
    figures = read_statistics(statistics)
    mistakes, marks = read_export(games, names)
    players = [
        PlayerAnalysis(
            name=names[side],
            error_rate=float(figures[side]["error_rate"]),
            error_total=float(figures[side]["error_total"]),
            chequer_error_rate=float(figures[side]["chequer_error_rate"]),
            cube_error_rate=float(figures[side]["cube_error_rate"]),
            unforced_moves=int(figures[side]["unforced_moves"]),
            cube_decisions=int(figures[side]["cube_decisions"]),
            chequer_doubtful=int(figures[side]["chequer_doubtful"]),
            chequer_errors=int(figures[side]["chequer_errors"]),
            chequer_blunders=int(figures[side]["chequer_blunders"]),
            cube_doubtful=marks[side].get("doubtful", 0),
            cube_errors=marks[side].get("bad", 0),
            cube_blunders=marks[side].get("very bad", 0),
            luck_total=float(figures[side]["luck_total"]),
            luck_rate=float(figures[side]["luck_rate"]),
            biggest=tuple(mistakes[side][:BIGGEST]),
        )
        for side in (0, 1)
    ]
    return players[0], players[1]
