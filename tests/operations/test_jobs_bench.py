"""`make bench`'s background jobs part (`bench --jobs`): without gnubg it says so, one
line per figure, instead of failing or printing figures of nothing."""

import io
import json

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_without_gnubg_each_jobs_figure_is_skipped_saying_why(monkeypatch):
    monkeypatch.setenv("GNUBG_PATH", "/nowhere/gnubg")
    out = io.StringIO()
    call_command("bench", "--jobs", stdout=out)
    machine, *lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert machine["name"] == "machine"  # when and on what, as every run begins
    assert [line["name"] for line in lines] == [
        "analyses_per_worker_0ply",
        "queue_drain_64_1_worker",
        "queue_drain_64_2_workers",
    ]
    assert {line["skipped"] for line in lines} == {"GNU Backgammon is not at /nowhere/gnubg"}
