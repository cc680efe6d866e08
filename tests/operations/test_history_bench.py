"""`make bench`'s history part (`bench --only history`) on tiny histories: one line a
page with the fields issue 42 fixed, the histories built once and found again."""

import io
import json
import sqlite3

import pytest
from django.core.management import call_command
from django.db import connection

pytestmark = pytest.mark.django_db

PAGES = [
    "history_home_page",
    "history_ratings_page",
    "history_tournaments_json",
    "history_player_page",
]
# A cup of 2 a season (a regular and another), among 6 players (2 regulars, 2 new a season).
TINY = "1,2,6,2,2,1"


@pytest.fixture
def databases(tmp_path):
    """Two SQLite files for the histories; on SQLite, each a copy of the test database's
    schema, so the bench's migrate has nothing to do (a fresh one takes seconds)."""
    paths = [tmp_path / "history-1x.sqlite3", tmp_path / "history-10x.sqlite3"]
    if connection.vendor == "sqlite":
        with sqlite3.connect(connection.settings_dict["NAME"]) as source:
            for path in paths:
                with sqlite3.connect(path) as copy:
                    source.backup(copy)
                copy.close()
        source.close()
    return [f"sqlite:///{path}" for path in paths]


def _history(databases) -> list[dict]:
    out = io.StringIO()
    call_command(
        "bench",
        "--only",
        "history",
        "--history-scale",
        TINY,
        "--history-databases",
        *databases,
        "--pairs",
        "1",
        stdout=out,
        stderr=io.StringIO(),
    )
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_each_page_at_1x_and_10x_with_its_queries_ratio_and_target(databases, tmp_path):
    machine, *lines = _history(databases)
    assert machine["name"] == "machine"  # when and on what, as every run begins
    assert [line["name"] for line in lines] == PAGES
    for line in lines:
        assert line["seasons"] == [1, 10]
        assert line["players"] == [6, 6 + 2 * 9]
        small, large = line["games"]
        assert 0 < small < large
        assert [type(count) for count in line["queries"]] == [int, int]
        assert isinstance(line["ratio_10x_vs_1x"], float)
        assert line["ratio_10x_vs_1x"] == line["cpu_ratio"]["median"]
        assert line["target"] == "<= 1.5"
        assert line["within_target"] is (
            line["ratio_10x_vs_1x"] <= 1.5 and line["queries"][0] == line["queries"][1]
        )
    # Built once: the next run finds both histories as they were.
    _machine, *again = _history(databases)
    assert [line["games"] for line in again] == [line["games"] for line in lines]
    # The docs' table shows each page's counts at both sizes.
    recorded = tmp_path / "results.jsonl"
    recorded.write_text("".join(json.dumps(line) + "\n" for line in [machine, *lines]))
    table = io.StringIO()
    call_command("bench", "--table", str(recorded), stdout=table)
    rows = [row for row in table.getvalue().splitlines() if row.startswith("| history_")]
    assert [row.split(" | ")[0] for row in rows] == [f"| {name}" for name in PAGES]
    small_queries, large_queries = lines[0]["queries"]
    assert f"{small_queries} / {large_queries} queries" in rows[0]
    assert "| <= 1.5 |" in rows[0]
