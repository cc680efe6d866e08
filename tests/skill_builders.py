"""Analysed matches for the player's and season's skill pages: a decided match between
two players, stored with the PR and the decisions each is given (tests/analyses.py's
figures, through the operations), so that weighted averages can be told from plain
means."""

from __future__ import annotations

from datetime import UTC, datetime

from analyses import VERSION, figures

from tournament.engines.gnubg import MatchAnalysis
from tournament.models import Match, Player, Tournament
from tournament.operations import analysis


def analysed_match(
    tournament: Tournament,
    first: Player,
    second: Player,
    prs: tuple[float, float],
    *,
    decisions: tuple[int, int] = (40, 40),
    day: str | None = None,
    ply: int = 0,
) -> Match:
    """A match of `tournament` decided on `day` (the tournament's date by default),
    analysed at `ply`: `first` at PR prs[0] over decisions[0] decisions (four of them
    cube decisions), `second` likewise."""
    when = datetime.fromisoformat(f"{day or tournament.date}T18:00:00").replace(tzinfo=UTC)
    match = Match.objects.create(
        tournament=tournament,
        player1=first,
        player2=second,
        length=5,
        status=Match.Status.DECIDED,
        winner=first,
        score1=5,
        decided_at=when,
    )
    return store(match, prs, decisions=decisions, ply=ply)


def store(match: Match, prs, *, decisions=(40, 40), ply: int = 0) -> Match:
    sides = [
        figures(str(player), -2 * pr, decisions=(max(count - 4, 0), min(count, 4)))
        for player, pr, count in zip((match.player1, match.player2), prs, decisions, strict=True)
    ]
    analysis.store(match, MatchAnalysis(ply=ply, version=VERSION, players=tuple(sides)))
    return match
