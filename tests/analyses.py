"""GNU Backgammon's analysis built by hand, in the engine's own data classes, for the
tests that need an analysed match without running gnubg: `figures` for one player,
`result` for a match (the .mat's left player first), `analysed` to store one on a match
through the operations; for the player's and season's skill pages, `analysed_match` (a
decided match between two players, analysed) and `store_prs` (an analysis given by each
player's PR and decisions, so that weighted averages can be told from plain means)."""

from __future__ import annotations

from datetime import UTC, datetime

from tournament.engines.gnubg import MatchAnalysis, Mistake, PlayerAnalysis
from tournament.models import Analysis, Match, Player, Tournament
from tournament.operations import analysis

VERSION = "GNU Backgammon 1.07.001 20230103"
# The biggest error's position: the starting position, a money game, the dice not rolled.
IDS = ("4HPwATDgc/ABMA", "cAkAAAAAAAAA")


def figures(
    name: str,
    error_rate: float,
    *,
    played: str = "24/20 23/22",
    best: str = "13/9 13/12",
    kind: str = "chequer",
    blunders: int = 1,
    decisions: tuple[int, int] = (36, 4),
    ids: tuple[str, str] = IDS,
) -> PlayerAnalysis:
    """One player's figures: `error_rate` in gnubg's mEMG (0 or negative), one biggest
    error (`played` where gnubg prefers `best`, a `kind` decision, at the position and
    match IDs `ids`),
    `decisions` as (unforced moves, cube decisions)."""
    mistake = Mistake(
        game=2,
        move=7,
        kind=kind,
        position_id=ids[0],
        match_id=ids[1],
        played=played,
        best=best,
        equity_lost=0.231,
    )
    unforced, cube = decisions
    return PlayerAnalysis(
        name=name,
        error_rate=error_rate,
        error_total=error_rate * (unforced + cube) / 1000,
        chequer_error_rate=error_rate,
        cube_error_rate=0.0,
        unforced_moves=unforced,
        cube_decisions=cube,
        chequer_doubtful=2,
        chequer_errors=3,
        chequer_blunders=blunders,
        cube_doubtful=0,
        cube_errors=1,
        cube_blunders=0,
        luck_total=0.42,
        luck_rate=11.5,
        biggest=(mistake,),
    )


def result(
    ply: int = 0,
    first: float = -12.4,
    second: float = -6.6,
    names: tuple[str, str] = ("Anna Bosch", "Xavier Roca"),
    ids: tuple[str, str] = IDS,
) -> MatchAnalysis:
    """A match's analysis: the file's left player with error rate `first`, the right one
    with `second`, each one's biggest error at the IDs `ids`."""
    return MatchAnalysis(
        ply=ply,
        version=VERSION,
        players=(
            figures(names[0], first, ids=ids),
            figures(names[1], second, played="8/5 6/5", best="24/21 13/11", ids=ids),
        ),
    )


def analysed(match: Match, first: float = -12.4, second: float = -6.6, ply: int = 0) -> Analysis:
    """`match` analysed: its first player (player1) with error rate `first`, its second
    with `second`, stored through the operations."""
    names = (str(match.player1), str(match.player2))
    return analysis.store(match, result(ply, first, second, names))


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
    return store_prs(match, prs, decisions=decisions, ply=ply)


def store_prs(match: Match, prs, *, decisions=(40, 40), ply: int = 0) -> Match:
    """`match` analysed with its players at PR prs[0] and prs[1], over `decisions`."""
    sides = [
        figures(str(player), -2 * pr, decisions=(max(count - 4, 0), min(count, 4)))
        for player, pr, count in zip((match.player1, match.player2), prs, decisions, strict=True)
    ]
    analysis.store(match, MatchAnalysis(ply=ply, version=VERSION, players=tuple(sides)))
    return match
