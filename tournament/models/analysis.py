"""GNU Backgammon's analysis of a match (docs/skill.md, "Stored"): which transcript, at
which depth, by which gnubg, and per player the figures `engines.gnubg` reads from it.

One analysis per match and ply: analysing again at the same depth replaces it
(operations.analysis), a 2-ply analysis of a final sits beside the 0-ply one."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import models

from ..core.engine_settings import EngineSettings, choose, settings_of
from ..core.win_skill import Figures
from .matches import Match
from .transcripts import Transcript


class Analysis(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="analyses")
    # The transcript analysed; emptied if it goes (the figures stay the match's).
    transcript = models.ForeignKey(
        Transcript, on_delete=models.SET_NULL, null=True, blank=True, related_name="analyses"
    )
    ply = models.PositiveSmallIntegerField()
    version = models.CharField(max_length=200, blank=True)  # gnubg's own version line
    analysed_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "ply"], name="analysis_one_per_match_ply")
        ]

    def __str__(self) -> str:
        return f"analysis of match {self.match_id} at {self.ply}-ply"


class AnalysedPlayer(models.Model):
    """One player's figures in one analysis, as gnubg's statistics print them (the
    engine's PlayerAnalysis): equities in EMG, rates in thousandths of EMG."""

    SIDES = [(1, "1"), (2, "2")]

    analysis = models.ForeignKey(Analysis, on_delete=models.CASCADE, related_name="players")
    side = models.PositiveSmallIntegerField(choices=SIDES)  # the match's player1 or player2
    name_in_file = models.CharField(max_length=200, blank=True)
    # gnubg's overall error rate (mEMG per decision, its sign: 0 or negative) and the
    # "GNUBG PR" made from it (positive, half of it), kept to sort and average on.
    error_rate = models.FloatField()
    pr = models.FloatField()
    error_total = models.FloatField()
    chequer_error_rate = models.FloatField()
    cube_error_rate = models.FloatField()
    unforced_moves = models.PositiveIntegerField()
    cube_decisions = models.PositiveIntegerField()
    decisions = models.PositiveIntegerField()  # unforced moves + cube decisions
    chequer_doubtful = models.PositiveIntegerField()
    chequer_errors = models.PositiveIntegerField()
    chequer_blunders = models.PositiveIntegerField()
    cube_doubtful = models.PositiveIntegerField()
    cube_errors = models.PositiveIntegerField()
    cube_blunders = models.PositiveIntegerField()
    luck_total = models.FloatField()  # EMG, positive is lucky
    luck_rate = models.FloatField()  # mEMG per roll
    # The five biggest errors, the largest first: [{"game", "move", "kind", "position_id",
    # "match_id", "played", "best", "equity_lost"}] (the engine's Mistake). Only ever
    # read whole, with the match: a list, not rows.
    biggest = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["side"]
        constraints = [
            models.UniqueConstraint(fields=["analysis", "side"], name="analysed_player_one_side")
        ]

    def __str__(self) -> str:
        return f"side {self.side} of {self.analysis}"


class TableFigures(dict):
    """Each counted match's figures by match id, player1's first (`comparable_figures`),
    with the table's engine settings (`reference`, None without an analysis) and the
    matches left out because they were analysed at other settings only."""

    reference: EngineSettings | None = None
    left_out: frozenset = frozenset()


def comparable_figures(tournament_ids: Iterable[int]) -> TableFigures:
    """The analysed matches of these tournaments with their figures, one comparable set
    (core.engine_settings: one engine, version and depth, the one covering the most
    matches; a match analysed at other settings only is left out and counted): one
    query, whatever the number of matches. Win + Skill and the average-PR tie-break
    read them (core.win_skill)."""
    rows = (
        AnalysedPlayer.objects.filter(analysis__match__tournament_id__in=list(tournament_ids))
        .order_by("analysis__match_id", "analysis__ply", "side")
        .values_list(
            "analysis__match_id",
            "analysis_id",
            "analysis__ply",
            "analysis__version",
            "side",
            "pr",
            "error_total",
            "decisions",
        )
    )
    analyses: dict[int, dict[int, EngineSettings]] = {}
    sides: dict[int, dict[int, Figures]] = {}
    for match_id, analysis_id, ply, version, side, pr, error_total, decisions in rows:
        analyses.setdefault(match_id, {})[analysis_id] = settings_of(version, ply)
        sides.setdefault(analysis_id, {})[side] = Figures(pr, error_total, decisions)
    choice = choose({match: found.items() for match, found in analyses.items()})
    figures = TableFigures()
    figures.reference, figures.left_out = choice.reference, choice.left_out
    for match_id, analysis_id in choice.chosen.items():
        found = sides[analysis_id]
        if 1 in found and 2 in found:
            figures[match_id] = (found[1], found[2])
    return figures
