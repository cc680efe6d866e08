"""A real file with a transcriber's slips (issue 38, item 4): recording a match from it
shows each warning at its line and asks first, nothing saved before the word (the
director's match sheet, the event upload's preview, a player's hand-in of a match with
no games); attached to a match recorded already, for its analysis, it is taken with its
warnings when its games agree, and they are said after. An unfinished file never
decides a match, and attaches to a retirement whose games it tells."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings
from django.urls import reverse
from gnubg_program import needs_gnubg

import builders
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.jobs.analysis import analyse_match
from tournament.models import (
    Analysis,
    AuditEntry,
    GameReport,
    Job,
    Match,
    Player,
    Transcript,
)
from tournament.operations import player_transcripts, transcripts
from tournament.operations.links import link_for, token_of

pytestmark = pytest.mark.django_db

GALAXY = Path(__file__).resolve().parents[1] / "data" / "transcripts" / "galaxy"
# joust v lasse to 3: "Wins 3 point and the match" where the moves end in a gammon.
SLIPPED = GALAXY / "match2472469.txt"
SLIP = "line 49: game 1: 'Wins 3 point and the match', but the moves end it with joust winning 4"
# lasse v jack_gammon to 16: one game played, the file stops there.
UNFINISHED = GALAXY / "match1668002.txt"


def fresh_match(tournament, path: Path, length: int) -> Match:
    players = [Player.objects.get_or_create(name=name)[0] for name in _names(path)]
    return Match.objects.create(
        tournament=builders.started(tournament),
        player1=players[0],
        player2=players[1],
        length=length,
        status="ready",
    )


def _names(path: Path) -> tuple[str, str]:
    text = path.read_text(encoding="utf-8")
    return transcripts.matfile.parse(transcripts.convert(text).text).players


def nothing_saved(match: Match):
    assert not match.games.exists()
    assert not Transcript.objects.exists()
    assert not Job.objects.exists()
    assert not GameReport.objects.exists()
    assert not AuditEntry.objects.filter(action="transcript_imported").exists()


def test_the_match_sheet_shows_the_warnings_and_records_only_on_the_directors_word(
    director, tournament
):
    match = fresh_match(tournament, SLIPPED, 3)
    client = Client(enforce_csrf_checks=True, headers={"accept-language": "en"})
    client.force_login(director)
    sheet = reverse("director-match", args=[match.tournament_id, match.pk])
    client.get(sheet)
    token = client.cookies["csrftoken"].value
    url = reverse("director-import", args=[match.tournament_id, match.pk])
    upload = SimpleUploadedFile(SLIPPED.name, SLIPPED.read_bytes())
    asked = client.post(url, {"file": upload, "csrfmiddlewaretoken": token})
    assert asked.status_code == 200
    body = asked.content.decode()
    assert SLIP.replace("'", "&#x27;") in body
    assert "Record the games with these warnings" in body
    nothing_saved(match)
    text = asked.context["text"]
    # The word without the form's token is refused, nothing saved.
    answer = {"transcript": text, "confirm_warnings": "1", "swapped": "0"}
    assert client.post(url, answer).status_code == 403
    nothing_saved(match)
    done = client.post(url, {**answer, "csrfmiddlewaretoken": token})
    assert done.status_code == 302
    match.refresh_from_db()
    assert match.games.count() == 1 and match.is_decided
    assert (match.score1, match.score2) == (3, 0)  # joust's gammon, capped at 3
    entry = AuditEntry.objects.get(action="transcript_imported", match=match)
    assert entry.after["warnings"] == [SLIP]


def test_the_match_sheet_without_warnings_records_at_once(director_client, tournament):
    path = GALAXY / "match1032699.txt"
    match = fresh_match(tournament, path, 3)
    url = reverse("director-import", args=[match.tournament_id, match.pk])
    upload = SimpleUploadedFile(path.name, path.read_bytes())
    assert director_client.post(url, {"file": upload}).status_code == 302
    assert match.games.count() == 2


def test_a_new_file_posted_with_the_word_is_asked_about_again(director_client, tournament):
    # The word goes with the text it was given for; a file sent along is seen first.
    match = fresh_match(tournament, SLIPPED, 3)
    url = reverse("director-import", args=[match.tournament_id, match.pk])
    upload = SimpleUploadedFile(SLIPPED.name, SLIPPED.read_bytes())
    response = director_client.post(url, {"file": upload, "confirm_warnings": "1"})
    assert response.status_code == 200
    nothing_saved(match)


def test_the_event_upload_shows_the_warnings_on_the_row_and_records_on_confirm(
    director_client, tournament
):
    match = fresh_match(tournament, SLIPPED, 3)
    upload = reverse("director-event-transcripts", args=[tournament.pk])
    files = [SimpleUploadedFile(SLIPPED.name, SLIPPED.read_bytes())]
    preview = director_client.post(upload, {"files": files})
    assert preview.status_code == 200
    assert SLIP.replace("'", "&#x27;") in preview.content.decode()
    (row,) = preview.context["plan"].files
    assert (row.match, row.action, row.error, row.warnings) == (match, "record", "", (SLIP,))
    nothing_saved(match)
    form = preview.context["confirm_form"]
    confirm = reverse("director-event-transcripts-confirm", args=[tournament.pk])
    done = director_client.post(confirm, form.initial)
    assert done.status_code == 302
    assert match.games.count() == 1
    assert Transcript.objects.filter(match=match).count() == 1


def test_the_event_upload_adds_a_file_with_warnings_to_the_recorded_games(
    director_client, tournament
):
    match = builders.recorded_from_mat(tournament, SLIPPED.read_text(encoding="utf-8"))
    upload = reverse("director-event-transcripts", args=[tournament.pk])
    files = [SimpleUploadedFile(SLIPPED.name, SLIPPED.read_bytes())]
    preview = director_client.post(upload, {"files": files})
    (row,) = preview.context["plan"].files
    assert (row.match, row.action, row.error, row.warnings) == (match, "add", "", (SLIP,))
    confirm = reverse("director-event-transcripts-confirm", args=[tournament.pk])
    done = director_client.post(confirm, preview.context["confirm_form"].initial, follow=True)
    assert Transcript.objects.filter(match=match).count() == 1
    assert f"{SLIPPED.name}, taken with its warnings: {SLIP}" in [
        str(message) for message in done.context["messages"]
    ]


def hand_in(player, match, data: dict):
    client = Client(headers={"accept-language": "en"})
    url = reverse("player-hand-in", args=[token_of(link_for(player)), match.pk])
    return client.post(url, data)


def test_a_players_file_with_warnings_is_taken_for_a_recorded_match_and_they_are_said(
    tournament,
):
    match = builders.recorded_from_mat(tournament, SLIPPED.read_text(encoding="utf-8"))
    upload = SimpleUploadedFile(SLIPPED.name, SLIPPED.read_bytes())
    client = Client(headers={"accept-language": "en"})
    url = reverse("player-hand-in", args=[token_of(link_for(match.player2)), match.pk])
    done = client.post(url, {"file": upload}, follow=True)
    assert done.status_code == 200
    transcript = Transcript.objects.get(match=match)
    assert transcript.handed_in_by_player == match.player2
    assert Job.objects.get().key == f"analysis:{match.pk}"
    said = [str(message) for message in done.context["messages"]]
    assert any(SLIP in message for message in said), said


def test_a_players_file_with_warnings_for_a_match_without_games_asks_first(tournament):
    match = fresh_match(tournament, SLIPPED, 3)
    upload = SimpleUploadedFile(SLIPPED.name, SLIPPED.read_bytes())
    asked = hand_in(match.player1, match, {"file": upload})
    assert asked.status_code == 200
    body = asked.content.decode()
    assert SLIP.replace("'", "&#x27;") in body and "Send it with these warnings" in body
    nothing_saved(match)
    text = asked.context["confirm"]["text"]
    sent = hand_in(match.player1, match, {"transcript": text, "confirm_warnings": "1"})
    assert sent.status_code == 302
    report = GameReport.objects.get(match=match)
    assert report.reported_by == match.player1 and report.file_text.strip() == text.strip()
    # The opponent's confirming records it, warnings and all.
    operations.reports.confirm_report(match, match.player2)
    match.refresh_from_db()
    assert match.is_decided and match.games.count() == 1


def test_an_unfinished_file_never_records_a_match(tournament):
    match = fresh_match(tournament, UNFINISHED, 16)
    text = UNFINISHED.read_text(encoding="utf-8")
    with pytest.raises(transcripts.TranscriptRefused, match="not finished"):
        transcripts.import_games(match, text, swapped=False, warnings_confirmed=True)
    with pytest.raises(transcripts.TranscriptRefused, match="not finished"):
        player_transcripts.hand_in(match, match.player1, text)
    nothing_saved(match)


def test_an_unfinished_file_attaches_to_a_retirement_whose_games_it_tells(tournament):
    text = UNFINISHED.read_text(encoding="utf-8")
    match = builders.recorded_from_mat(tournament, text)  # the game played, match open
    operations.retire(match, 1)  # jack_gammon retires
    match.refresh_from_db()
    assert match.is_decided
    transcript = player_transcripts.hand_in(match, match.player1, text)
    assert isinstance(transcript, Transcript) and transcript.match == match
    assert Job.objects.get().key == f"analysis:{match.pk}"


def test_an_unfinished_file_telling_other_games_is_refused_on_a_retirement(tournament):
    text = UNFINISHED.read_text(encoding="utf-8")
    lasse, jack = (Player.objects.create(name=name) for name in _names(UNFINISHED))
    # Game 1 recorded as jack_gammon's; the file has lasse win it.
    match = operations.create_match(
        builders.started(tournament), lasse, jack, 16, [GameResult(winner=1)]
    )
    operations.retire(match, 0)
    with pytest.raises(transcripts.TranscriptRefused, match="game 1"):
        transcripts.attach(match, text)
    assert not Transcript.objects.exists()


def test_an_unfinished_file_attaches_to_a_walkover_for_its_analysis(tournament):
    # A player left: the director gave the match by walkover (no game recorded). The file
    # of the match as far as it went is kept for its analysis; it decides nothing.
    match = fresh_match(tournament, UNFINISHED, 16)
    operations.walkover(match, 0)
    match.refresh_from_db()
    text = UNFINISHED.read_text(encoding="utf-8")
    transcript = player_transcripts.hand_in(match, match.player2, text)
    assert isinstance(transcript, Transcript) and transcript.match == match
    assert Job.objects.get().key == f"analysis:{match.pk}"
    match.refresh_from_db()
    assert match.by_walkover and match.winner == match.player1 and not match.games.exists()


def test_a_walkover_takes_no_finished_file_and_no_file_of_other_players(tournament):
    given = fresh_match(tournament, SLIPPED, 3)
    operations.walkover(given, 0)
    with pytest.raises(transcripts.TranscriptRefused, match="Take the walkover back"):
        transcripts.attach(given, SLIPPED.read_text(encoding="utf-8"))
    match = fresh_match(tournament, UNFINISHED, 16)
    operations.walkover(match, 0)
    renamed = UNFINISHED.read_text(encoding="utf-8")
    for name in _names(UNFINISHED):
        renamed = renamed.replace(name, f"{name}x")
    with pytest.raises(transcripts.TranscriptRefused, match="named as the match's two players"):
        transcripts.attach(match, renamed)
    assert not Transcript.objects.exists() and not Job.objects.exists()


@needs_gnubg
def test_the_unfinished_file_of_a_walkover_is_analysed(tournament):
    match = fresh_match(tournament, UNFINISHED, 16)
    operations.walkover(match, 0)
    player_transcripts.hand_in(match, match.player2, UNFINISHED.read_text(encoding="utf-8"))
    with override_settings(GNUBG_PLY=0, GNUBG_FINAL_PLY=0, GNUBG_ENGINE="program"):
        analyse_match.call(match.pk)
    analysis = Analysis.objects.get(match=match, ply=0)
    assert analysis.players.count() == 2
    match.refresh_from_db()
    assert match.by_walkover and not match.games.exists()  # the analysis decides nothing
