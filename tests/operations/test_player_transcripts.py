"""A player hands in their recorded match's transcript (operations.player_transcripts):
kept and analysed when it tells the recorded games, in either order of the names;
refused, with nothing kept or queued, for another player's match, a match recorded in
part, and a file that tells another game (naming its line and the game). For a match
with no games yet the file is a report instead (test_file_reports.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import translation

import builders
from tournament import operations
from tournament.core import matfile
from tournament.models import AuditEntry, Game, Job, Player, Transcript
from tournament.operations import player_transcripts, transcripts
from tournament.operations.reports import NotYourMatch

NOISY = Path(__file__).resolve().parents[1] / "data" / "gnubg" / "noisy_5pt.mat"
TEXT = NOISY.read_text(encoding="utf-8")
PLAYERS = ("Núria Ferrer", "Pere Puig")
KINDS = dict(Game.KIND_CHOICES)

pytestmark = pytest.mark.django_db


def nothing_kept():
    assert not Transcript.objects.exists()
    assert not Job.objects.exists()


def test_a_players_file_of_their_recorded_match_is_kept_and_analysed(tournament):
    match = builders.recorded_from_mat(tournament, TEXT)
    player = match.player2
    transcript = player_transcripts.hand_in(match, player, TEXT)
    assert (transcript.text, transcript.swapped) == (TEXT, False)
    assert (transcript.handed_in_by_player, transcript.handed_in_by) == (player, None)
    job = Job.objects.get()
    assert (job.kind, job.key) == ("analysis", f"analysis:{match.pk}")
    entry = AuditEntry.objects.filter(action="transcript_imported").get()
    with translation.override("en"):
        assert entry.summary_text == "Pere Puig handed in the match file (4 games)"
    assert entry.user is None
    # The games are the ones recorded before: the file changed nothing.
    assert match.games.count() == 4


def test_the_names_the_other_way_round_are_turned(tournament):
    match = builders.recorded_from_mat(tournament, TEXT, swap=True)
    transcript = player_transcripts.hand_in(match, match.player1, TEXT)
    assert transcript.swapped is True


def test_unknown_names_take_the_way_round_in_which_the_games_agree(tournament):
    match = builders.recorded_from_mat(tournament, TEXT, swap=True)
    anonymous = TEXT.replace("Núria Ferrer", "gnubg").replace("Pere Puig", "Player 2")
    transcript = player_transcripts.hand_in(match, match.player1, anonymous)
    assert transcript.swapped is True


def recorded(tournament, players: tuple[str, str], results) -> object:
    first, second = (Player.objects.get_or_create(name=name)[0] for name in players)
    return operations.create_match(builders.started(tournament), first, second, 5, results)


def test_another_players_match_is_refused(tournament):
    match = builders.recorded_from_mat(tournament, TEXT)
    stranger = Player.objects.create(name="Xavier Coll")
    with pytest.raises(NotYourMatch):
        player_transcripts.hand_in(match, stranger, TEXT)
    nothing_kept()


def test_a_match_not_recorded_yet_gets_no_transcript_but_a_report(tournament):
    # The file waits for the opponent (tests/operations/test_file_reports.py): it is
    # not the match's transcript, and nothing is analysed, until it is confirmed.
    match = recorded(tournament, PLAYERS, [])
    report = player_transcripts.hand_in(match, match.player1, TEXT)
    assert (report.status, report.is_file) == ("pending", True)
    nothing_kept()


def test_a_file_telling_other_games_is_refused_naming_the_first(tournament):
    # The file's games, each recorded as won by the other player.
    results = [game.result for game in matfile.parse(TEXT).games]
    match = recorded(tournament, PLAYERS[::-1], results)
    with pytest.raises(transcripts.TranscriptRefused) as refused:
        player_transcripts.hand_in(match, match.player1, TEXT)
    game1 = matfile.parse(TEXT).games[0]
    # The file names the players the other way round: its left player is the match's
    # second; each game's winner in the file is the other player on the match.
    said = match.players[1 - game1.result.winner].name
    recorded_winner = match.players[game1.result.winner].name
    kind, cube = KINDS[game1.result.kind], game1.result.cube
    assert refused.value.message == (
        f"line {game1.line}: game 1: the file says {said} won ({kind}, cube {cube}); "
        f"the match has {recorded_winner} ({kind}, cube {cube})."
    )
    nothing_kept()


def test_a_file_with_more_games_than_recorded_is_refused(tournament):
    # A match recorded in part: the file is no report of the rest (one way only for a
    # file to record games, the director's import onto a match with none).
    results = [game.result for game in matfile.parse(TEXT).games]
    match = recorded(tournament, PLAYERS, results[:2])
    with pytest.raises(transcripts.TranscriptRefused) as refused:
        player_transcripts.hand_in(match, match.player2, TEXT)
    assert refused.value.message == (
        "This match has games recorded already: a file goes to your opponent to confirm "
        "only for a match with none. Report the next games on your page, or ask the "
        "director."
    )
    nothing_kept()


def test_a_file_that_does_not_read_is_refused_with_its_line(tournament):
    match = builders.recorded_from_mat(tournament, TEXT)
    broken = TEXT.replace("Núria Ferrer : 1", "Núria Ferrer : 77777")
    with pytest.raises(transcripts.TranscriptRefused, match=r"^line \d+: "):
        player_transcripts.hand_in(match, match.player1, broken)
    nothing_kept()
