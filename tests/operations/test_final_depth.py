"""The depth of a final (issue 26: "0-ply by default, 2-ply for a final"): the final of
a main bracket is analysed at the club's depth like any match, then again at the
finals' depth in a job of its own with a time limit fit for it; another match never is.
The engine is a fake that says which depth it was asked for."""

from __future__ import annotations

import pytest
from analyses import result
from django.test import override_settings

from builders import cup, play_out, the_season
from tournament.core import matfile
from tournament.jobs import analysis as analysis_job
from tournament.jobs.runner import run_one
from tournament.models import Analysis, Job, Match, Transcript
from tournament.operations import transcripts

pytestmark = pytest.mark.django_db


@pytest.fixture
def asked(monkeypatch):
    """The depths the engine was asked for, in order, with the job's time for it."""
    calls = []

    def fake_analyse(text, ply, *, timeout, engine="auto"):
        calls.append((ply, timeout))
        return result(ply, names=matfile.parse(text).players)

    monkeypatch.setattr(analysis_job.gnubg, "analyse", fake_analyse)
    return calls


@pytest.fixture
def semi_and_final():
    tournament = cup(the_season(), start=True, public=True)
    play_out(tournament)
    matches = list(Match.objects.filter(tournament=tournament).order_by("round", "position"))
    for match in matches:
        Transcript.objects.create(match=match, text=transcripts.export(match))
    return matches[0], matches[-1]


@override_settings(GNUBG_PLY=0, GNUBG_FINAL_PLY=2)
def test_a_final_is_analysed_again_at_2_ply_and_a_semi_final_is_not(asked, semi_and_final):
    semi, final = semi_and_final
    analysis_job.analyse_match.call(semi.pk)
    assert [ply for ply, _timeout in asked] == [0]
    assert not Job.objects.exists()

    asked.clear()
    analysis_job.analyse_match.call(final.pk)
    assert [ply for ply, _timeout in asked] == [0]
    deep = Job.objects.get()
    assert (deep.kind, deep.key, deep.args) == (
        "final_analysis",
        f"final_analysis:{final.pk}",
        [final.pk],
    )
    assert deep.time_limit == 1800  # a long final at 2-ply takes minutes

    run_one("test-worker")
    deep.refresh_from_db()
    assert deep.status == "done"
    assert asked[-1] == (2, 1800 - analysis_job.MARGIN)
    assert sorted(Analysis.objects.filter(match=final).values_list("ply", flat=True)) == [0, 2]
    assert list(Analysis.objects.filter(match=semi).values_list("ply", flat=True)) == [0]


@override_settings(GNUBG_PLY=2, GNUBG_FINAL_PLY=2)
def test_a_club_that_analyses_every_match_at_2_ply_analyses_a_final_once(asked, semi_and_final):
    _semi, final = semi_and_final
    analysis_job.analyse_match.call(final.pk)
    assert [ply for ply, _timeout in asked] == [2]
    assert not Job.objects.exists()
