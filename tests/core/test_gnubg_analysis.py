"""The site's analysis gives each player the error rate gnubg itself prints for the same
file and settings (issue 26's "done when"), with either engine: Debian's gnubg program,
and the gnubg Python package (the PyPI wheel) that the site runs where the program is
not present. Each is skipped where it is not installed, except in CI (REQUIRE_GNUBG=1,
set by .ci/run, which installs the program; the package comes from requirements.txt)."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from gnubg_program import GNUBG, needs_gnubg, needs_library

from tournament.engines import gnubg
from tournament.engines.gnubg import GnubgError, analyse, commands

DATA = Path(__file__).resolve().parents[1] / "data"
MATCHES = [
    DATA / "gnubg" / "noisy_3pt.mat",
    DATA / "gnubg" / "noisy_5pt.mat",
    DATA / "gnubg" / "noisy_7pt.mat",
    DATA / "mat" / "gnubg_5pt_crawford.mat",
]
# The package run by hand: each command through gnubg.command, as its README shows;
# what it prints goes to the process's stdout.
BY_HAND = "import sys, gnubg\nfor line in sys.stdin.read().splitlines():\n    gnubg.command(line)\n"


def gnubgs_own_error_rates(
    path: Path, ply: int, home: Path, engine: str = "program"
) -> tuple[float, float]:
    """gnubg's overall "Error rate mEMG (MWC)" per player, run by hand: its commands, its
    printout, read with a regular expression of this test's own."""
    assert GNUBG is not None or engine == "library"
    argv = [GNUBG, "-t", "-q"] if engine == "program" else [sys.executable, "-c", BY_HAND]
    done = subprocess.run(
        argv,
        input="\n".join(commands(str(path), ply)) + "\n",
        capture_output=True,
        text=True,
        timeout=600,
        cwd=home,
        env={**os.environ, "HOME": str(home), "LANG": "C.UTF-8"},
        check=True,
    )
    overall = done.stdout[done.stdout.rindex("Overall statistics") :]
    found = re.search(r"Error rate mEMG \(MWC\)\s+(\S+)\s+\(.*?\)\s+(\S+)\s+\(", overall)
    assert found is not None, overall
    return float(found.group(1)), float(found.group(2))


@needs_gnubg
@pytest.mark.parametrize("path", MATCHES, ids=lambda path: path.name)
def test_the_error_rate_is_gnubgs_own_at_0_ply(path, tmp_path):
    analysis = analyse(path.read_text(encoding="utf-8"), 0)
    ours = tuple(player.error_rate for player in analysis.players)
    assert ours == gnubgs_own_error_rates(path, 0, tmp_path)
    assert analysis.version.startswith("GNU Backgammon ")
    for player in analysis.players:
        assert player.pr == pytest.approx(-player.error_rate / 2)


@needs_library
@pytest.mark.parametrize("path", MATCHES, ids=lambda path: path.name)
def test_the_error_rate_is_the_python_packages_own_at_0_ply(path, tmp_path):
    analysis = analyse(path.read_text(encoding="utf-8"), 0, engine="library")
    ours = tuple(player.error_rate for player in analysis.players)
    assert ours == gnubgs_own_error_rates(path, 0, tmp_path, "library")
    # The version kept with the analysis names the package, not Debian's program.
    assert analysis.version == "GNU Backgammon 1.1.0a16 (the gnubg Python package)"


# Among the suite's slowest (13 s in one process on 2 busy cores): GNU Backgammon at 2-ply, twice
# (ours and its own command line), on the shortest match
@needs_gnubg
def test_the_error_rate_is_gnubgs_own_at_2_ply(tmp_path):
    path = MATCHES[0]  # the shortest: 2-ply takes seconds a game
    analysis = analyse(path.read_text(encoding="utf-8"), 2)
    ours = tuple(player.error_rate for player in analysis.players)
    assert ours == gnubgs_own_error_rates(path, 2, tmp_path)
    # A deeper look changes the verdicts: the figures are the 2-ply ones, not 0-ply's.
    assert ours != tuple(player.error_rate for player in analyse(path.read_text(), 0).players)


@needs_gnubg
def test_a_noisy_match_has_five_biggest_errors_each():
    analysis = analyse(MATCHES[1].read_text(encoding="utf-8"), 0)
    for player in analysis.players:
        assert len(player.biggest) == 5
        assert all(mistake.equity_lost > 0 for mistake in player.biggest)
        assert all(re.fullmatch(r"[A-Za-z0-9+/]{14}", m.position_id) for m in player.biggest)
        assert all(re.fullmatch(r"[A-Za-z0-9+/]{12}", m.match_id) for m in player.biggest)


def test_a_missing_gnubg_says_so(monkeypatch):
    monkeypatch.setenv("GNUBG_PATH", "/nowhere/gnubg")
    with pytest.raises(GnubgError, match="not at /nowhere/gnubg"):
        analyse((MATCHES[0]).read_text(encoding="utf-8"))


def test_a_ply_the_club_cannot_choose_is_refused():
    with pytest.raises(ValueError, match="ply"):
        analyse((MATCHES[0]).read_text(encoding="utf-8"), 4)


@needs_gnubg
def test_a_slow_gnubg_is_stopped(monkeypatch):
    with pytest.raises(GnubgError, match=r"did not finish within 0.01 seconds"):
        analyse(MATCHES[2].read_text(encoding="utf-8"), 2, timeout=0.01)


def test_a_failing_gnubg_says_so(tmp_path):
    fake = tmp_path / "gnubg"
    fake.write_text("#!/bin/sh\necho 'Segmentation fault' >&2\nexit 139\n")
    fake.chmod(0o755)
    with pytest.raises(GnubgError, match=r"failed \(exit 139\).*Segmentation fault"):
        analyse(MATCHES[0].read_text(encoding="utf-8"), program=str(fake))
    silent = tmp_path / "silent"
    silent.write_text("#!/bin/sh\nexit 0\n")
    silent.chmod(0o755)
    with pytest.raises(GnubgError, match="exported no game"):
        gnubg.analyse(MATCHES[0].read_text(encoding="utf-8"), program=str(silent))
