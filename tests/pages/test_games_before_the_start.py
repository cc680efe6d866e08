"""A match takes games only once its tournament has started: in a draft cup dated next
week, drawn and with its players known, no game comes in by any door (the director's
sheet, the device's queue, a player's report and its confirmation, a match file, an
event's files), each refusal saying why, and nothing is saved; once started, they do."""

import json
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

import builders
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import GameReport, Match
from tournament.operations.links import link_for, token_of
from tournament.operations.reports import confirm_report, report_game

NOT_STARTED = "This tournament has not started: its matches take games once it is started."
GAMMON = {"winner": "0", "kind": "gammon", "cube": "1", "how": "played"}
MAT = (Path(__file__).resolve().parents[1] / "data" / "mat" / "gnubg_1pt.mat").read_text()


@pytest.fixture
def draft(season):
    """A cup dated next week, drawn, not started; its first match ready to play."""
    next_week = (timezone.localdate() + timedelta(days=7)).isoformat()
    # The players and the length of the match file the tests hand in.
    cup = builders.cup(
        season, ["Jordi Vila", "Marta"], date=next_week, brackets={"main": "1"}, start=False
    )
    match = cup.matches.get()
    assert cup.is_draft and match.players_known and match.status == "ready"
    return match


def sheet(match) -> str:
    return reverse("director-match", args=[match.tournament_id, match.pk])


def nothing_recorded(match: Match) -> None:
    match.refresh_from_db()
    assert match.games.count() == 0 and match.status == "ready"
    assert match.tournament.is_draft


def test_the_operations_refuse_a_game_a_penalty_and_a_report(draft):
    with pytest.raises(operations.MatchClosed, match=NOT_STARTED):
        operations.record_game(draft, GameResult(0))
    with pytest.raises(operations.MatchClosed, match=NOT_STARTED):
        operations.award_penalty(draft, 0, 2)
    with pytest.raises(operations.MatchClosed, match=NOT_STARTED):
        report_game(draft, draft.player1, GameResult(0, "gammon"))
    nothing_recorded(draft)
    assert not GameReport.objects.exists()


def test_a_report_made_before_the_start_is_not_recorded_by_its_confirmation(draft):
    # The reported case: a report waiting (made when reports still went through), and
    # the opponent confirms it while the cup is still a draft.
    GameReport.objects.create(
        match=draft,
        reported_by=draft.player1,
        version=draft.version,
        number=1,
        winner=0,
        kind="gammon",
        cube=1,
        how="played",
    )
    with pytest.raises(operations.MatchClosed, match=NOT_STARTED):
        confirm_report(draft, draft.player2)
    nothing_recorded(draft)


def test_the_sheet_says_so_and_refuses_the_form_and_the_devices_queue(director_client, draft):
    text = director_client.get(sheet(draft)).content.decode()
    assert NOT_STARTED in text
    assert "Record the game" not in text and "Award the points" not in text
    response = director_client.post(sheet(draft), {**GAMMON, "version": draft.version})
    assert response.status_code == 409 and NOT_STARTED in response.content.decode()
    sent = director_client.post(
        sheet(draft),
        {**GAMMON, "version": draft.version, "entry": "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"},
        HTTP_ACCEPT="application/json",
    )
    assert sent.status_code == 409
    assert json.loads(sent.content) == {"status": "refused", "reason": NOT_STARTED}
    nothing_recorded(draft)


def test_the_sheet_refuses_a_match_file(director_client, draft):
    url = reverse("director-import", args=[draft.tournament_id, draft.pk])
    response = director_client.post(url, {"transcript": MAT})
    assert response.status_code == 400 and NOT_STARTED in response.content.decode()
    nothing_recorded(draft)


def test_an_events_files_wait_for_the_start(director_client, draft):
    url = reverse("director-event-transcripts", args=[draft.tournament_id])
    upload = SimpleUploadedFile("copa.mat", MAT.encode())
    response = director_client.post(url, {"files": [upload]})
    (planned,) = response.context["plan"].files
    assert planned.error == NOT_STARTED and not planned.ready
    nothing_recorded(draft)


def test_a_players_page_offers_no_report_and_refuses_one(draft):
    player = draft.player1
    page = reverse("player-page", args=[token_of(link_for(player))])
    client = Client(headers={"accept-language": "en"})
    text = client.get(page).content.decode()
    assert "The tournament has not started yet: its games are reported once it has." in text
    assert "Report the game" not in text
    response = client.post(
        f"{page}matches/{draft.pk}/report/", {**GAMMON, "version": str(draft.version)}
    )
    assert response.status_code == 409
    assert not GameReport.objects.exists()
    nothing_recorded(draft)


def test_once_started_the_match_takes_its_games(director_client, draft):
    operations.start_tournament(draft.tournament)
    response = director_client.post(sheet(draft), {**GAMMON, "version": draft.version})
    assert response.status_code == 302
    draft.refresh_from_db()
    assert draft.status == "decided" and draft.score == (1, 0)
