"""The "analysis" job: GNU Backgammon's analysis of a match's latest transcript, at the
club's depth (settings.GNUBG_PLY), stored by operations.analysis (docs/skill.md).

When gnubg fails (a crash, a time out), the engine's GnubgError is the attempt's failure,
tried again. When gnubg is not installed (GnubgMissing), trying again cannot help: the
job fails at once (NotRetryable), and its message ("GNU Backgammon is not installed
...") is what the director's jobs page shows."""

from __future__ import annotations

from django.conf import settings
from django_tasks import task

from ..engines import gnubg
from ..models import Transcript
from ..operations import analysis
from ..operations.jobs import KINDS, NotRetryable

# gnubg is stopped a little before the job's own limit, so its own clear message wins.
MARGIN = 5
# A transcript handed in again while the job ran (games taken back, another file) is
# analysed in the same run; a few times at most, the job's time limit aside.
ROUNDS = 3


@task
def analyse_match(match_id: int) -> None:
    analysed = None
    for _round in range(ROUNDS):
        transcript = Transcript.objects.filter(match_id=match_id).order_by("-id").first()
        if transcript is None:
            return  # the match went while the job waited (its transcripts with it)
        if analysed is not None and transcript.pk == analysed.pk:
            return
        try:
            result = gnubg.analyse(
                transcript.text,
                settings.GNUBG_PLY,
                timeout=KINDS["analysis"].time_limit - MARGIN,
            )
        except gnubg.GnubgMissing as error:
            raise NotRetryable(str(error)) from error
        analysis.store(match_id, result, transcript=transcript)
        analysed = transcript
