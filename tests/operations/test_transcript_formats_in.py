"""A gnubg .sgf match or text export handed in records what its .mat would: the same
games; the Transcript keeps .mat text (with the moves) that GNU Backgammon analyses as
it does the original; a file that disagrees is refused at its own line, nothing saved."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import override_settings
from gnubg_program import needs_gnubg

import builders
from tournament.core import matfile
from tournament.engines import gnubg
from tournament.jobs.analysis import analyse_match
from tournament.models import Analysis, AuditEntry, Game, Job, Match, Player, Transcript
from tournament.operations import transcripts

DATA = Path(__file__).resolve().parents[1] / "data"
NOISY_MAT = DATA / "gnubg" / "noisy_5pt.mat"
NOISY_SGF = DATA / "sgf" / "noisy_5pt.sgf"


def text_export(stem: str) -> str:
    folder = DATA / "gnubg_text"
    parts = [folder / f"{stem}.txt", *sorted(folder.glob(f"{stem}_[0-9][0-9][0-9].txt"))]
    return "".join(part.read_text(encoding="utf-8") for part in parts)


def match_for(tournament, mat_path: Path, swap: bool = False) -> Match:
    parsed = matfile.parse(mat_path.read_text(encoding="utf-8"))
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


@pytest.mark.parametrize(
    ("handed_in", "fmt"),
    [
        (lambda: NOISY_SGF.read_text(encoding="utf-8"), "sgf"),
        (lambda: text_export("noisy_5pt"), "text"),
    ],
    ids=["sgf", "text"],
)
def test_an_sgf_or_text_records_what_the_mat_records(tournament, director, handed_in, fmt):
    original = matfile.parse(NOISY_MAT.read_text(encoding="utf-8"))
    match = match_for(tournament, NOISY_MAT)
    games = transcripts.import_games(match, handed_in(), swapped=False, user=director)
    match.refresh_from_db()
    assert len(games) == len(original.games)
    assert match.game_results() == [game.result for game in original.games]
    kept = Transcript.objects.get(match=match)
    assert matfile.parse(kept.text).players == original.players  # .mat text, moves and all
    assert "24/" in kept.text
    entry = AuditEntry.objects.get(action="transcript_imported", match=match)
    assert entry.after["format"] == fmt
    assert Job.objects.filter(key=f"analysis:{match.pk}").count() == 1


def test_the_other_way_round_is_asked_as_for_a_mat(tournament):
    match = match_for(tournament, NOISY_MAT, swap=True)
    reading = transcripts.read(match, NOISY_SGF.read_text(encoding="utf-8"), "x.sgf")
    assert (reading.swapped, reading.names_agree) == (True, True)


def test_an_sgf_whose_score_disagrees_asks_first_at_its_line(tournament, director):
    sgf = NOISY_SGF.read_text(encoding="utf-8")
    broken = sgf.replace("[game:2][ws:1][bs:2]", "[game:2][ws:2][bs:2]")
    line = next(n for n, text in enumerate(broken.splitlines(), 1) if "[game:2]" in text)
    match = match_for(tournament, NOISY_MAT)
    with pytest.raises(transcripts.WarningsToConfirm) as caught:
        transcripts.import_games(match, broken, swapped=False, user=director)
    assert caught.value.warnings[0].startswith(f"line {line}: game 3: the score line says 2-2")
    assert not Game.objects.filter(match=match).exists()
    assert not Transcript.objects.exists()
    assert not Job.objects.exists()
    # On the director's word, recorded as GNU Backgammon reads it.
    transcripts.import_games(match, broken, swapped=False, user=director, warnings_confirmed=True)
    assert Game.objects.filter(match=match).count() == 4


def test_a_file_of_no_known_format_is_refused_with_a_line(tournament, director):
    match = match_for(tournament, NOISY_MAT)
    with pytest.raises(transcripts.TranscriptRefused) as caught:
        transcripts.import_games(match, "(;FF[4]GM[6]", swapped=False, filename="x.sgf")
    assert caught.value.message.startswith("line 1: ")
    assert not Game.objects.exists()


@needs_gnubg
def test_the_job_analyses_an_sgf_handed_in_as_gnubg_does_the_mat(tournament, director):
    match = match_for(tournament, NOISY_MAT)
    transcripts.import_games(
        match, NOISY_SGF.read_text(encoding="utf-8"), swapped=False, user=director
    )
    with override_settings(GNUBG_PLY=0):
        analyse_match.call(match.pk)
    engine = gnubg.analyse(NOISY_MAT.read_text(encoding="utf-8"), 0)
    stored = Analysis.objects.get(match=match)
    rates = {player.side: player.error_rate for player in stored.players.all()}
    assert rates == {1: engine.players[0].error_rate, 2: engine.players[1].error_rate}
