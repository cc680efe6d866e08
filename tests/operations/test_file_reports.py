"""A player's match file for a match with no games recorded yet is their report of the
whole match (operations.player_transcripts, reports, file_reports): it waits and
changes nothing; the opponent's confirmation records it as the director's import does
(decided, the winner moved on, the transcript kept, its analysis queued); a dispute
goes to the director, who accepts or rejects it; a match changed meanwhile makes it
stale. The rules are the reader's, as for the director's file."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import translation

import builders
from tournament import operations
from tournament.core import matfile
from tournament.core.scoring import GameResult
from tournament.models import (
    AuditEntry,
    GameReport,
    Job,
    Match,
    Player,
    RatingChange,
    Transcript,
)
from tournament.operations import player_transcripts, reports, transcripts
from tournament.operations.reports import NotYourMatch, ReportRefused

NOISY = Path(__file__).resolve().parents[1] / "data" / "gnubg" / "noisy_5pt.mat"
TEXT = NOISY.read_text(encoding="utf-8")
PARSED = matfile.parse(TEXT)
CRAWFORD_DOUBLE = (
    Path(__file__).resolve().parents[1] / "data" / "mat" / "bad_crawford_double.mat"
).read_text(encoding="utf-8")

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup_match():
    """The first match of a started cup to 5 points between the file's two players
    (Núria Ferrer first), the final after it."""
    tournament = builders.cup(
        builders.the_season(),
        ["Núria Ferrer", "Berta", "Carla", "Pere Puig"],
        brackets={"main": "5,5"},
        seeds=4,
        start=True,
    )
    return Match.objects.get(
        tournament=tournament, round=1, player1__name="Núria Ferrer", player2__name="Pere Puig"
    )


def nothing_recorded(match):
    match.refresh_from_db()
    assert match.games.count() == 0
    assert not match.is_decided
    assert not Transcript.objects.filter(match=match).exists()
    assert not Job.objects.exists()


def test_a_file_for_an_unrecorded_match_waits_for_the_opponent(cup_match):
    pere = cup_match.player2
    report = player_transcripts.hand_in(cup_match, pere, TEXT)
    assert isinstance(report, GameReport)
    assert (report.status, report.reported_by, report.is_file) == ("pending", pere, True)
    nothing_recorded(cup_match)
    entry = AuditEntry.objects.filter(action="game_reported").get()
    with translation.override("en"):
        assert entry.summary_text == "Pere Puig hands in the match file: 4 games; 2-5"


def test_the_opponent_confirms_and_the_file_is_recorded_as_the_import_records_it(cup_match):
    nuria, pere = cup_match.players
    report = player_transcripts.hand_in(cup_match, pere, TEXT)
    reports.confirm_report(cup_match, nuria, report_id=report.pk)
    cup_match.refresh_from_db()
    assert [game.as_result() for game in cup_match.games.all()] == [
        game.result for game in PARSED.games
    ]
    assert cup_match.is_decided and cup_match.winner == pere
    assert (cup_match.score1, cup_match.score2) == (2, 5)
    final = Match.objects.get(tournament=cup_match.tournament, round=2)
    assert pere in final.players  # the winner moved on
    rated = RatingChange.objects.filter(match=cup_match)
    assert {(change.player, change.won) for change in rated} == {(pere, True), (nuria, False)}
    transcript = Transcript.objects.get(match=cup_match)
    assert (transcript.text, transcript.handed_in_by_player) == (TEXT, pere)
    job = Job.objects.get()
    assert (job.kind, job.key) == ("analysis", f"analysis:{cup_match.pk}")
    report.refresh_from_db()
    assert report.status == "confirmed"
    entry = AuditEntry.objects.filter(action="transcript_imported").order_by("pk").last()
    with translation.override("en"):
        assert entry.summary_text == (
            "Match file handed in by Pere Puig, confirmed by Núria Ferrer; 2-5"
        )


def test_the_player_who_handed_it_in_cannot_confirm_it(cup_match):
    pere = cup_match.player2
    player_transcripts.hand_in(cup_match, pere, TEXT)
    with pytest.raises(ReportRefused, match="your opponent confirms it"):
        reports.confirm_report(cup_match, pere)
    nothing_recorded(cup_match)


def test_a_disputed_file_goes_to_the_director_who_accepts_it(cup_match, director):
    nuria, pere = cup_match.players
    report = player_transcripts.hand_in(cup_match, pere, TEXT)
    reports.dispute_report(cup_match, nuria, note="I won game 3")
    report.refresh_from_db()
    assert (report.status, report.dispute_note) == ("disputed", "I won game 3")
    with pytest.raises(ReportRefused, match="the director settles it"):
        reports.confirm_report(cup_match, nuria)
    nothing_recorded(cup_match)
    with pytest.raises(ReportRefused, match="accepted or rejected whole"):
        reports.correct_report(report, GameResult(0), user=director)
    reports.accept_report(report, user=director)
    cup_match.refresh_from_db()
    assert cup_match.winner == pere and cup_match.games.count() == 4
    assert Transcript.objects.get(match=cup_match).handed_in_by_player == pere
    entry = AuditEntry.objects.filter(action="transcript_imported").order_by("pk").last()
    assert entry.user == director
    with translation.override("en"):
        assert entry.summary_text == (
            "Match file handed in by Pere Puig, accepted by the director; 2-5"
        )


def test_a_disputed_file_the_director_rejects_records_nothing(cup_match, director):
    nuria, pere = cup_match.players
    report = player_transcripts.hand_in(cup_match, pere, TEXT)
    reports.dispute_report(cup_match, nuria)
    reports.reject_report(report, user=director)
    report.refresh_from_db()
    assert report.status == "rejected"
    nothing_recorded(cup_match)
    # Settled: the match takes a new report.
    assert player_transcripts.hand_in(cup_match, nuria, TEXT).is_file


def test_a_file_disputed_with_a_game_of_ones_own_is_refused(cup_match):
    nuria, pere = cup_match.players
    player_transcripts.hand_in(cup_match, pere, TEXT)
    with pytest.raises(ReportRefused, match="disputed with a note"):
        reports.dispute_report(cup_match, nuria, GameResult(0))
    assert GameReport.objects.get().status == "pending"


def test_a_file_made_stale_by_the_director_recording_the_match_records_nothing(cup_match):
    nuria, pere = cup_match.players
    player_transcripts.hand_in(cup_match, pere, TEXT)
    operations.record_game(cup_match, GameResult(0))
    with pytest.raises(ReportRefused, match="it has lapsed, and nothing was recorded"):
        reports.confirm_report(cup_match, nuria)
    cup_match.refresh_from_db()
    assert cup_match.games.count() == 1
    assert not Transcript.objects.exists() and not Job.objects.exists()


def test_one_report_waits_at_a_time_a_game_or_a_file(cup_match):
    nuria, pere = cup_match.players
    player_transcripts.hand_in(cup_match, pere, TEXT)
    with pytest.raises(ReportRefused, match="Pere Puig's match file is already handed in"):
        reports.report_game(cup_match, nuria, GameResult(0))
    with pytest.raises(ReportRefused, match="Pere Puig's match file is already handed in"):
        player_transcripts.hand_in(cup_match, nuria, TEXT)
    assert GameReport.objects.count() == 1


def test_a_game_waiting_blocks_a_file(cup_match):
    nuria, pere = cup_match.players
    reports.report_game(cup_match, nuria, GameResult(0))
    with pytest.raises(ReportRefused, match="Game 1 is already reported"):
        player_transcripts.hand_in(cup_match, pere, TEXT)
    assert GameReport.objects.count() == 1


def test_a_file_against_the_rules_is_refused_naming_the_game(tournament):
    # A double in game 2, the Crawford game: the reader's check, as for the director.
    anna, pere = (Player.objects.create(name=name) for name in ("Anna", "Pere"))
    match = operations.create_match(tournament, anna, pere, 3, [])
    with pytest.raises(transcripts.TranscriptRefused) as refused:
        player_transcripts.hand_in(match, pere, CRAWFORD_DOUBLE)
    assert refused.value.message == (
        "line 35: game 2 is the Crawford game: the cube cannot be turned"
    )
    assert not GameReport.objects.exists()
    nothing_recorded(match)


def test_a_file_of_another_length_is_refused(cup_match):
    other = TEXT.replace(" 5 point match", " 7 point match")
    with pytest.raises(transcripts.TranscriptRefused, match="7 point match"):
        player_transcripts.hand_in(cup_match, cup_match.player1, other)
    assert not GameReport.objects.exists()


def test_another_players_match_is_refused(cup_match):
    stranger = Player.objects.get(name="Berta")
    with pytest.raises(NotYourMatch):
        player_transcripts.hand_in(cup_match, stranger, TEXT)
    with pytest.raises(NotYourMatch):
        reports.confirm_report(cup_match, stranger)
    assert not GameReport.objects.exists()


def test_a_file_of_an_unfinished_match_is_refused_nothing_sent(cup_match):
    # An unfinished match's file never decides a match by itself: refused when handed
    # in (the opponent's confirming it would record it), nothing waiting.
    two_games = TEXT[: TEXT.index(" Game 3")]
    pere = cup_match.players[1]
    with pytest.raises(transcripts.TranscriptRefused, match="not finished"):
        player_transcripts.hand_in(cup_match, pere, two_games)
    assert not GameReport.objects.exists()
    assert not cup_match.games.exists()
