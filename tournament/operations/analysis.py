"""GNU Backgammon's analysis of a match, stored (docs/skill.md, "Stored"): the figures
`engines.gnubg.analyse` gives, per player by their side in the match.

Written by the "analysis" job (jobs.analysis), never in a request. Idempotent: storing
again at the same ply replaces the earlier analysis, so a job tried again after a
failure, or a transcript analysed again, leaves one analysis per match and ply.

A Win + Skill Swiss's round waits for its matches' analyses before the next is paired,
as its knockout or its final places (or a round robin's) wait for them: the last one to
land goes on (`analysis_waits.after_analysis`), in the same transaction."""

from __future__ import annotations

from dataclasses import asdict

from django.db import transaction
from django.utils import timezone

from ..engines import gnubg
from ..models import AnalysedPlayer, Analysis, Match, Transcript
from . import analysis_waits, jobs, push_events
from .locks import lock_match
from .marks import touch_tournament


@transaction.atomic
def store(
    match: Match | int,
    result: gnubg.MatchAnalysis,
    *,
    transcript: Transcript | None = None,
    swapped: bool = False,
) -> Analysis | None:
    """Keep `result` for `match`. The result's players are in the file's order; the
    file's left player is the match's second player when `swapped` (the transcript's
    own `swapped` when one is given). Returns None, keeping nothing, when the transcript
    went while gnubg ran (the games were taken back or corrected: stale_transcripts)."""
    match = lock_match(match)
    if transcript is not None:
        if not Transcript.objects.filter(pk=transcript.pk).exists():
            return None
        swapped = transcript.swapped
    Analysis.objects.filter(match=match, ply=result.ply).delete()
    analysis = Analysis.objects.create(
        match=match,
        transcript=transcript,
        ply=result.ply,
        version=result.version,
        analysed_at=timezone.now(),
    )
    sides = (2, 1) if swapped else (1, 2)
    pairs = zip(sides, result.players, strict=True)
    AnalysedPlayer.objects.bulk_create(
        [_player(analysis, side, figures) for side, figures in pairs]
    )
    # Not a person's action, so no audit entry; the match's pages show the analysis, so
    # their change mark moves like any other write's (the tournament is locked above).
    touch_tournament(match.tournament_id)
    push_events.analysis_ready(match, analysis)
    analysis_waits.after_analysis(match)
    return analysis


def _figure(value: float) -> float:
    """`value` with a zero unsigned: gnubg prints a rate of nothing as "-0.0", which
    PostgreSQL keeps and SQLite does not, so a club moved between the two would not
    come back the same."""
    return value + 0.0


def _player(analysis: Analysis, side: int, figures: gnubg.PlayerAnalysis) -> AnalysedPlayer:
    return AnalysedPlayer(
        analysis=analysis,
        side=side,
        name_in_file=figures.name,
        error_rate=_figure(figures.error_rate),
        pr=_figure(figures.pr),
        error_total=_figure(figures.error_total),
        chequer_error_rate=_figure(figures.chequer_error_rate),
        cube_error_rate=_figure(figures.cube_error_rate),
        unforced_moves=figures.unforced_moves,
        cube_decisions=figures.cube_decisions,
        decisions=figures.decisions,
        chequer_doubtful=figures.chequer_doubtful,
        chequer_errors=figures.chequer_errors,
        chequer_blunders=figures.chequer_blunders,
        cube_doubtful=figures.cube_doubtful,
        cube_errors=figures.cube_errors,
        cube_blunders=figures.cube_blunders,
        luck_total=_figure(figures.luck_total),
        luck_rate=_figure(figures.luck_rate),
        biggest=[asdict(mistake) for mistake in figures.biggest],
    )


def analyse_again(match_ids) -> list[int]:
    """Queue GNU Backgammon's analysis again, at the club's depth with the site's engine
    (jobs.analysis), for those of `match_ids` that have a transcript: the matches a table
    left out, analysed at other settings only (docs/skill.md, "One engine's figures in
    one table"). A match already waiting for its analysis keeps its one job. Returns the
    matches queued; a match without a file cannot be analysed and is not."""
    with_file = sorted(
        set(
            Transcript.objects.filter(match_id__in=list(match_ids)).values_list(
                "match_id", flat=True
            )
        )
    )
    for match_id in with_file:
        jobs.enqueue("analysis", f"analysis:{match_id}", [match_id])
    return with_file
