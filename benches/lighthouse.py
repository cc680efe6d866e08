"""`make lighthouse`: the 256-player cup's bracket page as Lighthouse scores it on a phone
(its default: a mid-range phone on a slow 4G network), served as in production
(gunicorn, DEBUG off, the collected static files) from its own SQLite file.

Two states of the cup, built once through the operations and found again by name:
the day under way (the main bracket's round 1 played, half of round 2, the consolation
running) and the cup played to the end. The scores, the paint timings and the bytes
are printed as JSON lines.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from django.conf import settings

from tournament import operations
from tournament.core import draw, sample_games
from tournament.models import Tournament

from . import bench_seasons, live_bench

YEAR = 2097
SIZE = 256
# Pinned: the scores move between Lighthouse versions. 12.x is the last line that runs
# on Node 20 (13 asks for Node 22).
LIGHTHOUSE = "lighthouse@12.8.2"
CHROME = "/usr/bin/chromium"
TARGET = 95  # the performance score on a phone (issue 25)
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
AUDITS = {
    "first-contentful-paint": "fcp_ms",
    "largest-contentful-paint": "lcp_ms",
    "total-blocking-time": "tbt_ms",
    "cumulative-layout-shift": "cls",
    "speed-index": "speed_index_ms",
}


def cup_under_way() -> Tournament:
    """A 256-player cup on the day: the main bracket's round 1 played and half of its
    round 2, the consolation's matches played as they come ready alongside."""
    season = bench_seasons.bench_season(YEAR, "Lighthouse")
    cup, made = bench_seasons.drawn_cup(
        season, f"Under way {SIZE}", SIZE, SIZE, live_bench.LENGTHS, "Lighthouse"
    )
    if not made:
        return cup
    operations.start_tournament(cup)
    rng = random.Random(SIZE)  # noqa: S311 -- sample games, not secrets
    second_round = cup.matches.filter(bracket__kind=draw.MAIN, round=2)
    while second_round.filter(status="decided").count() < second_round.count() // 2:
        match = cup.matches.ready().order_by("round", "bracket__kind", "position").first()
        operations.replace_games(match, list(sample_games.games_to_finish(match.replay(), rng)))
    return cup


def cups() -> dict[str, Tournament]:
    return {"under_way": cup_under_way(), "finished": live_bench.played_cup(SIZE)}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve(port: int) -> subprocess.Popen:
    """gunicorn on this database, as `make run` serves the demo (plain HTTP, DEBUG off)."""
    env = {**os.environ, "DEBUG": "0", "HTTPS": "0"}
    server = subprocess.Popen(  # noqa: S603 -- our own server, fixed arguments
        [
            str(Path(sys.executable).with_name("gunicorn")),
            "tournament.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
        ],
        cwd=settings.BASE_DIR,
        env=env,
    )
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1)
            return server
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise RuntimeError("gunicorn did not answer")


def lighthouse(url: str) -> dict:
    """Lighthouse's report of one page (mobile, its default), as JSON."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        subprocess.run(  # noqa: S603 -- fixed arguments
            [
                shutil.which("npx") or "npx",
                "--yes",
                LIGHTHOUSE,
                url,
                "--form-factor=mobile",
                "--chrome-flags=--headless=new --no-sandbox",
                "--output=json",
                f"--output-path={report}",
                "--quiet",
            ],
            check=True,
            env={**os.environ, "CHROME_PATH": CHROME},
        )
        return json.loads(report.read_text())


def figures(name: str, report: dict) -> dict:
    audits = report["audits"]
    scores = {
        category: round(report["categories"][category]["score"] * 100) for category in CATEGORIES
    }
    timings = {
        field: round(audits[audit]["numericValue"], 3 if field == "cls" else None)
        for audit, field in AUDITS.items()
    }
    return {
        "name": f"lighthouse_{name}",
        **scores,
        **timings,
        "dom_elements": audits["dom-size"]["numericValue"],
        "bytes_transferred": audits["total-byte-weight"]["numericValue"],
        # What took points off the other categories (an audit's id).
        "failing": sorted(
            ref["id"]
            for category in CATEGORIES[1:]
            for ref in report["categories"][category]["auditRefs"]
            if ref["weight"] and (audits[ref["id"]].get("score") or 0) < 1
        ),
        "target_performance": TARGET,
        "within_target": scores["performance"] >= TARGET,
    }


def run(emit) -> None:
    built = cups()
    port = free_port()
    server = serve(port)
    try:
        for name, cup in built.items():
            url = f"http://127.0.0.1:{port}{cup.get_absolute_url()}"
            emit(figures(name, lighthouse(url)))
    finally:
        server.terminate()
        server.wait(timeout=30)
