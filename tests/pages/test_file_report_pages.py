"""A player hands in the file of a match not recorded yet from their private link; the
opponent sees it on their own page with its games and confirms it (the games recorded,
the file kept and analysed) or disputes it with a note; the director's queue shows it
and accepts or rejects it whole. Every form carries its CSRF token; a file report costs
the pages no query more than a reported game."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

import builders
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, GameReport, Job, Player, Transcript
from tournament.operations import create_match, record_game, reports
from tournament.operations.links import link_for, token_of

NOISY = Path(__file__).resolve().parents[1] / "data" / "gnubg" / "noisy_5pt.mat"
TEXT = NOISY.read_text(encoding="utf-8")

pytestmark = pytest.mark.django_db


@pytest.fixture
def unrecorded(tournament):
    """A match to 5 between the file's players, Núria Ferrer first, no game yet."""
    nuria, pere = (Player.objects.create(name=name) for name in ("Núria Ferrer", "Pere Puig"))
    return create_match(builders.started(tournament), nuria, pere, 5)


def english(**kwargs) -> Client:
    return Client(headers={"accept-language": "en"}, **kwargs)


def link(player) -> str:
    return reverse("player-page", args=[token_of(link_for(player))])


def hand_in(player, match, client=None):
    upload = SimpleUploadedFile("match.mat", TEXT.encode(), "application/octet-stream")
    url = reverse("player-hand-in", args=[token_of(link_for(player)), match.pk])
    return (client or english()).post(url, {"file": upload})


def nothing_recorded(match):
    match.refresh_from_db()
    assert match.games.count() == 0 and not match.is_decided
    assert not Transcript.objects.exists() and not Job.objects.exists()


def test_the_hand_in_page_offers_the_form_and_says_who_confirms(unrecorded):
    pere = unrecorded.player2
    page = reverse("player-transcript", args=[token_of(link_for(pere)), unrecorded.pk])
    body = english().get(page).content.decode()
    assert "the file goes to Núria Ferrer to confirm" in body
    # The player's own page links an open match with no game yet to it.
    assert f'href="{page}">Hand in its file</a>' in english().get(link(pere)).content.decode()


def test_a_file_for_an_unrecorded_match_is_sent_to_the_opponent(unrecorded):
    pere = unrecorded.player2
    client = english()
    response = hand_in(pere, unrecorded, client)
    assert response.status_code == 302
    body = client.get(response.url).content.decode()
    assert "Sent to Núria Ferrer to confirm: the match is recorded once they do." in body
    assert 'name="file"' not in body  # one file waits: no second form
    assert GameReport.objects.get().is_file
    nothing_recorded(unrecorded)


def test_the_opponent_sees_the_file_and_confirms_it_from_their_page(unrecorded):
    nuria, pere = unrecorded.players
    hand_in(pere, unrecorded)
    client = english()
    body = client.get(link(nuria)).content.decode()
    assert "Pere Puig handed in the match file: 4 games, Pere Puig won 5–2." in body
    assert "<li>Game 1: Núria Ferrer wins, single, cube 1, double dropped</li>" in body
    assert "<li>Game 4: Pere Puig wins, backgammon, cube 2, resigned</li>" in body
    assert "Confirm: record these games" in body
    report = GameReport.objects.get()
    confirm = f"{link(nuria)}matches/{unrecorded.pk}/confirm/"
    response = client.post(confirm, {"report": report.pk})
    assert response.status_code == 302
    assert (
        "Match file confirmed: its games are recorded." in client.get(link(nuria)).content.decode()
    )
    unrecorded.refresh_from_db()
    assert unrecorded.winner == pere and unrecorded.games.count() == 4
    assert Transcript.objects.get().handed_in_by_player == pere
    assert Job.objects.get().key == f"analysis:{unrecorded.pk}"


def test_the_player_who_handed_it_in_cannot_confirm_it(unrecorded):
    pere = unrecorded.player2
    hand_in(pere, unrecorded)
    response = english().post(f"{link(pere)}matches/{unrecorded.pk}/confirm/")
    assert response.status_code == 409
    assert "You handed in this match file: your opponent confirms it" in response.content.decode()
    nothing_recorded(unrecorded)


def test_confirming_without_the_csrf_token_is_refused(unrecorded):
    nuria, pere = unrecorded.players
    hand_in(pere, unrecorded)
    strict = english(enforce_csrf_checks=True)
    assert strict.post(f"{link(nuria)}matches/{unrecorded.pk}/confirm/").status_code == 403
    nothing_recorded(unrecorded)


def test_a_file_made_stale_by_the_director_is_not_offered_nor_recorded(unrecorded):
    nuria, pere = unrecorded.players
    hand_in(pere, unrecorded)
    record_game(unrecorded, GameResult(0))
    client = english()
    assert "handed in the match file" not in client.get(link(nuria)).content.decode()
    response = client.post(f"{link(nuria)}matches/{unrecorded.pk}/confirm/")
    assert response.status_code == 409
    assert "it has lapsed, and nothing was recorded" in response.content.decode()
    unrecorded.refresh_from_db()
    assert unrecorded.games.count() == 1 and not Transcript.objects.exists()


def test_another_players_match_is_refused(unrecorded):
    stranger = Player.objects.create(name="Xavier Coll")
    assert hand_in(stranger, unrecorded).status_code == 403
    page = reverse("player-transcript", args=[token_of(link_for(stranger)), unrecorded.pk])
    assert english().get(page).status_code == 404
    assert not GameReport.objects.exists()


def test_a_dispute_goes_to_the_directors_queue_who_accepts_it(unrecorded, director_client):
    nuria, pere = unrecorded.players
    hand_in(pere, unrecorded)
    report = GameReport.objects.get()
    dispute = f"{link(nuria)}matches/{unrecorded.pk}/dispute/"
    response = english().post(dispute, {"report": report.pk, "note": "game 3 was mine"})
    assert response.status_code == 302
    report.refresh_from_db()
    assert (report.status, report.dispute_note) == ("disputed", "game 3 was mine")
    queue = director_client.get(reverse("director-reports")).content.decode()
    assert "Pere Puig handed in the match file: 4 games, Pere Puig won 5–2." in queue
    assert "“game 3 was mine”" in queue
    assert "Accept: record the file's games" in queue
    assert "Record the corrected game" not in queue  # accepted or rejected whole
    accept = reverse("director-report-accept", args=[report.pk])
    response = director_client.post(accept, follow=True)
    assert "Match file accepted: its games are recorded." in response.content.decode()
    unrecorded.refresh_from_db()
    assert unrecorded.winner == pere
    assert AuditEntry.objects.filter(action="transcript_imported", user__isnull=False).exists()


def test_the_director_rejects_a_file(unrecorded, director_client):
    hand_in(unrecorded.player2, unrecorded)
    report = GameReport.objects.get()
    reject = reverse("director-report-reject", args=[report.pk])
    assert director_client.post(reject).status_code == 302
    report.refresh_from_db()
    assert report.status == "rejected"
    nothing_recorded(unrecorded)


def test_a_file_report_costs_the_pages_no_query_more_than_a_game(
    unrecorded, director_client, django_assert_num_queries
):
    # The opponent's page: the link's player, the open matches, their games and
    # penalties, the waiting reports, the recorded matches, the door (the check-in
    # of their tournaments: player_door); the file is read from the
    # match's prefetched rows (no query of its own). The queue: the session, its user,
    # the permissions (user's and group's), the reports with their matches, their games
    # and penalties. The same with a game waiting as with a file.
    nuria, pere = unrecorded.players
    client = english()
    url, queue = link(nuria), reverse("director-reports")
    reports.report_game(unrecorded, pere, GameResult(1))
    client.get(url)  # the link made and the session's cookie set before counting
    with django_assert_num_queries(7):
        assert "reports game 1" in client.get(url).content.decode()
    # The director's page reads the user's club roles (one query), not their permissions.
    with django_assert_num_queries(6):
        assert "reports game 1" in director_client.get(queue).content.decode()
    reports.reject_report(GameReport.objects.get())
    hand_in(pere, unrecorded)
    with django_assert_num_queries(7):
        assert "handed in the match file" in client.get(url).content.decode()
    with django_assert_num_queries(6):
        assert "handed in the match file" in director_client.get(queue).content.decode()


def test_the_opponents_page_in_catalan(unrecorded):
    nuria, pere = unrecorded.players
    hand_in(pere, unrecorded)
    body = Client(headers={"accept-language": "ca"}).get(link(nuria)).content.decode()
    assert "Pere Puig ha lliurat el fitxer del matx: 4 jocs, guanya Pere Puig 5–2." in body
    assert "Joc 1: guanya Núria Ferrer, simple, dau 1" in body
    assert "Confirma: registra aquests jocs" in body


def test_the_players_desk_names_the_file_not_a_game(unrecorded, director_client):
    hand_in(unrecorded.player2, unrecorded)
    desk = reverse("director-player", args=[unrecorded.player2.pk])
    body = director_client.get(desk).content.decode()
    assert "Pere Puig handed in the match file." in body
    assert "reports game 1" not in body
