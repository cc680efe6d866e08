"""Real background workers (`manage.py worker`) for the tests, on the test database
(SQLite's file or PostgreSQL's test database), as `make run` starts them; and the
worker's loop run in the test's own process (`run_here`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.db import connection

from tournament.jobs.runner import run_one

ROOT = Path(__file__).resolve().parents[1]


def database_url() -> str:
    database = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{database['NAME']}"
    host = database.get("HOST") or "127.0.0.1"
    port = database.get("PORT") or 5432
    return f"postgres://{database['USER']}@{host}:{port}/{database['NAME']}"


def start_worker(*args: str, **settings: str) -> subprocess.Popen:
    """`manage.py worker *args` in a process of its own, with `settings` as environment
    variables (JOBS_LEASE_GRACE="1"...)."""
    env = {**os.environ, "DATABASE_URL": database_url(), **settings}
    return subprocess.Popen(
        [sys.executable, "manage.py", "worker", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(worker: subprocess.Popen, timeout: float = 60) -> str:
    """The worker's output once it has ended by itself (`--until-empty`), successfully."""
    out, err = worker.communicate(timeout=timeout)
    assert worker.returncode == 0, err
    return out


def run_here(worker: str = "test-worker") -> list:
    """The worker's loop in this process until no job is waiting and due: the test's
    transaction stays open, so the jobs see the test's rows. The jobs run, in order."""
    ran = []
    while (job := run_one(worker)) is not None:
        ran.append(job)
    return ran
