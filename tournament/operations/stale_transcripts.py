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

from ..models import Analysis, Match, Transcript


def forget(match: Match) -> int:
    """Remove the match's analyses and transcripts (the caller holds the match's lock).
    Returns how many transcripts went."""
    Analysis.objects.filter(match=match).delete()
    count, _detail = Transcript.objects.filter(match=match).delete()
    return count
