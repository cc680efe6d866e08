"""One match as the public pages and the JSON read it, and a player's own match as the
page where they hand in its transcript reads it: each one query, with what the page's
marks and its analysis need."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Subquery

from ..models import GameReport, Job, Match, Transcript
from ..models.rating_policies import FEDERATION_POLICY
from .marks import CLUB_MARK
from .skill import DEEPEST_ANALYSIS


def public_match(pk) -> Match | None:
    """A public tournament's match with its players, season, club and bracket, the
    club's mark, its deepest analysis's id and the federation's rating policy (the
    match page's row: whether it is rated and why not costs no query more)."""
    return (
        Match.objects.filter(tournament__public=True)
        .select_related("tournament__season__club", "player1", "player2", "winner", "bracket")
        .annotate(
            club_mark=CLUB_MARK,
            deepest_analysis_id=DEEPEST_ANALYSIS,
            federation_rating_policy=FEDERATION_POLICY,
        )
        .filter(pk=pk)
        .first()
    )


def public_match_for_json(pk) -> Match | None:
    """A public tournament's match with its players and its deepest analysis's id."""
    return (
        Match.objects.filter(tournament__public=True)
        .select_related("tournament", "player1", "player2")
        .annotate(deepest_analysis_id=DEEPEST_ANALYSIS)
        .filter(pk=pk)
        .first()
    )


def match_for_transcript(match_id: int) -> Match | None:
    """A match with what the transcript page shows and compares: the club's mark, its
    deepest analysis, whether a transcript is handed in, who reported the match file
    waiting on it as it is now, and its analysis job's state."""
    return (
        Match.objects.select_related("tournament__season", "player1", "player2", "bracket")
        .annotate(
            club_mark=CLUB_MARK,
            deepest_analysis_id=DEEPEST_ANALYSIS,
            handed_in=Exists(Transcript.objects.filter(match=OuterRef("pk"))),
            # Who handed in the match file waiting on the match as it is now, if one
            # does (a player's report of a match not recorded yet).
            file_reported_by=Subquery(
                GameReport.objects.waiting()
                .filter(match=OuterRef("pk"), version=OuterRef("version"))
                .exclude(file_text="")
                .values("reported_by_id")[:1]
            ),
            # The key transcripts.queue_analysis queues the match's analysis under.
            job_status=Subquery(
                Job.objects.filter(key=f"analysis:{match_id}").order_by("-pk").values("status")[:1]
            ),
        )
        .filter(pk=match_id)
        .first()
    )
