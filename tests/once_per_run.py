"""What the test processes of one run make once and share: a folder of the run's own,
named before xdist starts its processes (they inherit the name), and a lock in it that
makes the other processes wait while the first one makes a thing. The first process
removes the folder at its very end.

Used for the migrated SQLite database every test process starts from (conftest.py), the
loaded demo club (demo_club.py), and the several servers' club and static files
(several_servers.py). Not xdist's `loadgroup`, which would keep a module in one process:
with pytest 9.2 it no longer groups (pytest-xdist issue 1386), and a thing made once
serves every module."""

import fcntl
import os
import shutil
import tempfile
import uuid
from contextlib import contextmanager
from pathlib import Path

RUN = "QGAMMON_TEST_RUN"


def start(config) -> None:
    """conftest.py's pytest_configure: the run named, in its first process."""
    if not hasattr(config, "workerinput"):
        os.environ.setdefault(RUN, f"qgammon_run_{os.getpid()}_{uuid.uuid4().hex[:8]}")


def folder() -> Path:
    return Path(tempfile.gettempdir()) / os.environ[RUN]


def finish(config) -> None:
    """conftest.py's pytest_unconfigure, after every other: the run's folder removed."""
    if not hasattr(config, "workerinput") and RUN in os.environ:
        shutil.rmtree(folder(), ignore_errors=True)


@contextmanager
def once(what: str):
    """The run's folder, to `what` alone: the other test processes wait their turn."""
    here = folder()
    here.mkdir(exist_ok=True)
    with open(here / f"{what}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield here
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
