"""The demo club answers as it did: every public page, the JSON API and the workbooks,
in English and Catalan, compared with what the site answered before the code was
reorganised (tests/data/demo_answers.json.gz).

A change of the code's layout must not change a page. When a page is meant to change,
run `UPDATE_DEMO_ANSWERS=1 .venv/bin/python -m pytest tests/test_demo_answers.py` and
commit the new file with the change, so the difference is reviewed like code.

The demo is loaded at a fixed moment with fresh id sequences, so that dates, times and
ids are the same on every run and on SQLite and PostgreSQL alike.
"""

import gzip
import io
import json
import os
import re
from datetime import date, datetime
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
import time_machine
from django.core.management import call_command
from django.test import Client
from openpyxl import load_workbook

from conftest import directors_group
from tournament.core import club_nights
from tournament.models import Tournament

ANSWERS = Path(__file__).resolve().parent / "data" / "demo_answers.json.gz"
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


def _workbook(content: bytes) -> str:
    """Every cell's value and type, sheet by sheet: the bytes carry a timestamp."""
    book = load_workbook(io.BytesIO(content))
    sheets = {}
    for sheet in book.worksheets:
        rows = []
        for row in sheet.iter_rows():
            cells = []
            for cell in row:
                value = cell.value
                if isinstance(value, date | datetime):
                    value = value.isoformat()
                cells.append([cell.data_type, value])
            rows.append(cells)
        sheets[sheet.title] = rows
    return json.dumps(sheets, ensure_ascii=False, indent=0)


def _answer(response) -> str:
    kind = response.get("Content-Type", "")
    body = b"".join(response) if response.streaming else response.content
    text = _workbook(body) if "spreadsheetml" in kind else body.decode()
    if "html" in kind:
        text = CSRF.sub(r"\1-\2", text)
    headers = {name: response.get(name, "") for name in ("Content-Type", "Content-Disposition")}
    return json.dumps({"status": response.status_code, **headers}) + "\n" + text


def crawl(language: str) -> dict[str, str]:
    client = Client(headers={"accept-language": language})
    answers: dict[str, str] = {}
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


def test_the_demo_club_answers_as_before(demo_club):
    with time_machine.travel(MOMENT, tick=False):
        answers = {
            f"{language} {url}": text
            for language in LANGUAGES
            for url, text in crawl(language).items()
        }
    # The club nights are crawled too: a Swiss's and a round robin's pages are recorded.
    nights = Tournament.objects.filter(format__in=club_nights.CLUB_NIGHT_FORMATS)
    assert sorted(nights.values_list("format", flat=True)) == ["round_robin", "swiss"]
    for night in nights:
        for language in LANGUAGES:
            assert f"{language} {night.get_absolute_url()}" in answers, night.name
    if os.environ.get("UPDATE_DEMO_ANSWERS") == "1":
        with gzip.open(ANSWERS, "wt", encoding="utf-8") as handle:
            json.dump(answers, handle, ensure_ascii=False, indent=0, sort_keys=True)
    with gzip.open(ANSWERS, "rt", encoding="utf-8") as handle:
        expected = json.load(handle)
    assert sorted(answers) == sorted(expected), "the demo club's pages are not the same set"
    changed = [url for url in expected if answers[url] != expected[url]]
    if changed:
        first = changed[0]
        old, new = expected[first].splitlines(), answers[first].splitlines()
        line = next(
            (number for number, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
            min(len(old), len(new)),
        )
        pytest.fail(
            f"{len(changed)} answers differ, e.g. {first} at line {line + 1}:\n"
            f"before: {old[line] if line < len(old) else '(end)'}\n"
            f"now:    {new[line] if line < len(new) else '(end)'}\n"
            f"all: {', '.join(changed[:20])}"
        )
