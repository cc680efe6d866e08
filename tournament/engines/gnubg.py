"""GNU Backgammon's analysis of a match: `analyse(mat_text, ply)` runs gnubg on the .mat.

What runs (`find_engine`; the setting GNUBG_ENGINE can force either):

- "program": Debian's gnubg 1.07 command line (`gnubg -t -q`, commands on stdin), found
  at $GNUBG_PATH, on PATH, or at /usr/games/gnubg (Debian's place, not always on PATH).
  First where present: the figures differ a little between gnubg's versions, and the
  tests and CI pin the site's against this one's;
- "library": otherwise, the gnubg Python package (the PyPI wheel, 1.1.0a16, from
  requirements.txt) in a child Python (`engines.gnubg_library`), given the same commands
  and printing what the program prints. A child, never the worker itself: the package
  prints to its process's stdout, keeps the match in global state, and only a child
  process can be killed at the job's time limit.

Either dies with the worker that started it: on Linux the child asks the kernel for SIGKILL
when its parent dies (prctl's PR_SET_PDEATHSIG, `die_with_parent`), so a worker killed
outright (SIGKILL, the out-of-memory killer) leaves no gnubg running on, taking the CPU
from the next job. The signal follows the *thread* that started the child, which here
waits in `subprocess.run` until gnubg is done, so it cannot end first; the worker runs
its jobs in its main thread anyway (its time limit is a SIGALRM there). The library
engine's gnubg runs in-process inside its child Python, so that child is all there is
to stop. At the job's time limit `subprocess.run` kills the child itself (it kills it on
any exception, the time limit's included).

Either runs in a temporary directory with an empty HOME (no .gnubgrc changes its
settings or output):

    set threads 1
    set analysis chequerplay evaluation plies N
    set analysis cubedecision evaluation plies N
    import mat "match.mat"
    analyse match
    show statistics match
    set export moves number 1  (and the like: see `commands`)
    export match text "game.txt"

then `gnubg_output` reads the statistics from stdout and the biggest errors from the
exported games (game.txt, game_002.txt, ...). One thread: the job runs beside the site
on a small machine, and one analysis at 0-ply takes under a second. docs/skill.md says
more, with both engines' times.
"""

import ctypes
import importlib.util
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..core import matfile
from .gnubg_output import GnubgOutputError, Mistake, PlayerAnalysis, read_analysis

__all__ = [
    "ENGINES",
    "PLIES",
    "Engine",
    "GnubgError",
    "GnubgMissing",
    "MatchAnalysis",
    "Mistake",
    "PlayerAnalysis",
    "analyse",
    "commands",
    "find_engine",
    "find_gnubg",
]

PLIES = (0, 1, 2)  # 3-ply and up take minutes a match: not offered
TIMEOUT = 600  # seconds; a 7-point match takes about 15 s at 2-ply on one core
ENGINES = ("auto", "program", "library")  # the setting GNUBG_ENGINE
DEBIAN_GAMES = "/usr/games"  # where Debian puts gnubg, not always on PATH
LIBRARY = "gnubg"  # the PyPI package's import name
# The child that runs the package. Its working directory is the temporary one, so the
# folder holding `tournament` goes on its PYTHONPATH.
LIBRARY_RUNNER = "tournament.engines.gnubg_library"
PROJECT = Path(__file__).resolve().parents[2]
LIBRARY_NOT_LOADED = 3  # the runner's exit status when the package cannot be imported
PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
HOW_TO_GET = {
    "program": "apt-get install gnubg",
    "library": "pip install -r requirements.txt, on CPython 3.10 to 3.13",
    "auto": "apt-get install gnubg, or the gnubg Python package: pip install -r "
    "requirements.txt, on CPython 3.10 to 3.13",
}


class GnubgError(Exception):
    """gnubg could not analyse the match: missing, failed, timed out, or printed
    something unexpected. The message says which, for the director and the logs."""


class GnubgMissing(GnubgError):
    """gnubg is not installed (or not where a setting says): trying again cannot help."""


@dataclass(frozen=True)
class MatchAnalysis:
    ply: int
    version: str  # "GNU Backgammon 1.07.001 20230103"
    players: tuple[PlayerAnalysis, PlayerAnalysis]  # the .mat's left player first


@dataclass(frozen=True)
class Engine:
    """What runs gnubg: "program" (Debian's) or "library" (the package in a child Python),
    and the command line that starts it, commands then given on stdin."""

    kind: str
    argv: tuple[str, ...]
    # The library's child: its PYTHONPATH (the folder holding `tournament`, and the one
    # the package was found in, which may be a user's site-packages under the real HOME).
    pythonpath: tuple[str, ...] = ()


def find_gnubg(path: str | None = None) -> str:
    """The gnubg program to run: `path` (a setting), $GNUBG_PATH, PATH, /usr/games."""
    chosen = path or os.environ.get("GNUBG_PATH")
    if chosen:
        found = shutil.which(chosen)
        if found is None:
            raise GnubgMissing(f"GNU Backgammon is not at {chosen}")
        return found
    found = shutil.which("gnubg") or shutil.which("gnubg", path=DEBIAN_GAMES)
    if found is None:
        raise GnubgMissing(f"GNU Backgammon is not installed ({HOW_TO_GET['program']})")
    return found


def find_engine(engine: str = "auto", program: str | None = None) -> Engine:
    """The engine to run: Debian's program where present, else the Python package;
    `engine` ("program", "library") forces one. A program path given (`program`,
    $GNUBG_PATH) that leads nowhere is an error, not a reason to use the package."""
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {ENGINES}, not {engine!r}")
    if engine != "library":
        try:
            return Engine("program", (find_gnubg(program), "-t", "-q"))
        except GnubgMissing:
            if engine == "program" or program or os.environ.get("GNUBG_PATH"):
                raise
    # Found, not imported: importing it here would load gnubg into the worker itself.
    spec = importlib.util.find_spec(LIBRARY)
    if spec is None or spec.origin is None:
        raise GnubgMissing(f"GNU Backgammon is not installed ({HOW_TO_GET[engine]})")
    found_in = str(Path(spec.origin).parent.parent)
    argv = (sys.executable, "-m", LIBRARY_RUNNER)
    return Engine("library", argv, pythonpath=(str(PROJECT), found_in))


def commands(mat: str, ply: int, export: str | None = None) -> list[str]:
    """The commands given to gnubg; without `export`, those of its own check in the tests."""
    lines = [
        "set threads 1",
        f"set analysis chequerplay evaluation plies {ply}",
        f"set analysis cubedecision evaluation plies {ply}",
        f'import mat "{mat}"',
        "analyse match",
        "show statistics match",
    ]
    if export is not None:
        # Only the best move and the one played are read: the other candidates and the
        # win/gammon figures would only lengthen the files.
        lines += [
            "set export moves number 1",
            "set export moves probabilities off",
            "set export moves parameters off",
            "set export cube probabilities off",
            "set export cube parameters off",
            f'export match text "{export}"',
        ]
    return lines


@cache
def _libc() -> ctypes.CDLL:
    # Loaded in the worker, before any fork: the child only calls it.
    return ctypes.CDLL(None, use_errno=True)


def die_with_parent() -> Callable[[], None] | None:
    """What the child runs before gnubg starts (Popen's preexec_fn): SIGKILL for it when
    the process starting it dies. None off Linux, where there is no such signal."""
    if not sys.platform.startswith("linux"):
        return None
    prctl = _libc().prctl
    parent = os.getpid()

    def in_the_child() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        # The parent died between fork and prctl: the signal will never come.
        if os.getppid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)

    return in_the_child


def run(engine: Engine, lines: list[str], folder: Path, timeout: float) -> str:
    """gnubg's stdout and stderr for `lines`, run in `folder`, which is also its HOME."""
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(folder), "LANG": "C.UTF-8"}
    if engine.pythonpath:
        env["PYTHONPATH"] = os.pathsep.join(engine.pythonpath)
    try:
        done = subprocess.run(  # noqa: S603 -- a fixed program, commands on stdin
            list(engine.argv),
            input="\n".join(lines) + "\n",
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=timeout,
            cwd=folder,
            env=env,
            check=False,
            preexec_fn=die_with_parent(),
        )
    except subprocess.TimeoutExpired as error:
        raise GnubgError(f"GNU Backgammon did not finish within {timeout:g} seconds") from error
    except OSError as error:
        raise GnubgError(f"GNU Backgammon could not start: {error}") from error
    output = done.stdout + done.stderr
    if engine.kind == "library" and done.returncode == LIBRARY_NOT_LOADED:
        raise GnubgMissing(output.strip()[-500:])
    if done.returncode != 0:
        raise GnubgError(f"GNU Backgammon failed (exit {done.returncode}): {output[-500:]}")
    return output


def analyse(
    mat_text: str,
    ply: int = 0,
    *,
    program: str | None = None,
    engine: str = "auto",
    timeout: float = TIMEOUT,
) -> MatchAnalysis:
    """gnubg's analysis of the match in `mat_text` at `ply` for moves and cube, by the
    engine `find_engine(engine, program)` chooses."""
    if ply not in PLIES:
        raise ValueError(f"ply must be one of {PLIES}, not {ply}")
    names = matfile.parse(mat_text).players
    gnubg = find_engine(engine, program)
    with tempfile.TemporaryDirectory(prefix="gnubg-") as name:
        folder = Path(name)
        (folder / "match.mat").write_text(mat_text, encoding="utf-8")
        output = run(gnubg, commands("match.mat", ply, "game.txt"), folder, timeout)
        exported = sorted(
            folder.glob("game*.txt"),
            key=lambda path: int(re.sub(r"\D", "", path.stem) or 1),
        )
        games = [path.read_text(encoding="utf-8", errors="replace") for path in exported]
    if not games:
        raise GnubgError(f"GNU Backgammon exported no game: {output[-500:]}")
    try:
        players = read_analysis(output, games, names)
    except GnubgOutputError as error:
        raise GnubgError(f"GNU Backgammon's output was not understood: {error}") from error
    # The program's first line; the library runner prints one of its own in its place.
    version = re.search(r"^GNU Backgammon .*$", output, flags=re.MULTILINE)
    return MatchAnalysis(ply=ply, version=version.group(0) if version else "", players=players)
