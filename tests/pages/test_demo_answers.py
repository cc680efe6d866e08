"""The demo club answers as it did: every public page, the JSON API and the workbooks,
in English and Catalan, compared with what the site answered before the code was
reorganised (tests/data/demo_answers/: a section per page, the pages of a folder in one
file, and index.json with each page's status and headers).

A change of the code's layout must not change a page. When a page is meant to change,
run `UPDATE_DEMO_ANSWERS=1 .venv/bin/python -m pytest -n 0 tests/pages/test_demo_answers.py`
and commit the new files with the change, so the difference is reviewed like code: a
section per page, named, so the review reads it as the lines of that page that changed.

What is kept is what a visitor gets, not the markup's bytes: a page of HTML as the lines
of tests/page_text.py (its text, links, form fields and drawings), the site's layout
around them once per language (<language>/_layout.txt), a page with a query as its
differences from the page without; JSON indented two levels; a workbook's cells. So a
template's indentation or a static file's hash changes nothing here, and a line added to
the layout changes one file, not every page.

The demo is loaded at a fixed moment with fresh id sequences, so that dates, times and
ids are the same on every run and on SQLite and PostgreSQL alike.
"""

import difflib
import io
import json
import os
import re
import shutil
from collections import Counter
from datetime import date, datetime
from pathlib import Path, PurePosixPath
from urllib.parse import urljoin, urlsplit

import pytest
import time_machine
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection
from django.test import Client
from openpyxl import load_workbook

from conftest import directors_group
from page_text import MAIN, page_lines
from tournament.core import club_nights
from tournament.models import Club, Tournament

ANSWERS = Path(__file__).resolve().parents[1] / "data" / "demo_answers"
INDEX = ANSWERS / "index.json"
MOMENT = datetime.fromisoformat("2026-11-21T10:00:00+00:00")
LANGUAGES = ("en", "ca")
# Pages for visitors only: the director's side, the admin and accounts are not crawled.
NOT_PUBLIC = ("/director/", "/admin/", "/accounts/", "/i18n/", "/static/")
HREF = re.compile(r'href="([^"#]*)')
LAYOUT = "_layout.txt"
OWN_LAYOUT = "{its layout: the site's with these differences}"
AS_PLAIN = "{the page without its query, with these differences}"


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
    cell is a changed row in the diff); not the bytes, which carry a timestamp. A cell is
    its value when the value says its type (a string "s", a number or nothing "n"),
    [type, value] otherwise (a date, "d")."""
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
                said = "s" if isinstance(value, str) else "n"
                plain = value is None or isinstance(value, str | int | float)
                plain = plain and not isinstance(value, bool)
                cells.append(value if plain and cell.data_type == said else [cell.data_type, value])
            # openpyxl pads every row to the widest: the empty cells at a row's end are
            # no cells.
            while cells and cells[-1] is None:
                cells.pop()
            rows.append(json.dumps(cells, ensure_ascii=False))
        sheets.append(_lines(rows, json.dumps(sheet.title, ensure_ascii=False) + ": [", "]"))
    return _lines(sheets, "{", "}\n")


def _answer(response) -> tuple[dict, str]:
    """The status and headers that matter, and the body as text."""
    kind = response.get("Content-Type", "")
    body = b"".join(response) if response.streaming else response.content
    text = _workbook(body) if "spreadsheetml" in kind else body.decode()
    headers = {name: response.get(name, "") for name in ("Content-Type", "Content-Disposition")}
    return {"status": response.status_code, **headers}, text


def file_of(page: str, content_type: str) -> PurePosixPath:
    """Where a page's answer is kept: "en /seasons/1999/standings/" in
    en/seasons/1999/standings.txt, a query after an @, JSON and a workbook's cells in .json."""
    language, url = page.split(" ", 1)
    parts = urlsplit(url)
    name = parts.path.strip("/") or "index"
    if parts.query:
        name += "@" + parts.query
    if "html" in content_type:
        suffix = ".txt"
    elif "json" in content_type or "spreadsheetml" in content_type:
        suffix = ".json"
    else:
        suffix = ".plain.txt"
    return PurePosixPath(language, name + suffix)


def _json(value, depth: int = 0) -> str:
    """A list's items and an object's members a line each, two levels down (a tournament,
    then each of its matches), deeper values on their line: a changed value is a changed
    line, and the file is not three times the answer."""
    if depth >= 2 or not isinstance(value, dict | list) or not value:
        return json.dumps(value, ensure_ascii=False)
    inner = "\n" + " " * (depth + 1)
    if isinstance(value, dict):
        items = [
            f"{json.dumps(k, ensure_ascii=False)}: {_json(v, depth + 1)}" for k, v in value.items()
        ]
        opening, closing = "{", "}"
    else:
        items = [_json(item, depth + 1) for item in value]
        opening, closing = "[", "]"
    return opening + inner + ("," + inner).join(items) + "\n" + " " * depth + closing


def _layout(pages: dict[str, tuple[list[str], list[str]]]) -> tuple[list[str], list[str]]:
    """The layout most of a language's pages share, and the lines that open every one of
    those pages' <main> (the offline note), which are the layout's too."""
    counts = Counter("\n".join(layout) for _own, layout in pages.values())
    common = min(counts, key=lambda text: (-counts[text], text))
    mains = [own[1:] for own, layout in pages.values() if "\n".join(layout) == common]
    opening = 0
    while all(len(main) > opening and main[opening] == mains[0][opening] for main in mains):
        opening += 1
    return common.split("\n"), mains[0][:opening]


def _own(own: list[str], layout: list[str], common: list[str], opening: list[str]) -> list[str]:
    """A page's lines as kept: its title, then its <main> after the layout's opening
    lines; on a page whose layout differs, all of its lines and its layout's."""
    if layout == common and own[1 : 1 + len(opening)] == opening:
        return [own[0], *own[1 + len(opening) :]]
    return [*own, OWN_LAYOUT, *_differences(common, layout)]


def _differences(before: list[str], after: list[str]) -> list[str]:
    """The lines that turn one text into the other, as `diff -U0` writes them."""
    return list(difflib.unified_diff(before, after, n=0, lineterm=""))[2:]


def recording(answers: dict[str, tuple[dict, str]]) -> dict[str, str]:
    """The files of tests/data/demo_answers/ for these answers, by their path in it.

    A page of HTML is its page_text lines; the site's layout around them, the same on
    nearly every page, is kept once per language in <language>/_layout.txt, and a page
    keeps its own only when it differs from that. A page answering in Catalan exactly as
    in English (the API's numbers and names) is kept once, in English."""
    files: dict[str, str] = {}
    html: dict[str, dict[str, tuple[list[str], list[str]]]] = {}
    texts: dict[str, str] = {}
    for page, (headers, body) in answers.items():
        language, url = page.split(" ", 1)
        kind = headers["Content-Type"]
        if "html" in kind:
            html.setdefault(language, {})[page] = page_lines(body, url)
        elif "json" in kind and "spreadsheetml" not in kind:
            texts[page] = _json(json.loads(body)) + "\n"
        else:
            # As a file reads back (a calendar's lines end in CRLF, RFC 5545).
            texts[page] = body.replace("\r\n", "\n")
    for language, pages in sorted(html.items()):
        common, opening = _layout(pages)
        at = common.index(MAIN) + 1 if MAIN in common else len(common)
        files[f"{language}/{LAYOUT}"] = "\n".join([*common[:at], *opening, *common[at:]]) + "\n"
        for page, (own, layout) in pages.items():
            texts[page] = "\n".join(_own(own, layout, common, opening)) + "\n"
    # A page with a query (a bracket with one player's path shown) is its page without the
    # query but for a few lines: kept as those lines, when that page was crawled too.
    for page in answers:
        plain = page.split("?", 1)[0]
        if plain != page and plain in texts and "html" in answers[page][0]["Content-Type"]:
            lines = _differences(texts[plain].splitlines(), texts[page].splitlines())
            texts[page] = "\n".join([AS_PLAIN, *lines]) + "\n"
    index = []
    for page in sorted(answers):
        headers = {name: value for name, value in answers[page][0].items() if value != ""}
        language, url = page.split(" ", 1)
        if language != LANGUAGES[0] and texts[page] == texts.get(f"{LANGUAGES[0]} {url}"):
            headers["body"] = f"as in {LANGUAGES[0]}"
        else:
            files[str(file_of(page, headers["Content-Type"]))] = texts[page]
        # A page to a line: a page added, gone or answering differently is one line's change.
        index.append(
            f"{json.dumps(page, ensure_ascii=False)}: {json.dumps(headers, ensure_ascii=False)}"
        )
    files[INDEX.name] = _lines(index, "{", "}\n")
    return files


# The pages under one folder of a language (its 236 matches, its 57 tournaments' pages)
# are kept in one file, a page to a section opened by this line: a changed page is a
# changed section, and the recording is twenty files, not seven hundred small ones.
SECTION = "=== page: "


def _bundle(name: str) -> str | None:
    """The file a page's answer is kept in with its neighbours: en/matches/1.txt in
    en/matches.pages; a page at a language's top (en/index.txt) keeps a file of its own."""
    parts = name.split("/")
    return f"{parts[0]}/{parts[1]}.pages" if len(parts) > 2 else None


def pack(files: dict[str, str]) -> dict[str, str]:
    packed: dict[str, str] = {}
    for name in sorted(files):
        bundle = _bundle(name)
        if bundle is None:
            packed[name] = files[name]
            continue
        assert SECTION not in files[name], name
        packed[bundle] = packed.get(bundle, "") + f"{SECTION}{name}\n{files[name]}"
    return packed


def unpack(packed: dict[str, str]) -> dict[str, str]:
    files: dict[str, str] = {}
    for name, text in packed.items():
        if not name.endswith(".pages"):
            files[name] = text
            continue
        for section in text.split(SECTION)[1:]:
            page, body = section.split("\n", 1)
            files[page] = body
    return files


def write_answers(files: dict[str, str]) -> None:
    """The recording, from scratch: a page no longer served leaves no file behind."""
    shutil.rmtree(ANSWERS, ignore_errors=True)
    for name, text in pack(files).items():
        path = ANSWERS / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def read_answers() -> dict[str, str]:
    return unpack(
        {
            path.relative_to(ANSWERS).as_posix(): path.read_text(encoding="utf-8")
            for path in ANSWERS.rglob("*")
            if path.is_file()
        }
    )


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
            # A tournament's address, and the list's next page (docs/api.md): every
            # tournament is reached however many pages the list has.
            queue.extend(re.findall(r'"(?:url|next)": "([^"]+)"', response.content.decode()))
    return answers


@pytest.fixture
def demo_club(django_db_reset_sequences):
    with time_machine.travel(MOMENT, tick=False):
        directors_group()  # flushed by an earlier transactional test: made again
        # The founding club's row outlives the flush (made again after it, as Django's
        # permissions are) while the sequences were reset: the next club's id moves past it.
        with connection.cursor() as cursor:
            for sql in connection.ops.sequence_reset_sql(no_style(), [Club]):
                cursor.execute(sql)
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
    # knockout), a round robin's, a Swiss with lives' and a team event's pages (not the
    # league's fixtures, team events of their home clubs too: crawled from the league).
    nights = Tournament.objects.filter(
        format__in=(*club_nights.CLUB_NIGHT_FORMATS, "teams"), league_fixture__isnull=True
    )
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
    files = recording(answers)
    if os.environ.get("UPDATE_DEMO_ANSWERS") == "1":
        write_answers(files)
    kept = read_answers()
    assert sorted(files) == sorted(kept), (
        "the demo club's pages are not the same set: "
        f"new {sorted(set(files) - set(kept))[:20]}, gone {sorted(set(kept) - set(files))[:20]}"
    )
    changed = [name for name in sorted(files) if files[name] != kept[name]]
    if changed:
        first = changed[0]
        old, new = kept[first].splitlines(), files[first].splitlines()
        line = next(
            (number for number, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
            min(len(old), len(new)),
        )
        pytest.fail(
            f"{len(changed)} files of tests/data/demo_answers/ differ, e.g. {first}, "
            f"line {line + 1}:\nbefore: {old[line] if line < len(old) else '(end)'}\n"
            f"now:    {new[line] if line < len(new) else '(end)'}\n"
            f"all: {', '.join(changed[:20])}"
        )
