"""`make bench`'s figures over HTTP: the 256 cup's live part served by gunicorn as
`make run` serves it (`tournament.wsgi`, two sync workers, DEBUG=0, HTTPS=0), on the
database this process is given (`bench --http`: the bench's SQLite file, or PostgreSQL
with Redis as the shared cache), asked by phones from a load generator in a process of
its own (`http_load`), while this process writes to the cup through the operations.

- a lone poll that changed nothing (a 304) and a lone one after a change (the rendered
  part), one at a time: their latency;
- the most polls two workers answer in a second (a closed loop): all 304s, and all
  answers with the rendered part (every phone finding a change already rendered);
- 500 phones polling every 5 s, 100 requests a second on a fixed schedule (an open
  loop) for `SECONDS`, while this process changes the cup: one poll in ten finding a
  change (typical: a change every 50 s, and one phone in ten sending the ETag of before
  it), then every poll (the worst: a change every 5 s, every phone getting every
  change). They fit when the 95th percentile of the latency is within the target
  (`TARGET_P95_MS`, `WORST_TARGET_P95_MS`) and the schedule was kept.

The machine has two cores: the load generator, this writer and the two workers share
them, so the capacity is that of two workers with a light client beside them, not of
two free cores. The workers' own CPU per request (from /proc) is printed beside it.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from django.urls import reverse

from tournament.models import Tournament

from . import http_load
from .live_bench import changes as cup_changes
from .measure import verdict

WORKERS = 2  # `make run` serves with two gunicorn workers
PHONES, EVERY = 500, 5.0  # 500 phones polling every 5 s: 100 requests a second
RATE = PHONES / EVERY
SECONDS = 20.0  # each open loop: 2,000 requests
CLOSED_SECONDS, CONNECTIONS = 8.0, 4
TARGET_P95_MS = 250  # a phone's poll answered within a quarter of a second
# Every phone getting every change, a change every 5 s: each change is rendered while
# polls queue behind it; answered within a fifth of the polling period, the change still
# shows within 6 s.
WORST_TARGET_P95_MS = 1000
LONE = 40


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """gunicorn serving the site on a free port, as `make run` does."""

    def __init__(self) -> None:
        self.port = _free_port()
        env = {**os.environ, "DEBUG": "0", "HTTPS": "0"}
        command = [
            *(sys.executable, "-m", "gunicorn", "tournament.wsgi"),
            *("--bind", f"127.0.0.1:{self.port}", "--workers", str(WORKERS)),
            *("--access-logfile", "-"),
            *("--logger-class", "tournament.web.logfilters.RedactingGunicornLogger"),
        ]
        self.process = subprocess.Popen(  # noqa: S603 -- our own server, our arguments
            command,
            cwd=settings.BASE_DIR,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                if self.get(reverse("login"))[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.stop()
                raise RuntimeError("gunicorn did not answer within a minute")
            time.sleep(0.2)

    def get(self, path: str, etag: str | None = None) -> tuple[int, str | None, float]:
        """(status, ETag, seconds) of one GET on a new connection."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Host": "localhost", "Accept-Language": "en", "Accept-Encoding": "gzip"}
        if etag:
            headers["If-None-Match"] = etag
        started = time.perf_counter()
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        response.read()
        seconds = time.perf_counter() - started
        connection.close()
        return response.status, response.getheader("ETag"), seconds

    def cpu_seconds(self) -> float:
        """The CPU time the workers have used so far."""
        ticks = os.sysconf("SC_CLK_TCK")
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        total = 0
        for pid in children.read_text().split():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except FileNotFoundError:
                continue
            total += int(fields[11]) + int(fields[12])  # utime, stime
        return total / ticks

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _load(server: Server, **arguments) -> subprocess.Popen:
    return subprocess.Popen(  # noqa: S603 -- our own load generator, our arguments
        [
            sys.executable,
            "-m",
            http_load.__name__,
            json.dumps({"port": server.port, **arguments}),
        ],
        cwd=settings.BASE_DIR,
        stdout=subprocess.PIPE,
        text=True,
    )


def _loaded(server: Server, process: subprocess.Popen, started_cpu: float) -> dict:
    output, _ = process.communicate()
    result = json.loads(output.strip().splitlines()[-1])
    # Another process busy on the machine slows the workers' answers: said beside them.
    result["load_average_1min"] = round(os.getloadavg()[0], 2)
    result["server_cpu_ms_per_request"] = round(
        (server.cpu_seconds() - started_cpu) * 1000 / max(result["requests"], 1), 2
    )
    return result


def _lone(server: Server, path: str, etag: str | None) -> dict:
    times, statuses = [], set()
    for _ in range(LONE):
        status, _tag, seconds = server.get(path, etag)
        statuses.add(status)
        times.append(seconds)
        time.sleep(0.02)
    ordered = sorted(times)
    return {
        "requests": LONE,
        "statuses": sorted(statuses),
        "median_ms": round(statistics.median(ordered) * 1000, 1),
        "min_ms": round(ordered[0] * 1000, 1),
        "p95_ms": round(ordered[int(LONE * 0.95) - 1] * 1000, 1),
    }


def run(emit, database: str, cup: Tournament, seconds: float = SECONDS) -> None:
    """The figures over HTTP on this process's database (`database` names it in the
    lines), for the played cup `cup`; the cup is left as it was found."""
    live = reverse("tournament", args=[cup.pk]) + "?partial=brackets"
    changes = cup_changes(cup)
    changed = 0
    server = Server()
    try:
        server.get(live)  # rendered once by a worker
        _status, etag, _seconds = server.get(live)
        base = {"database": database, "entrants": cup.entries.count(), "workers": WORKERS}
        lone = _lone(server, live, etag)
        emit({"name": "http_lone_poll_unchanged_304", **base, **lone})
        emit({"name": "http_lone_poll_rendered_part", **base, **_lone(server, live, None)})

        for label, sent in (("304", etag), ("rendered_part", None)):
            cpu = server.cpu_seconds()
            process = _load(
                server,
                mode="closed",
                path=live,
                etag=sent,
                connections=CONNECTIONS,
                seconds=CLOSED_SECONDS,
            )
            result = _loaded(server, process, cpu)
            emit(
                {
                    "name": f"http_capacity_{label}",
                    **base,
                    "connections": CONNECTIONS,
                    **result,
                    **verdict(
                        result["per_second"],
                        RATE,
                        at_most=False,
                        statistic="requests answered a second, closed loop",
                    ),
                }
            )

        # The phones: the cup changes every 5 s (here, through the operations) while
        # the load generator keeps the schedule.
        _status, etag, _seconds = server.get(live)
        for label, share, target in (
            ("typical", 0.1, TARGET_P95_MS),
            ("a_change_every_5s", 1.0, WORST_TARGET_P95_MS),
        ):
            cpu = server.cpu_seconds()
            process = _load(
                server, mode="open", path=live, etag=etag, rate=RATE, seconds=seconds, stale=share
            )
            # One poll in ten finding a change is a change every 50 s; every poll, one
            # every 5 s. The first one 2.5 s in, while the schedule runs.
            every, made = EVERY / share, 0
            due = time.monotonic() + EVERY / 2
            while process.poll() is None:
                time.sleep(0.05)
                if time.monotonic() >= due:
                    next(changes)
                    changed, made, due = changed + 1, made + 1, due + every
            result = _loaded(server, process, cpu)
            kept = result["requests"] >= RATE * seconds and not result["statuses"].get("0")
            within = verdict(result["p95_ms"], target, statistic="p95 latency (ms)")
            within["within_target"] = within["within_target"] and kept
            emit(
                {
                    "name": f"http_500_phones_{label}",
                    **base,
                    "rate": RATE,
                    "polls_finding_a_change": share,
                    "changes": made,
                    **result,
                    **within,
                }
            )
    finally:
        server.stop()
        if changed % 2:
            next(changes)  # the cup as it was found
