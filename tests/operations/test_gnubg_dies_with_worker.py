"""GNU Backgammon dies with the worker that runs it: a real worker (`manage.py worker`)
on the test database, analysing a match with real gnubg (Debian's program, and the
gnubg Python package in its child Python), killed outright (SIGKILL) mid-analysis,
leaves no gnubg running on, taking the CPU from the next worker's jobs; and an
analysis past its job's time limit is stopped, its gnubg with it."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest
import workers
from gnubg_program import needs_gnubg, needs_library
from workers import finish

import builders
from tournament.core import matfile
from tournament.models import Job, JobStatus, Match, Player
from tournament.operations import transcripts

pytestmark = pytest.mark.django_db(transaction=True)

# About half a minute at 2-ply on one core: long enough to kill the worker mid-analysis.
NOISY = Path(__file__).resolve().parents[1] / "data" / "gnubg" / "noisy_5pt.mat"
ENGINES = [
    pytest.param("program", marks=needs_gnubg, id="program"),
    pytest.param("library", marks=needs_library, id="library"),
]


def children(pid: int) -> list[int]:
    """The live processes whose parent is `pid`, read from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = state(int(entry.name))
            if stat is not None and stat[1] == pid and stat[0] != "Z":
                found.append(int(entry.name))
    return found


def state(pid: int) -> tuple[str, int] | None:
    """The process's state letter and parent, or None once it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # "pid (comm) state ppid ...": comm may hold spaces and parentheses.
    fields = stat.rsplit(")", 1)[1].split()
    return fields[0], int(fields[1])


def cpu_seconds(pid: int) -> float:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def running(pid: int) -> bool:
    found = state(pid)
    return found is not None and found[0] != "Z"  # a zombie has nothing left running


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def wait_for(condition, timeout: float, message: str):
    deadline = time.monotonic() + timeout
    while not (found := condition()):
        assert time.monotonic() < deadline, message
        time.sleep(0.05)
    return found


def analysis_queued(tournament, director) -> Job:
    text = NOISY.read_text(encoding="utf-8")
    names = matfile.parse(text).players
    players = [Player.objects.get_or_create(name=name)[0] for name in names]
    match = Match.objects.create(
        tournament=builders.started(tournament),
        player1=players[0],
        player2=players[1],
        length=matfile.parse(text).length,
        status="ready",
    )
    transcripts.import_games(match, text, swapped=False, user=director)
    return Job.objects.get(kind="analysis")


def start_worker(engine: str, *args: str) -> workers.subprocess.Popen:
    return workers.start_worker(
        *args,
        GNUBG_ENGINE=engine,
        GNUBG_PLY="2",
        JOBS_POLL_INTERVAL="0.1",
        JOBS_MAX_ATTEMPTS="1",
    )


def gnubg_of(worker) -> list[int]:
    """The worker's gnubg, once it runs: the program, or the package's child Python."""

    def found():
        return [
            pid for pid in children(worker.pid) if "gnubg" in command_line(pid) and running(pid)
        ]

    return wait_for(found, 60, "the worker started no gnubg")


@pytest.fixture
def leftovers():
    """The gnubg processes a test saw; any still running at the end are stopped, so a
    failing test leaves none behind."""
    seen: list[int] = []
    yield seen
    for pid in seen:
        if running(pid) and "gnubg" in command_line(pid):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("engine", ENGINES)
def test_gnubg_dies_with_its_worker_killed_mid_analysis(tournament, director, engine, leftovers):
    analysis_queued(tournament, director)
    worker = start_worker(engine)
    try:
        leftovers.extend(gnubg_of(worker))
        worker.send_signal(signal.SIGKILL)
        worker.wait(10)
    finally:
        worker.kill()
        worker.communicate()
    wait_for(
        lambda: not any(running(pid) for pid in leftovers),
        5,
        f"gnubg still runs after its worker was killed: {leftovers}",
    )


@needs_gnubg
def test_an_analysis_past_its_time_limit_is_stopped_with_its_gnubg(tournament, director, leftovers):
    job = analysis_queued(tournament, director)
    Job.objects.filter(pk=job.pk).update(time_limit=3)
    worker = start_worker("program", "--until-empty")
    leftovers.extend(gnubg_of(worker))
    finish(worker)
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert "ran past its limit of 3 s" in job.last_error
    assert not any(running(pid) for pid in leftovers)
