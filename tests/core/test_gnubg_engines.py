"""Which GNU Backgammon analyses (engines.gnubg.find_engine): Debian's program where
present, else the gnubg Python package in a child process, else a clear "not installed"
saying how to get one; the setting GNUBG_ENGINE forces either. The package's child is
stopped at the time limit as the program is."""

import subprocess
import sys
from pathlib import Path

import pytest
from gnubg_program import hide_gnubg, needs_gnubg, needs_library

from tournament.engines import gnubg, gnubg_library
from tournament.engines.gnubg import Engine, GnubgError, GnubgMissing, analyse, find_engine

DATA = Path(__file__).resolve().parents[1] / "data" / "gnubg"
NOT_INSTALLED = (
    "GNU Backgammon is not installed (apt-get install gnubg, or the gnubg Python package: "
    "pip install -r requirements.txt, on CPython 3.10 to 3.13)"
)


@pytest.fixture
def no_program(monkeypatch, tmp_path):
    hide_gnubg(monkeypatch, tmp_path)


@pytest.fixture
def no_library(monkeypatch):
    monkeypatch.setattr(gnubg, "LIBRARY", "gnubg_not_installed_here")


@needs_gnubg
@needs_library
def test_debians_program_comes_first_where_present():
    assert find_engine().kind == "program"
    assert find_engine("library").kind == "library"


@needs_library
def test_without_the_program_the_package_analyses(no_program):
    engine = find_engine()
    assert engine.kind == "library"
    assert engine.argv == (sys.executable, "-m", "tournament.engines.gnubg_library")
    analysis = analyse((DATA / "noisy_3pt.mat").read_text(encoding="utf-8"))
    assert analysis.version.startswith("GNU Backgammon 1.1.0a16 ")
    assert [len(player.biggest) for player in analysis.players] == [5, 5]


def test_with_neither_the_analysis_says_how_to_get_one(no_program, no_library):
    with pytest.raises(GnubgMissing) as raised:
        analyse((DATA / "noisy_3pt.mat").read_text(encoding="utf-8"))
    assert str(raised.value) == NOT_INSTALLED


@needs_library
def test_the_program_forced_is_not_replaced_by_the_package(no_program):
    with pytest.raises(GnubgMissing, match=r"^GNU Backgammon is not installed \(apt-get"):
        find_engine("program")


@needs_gnubg
def test_the_package_forced_is_not_replaced_by_the_program(no_library):
    with pytest.raises(GnubgMissing, match=r"not installed \(pip install -r requirements.txt"):
        find_engine("library")


@needs_library
def test_a_program_path_that_leads_nowhere_is_an_error_not_the_package(monkeypatch):
    monkeypatch.setenv("GNUBG_PATH", "/nowhere/gnubg")
    with pytest.raises(GnubgMissing, match="not at /nowhere/gnubg"):
        find_engine()


def test_an_unknown_engine_is_refused():
    with pytest.raises(ValueError, match="engine"):
        find_engine("xg")


@needs_library
def test_the_packages_child_is_stopped_at_the_time_limit():
    with pytest.raises(GnubgError, match=r"did not finish within 0.01 seconds"):
        analyse(
            (DATA / "noisy_7pt.mat").read_text(encoding="utf-8"), 2, engine="library", timeout=0.01
        )


def test_a_package_that_cannot_be_loaded_is_missing_not_retried(monkeypatch, capsys):
    # The runner, in this process: an import that fails is its exit status 3 ...
    monkeypatch.setitem(sys.modules, "gnubg", None)  # `import gnubg` raises ImportError
    assert gnubg_library.main() == gnubg_library.NOT_LOADED == gnubg.LIBRARY_NOT_LOADED
    assert "could not be loaded" in capsys.readouterr().err
    # ... which the engine reads as gnubg missing (trying again cannot help).
    exits_3 = Engine("library", (sys.executable, "-c", "import sys; sys.exit(3)"))
    with pytest.raises(GnubgMissing):
        gnubg.run(exits_3, [], Path.cwd(), 10)


@needs_library
def test_the_runner_prints_the_packages_version_then_what_gnubg_prints(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "tournament.engines.gnubg_library"],
        input="set threads 1\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"HOME": str(tmp_path), "LANG": "C.UTF-8", "PYTHONPATH": str(gnubg.PROJECT)},
        timeout=60,
        check=True,
    )
    assert done.stdout.splitlines() == [
        "GNU Backgammon 1.1.0a16 (the gnubg Python package)",
        "The number of threads has been set to 1.",
    ]
