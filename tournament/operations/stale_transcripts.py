"""When a match's games change other than by a game recorded on top (a game taken back,
the games corrected, the match re-opened), its transcripts and their analyses no longer
describe it: they go, in the same transaction as the change.

Why gone rather than marked: the analysis is derived (gnubg makes it again from a file
in a second), and a transcript kept beside games it contradicts would be analysed
again by a job still waiting for it. What was recorded stays in the audit log with the
change; a transcript handed in again for the corrected games is analysed anew. A job
already running finds its transcript gone when it stores (operations.analysis.store)
and keeps nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Q

from ..core import scoring
from ..models import Analysis, Match, Transcript


def forget(match: Match, *, unless_games: Sequence[scoring.GameResult] | None = None) -> int:
    """Remove the match's analyses and transcripts (the caller holds the match's lock),
    unless the match's games are `unless_games` (a correction that changes nothing).
    Returns how many transcripts went. A match from `locks.lock_match` says whether it
    has any (`files_held`), so taking a game back from one never handed in (most
    matches) costs no query; another match costs one to find out."""
    held = getattr(match, "files_held", None)
    if held is None:
        either = Q(transcripts__isnull=False) | Q(analyses__isnull=False)
        held = Match.objects.filter(pk=match.pk).filter(either).exists()
    if not held:
        return 0
    if unless_games is not None and match.game_results() == list(unless_games):
        return 0
    Analysis.objects.filter(match=match).delete()
    count, _detail = Transcript.objects.filter(match=match).delete()
    return count
