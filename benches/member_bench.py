"""`make bench`'s figures for the member-list import: a spreadsheet of 10,000 members
(a few of them listed twice or with a bad address) previewed on the director's page
and imported, and the same rows read from .ods and .csv. Each import is rolled back,
so the bench's database keeps no member and every run measures the same import."""

from __future__ import annotations

import csv
import io
import tempfile
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import RequestFactory
from django.urls import resolve, reverse
from openpyxl import Workbook

from tournament.imports.member_files import read_member_file
from tournament.operations import members

from .measure import measure

ROWS = 10_000
HEADERS = ["Nom", "Cognoms", "Número de soci", "Correu electrònic", "Telèfon", "Club"]


def member_rows(count: int = ROWS) -> list[list[object]]:
    rows = []
    for number in range(1, count + 1):
        # One in a hundred is listed twice; one in a hundred has a bad address.
        listed = number - 1 if number % 100 == 0 else number
        email = f"soci{listed}@example" if number % 100 == 50 else f"soci{listed}@example.org"
        rows.append(
            [
                f"Núria {listed}",
                "Ferrer i Solà",
                90_000 + listed,
                email,
                600_000_000 + listed,
                "Q-gammon",
            ]
        )
    return rows


def write_files(folder: Path, rows: list[list[object]]) -> dict[str, Path]:
    paths = {kind: folder / f"socis.{kind}" for kind in ("xlsx", "ods", "csv")}
    book = Workbook(write_only=True)
    sheet = book.create_sheet("Socis")
    for row in [HEADERS, *rows]:
        sheet.append(row)
    book.save(paths["xlsx"])
    _write_ods(paths["ods"], [HEADERS, *rows])
    text = io.StringIO()
    csv.writer(text, delimiter=";").writerows([HEADERS, *rows])
    paths["csv"].write_bytes(text.getvalue().encode("cp1252"))
    return paths


ODS_MIMETYPE = "application/vnd.oasis.opendocument.spreadsheet"
ODS_CONTENT = (
    "<?xml version='1.0' encoding='UTF-8'?>\n<office:document-content"
    ' xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"'
    ' xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"'
    ' xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
    '<office:body><office:spreadsheet><table:table table:name="Socis">{rows}</table:table>'
    "</office:spreadsheet></office:body></office:document-content>"
)


def _write_ods(path: Path, rows: list[list[object]]) -> None:
    """A one-sheet .ods of text cells, as a spreadsheet program lays it out (the
    mimetype stored first, then content.xml): the standard library is enough."""
    cell = '<table:table-cell office:value-type="string"><text:p>{}</text:p></table:table-cell>'
    content = ODS_CONTENT.format(
        rows="".join(
            "<table:table-row>"
            + "".join(cell.format(escape(str(value))) for value in row)
            + "</table:table-row>"
            for row in rows
        )
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", ODS_MIMETYPE, compress_type=zipfile.ZIP_STORED)
        archive.writestr("content.xml", content)


def _preview(data: bytes):
    """The preview page as a director gets it: read, sorted, rendered."""
    url = reverse("director-members-import")
    request = RequestFactory().post(url, {"file": SimpleUploadedFile("socis.xlsx", data)})
    # A superuser that is never saved, and a session that is never stored: the bench
    # writes nothing but through the operations. Hence no test Client, which would
    # need both; the view is the one the address leads to, its decorators included.
    request.user = User(username="bench", is_superuser=True, is_active=True)
    request.session = SessionStore()
    response = resolve(url).func(request)
    if response.status_code != 200:
        raise RuntimeError(f"the preview answered {response.status_code}")


def _import(data: bytes) -> None:
    with transaction.atomic():
        imported = members.import_members(read_member_file(data, "xlsx"))
        transaction.set_rollback(True)
    if not imported.added:
        raise RuntimeError("the bench's import found nobody new")


def _measure(emit, name: str, repeat: int, run, extra: dict) -> None:
    emit(measure(name, run, repeat, rows=ROWS, **extra))


def run(emit, repeat: int, insert_floor: float | None = None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        paths = write_files(Path(folder), member_rows())
        data = {kind: path.read_bytes() for kind, path in paths.items()}
    size = {"bytes": len(data["xlsx"])}
    _measure(emit, "member_import_preview_page", repeat, lambda: _preview(data["xlsx"]), size)
    imported = measure("member_import_xlsx", lambda: _import(data["xlsx"]), repeat, rows=ROWS)
    if insert_floor:
        # Against one bare INSERT a row: what adding the members costs at least.
        seconds = imported["wall_ms"]["median"] / 1000
        imported["insert_floor_ratio"] = round(seconds / (insert_floor * ROWS), 1)
    emit({**imported, **size})
    for kind in ("ods", "csv"):
        _measure(
            emit,
            f"member_file_read_{kind}",
            repeat,
            lambda kind=kind: read_member_file(data[kind], kind),
            {"bytes": len(data[kind])},
        )
