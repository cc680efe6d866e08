"""A match's transcript and analysis go when its games are taken back, corrected or
re-opened (operations.stale_transcripts): they no longer describe the match, the page
stops showing the figures, and a job that was analysing the old file keeps nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from analyses import analysed, result
from django.urls import reverse

import builders
from tournament.core import matfile
from tournament.core.scoring import GameResult
from tournament.models import Analysis, Match, Player, Transcript
from tournament.operations import analysis, games, transcripts

NOISY = Path(__file__).resolve().parents[1] / "data" / "gnubg" / "noisy_5pt.mat"


@pytest.fixture
def handed_in(tournament, director) -> Match:
    """A match recorded from a transcript, and analysed."""
    text = NOISY.read_text(encoding="utf-8")
    parsed = matfile.parse(text)
    players = [Player.objects.get_or_create(name=name)[0] for name in parsed.players]
    match = Match.objects.create(
        tournament=builders.started(tournament),
        player1=players[0],
        player2=players[1],
        length=parsed.length,
        status="ready",
    )
    transcripts.import_games(match, text, swapped=False, user=director)
    analysis.store(match, result(), transcript=Transcript.objects.get(match=match))
    return match


def skill_shown(client, match) -> bool:
    return "GNUBG PR" in client.get(reverse("match", args=[match.pk])).content.decode()


def test_a_game_taken_back_takes_the_analysis_and_the_transcript(client, handed_in, director):
    assert skill_shown(client, handed_in)
    games.undo_last_game(handed_in, user=director, confirm=True)
    assert not Analysis.objects.filter(match=handed_in).exists()
    assert not Transcript.objects.filter(match=handed_in).exists()
    assert not skill_shown(client, handed_in)


def test_games_corrected_take_them_and_the_same_games_again_keep_them(handed_in, director):
    same = handed_in.game_results()
    games.replace_games(handed_in, same, user=director, confirm=True)
    assert Analysis.objects.filter(match=handed_in).count() == 1  # nothing changed
    assert Transcript.objects.filter(match=handed_in).count() == 1

    games.replace_games(handed_in, same[:-1], user=director, confirm=True)
    assert not Analysis.objects.filter(match=handed_in).exists()
    assert not Transcript.objects.filter(match=handed_in).exists()


def test_a_hand_in_after_the_games_were_taken_back_is_analysed_anew(handed_in, director):
    games.replace_games(handed_in, [], user=director, confirm=True)
    text = NOISY.read_text(encoding="utf-8")
    transcripts.import_games(handed_in, text, swapped=False, user=director)
    kept = Transcript.objects.get(match=handed_in)
    stored = analysis.store(handed_in, result(), transcript=kept)
    assert stored.transcript == kept


def test_an_analysis_finished_after_its_file_went_is_not_kept(handed_in, director):
    running = Transcript.objects.get(match=handed_in)  # what the job read before gnubg ran
    games.undo_last_game(handed_in, user=director, confirm=True)
    assert analysis.store(handed_in, result(), transcript=running) is None
    assert not Analysis.objects.filter(match=handed_in).exists()


def test_a_match_without_a_transcript_keeps_an_analysis_stored_by_hand(match, director):
    """Only the match whose games change loses its analysis; an analysis stored without
    a transcript (as the tests' builders do) is also the match's and goes with it."""
    analysed(match)
    games.record_game(match, GameResult(0, "single", 1, "played"), user=director)
    assert Analysis.objects.filter(match=match).count() == 1  # a game on top: kept
    games.undo_last_game(match, user=director)
    assert not Analysis.objects.filter(match=match).exists()
