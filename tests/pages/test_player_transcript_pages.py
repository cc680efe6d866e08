"""A player hands in their recorded match's file from their private link
(views/public/player_transcript.py): the form only on their own matches, a bad file
answered with its line and nothing saved, a good one kept and analysed; the page's live
part turns from "Analysing…" into the Skill section when the analysis is stored, and a
poll that finds nothing new is a 304 after two queries."""

from __future__ import annotations

from pathlib import Path

import analyses
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

import builders
from tournament.models import AuditEntry, Job, Player, Transcript
from tournament.operations import create_match
from tournament.operations.links import link_for, token_of
from tournament.operations.transcripts import MAX_BYTES

NOISY = Path(__file__).resolve().parents[1] / "data" / "gnubg" / "noisy_5pt.mat"
TEXT = NOISY.read_text(encoding="utf-8")

pytestmark = pytest.mark.django_db


@pytest.fixture
def recorded(tournament):
    return builders.recorded_from_mat(tournament, TEXT)


def page(player, match) -> str:
    return reverse("player-transcript", args=[token_of(link_for(player)), match.pk])


def hand_in(player, match, content: bytes | str = TEXT, client=None):
    client = client or Client(headers={"accept-language": "en"})
    data = content.encode() if isinstance(content, str) else content
    upload = SimpleUploadedFile("match.mat", data, content_type="application/octet-stream")
    url = reverse("player-hand-in", args=[token_of(link_for(player)), match.pk])
    return client.post(url, {"file": upload})


def nothing_saved():
    assert not Transcript.objects.exists()
    assert not Job.objects.exists()
    assert not AuditEntry.objects.filter(action="transcript_imported").exists()


def test_the_private_page_offers_a_recorded_match_s_file(client, recorded):
    private = reverse("player-page", args=[token_of(link_for(recorded.player1))])
    body = client.get(private).content.decode()
    assert "Your recorded matches" in body
    assert f'href="{page(recorded.player1, recorded)}">Hand in its file</a>' in body


def test_the_match_s_page_has_the_form_and_stays_private(client, recorded):
    response = client.get(page(recorded.player1, recorded))
    assert response.status_code == 200
    body = response.content.decode()
    assert "Your match against Pere Puig" in body
    assert 'enctype="multipart/form-data"' in body and "csrfmiddlewaretoken" in body
    assert "Analysing" not in body
    assert response["Cache-Control"] == "private, no-store"
    assert response["X-Robots-Tag"] == "noindex, nofollow"
    assert response["Referrer-Policy"] == "strict-origin"


def test_another_player_s_match_is_a_404_to_see_and_a_403_to_hand_in(client, recorded):
    stranger = Player.objects.create(name="Xavier Coll")
    assert client.get(page(stranger, recorded)).status_code == 404
    refused = hand_in(stranger, recorded)
    assert refused.status_code == 403
    nothing_saved()
    # The site's own page, in its style, saying why (not Django's bare "403 Forbidden").
    body = refused.content.decode()
    assert "<h1>Not allowed</h1>" in body and "This is not one of your matches." in body
    assert '<main id="content"' in body
    assert refused["Cache-Control"] == "private, no-store"
    unknown = reverse("player-transcript", args=["x" * 43, recorded.pk])
    assert client.get(unknown).status_code == 404


def test_a_good_file_is_kept_queued_and_the_page_says_analysing(client, recorded):
    player = recorded.player2
    response = hand_in(player, recorded, client=client)
    assert response.status_code == 302
    assert response["Location"] == page(player, recorded)
    transcript = Transcript.objects.get()
    assert (transcript.handed_in_by_player, transcript.swapped) == (player, False)
    assert Job.objects.get().key == f"analysis:{recorded.pk}"
    body = client.get(response["Location"]).content.decode()
    assert "Match file handed in." in body
    assert "Analysing… GNU Backgammon is reading the match" in body
    assert "Hand in the file" not in body  # handed in: no second form


def test_a_bad_file_is_answered_with_its_line_and_nothing_saved(recorded):
    response = hand_in(
        recorded.player1, recorded, TEXT.replace("Núria Ferrer : 1", "Núria Ferrer : 77777")
    )
    assert response.status_code == 400
    body = response.content.decode()
    assert 'role="alert"' in body and "line " in body
    assert 'aria-invalid="true"' in body
    nothing_saved()


def test_a_file_too_big_or_not_text_is_refused(recorded):
    response = hand_in(recorded.player1, recorded, b" " * (MAX_BYTES + 1))
    assert response.status_code == 400
    assert "The file is too big for a match transcript." in response.content.decode()
    response = hand_in(recorded.player1, recorded, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    assert response.status_code == 400
    assert "The file is not text." in response.content.decode()
    nothing_saved()


def test_a_match_without_games_gets_no_transcript_but_goes_to_the_opponent(recorded):
    # No longer refused: the file is the player's report of the match, which the
    # opponent confirms (tests/pages/test_file_report_pages.py); nothing kept till then.
    empty = create_match(recorded.tournament, recorded.player1, recorded.player2, 5)
    response = hand_in(recorded.player1, empty)
    assert response.status_code == 302
    nothing_saved()


def test_the_form_is_refused_without_its_csrf_token(recorded):
    client = Client(enforce_csrf_checks=True, headers={"accept-language": "en"})
    assert hand_in(recorded.player1, recorded, client=client).status_code == 403
    nothing_saved()


def test_the_live_part_turns_into_the_skill_section_when_analysed(
    client, recorded, django_assert_num_queries
):
    player = recorded.player1
    hand_in(player, recorded)
    url = page(player, recorded)
    client.get(url)  # the CSRF cookie the polls send back
    waiting = client.get(url, {"partial": "skill"})
    assert "<html" not in waiting.content.decode()
    assert "Analysing…" in waiting.content.decode()
    # Nothing new: the link's player, then the match with its marks and its job.
    with django_assert_num_queries(2):
        again = client.get(url, {"partial": "skill"}, headers={"if-none-match": waiting["ETag"]})
    assert again.status_code == 304

    analyses.analysed(recorded, first=-12.4, second=-6.6)
    with django_assert_num_queries(3):  # and the analysed players
        done = client.get(url, {"partial": "skill"}, headers={"if-none-match": waiting["ETag"]})
    assert done.status_code == 200
    body = done.content.decode()
    assert "Analysing" not in body
    assert "GNUBG PR" in body and "<strong>6.2</strong>" in body and "<strong>3.3</strong>" in body
    assert done["X-Live-Mark"] != waiting["X-Live-Mark"]


def test_a_failed_analysis_says_so(client, recorded):
    hand_in(recorded.player1, recorded)
    Job.objects.update(status="failed")
    body = client.get(page(recorded.player1, recorded), {"partial": "skill"}).content.decode()
    assert "The analysis could not be made" in body


def test_the_whole_page_costs_few_queries(client, recorded, django_assert_num_queries):
    # The link's player and the match with its marks, its analysis's id, its file and
    # its job; then, once analysed, the analysed players.
    url = page(recorded.player1, recorded)
    with django_assert_num_queries(2):
        assert client.get(url).status_code == 200
    hand_in(recorded.player1, recorded)
    analyses.analysed(recorded)
    with django_assert_num_queries(3):
        assert client.get(url).status_code == 200


def test_the_page_speaks_catalan(recorded):
    catalan = Client(headers={"accept-language": "ca"})
    body = catalan.get(page(recorded.player1, recorded)).content.decode()
    assert "El teu matx contra Pere Puig" in body
    assert "Lliura el fitxer del matx" in body and "Fitxer de matx (.mat)" in body
    refused = hand_in(
        recorded.player1,
        recorded,
        TEXT.replace("Núria Ferrer : 1", "Núria Ferrer : 77777"),
        catalan,
    )
    assert "línia " in refused.content.decode()
    hand_in(recorded.player1, recorded, client=catalan)
    body = catalan.get(page(recorded.player1, recorded)).content.decode()
    assert "Fitxer del matx lliurat." in body and "Analitzant… GNU Backgammon" in body
    private = reverse("player-page", args=[token_of(link_for(recorded.player1))])
    body = catalan.get(private).content.decode()
    assert "Els teus matxs anotats" in body and "El seu fitxer, en anàlisi" in body
