"""The "analysis" job: a transcript handed in queues GNU Backgammon's analysis of the
match (once, however often it is handed in while the job waits); the job stores the
same error rates as the engine gives for the file; without gnubg it fails with the
engine's own message, which is what the director's jobs page shows."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import override_settings
from gnubg_program import hide_gnubg, needs_gnubg, needs_library

import builders
from tournament.core import matfile
from tournament.core.scoring import GameResult
from tournament.engines import gnubg
from tournament.exports.match_files import match_file
from tournament.jobs.analysis import analyse_match
from tournament.jobs.runner import run_one
from tournament.models import Analysis, Job, JobStatus, Match, Player, Transcript
from tournament.operations import games, transcripts
from tournament.operations.player_transcripts import hand_in

NOISY = Path(__file__).resolve().parents[1] / "data" / "gnubg" / "noisy_5pt.mat"


def match_for(tournament, text: str, swap: bool = False) -> Match:
    parsed = matfile.parse(text)
    players = [Player.objects.get_or_create(name=name)[0] for name in parsed.players]
    if swap:
        players.reverse()
    return Match.objects.create(
        tournament=builders.started(tournament),
        player1=players[0],
        player2=players[1],
        length=parsed.length,
        status="ready",
    )


def test_handing_in_a_transcript_queues_one_analysis(tournament, director):
    text = NOISY.read_text(encoding="utf-8")
    match = match_for(tournament, text)
    transcripts.import_games(match, text, swapped=False, user=director)
    job = Job.objects.get()
    assert (job.kind, job.key, job.args, job.status) == (
        "analysis",
        f"analysis:{match.pk}",
        [match.pk],
        JobStatus.PENDING,
    )
    assert job.time_limit == 120
    transcript = Transcript.objects.get(match=match)
    assert (transcript.text, transcript.swapped, transcript.handed_in_by) == (
        text,
        False,
        director,
    )

    # Taken back and handed in again while the job still waits: the same job, which
    # reads the newest transcript when it runs.
    games.replace_games(match, [], user=director, confirm=True)
    transcripts.import_games(match, text, swapped=False, user=director)
    assert Job.objects.count() == 1
    # The games taken back took the first transcript with them (stale_transcripts).
    assert Transcript.objects.filter(match=match).count() == 1


def test_a_refused_transcript_queues_nothing(tournament, director):
    text = NOISY.read_text(encoding="utf-8")
    match = match_for(tournament, text)
    with pytest.raises(transcripts.TranscriptRefused):
        transcripts.import_games(
            match, text.replace("5 point match", "7 point match"), swapped=False
        )
    assert not Job.objects.exists()
    assert not Transcript.objects.exists()


def test_without_gnubg_the_job_fails_saying_so(tournament, director, monkeypatch):
    monkeypatch.setenv("GNUBG_PATH", "/nowhere/gnubg")
    text = NOISY.read_text(encoding="utf-8")
    match = match_for(tournament, text)
    transcripts.import_games(match, text, swapped=False, user=director)
    job = run_one("test-worker")
    job.refresh_from_db()
    # Trying again cannot help: failed at once, with the reason.
    assert (job.status, job.attempts) == (JobStatus.FAILED, 1)
    assert job.last_error == "GNU Backgammon is not at /nowhere/gnubg"
    assert not Analysis.objects.exists()


def test_without_the_program_or_the_package_the_job_fails_saying_how_to_get_one(
    tournament, director, monkeypatch, tmp_path
):
    hide_gnubg(monkeypatch, tmp_path, library=True)
    text = NOISY.read_text(encoding="utf-8")
    transcripts.import_games(match_for(tournament, text), text, swapped=False, user=director)
    job = run_one("test-worker")
    job.refresh_from_db()
    assert (job.status, job.attempts) == (JobStatus.FAILED, 1)
    assert job.last_error == (
        "GNU Backgammon is not installed (apt-get install gnubg, or the gnubg Python "
        "package: pip install -r requirements.txt, on CPython 3.10 to 3.13)"
    )
    assert not Analysis.objects.exists()


@needs_library
def test_the_setting_makes_the_package_analyse(tournament, director):
    text = NOISY.read_text(encoding="utf-8")
    match = match_for(tournament, text)
    transcripts.import_games(match, text, swapped=False, user=director)
    with override_settings(GNUBG_PLY=0, GNUBG_ENGINE="library"):
        analyse_match.call(match.pk)
    stored = Analysis.objects.get(match=match)
    # Kept with the analysis: which engine made it.
    assert stored.version == "GNU Backgammon 1.1.0a16 (the gnubg Python package)"
    engine = gnubg.analyse(text, 0, engine="library")
    assert {p.side: p.error_rate for p in stored.players.all()} == {
        1: engine.players[0].error_rate,
        2: engine.players[1].error_rate,
    }


@needs_gnubg
@pytest.mark.parametrize("swap", [False, True], ids=["in-order", "swapped"])
def test_the_job_stores_the_engines_error_rates(tournament, director, swap):
    text = NOISY.read_text(encoding="utf-8")
    match = match_for(tournament, text, swap=swap)
    transcripts.import_games(match, text, swapped=swap, user=director)
    with override_settings(GNUBG_PLY=0):
        analyse_match.call(match.pk)
    engine = gnubg.analyse(text, 0)
    stored = Analysis.objects.get(match=match)
    assert (stored.ply, stored.version) == (0, engine.version)
    assert stored.transcript == Transcript.objects.get(match=match)
    # The file's left player is the match's player 1, or its player 2 when swapped.
    left, right = (2, 1) if swap else (1, 2)
    rates = {player.side: player.error_rate for player in stored.players.all()}
    assert rates == {left: engine.players[0].error_rate, right: engine.players[1].error_rate}
    first = stored.players.get(side=left)
    assert first.pr == engine.players[0].pr
    assert len(first.biggest) == len(engine.players[0].biggest)
    assert first.biggest[0]["position_id"] == engine.players[0].biggest[0].position_id


@needs_gnubg
def test_the_sites_own_export_handed_back_in_is_analysed(tournament, director, players):
    """The site's .mat of a match typed on the sheet (results and cube, no moves), handed
    in by a player: gnubg finds no roll in it, prints its luck rate as "n/a" and exports
    games without a move, and the job reads that (it failed three times on "'Luck rate
    mEMG (MWC)' does not give two players' figures")."""
    match = Match.objects.create(
        tournament=builders.started(tournament),
        player1=players[0],
        player2=players[1],
        length=5,
        status="ready",
    )
    for result in (GameResult(0, "gammon", cube=2), GameResult(1), GameResult(0)):
        games.record_game(match, result, user=director)
    match.refresh_from_db()
    assert match.is_decided
    hand_in(match, players[0], match_file(match))
    with override_settings(GNUBG_PLY=0):
        analyse_match.call(match.pk)
    stored = Analysis.objects.get(match=match)
    luck = {player.side: player.luck_rate for player in stored.players.all()}
    assert luck == {1: 0.0, 2: 0.0}
