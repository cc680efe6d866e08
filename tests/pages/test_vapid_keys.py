"""The club's VAPID key pair (docs/push.md): `manage.py make_vapid_keys` makes it, into
a file readable by its owner alone (kept as it is with --keep, as `make run` asks) or as
a line for the environment; the settings read it from VAPID_PRIVATE_KEY or from the file
VAPID_KEY_FILE names, derive the public key the pages hand the browsers, and refuse a
key that is not one. Without any, the site offers no notifications."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from push_service import unb64
from tournament import push_keys

ROOT = Path(__file__).resolve().parents[2]
SHOW_KEYS = (
    "import django; django.setup(); from django.conf import settings; "
    "print(settings.VAPID_PRIVATE_KEY); print(settings.VAPID_PUBLIC_KEY)"
)


def settings_with(env: dict) -> subprocess.CompletedProcess:
    environment = {
        "PATH": os.environ["PATH"],
        "DJANGO_SETTINGS_MODULE": "tournament.settings",
        "SECRET_KEY": "k" * 60,
        **env,
    }
    return subprocess.run(
        [sys.executable, "-c", SHOW_KEYS],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def make_keys(*args) -> str:
    out = io.StringIO()
    call_command("make_vapid_keys", *args, stdout=out)
    return out.getvalue()


def test_the_command_writes_a_private_key_its_owner_alone_reads(tmp_path):
    path = tmp_path / "vapid"
    said = make_keys("--file", str(path))
    private_key = path.read_text().strip()
    public_key = push_keys.public_key_of(private_key)
    assert len(unb64(private_key)) == 32
    assert len(unb64(public_key)) == 65 and unb64(public_key)[0] == 4
    assert path.stat().st_mode & 0o777 == 0o600
    assert public_key in said and private_key not in said
    # --keep: made once, as `make run` makes it; without it, a new one.
    assert public_key in make_keys("--file", str(path), "--keep")
    assert path.read_text().strip() == private_key
    make_keys("--file", str(path))
    assert path.read_text().strip() != private_key


def test_without_a_file_the_command_prints_the_line_for_the_environment(monkeypatch):
    monkeypatch.delenv("VAPID_KEY_FILE", raising=False)
    said = make_keys().splitlines()
    assert said[0].startswith("VAPID_PRIVATE_KEY=")
    private_key = said[0].split("=", 1)[1]
    assert said[1] == f"# public key: {push_keys.public_key_of(private_key)}"


def test_keep_refuses_a_file_that_holds_no_key(tmp_path):
    path = tmp_path / "vapid"
    path.write_text("not a key\n")
    with pytest.raises(CommandError):
        make_keys("--file", str(path), "--keep")


def test_the_settings_read_the_key_file_and_derive_the_public_key(tmp_path):
    path = tmp_path / "vapid"
    make_keys("--file", str(path))
    shown = settings_with({"VAPID_KEY_FILE": str(path)})
    assert shown.returncode == 0, shown.stderr
    private_key, public_key = shown.stdout.split()
    assert private_key == path.read_text().strip()
    assert public_key == push_keys.public_key_of(private_key)


# Among the suite's slowest (8 s in one process on 2 busy cores): the real settings
# started in processes of their own, one per environment
def test_the_environments_key_comes_first_and_no_key_means_no_push(tmp_path):
    key = push_keys.new_private_key()
    shown = settings_with({"VAPID_PRIVATE_KEY": key, "VAPID_KEY_FILE": str(tmp_path / "none")})
    assert shown.stdout.split() == [key, push_keys.public_key_of(key)]
    # A file named but not made yet (make run names it before it makes it): no push.
    shown = settings_with({"VAPID_KEY_FILE": str(tmp_path / "none")})
    assert shown.returncode == 0 and shown.stdout.split() == []


def test_a_key_that_is_not_one_fails_loudly():
    shown = settings_with({"VAPID_PRIVATE_KEY": "not-a-key"})
    assert shown.returncode != 0
    assert "VAPID_PRIVATE_KEY is not a VAPID private key" in shown.stderr


def test_make_run_makes_the_key_before_serving():
    plan = subprocess.run(
        ["make", "-n", "-B", "run", "PORT=8123"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    keys = next(n for n, line in enumerate(plan) if "make_vapid_keys --keep" in line)
    server = next(n for n, line in enumerate(plan) if "gunicorn" in line)
    assert keys < server
