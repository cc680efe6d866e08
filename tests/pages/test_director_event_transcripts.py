"""A whole event's transcripts in one upload (a zip or several files): the preview says
per file the match it goes to and what happens, or why not; Confirm imports the good
ones through the operations; limits, names from the zip, permission and CSRF."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

import builders
from conftest import directors_group
from director_checks import assert_protected
from tournament.core import matfile
from tournament.imports import transcript_files
from tournament.models import Game, Job, Match, PendingUpload, Player, Transcript
from tournament.operations import games, pending_uploads

DATA = Path(__file__).resolve().parents[1] / "data"


def data(*parts: str) -> bytes:
    return DATA.joinpath(*parts).read_bytes()


def add_match(tournament, first: str, second: str, length: int) -> Match:
    players = [Player.objects.get_or_create(name=name)[0] for name in (first, second)]
    return Match.objects.create(
        tournament=builders.started(tournament),
        player1=players[0],
        player2=players[1],
        length=length,
        status="ready",
    )


def record(match: Match, mat: bytes, director, *, swapped=False):
    for game in matfile.parse(mat.decode("utf-8")).games:
        result = game.result
        if swapped:
            result = type(result)(1 - result.winner, result.kind, result.cube, result.how)
        games.record_game(match, result, user=director)


@pytest.fixture
def event(tournament, director):
    """Matches of an event: two to record from files, one recorded that a file tells
    the same, one recorded otherwise."""
    unrecorded = add_match(tournament, "Núria Ferrer", "Pere Puig", 5)
    other_way = add_match(tournament, "Pere", "Anna", 7)  # the file names Anna first
    same = add_match(tournament, "Jordi Vila", "Marta", 1)
    record(same, data("mat", "gnubg_1pt.mat"), director)
    otherwise = add_match(tournament, "Núria Ferrer", "Pere Puig", 3)
    record(otherwise, data("gnubg", "noisy_3pt.mat"), director, swapped=True)
    return {"unrecorded": unrecorded, "other_way": other_way, "same": same, "otherwise": otherwise}


def zipped(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def event_zip() -> bytes:
    files = {
        "event/noisy_5pt.sgf": data("sgf", "noisy_5pt.sgf"),
        "gnubg_1pt.mat": data("mat", "gnubg_1pt.mat"),
        "../../noisy_3pt.mat": data("gnubg", "noisy_3pt.mat"),  # shown, never a path
        "strangers.mat": data("mat", "gnubg_3pt.mat").replace(b"Anna", b"Berta"),
        "broken.sgf": b"(;FF[4]GM[6]MI[length:5]PW[A]PB[B]RE[W+1]\n;W[99zz])\n",
        "README": b"not a match",
    }
    folder = DATA / "gnubg_text"
    for part in sorted(folder.glob("gnubg_7pt_drops*.txt")):
        files[f"text/{part.name}"] = part.read_bytes()
    return zipped(files)


def upload_url(tournament):
    return reverse("director-event-transcripts", args=[tournament.pk])


def preview(director_client, tournament, *uploads):
    files = [SimpleUploadedFile(name, content) for name, content in uploads]
    return director_client.post(upload_url(tournament), {"files": files})


def rows(response) -> dict[str, object]:
    return {file.name: file for file in response.context["plan"].files}


def test_the_preview_says_where_each_file_goes_and_saves_nothing(director_client, event):
    tournament = event["unrecorded"].tournament
    response = preview(director_client, tournament, ("event.zip", event_zip()))
    assert response.status_code == 200
    found = rows(response)
    assert set(found) == {
        "noisy_5pt.sgf",
        "gnubg_1pt.mat",
        "noisy_3pt.mat",
        "strangers.mat",
        "broken.sgf",
        "gnubg_7pt_drops.txt (+6)",
    }
    assert (found["noisy_5pt.sgf"].match, found["noisy_5pt.sgf"].action) == (
        event["unrecorded"],
        "record",
    )
    joined = found["gnubg_7pt_drops.txt (+6)"]
    assert (joined.match, joined.swapped, joined.format) == (event["other_way"], True, "text")
    assert (found["gnubg_1pt.mat"].match, found["gnubg_1pt.mat"].action) == (event["same"], "add")
    assert "game 1: the file says" in found["noisy_3pt.mat"].error
    assert "between Berta and Pere" in found["strangers.mat"].error
    assert found["broken.sgf"].error.startswith("line 2: ")
    page = response.content.decode()
    assert "Import 3 files" in page
    assert "Refused:" in page and "../" not in page
    assert not Transcript.objects.exists() and not Job.objects.exists()
    assert not Game.objects.filter(match=event["unrecorded"]).exists()


def test_confirm_imports_the_good_files(director_client, event):
    tournament = event["unrecorded"].tournament
    response = preview(director_client, tournament, ("event.zip", event_zip()))
    form = response.context["confirm_form"]
    confirm = reverse("director-event-transcripts-confirm", args=[tournament.pk])
    answer = director_client.post(confirm, {k: form.initial[k] for k in ("digest", "fingerprint")})
    assert answer.status_code == 302
    assert answer["Location"] == reverse("director-tournament", args=[tournament.pk])
    for match in (event["unrecorded"], event["other_way"]):
        match.refresh_from_db()
        assert match.is_decided
        assert Transcript.objects.filter(match=match).count() == 1
    # The other way round: the file's winner of game 1 (Pere, its right player) is the
    # match's player 1.
    first = matfile.parse(data("mat", "gnubg_7pt_drops.mat").decode()).games[0].result
    assert event["other_way"].games.get(number=1).winner == 1 - first.winner
    assert Transcript.objects.filter(match=event["same"]).count() == 1
    assert not Transcript.objects.filter(match=event["otherwise"]).exists()
    assert Job.objects.filter(kind="analysis").count() == 3
    page = director_client.get(answer["Location"]).content.decode()
    assert "3 match files imported" in page
    # The preview is used up.
    again = director_client.post(confirm, {k: form.initial[k] for k in ("digest", "fingerprint")})
    assert again.status_code == 409


def test_a_match_recorded_between_preview_and_confirm_shows_the_new_plan(
    director_client, event, director
):
    tournament = event["unrecorded"].tournament
    sgf = data("sgf", "noisy_5pt.sgf")
    response = preview(director_client, tournament, ("noisy_5pt.sgf", sgf))
    form = response.context["confirm_form"]
    record(event["unrecorded"], data("gnubg", "noisy_5pt.mat"), director)
    confirm = reverse("director-event-transcripts-confirm", args=[tournament.pk])
    answer = director_client.post(confirm, {k: form.initial[k] for k in ("digest", "fingerprint")})
    assert answer.status_code == 409
    assert rows(answer)["noisy_5pt.sgf"].action == "add"
    assert not Transcript.objects.exists()


def test_two_matches_between_the_same_pair(director_client, event, tournament):
    add_match(tournament, "Pere Puig", "Núria Ferrer", 5)  # a second, not recorded
    sgf = data("sgf", "noisy_5pt.sgf")
    response = preview(director_client, tournament, ("a.sgf", sgf), ("b.sgf", sgf))
    found = rows(response)
    assert "2 matches between Núria Ferrer and Pere Puig" in found["a.sgf"].error
    assert "2 matches between" in found["b.sgf"].error


def test_the_same_match_twice_in_one_upload(director_client, event, tournament):
    sgf = data("sgf", "noisy_5pt.sgf")
    found = rows(preview(director_client, tournament, ("a.sgf", sgf), ("b.sgf", sgf)))
    assert found["a.sgf"].match == event["unrecorded"]
    assert "a.sgf, earlier in this upload, is of the same match" in found["b.sgf"].error


def test_a_zips_second_file_of_a_match_names_the_first(director_client, event, tournament):
    # The director reads the names the zip shows, not where a file sits in it.
    sgf = data("sgf", "noisy_5pt.sgf")
    upload = zipped({"event/round1.sgf": sgf, "event/again.sgf": sgf})
    response = preview(director_client, tournament, ("event.zip", upload))
    found = rows(response)
    assert found["round1.sgf"].match == event["unrecorded"]
    assert found["again.sgf"].error == ("round1.sgf, earlier in this upload, is of the same match")
    assert "round1.sgf, earlier in this upload" in response.content.decode()


def test_limits(director_client, tournament, monkeypatch):
    monkeypatch.setattr(transcript_files, "MAX_FILES", 2)
    many = zipped({f"m{n}.mat": b" 1 point match\n" for n in range(3)})
    response = preview(director_client, tournament, ("many.zip", many))
    assert response.status_code == 400
    assert "2 files at most" in response.content.decode()

    # A member bigger than a transcript may be is refused before it is inflated.
    bomb = zipped({"bomb.mat": b" " * (2 * 1024 * 1024)})
    assert len(bomb) < 10_000
    response = preview(director_client, tournament, ("bomb.zip", bomb))
    assert "too big for a match transcript" in rows(response)["bomb.mat"].error

    response = preview(director_client, tournament, ("junk.zip", b"PK\x03\x04 nothing"))
    assert response.status_code == 400
    assert "cannot be opened" in response.content.decode()
    response = preview(director_client, tournament, ("notes.zip", zipped({"README": b"x"})))
    assert response.status_code == 400


def test_protected(director, tournament):
    assert_protected(director, upload_url(tournament), "post", {}, wrong_method="put")
    confirm = reverse("director-event-transcripts-confirm", args=[tournament.pk])
    assert_protected(director, confirm, "post", {}, wrong_method="get")


def test_the_tournament_desk_links_to_it(director_client, tournament):
    page = director_client.get(reverse("director-tournament", args=[tournament.pk]))
    assert upload_url(tournament) in page.content.decode()


def test_the_match_sheet_takes_an_sgf_and_asks_first_at_a_slips_line(director_client, event):
    match = event["unrecorded"]
    url = reverse("director-import", args=[match.tournament_id, match.pk])
    broken = data("sgf", "noisy_5pt.sgf").replace(b"[game:2][ws:1][bs:2]", b"[game:2][ws:2][bs:2]")
    line = next(n for n, text in enumerate(broken.splitlines(), 1) if b"[game:2]" in text)
    response = director_client.post(url, {"file": SimpleUploadedFile("m.sgf", broken)})
    # The slip is shown at its line and the director asked first: nothing recorded yet.
    assert response.status_code == 200
    assert f"line {line}: game 3: the score line says 2-2" in response.content.decode()
    assert 'name="confirm_warnings"' in response.content.decode()
    assert not match.games.exists()

    sgf = SimpleUploadedFile("m.sgf", data("sgf", "noisy_5pt.sgf"))
    assert director_client.post(url, {"file": sgf}).status_code == 302
    assert match.games.count() == 4
    assert Transcript.objects.get(match=match).text.lstrip().startswith("5 point match")


def session_bytes(client) -> int:
    """The size of the director's session as stored: every page they open reads it."""
    return len(Session.objects.get(session_key=client.session.session_key).session_data)


def padded(content: bytes, kilobytes: int) -> bytes:
    """A match file with comment lines (`; ...`) that its reader skips."""
    return content + b"".join(b"; " + b"x" * 1021 + b"\n" for _ in range(kilobytes))


def big_event_zip() -> bytes:
    """The issue's upload: 64 padded .mat files (a few MB unpacked, little zipped)."""
    stranger = data("mat", "gnubg_3pt.mat").replace(b"Anna", b"Berta")
    files = {f"round{n:02d}.mat": padded(stranger, 48) for n in range(63)}
    files["noisy_5pt.sgf"] = data("sgf", "noisy_5pt.sgf")
    return zipped(files)


def confirm_url(tournament) -> str:
    return reverse("director-event-transcripts-confirm", args=[tournament.pk])


def answer_of(form) -> dict:
    return {k: form.initial[k] for k in ("digest", "fingerprint")}


def test_a_big_upload_waits_outside_the_session_and_is_imported(director_client, event):
    tournament = event["unrecorded"].tournament
    director_client.get(upload_url(tournament))
    response = preview(director_client, tournament, ("event.zip", big_event_zip()))
    assert response.status_code == 200 and len(rows(response)) == 64
    # The session holds a key, not the files: it stays a few hundred bytes.
    assert session_bytes(director_client) < 4096
    answer = director_client.post(
        confirm_url(tournament), answer_of(response.context["confirm_form"])
    )
    assert answer.status_code == 302
    event["unrecorded"].refresh_from_db()
    assert event["unrecorded"].is_decided
    assert Transcript.objects.filter(match=event["unrecorded"]).count() == 1
    # Imported, the files are no longer kept.
    assert not PendingUpload.objects.exists()


def test_an_expired_or_another_directors_preview_is_refused_in_words(
    director_client, event, time_machine
):
    tournament = event["unrecorded"].tournament
    sgf = ("noisy_5pt.sgf", data("sgf", "noisy_5pt.sgf"))
    time_machine.move_to("2026-11-20 10:00")
    form = preview(director_client, tournament, sgf).context["confirm_form"]
    # Another director given this session's key (a stolen cookie's value, say).
    other = User.objects.create_user("second-director", password="secret-pass-1234")
    other.groups.add(directors_group())
    theirs = Client(headers={"accept-language": "en"})
    theirs.force_login(other)
    session = theirs.session
    session["event_transcripts"] = director_client.session["event_transcripts"]
    session.save()
    refused = theirs.post(confirm_url(tournament), answer_of(form))
    assert refused.status_code == 409
    gone = "This preview is no longer available (other files were previewed since, or it "
    assert gone in refused.content.decode()
    # A day and more later the preview has expired; the worker's prune drops it.
    time_machine.move_to("2026-11-21 11:00")
    refused = director_client.post(confirm_url(tournament), answer_of(form))
    assert refused.status_code == 409
    assert "waited too long to be confirmed): choose the files again." in refused.content.decode()
    assert not Transcript.objects.exists() and not event["unrecorded"].games.exists()
    assert pending_uploads.prune() == 1 and not PendingUpload.objects.exists()
