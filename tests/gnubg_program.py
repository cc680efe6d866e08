"""Debian's GNU Backgammon for the tests that run it (.mat files, the analysis), and the
gnubg Python package (the PyPI wheel, from requirements.txt) for the analysis's other
engine."""

import importlib.util
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tournament.engines import gnubg

# Debian installs gnubg in /usr/games, which is not always on PATH.
GNUBG = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
# CI installs it and sets REQUIRE_GNUBG=1: there a missing gnubg fails instead of skipping.
if GNUBG is None and os.environ.get("REQUIRE_GNUBG") == "1":
    raise RuntimeError("REQUIRE_GNUBG=1 but GNU Backgammon is not installed")
needs_gnubg = pytest.mark.skipif(
    GNUBG is None, reason="GNU Backgammon is not installed (apt-get install gnubg)"
)
# The package: found, not imported (the tests run it in a child, as the site does). CI
# installs it from requirements.txt: there too a missing one fails instead of skipping.
LIBRARY = importlib.util.find_spec("gnubg") is not None
if not LIBRARY and os.environ.get("REQUIRE_GNUBG") == "1":
    raise RuntimeError("REQUIRE_GNUBG=1 but the gnubg Python package is not installed")
needs_library = pytest.mark.skipif(
    not LIBRARY, reason="the gnubg Python package is not installed (requirements.txt)"
)


def hide_gnubg(monkeypatch, empty: Path, *, library: bool = False) -> None:
    """A machine without Debian's gnubg (no GNUBG_PATH, none on PATH or in /usr/games),
    and with `library`, without the gnubg Python package too."""
    monkeypatch.delenv("GNUBG_PATH", raising=False)
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.setattr(gnubg, "DEBIAN_GAMES", str(empty))
    if library:
        monkeypatch.setattr(gnubg, "LIBRARY", "gnubg_not_installed_here")


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
