"""A match's GNU Backgammon analysis as its page shows it (docs/skill.md, "Pages"):
the deepest analysis kept (a 2-ply one beside a 0-ply one wins), each player's figures
beside the player of the match they belong to.

Read in a fixed number of queries: the match's row carries the deepest analysis's id
(`DEEPEST_ANALYSIS`, a subquery), so a match without one costs nothing more, and one
with one costs a single query (its players, with the analysis)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import OuterRef, Subquery

from ..models import AnalysedPlayer, Analysis, Match, Player

# Annotate a Match queryset with it (as `deepest_analysis_id`): the id of the match's
# analysis at the greatest depth, or None.
DEEPEST_ANALYSIS = Subquery(
    Analysis.objects.filter(match=OuterRef("pk")).order_by("-ply").values("pk")[:1]
)


@dataclass(frozen=True)
class Skill:
    analysis: Analysis
    # (the match's player on that side, or None if the slot is empty; their figures),
    # the match's first player first.
    sides: list[tuple[Player | None, AnalysedPlayer]]


def skill_of(match: Match) -> Skill | None:
    """The deepest analysis of `match`, annotated with DEEPEST_ANALYSIS; None without."""
    analysis_id = getattr(match, "deepest_analysis_id", None)
    if analysis_id is None:
        return None
    figures = list(
        AnalysedPlayer.objects.filter(analysis_id=analysis_id).select_related("analysis")
    )
    if not figures:
        return None
    players = {1: match.player1, 2: match.player2}
    return Skill(
        analysis=figures[0].analysis,
        sides=[(players[row.side], row) for row in figures],
    )
