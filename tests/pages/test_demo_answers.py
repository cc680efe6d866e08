"""The demo club answers as it did: every public page, the JSON API and the workbooks,
in English and Catalan, compared with what the site answered before the code was
reorganised (tests/data/demo_answers/: a file per page, and index.json with each page's
status and headers).

A change of the code's layout must not change a page. When a page is meant to change,
run `UPDATE_DEMO_ANSWERS=1 .venv/bin/python -m pytest tests/pages/test_demo_answers.py` and
commit the new files with the change, so the difference is reviewed like code: one file
per page, uncompressed, so the review reads it as the lines of that page that changed.

The demo is loaded at a fixed moment with fresh id sequences, so that dates, times and
ids are the same on every run and on SQLite and PostgreSQL alike.
"""

import io
import json
import os
import re
import shutil
from datetime import date, datetime
from pathlib import Path, PurePosixPath
from urllib.parse import urljoin, urlsplit

import pytest
import time_machine
from django.core.management import call_command
from django.test import Client
from openpyxl import load_workbook

from conftest import directors_group
from tournament.core import club_nights
from tournament.models import Tournament

ANSWERS = Path(__file__).resolve().parents[1] / "data" / "demo_answers"
INDEX = ANSWERS / "index.json"
MOMENT = datetime.fromisoformat("2026-11-21T10:00:00+00:00")
LANGUAGES = ("en", "ca")
# Pages for visitors only: the director's side, the admin and accounts are not crawled.
NOT_PUBLIC = ("/director/", "/admin/", "/accounts/", "/i18n/", "/static/")
HREF = re.compile(r'href="([^"#]*)')
CSRF = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*(")')


def _links(text: str, base: str) -> list[str]:
    found = []
    for raw in HREF.findall(text):
        url = urljoin(base, raw.replace("&amp;", "&"))
        parts = urlsplit(url)
        if parts.netloc or not parts.path.startswith("/"):
            continue
        if parts.path.startswith(NOT_PUBLIC):
            continue
        # A column's sort order is the same rows again: one page of each table is enough.
        if "sort=" in parts.query:
            continue
        found.append(url)
    return found


def _lines(items: list[str], opening: str, closing: str) -> str:
    return opening + "\n" + ",\n".join(items) + "\n" + closing


def _workbook(content: bytes) -> str:
    """Every cell's type and value as JSON, sheet by sheet, a row to a line (so a changed
    cell is a changed row in the diff); not the bytes, which carry a timestamp."""
    book = load_workbook(io.BytesIO(content))
    sheets = []
    for sheet in book.worksheets:
        rows = []
        for row in sheet.iter_rows():
            cells = []
            for cell in row:
                value = cell.value
                if isinstance(value, date | datetime):
                    value = value.isoformat()
                cells.append([cell.data_type, value])
            rows.append(json.dumps(cells, ensure_ascii=False))
        sheets.append(_lines(rows, json.dumps(sheet.title, ensure_ascii=False) + ": [", "]"))
    return _lines(sheets, "{", "}\n")


def _answer(response) -> tuple[dict, str]:
    """The status and headers that matter, and the body as text."""
    kind = response.get("Content-Type", "")
    body = b"".join(response) if response.streaming else response.content
    text = _workbook(body) if "spreadsheetml" in kind else body.decode()
    if "html" in kind:
        text = CSRF.sub(r"\1-\2", text)
    headers = {name: response.get(name, "") for name in ("Content-Type", "Content-Disposition")}
    return {"status": response.status_code, **headers}, text


def file_of(page: str, content_type: str) -> PurePosixPath:
    """Where a page's answer is kept: "en /seasons/1999/standings/" in
    en/seasons/1999/standings.html, a query after an @, a workbook's cells in JSON."""
    language, url = page.split(" ", 1)
    parts = urlsplit(url)
    name = parts.path.strip("/") or "index"
    if parts.query:
        name += "@" + parts.query
    if "html" in content_type:
        suffix = ".html"
    elif "json" in content_type or "spreadsheetml" in content_type:
        suffix = ".json"
    else:
        suffix = ".txt"
    return PurePosixPath(language, name + suffix)


def write_answers(answers: dict[str, tuple[dict, str]]) -> None:
    """The recording, from scratch: a page no longer served leaves no file behind."""
    shutil.rmtree(ANSWERS, ignore_errors=True)
    for page, (headers, body) in answers.items():
        path = ANSWERS / file_of(page, headers["Content-Type"])
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(body.encode())
    # A page to a line: a page added, gone or answering differently is one line's change.
    pages = [
        f"{json.dumps(page, ensure_ascii=False)}: {json.dumps(answers[page][0])}"
        for page in sorted(answers)
    ]
    INDEX.write_text(_lines(pages, "{", "}\n"), encoding="utf-8")


def read_answers() -> dict[str, tuple[dict, str]]:
    index = json.loads(INDEX.read_text(encoding="utf-8"))
    return {
        page: (
            headers,
            (ANSWERS / file_of(page, headers["Content-Type"])).read_bytes().decode(),
        )
        for page, headers in index.items()
    }


def crawl(language: str) -> dict[str, tuple[dict, str]]:
    client = Client(headers={"accept-language": language})
    answers: dict[str, tuple[dict, str]] = {}
    queue = ["/", "/api/tournaments/"]
    while queue:
        url = queue.pop(0)
        if url in answers:
            continue
        response = client.get(url)
        answers[url] = _answer(response)
        kind = response.get("Content-Type", "")
        if "html" in kind:
            queue.extend(_links(response.content.decode(), url))
        elif "json" in kind:
            queue.extend(re.findall(r'"url": "([^"]+)"', response.content.decode()))
    return answers


@pytest.fixture
def demo_club(django_db_reset_sequences):
    with time_machine.travel(MOMENT, tick=False):
        directors_group()  # flushed by an earlier transactional test: made again
        call_command("load_demo", stdout=io.StringIO())
        yield


# Among the suite's slowest (21 s in one process on 2 busy cores): every public page,
# JSON and workbook of the demo, in two languages, against the recorded answers (the
# demo loaded at the recorded moment, so not the shared demo)
def test_the_demo_club_answers_as_before(demo_club):
    with time_machine.travel(MOMENT, tick=False):
        answers = {
            f"{language} {url}": text
            for language in LANGUAGES
            for url, text in crawl(language).items()
        }
    # The formats played in rounds are crawled too: a Swiss's (one going on to a
    # knockout), a round robin's, a Swiss with lives' and a team event's pages.
    nights = Tournament.objects.filter(format__in=(*club_nights.CLUB_NIGHT_FORMATS, "teams"))
    assert sorted(nights.values_list("format", flat=True)) == [
        "lives",
        "round_robin",
        "swiss",
        "swiss",
        "teams",
    ]
    for night in nights:
        for language in LANGUAGES:
            assert f"{language} {night.get_absolute_url()}" in answers, night.name
    if os.environ.get("UPDATE_DEMO_ANSWERS") == "1":
        write_answers(answers)
    expected = read_answers()
    kept = {path.relative_to(ANSWERS).as_posix() for path in ANSWERS.rglob("*") if path.is_file()}
    named = {str(file_of(page, headers["Content-Type"])) for page, (headers, _) in expected.items()}
    assert kept - {INDEX.name} == named, (
        "the files in tests/data/demo_answers/ are not those its index names"
    )
    assert sorted(answers) == sorted(expected), "the demo club's pages are not the same set"
    changed = [page for page in expected if answers[page] != expected[page]]
    if changed:
        first = changed[0]
        (old_headers, old_body), (new_headers, new_body) = expected[first], answers[first]
        old = [json.dumps(old_headers), *old_body.splitlines()]
        new = [json.dumps(new_headers), *new_body.splitlines()]
        line = next(
            (number for number, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
            min(len(old), len(new)),
        )
        where = file_of(first, old_headers["Content-Type"])
        pytest.fail(
            f"{len(changed)} answers differ, e.g. {first} "
            + ("(its headers, index.json)" if line == 0 else f"({where}, line {line})")
            + f":\nbefore: {old[line] if line < len(old) else '(end)'}\n"
            f"now:    {new[line] if line < len(new) else '(end)'}\n"
            f"all: {', '.join(changed[:20])}"
        )
