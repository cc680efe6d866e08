"""`manage.py read_transcripts [--json] FILE...`: files read as the site reads them,
nothing written."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

DATA = Path(__file__).resolve().parents[1] / "data" / "mat"


def run(*args: str) -> tuple[str, CommandError | None]:
    out = StringIO()
    try:
        call_command("read_transcripts", *args, stdout=out)
    except CommandError as error:
        return out.getvalue(), error
    return out.getvalue(), None


def test_json_gives_one_object_per_file_in_order(tmp_path):
    latin = tmp_path / "latin1.txt"
    latin.write_bytes(
        (DATA / "gnubg_3pt.mat")
        .read_text(encoding="utf-8")
        .replace("Anna", "Núria")
        .encode("latin-1")
    )
    money = tmp_path / "money.mat"
    money.write_text(" 0 point match\n\n Game 1\n A : 0   B : 0\n", encoding="utf-8")
    files = [str(DATA / "dialects" / "hand_cp1252.txt"), str(latin), str(money)]
    out, error = run("--json", *files)
    assert error is not None  # one file refused: non-zero exit
    readings = json.loads(out)
    assert [item["file"] for item in readings] == files
    first, second, third = readings
    assert first == {
        "file": files[0],
        "ok": True,
        "format": "mat",
        "length": 5,
        "players": ["nori", "Josep Mª Vidal"],
        "games": 3,
        "score": [0, 5],
        "finished": True,
        "warnings": [],
        "error": None,
    }
    assert second["ok"] and second["players"] == ["Núria", "Pere"] and second["score"] == [2, 4]
    assert third["ok"] is False
    assert third["error"] == "line 1: '0 point match': a session of money games, not a match"


def test_a_money_session_has_length_0_and_is_refused_at_its_line(tmp_path):
    """Issue 38, item 6: `"length": 0` for money. A real XG Mobile export of a money
    session (`0 point match` on its line 16, tests/data/transcripts/SOURCES.md) and a
    file that says so in its header before `Game 1`: each refused in words at its line."""
    header = tmp_path / "session.txt"
    header.write_text("Money session\n\n Game 1\n A : 0   B : 0\n", encoding="utf-8")
    files = [str(DATA.parent / "transcripts" / "xg" / "sample.xg"), str(header)]
    out, error = run("--json", *files)
    assert error is not None  # nothing read: non-zero exit
    refused = {"ok": False, "format": "mat", "length": 0, "games": 0, "finished": False}
    errors = [
        "line 16: '0 point match': a session of money games, not a match",
        "line 1: a session of money games, not a match",
    ]
    for item, path, says in zip(json.loads(out), files, errors, strict=True):
        assert item == {**item, **refused, "file": path, "error": says}
        # JSON's 0 and false, not merely equal in Python.
        assert type(item["length"]) is int and item["ok"] is False


def test_warnings_and_an_unfinished_match(tmp_path):
    out, error = run("--json", str(DATA / "dialects" / "server_left.txt"))
    assert error is None
    [item] = json.loads(out)
    assert (item["ok"], item["finished"], item["score"], item["games"]) == (True, False, [0, 3], 1)
    assert item["warnings"][0].startswith("line 12: ")


def test_without_json_a_line_per_file():
    out, error = run(str(DATA / "gnubg_3pt.mat"), str(DATA / "bad_no_length.mat"))
    assert "gnubg_3pt.mat: mat, 3 point match, Anna v Pere, 4 games, 2-4, finished" in out
    assert "bad_no_length.mat: refused: line 3: expected the match length" in out
    assert error is not None


@pytest.mark.django_db
def test_nothing_is_written(tmp_path):
    from tournament.models import Transcript

    run(str(DATA / "gnubg_3pt.mat"))
    assert not Transcript.objects.exists()
