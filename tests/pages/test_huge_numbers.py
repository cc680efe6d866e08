"""A match file with a number thousands of digits long (a match length, a score, a
game's points): refused as a file that does not read, at its line, through each door a
file comes in by (a player's hand-in, the director's match import, an event's upload),
never a 500 (Python's int() refuses past 4300 digits; a shorter one overflowed later)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

import builders
from tournament.core import matfile
from tournament.core.rules import RuleSet
from tournament.models import GameReport, Match, Transcript
from tournament.operations.links import link_for, token_of

DATA = Path(__file__).resolve().parents[1] / "data"
SGF = (DATA / "sgf" / "noisy_5pt.sgf").read_text(encoding="utf-8")
MAT = (DATA / "gnubg" / "noisy_5pt.mat").read_text(encoding="utf-8")
HUGE = "9" * 5000
SAYS = "999999999999… is too big a number for a match"

pytestmark = pytest.mark.django_db


def huge_sgfs() -> dict[str, tuple[str, int]]:
    """Each file, and the line the huge number is on."""
    length = SGF.replace("MI[length:5]", f"MI[length:{HUGE}]", 1)
    score = SGF.replace("[ws:1]", f"[ws:{HUGE}]", 1)
    return {
        "length": (length, 1 + SGF[: SGF.index("MI[length:5]")].count("\n")),
        "score": (score, 1 + SGF[: SGF.index("[ws:1]")].count("\n")),
    }


@pytest.mark.parametrize("where", ["length", "score"])
def test_the_reader_refuses_it_at_its_line(where):
    text, line = huge_sgfs()[where]
    with pytest.raises(matfile.MatError) as refused:
        matfile.read(matfile.convert(text, "m.sgf").text, RuleSet())
    assert (refused.value.line, refused.value.message()) == (line, SAYS)
    mat = MAT.replace(" 5 point match", f" {HUGE} point match", 1)
    with pytest.raises(matfile.MatError, match="too big a number"):
        matfile.read(mat, RuleSet())


@pytest.fixture
def unrecorded(tournament, players):
    return Match.objects.create(
        tournament=builders.started(tournament),
        player1=players[0],
        player2=players[1],
        length=5,
        status="ready",
    )


def test_a_players_hand_in_is_a_400_with_the_line(unrecorded, players):
    text, line = huge_sgfs()["length"]
    url = reverse("player-hand-in", args=[token_of(link_for(players[0])), unrecorded.pk])
    upload = SimpleUploadedFile("match.sgf", text.encode())
    response = Client(headers={"accept-language": "en"}).post(url, {"file": upload})
    assert response.status_code == 400
    assert f"line {line}: {SAYS}" in response.content.decode()
    assert not GameReport.objects.exists() and not Transcript.objects.exists()


def test_the_directors_match_import_is_a_400_with_the_line(director_client, unrecorded):
    text, line = huge_sgfs()["score"]
    url = reverse("director-import", args=[unrecorded.tournament_id, unrecorded.pk])
    response = director_client.post(url, {"file": SimpleUploadedFile("m.sgf", text.encode())})
    assert response.status_code == 400
    assert f"line {line}: {SAYS}" in response.content.decode()
    assert not unrecorded.games.exists()


def test_an_events_upload_refuses_that_file_with_the_line(director_client, unrecorded):
    text, line = huge_sgfs()["length"]
    url = reverse("director-event-transcripts", args=[unrecorded.tournament_id])
    upload = SimpleUploadedFile("huge.sgf", text.encode())
    response = director_client.post(url, {"files": [upload]})
    assert response.status_code == 200  # the preview, the file refused in its row
    (row,) = response.context["plan"].files
    assert row.error == f"line {line}: {SAYS}" and not row.ready
    assert not unrecorded.games.exists()
