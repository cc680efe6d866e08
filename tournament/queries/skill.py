"""A match's GNU Backgammon analysis as its page shows it (docs/skill.md, "Pages"):
the deepest analysis kept (a 2-ply one beside a 0-ply one wins), each player's figures
beside the player of the match they belong to.

Read in a fixed number of queries: the match's row carries the deepest analysis's id
(`DEEPEST_ANALYSIS`, a subquery), so a match without one costs nothing more, and one
with one costs a single query (its players, with the analysis)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import OuterRef, Subquery

from ..board_words import Board, board, cube_words
from ..core.board_drawing import GROUND, Ground
from ..models import AnalysedPlayer, Analysis, Match, Player

# Annotate a Match queryset with it (as `deepest_analysis_id`): the id of the match's
# analysis at the greatest depth, or None.
DEEPEST_ANALYSIS = Subquery(
    Analysis.objects.filter(match=OuterRef("pk")).order_by("-ply").values("pk")[:1]
)

# Annotate a Match queryset with them (as `pr1`, `pr2`): each side's GNUBG PR in the
# deepest analysis, or None; for a list of matches, in the same query as the matches.
DEEPEST_PR = {
    f"pr{side}": Subquery(
        AnalysedPlayer.objects.filter(analysis__match=OuterRef("pk"), side=side)
        .order_by("-analysis__ply")
        .values("pr")[:1]
    )
    for side in (1, 2)
}


@dataclass(frozen=True)
class Error:
    """One of a player's biggest errors as stored (game, move, kind, position_id,
    match_id, played, best, equity_lost), and its board seen by that player (None if
    the stored IDs are not gnubg's)."""

    game: int
    move: int
    kind: str
    position_id: str
    match_id: str
    played: str
    best: str
    equity_lost: float
    board: Board | None

    # What the page says was played and was best: a chequer move as gnubg writes it
    # ("24/20 23/22"), a cube action in the reader's language ("Too good to double,
    # pass"). The JSON keeps gnubg's own words.
    @property
    def played_words(self) -> str:
        return cube_words(self.played) if self.kind == "cube" else self.played

    @property
    def best_words(self) -> str:
        return cube_words(self.best) if self.kind == "cube" else self.best


@dataclass(frozen=True)
class Skill:
    analysis: Analysis
    # (the match's player on that side, or None if the slot is empty; their figures;
    # their biggest errors with boards), the match's first player first.
    sides: list[tuple[Player | None, AnalysedPlayer, list[Error]]]
    # What the boards share, drawn once on the page; None when no error has a board.
    board_ground: Ground | None = None


def _errors(figures: AnalysedPlayer, names: tuple[str, str] | None) -> list[Error]:
    """The stored errors; with their boards when `names` (the player's, the opponent's)."""
    errors = []
    for stored in figures.biggest:
        fields = {field: stored.get(field) for field in Error.__dataclass_fields__}
        if names:
            fields["board"] = board(stored.get("position_id"), stored.get("match_id"), *names)
        errors.append(Error(**fields))
    return errors


def skill_of(match: Match, *, boards: bool = True) -> Skill | None:
    """The deepest analysis of `match`, annotated with DEEPEST_ANALYSIS; None without.
    Each error's board is drawn unless `boards` is false (the JSON has no use for it)."""
    analysis_id = getattr(match, "deepest_analysis_id", None)
    if analysis_id is None:
        return None
    figures = list(
        AnalysedPlayer.objects.filter(analysis_id=analysis_id).select_related("analysis")
    )
    if not figures:
        return None
    players = {1: match.player1, 2: match.player2}
    names = {row.side: str(players[row.side] or row.name_in_file) for row in figures}
    sides = [
        (
            players[row.side],
            row,
            _errors(row, (names[row.side], names.get(3 - row.side, "")) if boards else None),
        )
        for row in figures
    ]
    drawn = any(error.board for _, _, errors in sides for error in errors)
    return Skill(analysis=figures[0].analysis, sides=sides, board_ground=GROUND if drawn else None)
