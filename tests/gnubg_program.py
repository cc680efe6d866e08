"""Debian's GNU Backgammon for the tests that run it (.mat files, the analysis)."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

# Debian installs gnubg in /usr/games, which is not always on PATH.
GNUBG = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
# CI installs it and sets REQUIRE_GNUBG=1: there a missing gnubg fails instead of skipping.
if GNUBG is None and os.environ.get("REQUIRE_GNUBG") == "1":
    raise RuntimeError("REQUIRE_GNUBG=1 but GNU Backgammon is not installed")
needs_gnubg = pytest.mark.skipif(
    GNUBG is None, reason="GNU Backgammon is not installed (apt-get install gnubg)"
)


def run_gnubg(commands: list[str], home: Path) -> str:
    """Feed commands to gnubg in text mode; its settings go to a throwaway HOME."""
    assert GNUBG is not None
    done = subprocess.run(
        [GNUBG, "-t", "-q"],
        input="\n".join(commands) + "\n",
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "HOME": str(home), "LANG": "C.UTF-8"},
        check=False,
    )
    return done.stdout + done.stderr
