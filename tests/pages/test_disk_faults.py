"""A disk that refuses writes, for real: the SQLite file on a small file system of its
own (tmpfs) that is then remounted read-only, or filled to the last byte. Pages still
read (public ones, a logged-in director's, a player's); every write is a 503 that says
nothing was recorded (JSON for the device's queue, which keeps the entry), and nothing
is written. Mounting needs root, as CI and the development machines run."""

import os
import sqlite3
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tournament.models import Bracket, Game, GameReport, SignUp, Tournament
from tournament.operations import registrations
from tournament.operations.links import link_for, token_of

NOTHING_RECORDED = "Nothing was recorded: the club’s database cannot be written to right now"


def text(response) -> str:
    return response.content.decode().replace("&#x27;", "’").replace("'", "’")


def run(*command: str) -> bool:
    return subprocess.run(command, capture_output=True).returncode == 0


def remount(folder: Path, mode: str) -> None:
    # A file just closed can keep the file system busy for a moment.
    for _ in range(40):
        if run("mount", "-o", f"remount,{mode}", str(folder)):
            return
        time.sleep(0.25)
    raise AssertionError(f"could not remount {folder} {mode}")


@contextmanager
def database_on_a_small_disk(folder: Path):
    """The test database, as committed, copied onto a tmpfs of its own, which the
    site's connection then uses."""
    if connection.vendor != "sqlite":
        pytest.skip("an SQLite file; PostgreSQL's refusals: test_error_pages.py")
    if not run("mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(folder)):
        if os.environ.get("CI") or os.geteuid() == 0:
            raise AssertionError("mounting a tmpfs failed")
        pytest.skip("mounting a file system needs root")
    original = connection.settings_dict["NAME"]
    copy = folder / "club.sqlite3"
    try:
        connection.close()
        with sqlite3.connect(original) as source, sqlite3.connect(copy) as target:
            source.backup(target)
        target.close()
        connection.settings_dict["NAME"] = str(copy)
        yield copy
    finally:
        connection.close()
        connection.settings_dict["NAME"] = original
        run("umount", "-l", str(folder))


def read_only(folder: Path) -> None:
    connection.close()
    remount(folder, "ro")


def full(folder: Path) -> None:
    connection.close()
    with open(folder / "filler", "wb", buffering=0) as filler:
        for size in (65536, 1):  # to the last byte
            try:
                while True:
                    filler.write(b"\0" * size)
            except OSError:
                pass


def mended(folder: Path) -> None:
    connection.close()
    remount(folder, "rw")
    (folder / "filler").unlink(missing_ok=True)


@pytest.fixture
def open_cup(season, director):
    """A cup taking registrations, beside the running one."""
    cup = Tournament.objects.create(season=season, name="Copa oberta", date="2002-12-14")
    Bracket.objects.create(tournament=cup, kind="main", lengths="5", fee="10.00")
    registrations.set_registration(cup, open_=True, cap=8, closes=None, user=director)
    return cup


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("fault", [read_only, full], ids=["read-only", "full"])
def test_a_disk_that_refuses_writes_still_reads_and_answers_each_write_503(
    fault, match, director, players, open_cup, tmp_path
):
    director_browser = Client(raise_request_exception=False, headers={"accept-language": "en"})
    login = director_browser.post(
        reverse("login"), {"username": "tdirector", "password": "secret-pass-1234"}
    )
    assert login.status_code == 302
    visitor = Client(raise_request_exception=False, headers={"accept-language": "en"})
    player = Client(raise_request_exception=False, headers={"accept-language": "en"})
    page = reverse("player-page", args=[token_of(link_for(players[0]))])
    sheet = reverse("director-match", args=[match.tournament_id, match.pk])
    game = {"winner": 0, "kind": "single", "cube": 1, "how": "played", "version": 0}
    report = {"winner": "0", "kind": "gammon", "cube": "1", "how": "played", "version": "0"}
    queued = {"HTTP_ACCEPT": "application/json"}
    folder = tmp_path / "disk"
    folder.mkdir()
    with database_on_a_small_disk(folder):
        fault(folder)
        for browser, address in [
            (visitor, reverse("home")),
            (visitor, reverse("tournament", args=[match.tournament_id])),
            (visitor, reverse("match", args=[match.pk])),
            (visitor, reverse("ratings")),
            (visitor, reverse("register", args=[open_cup.pk])),
            (director_browser, reverse("director-desk")),
            (director_browser, reverse("director-tournament", args=[match.tournament_id])),
            (director_browser, sheet),
            (player, page),
        ]:
            response = browser.get(address)
            assert response.status_code == 200, address
        # The director is still logged in: the desk is not the login page.
        assert "tdirector" in text(director_browser.get(reverse("director-desk")))

        recorded = director_browser.post(sheet, game)
        assert recorded.status_code == 503
        assert NOTHING_RECORDED in text(recorded)
        reported = player.post(f"{page}matches/{match.pk}/report/", report)
        assert reported.status_code == 503
        assert NOTHING_RECORDED in text(reported)
        for browser, address, entry, key in [
            (director_browser, sheet, game, "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"),
            (
                player,
                f"{page}matches/{match.pk}/report/",
                report,
                "1f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0",
            ),
        ]:
            sent = browser.post(address, {**entry, "entry": key}, **queued)
            assert sent.status_code == 503
            assert sent["Content-Type"] == "application/json"
            assert sent.json()["status"] == "later"
            assert NOTHING_RECORDED.replace("’", "'") in sent.json()["reason"]

        signed_up = visitor.post(
            reverse("register", args=[open_cup.pk]), {"name": "Joan Puig", "email": "j@ex.org"}
        )
        assert signed_up.status_code == 503
        assert NOTHING_RECORDED in text(signed_up)
        logged_in = Client(raise_request_exception=False, headers={"accept-language": "en"}).post(
            reverse("login"), {"username": "tdirector", "password": "secret-pass-1234"}
        )
        assert logged_in.status_code == 503
        assert NOTHING_RECORDED in text(logged_in)

        mended(folder)
        assert not SignUp.objects.exists()
        assert not Game.objects.filter(match=match).exists()
        assert not GameReport.objects.filter(match=match).exists()
        # Written again as soon as the disk takes it.
        assert director_browser.post(sheet, game).status_code == 302
        assert Game.objects.filter(match=match).count() == 1
