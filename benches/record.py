"""A recorded run of `make bench`: its first line says when and on what (`machine`),
the others are the figures; `table` turns such a file into the table of
docs/benchmarks.md, so that the docs' figures are one run's, with its date and machine."""

from __future__ import annotations

import datetime
import os
import platform
import sqlite3
import subprocess
from pathlib import Path

import django
from django.conf import settings


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _memory_gib() -> float | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return round(int(line.split()[1]) / 2**20, 1)
    except OSError:
        pass
    return None


def _git(*arguments: str) -> str:
    try:
        return subprocess.run(  # noqa: S603 -- git, our arguments
            ["git", *arguments],  # noqa: S607 -- git from the PATH, as make does
            cwd=settings.BASE_DIR,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def machine(postgresql: str | None = None) -> dict:
    """The first line of a recorded run."""
    return {
        "name": "machine",
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "memory_gib": _memory_gib(),
        "load_average": [round(load, 2) for load in os.getloadavg()],
        "python": platform.python_version(),
        "django": django.get_version(),
        "sqlite": sqlite3.sqlite_version,
        "postgresql": postgresql,
        "commit": _git("rev-parse", "--short", "HEAD"),
        "uncommitted_changes": bool(_git("status", "--porcelain", "--untracked-files=no")),
    }


def _spread(value: dict, unit: str = "") -> str:
    return f"{value['median']:.3g}{unit} (min {value['min']:.3g})"


def _counts(value) -> str:
    """A count, or counts at two sizes ("4 / 4")."""
    return " / ".join(f"{item:g}" for item in value) if isinstance(value, list) else f"{value}"


def summary(line: dict) -> str:
    """A line's figures in a few words: what the table shows."""
    parts = []
    if "queries" in line:
        parts.append(f"{_counts(line['queries'])} queries")
    if isinstance(line.get("games"), list):  # a figure at two sizes (the histories)
        parts.append(f"{_counts(line['games'])} games")
    if "cpu_ratio" in line:
        parts.append(f"{_spread(line['cpu_ratio'], 'x')} CPU, {line['ratio']['median']:.3g}x wall")
        parts.append(
            f"{line['cpu_ms']['median']:.3g} ms CPU against {line['floor_cpu_ms']['median']:.3g}"
        )
    elif "cpu_ms" in line:
        parts.append(f"{_spread(line['wall_ms'], ' ms')} wall, {line['cpu_ms']['median']:.3g} CPU")
    for key, label in (
        ("sent_kib", "KiB sent"),
        ("raw_kib", "KiB of HTML"),
        ("elements", "elements"),
        ("per_second", "requests/s"),
        ("median_ms", "ms median"),
        ("p50_ms", "ms p50"),
        ("p95_ms", "ms p95"),
        ("server_cpu_ms_per_request", "ms of the workers' CPU a request"),
        ("growth_mib", "MiB more RSS"),
        ("peak_mib", "MiB peak (tracemalloc)"),
        ("ms_per_game", "ms a game"),
        ("ms_per_match", "ms a match"),
        ("time_ratio", "x"),
        ("per_game_cpu_ratio", "x per game"),
        ("worst_seconds", "s worst"),
        ("drain_seconds", "s to empty the queue"),
        ("per_minute_per_worker", "jobs a minute a worker"),
        ("per_minute_of_a_core", "a minute of a core's CPU"),
        ("cpu_s_per_job", "s of CPU a job"),
        ("cpu_per_job_ratio", "x one worker's CPU a job"),
        ("speedup", "x one worker's rate"),
        ("ran_twice", "ran twice"),
    ):
        if key in line:
            value = line[key]
            shown = " / ".join(f"{item:g}" for item in value) if isinstance(value, list) else value
            parts.append(f"{shown} {label}")
    if "statuses" in line and isinstance(line["statuses"], dict):
        parts.append("statuses " + ", ".join(f"{k}: {v}" for k, v in line["statuses"].items()))
    return "; ".join(str(part) for part in parts)


def table(lines: list[dict]) -> str:
    """The docs' table from a recorded run."""
    head = next((line for line in lines if line.get("name") == "machine"), {})
    out = []
    if head:
        out.append(
            f"Recorded {head['date']} on {head['cpu']} ({head['cores']} cores, "
            f"{head['memory_gib']} GiB), Python {head['python']}, Django {head['django']}, "
            f"SQLite {head['sqlite']}, PostgreSQL {head.get('postgresql') or 'not reached'}; "
            f"commit {head['commit']}{' with changes' if head['uncommitted_changes'] else ''}; "
            f"load average at the start {head['load_average'][0]}."
        )
        out.append("")
    out.append("| figure | target | figures | within |")
    out.append("|---|---|---|---|")
    for line in lines:
        if line.get("name") == "machine":
            continue
        name = line["name"] + (f" ({line['database']})" if "database" in line else "")
        within = {True: "yes", False: "**no**", None: ""}[line.get("within_target")]
        out.append(f"| {name} | {line.get('target', '')} | {summary(line)} | {within} |")
    return "\n".join(out) + "\n"
