"""The "analysis" job: GNU Backgammon's analysis of a match's latest transcript, at the
club's depth (settings.GNUBG_PLY), stored by operations.analysis (docs/skill.md); and,
for the final of a main bracket, the "final_analysis" job it then queues, at the
finals' depth (settings.GNUBG_FINAL_PLY).

Two jobs rather than one deeper: the quick analysis is on the match page within
seconds, like every match's, and the deep one (seconds to minutes) replaces it there
when done (the page shows the deepest); each kind has the time limit of its depth.

gnubg is Debian's program or the gnubg Python package (settings.GNUBG_ENGINE, "auto":
the program where present). When gnubg fails (a crash, a time out), the engine's
GnubgError is the attempt's failure, tried again. When neither is installed
(GnubgMissing), trying again cannot help: the job fails at once (NotRetryable), and its
message ("GNU Backgammon is not installed ...") is what the director's jobs page shows."""

from __future__ import annotations

from django.conf import settings
from django_tasks import task

from ..engines import gnubg
from ..models import Transcript
from ..operations import analysis, jobs
from ..operations.jobs import KINDS, NotRetryable
from ..queries.match_labels import is_main_final

# gnubg is stopped a little before the job's own limit, so its own clear message wins.
MARGIN = 5
# A transcript handed in again while the job ran (games taken back, another file) is
# analysed in the same run; a few times at most, the job's time limit aside.
ROUNDS = 3


def _analyse(match_id: int, ply: int, kind: str) -> bool:
    """Analyse the match's newest transcript at `ply` until none newer came in; False
    when the match has no transcript (any more)."""
    analysed = None
    for _round in range(ROUNDS):
        transcript = Transcript.objects.filter(match_id=match_id).order_by("-id").first()
        if transcript is None:
            return False  # the match went while the job waited (its transcripts with it)
        if analysed is not None and transcript.pk == analysed.pk:
            break
        try:
            result = gnubg.analyse(
                transcript.text,
                ply,
                engine=settings.GNUBG_ENGINE,
                timeout=KINDS[kind].time_limit - MARGIN,
            )
        except gnubg.GnubgMissing as error:
            raise NotRetryable(str(error)) from error
        analysis.store(match_id, result, transcript=transcript)
        analysed = transcript
    return True


def final_key(match_id: int) -> str:
    return f"final_analysis:{match_id}"


@task
def analyse_match(match_id: int) -> None:
    if not _analyse(match_id, settings.GNUBG_PLY, "analysis"):
        return
    deeper = settings.GNUBG_FINAL_PLY > settings.GNUBG_PLY
    if deeper and is_main_final(match_id):
        jobs.enqueue("final_analysis", final_key(match_id), [match_id])


@task
def analyse_final(match_id: int) -> None:
    _analyse(match_id, settings.GNUBG_FINAL_PLY, "final_analysis")
