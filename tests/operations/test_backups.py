"""Backup and restore: the whole club in one file and back, row for row, on SQLite and
PostgreSQL and from one to the other; and every refusal leaves the database as it was."""

import datetime
import io
import json
import os
import subprocess
import sys
import tomllib
import zipfile
from decimal import Decimal
from pathlib import Path

import psycopg
import pytest
from django.conf import settings
from django.contrib.auth.models import Group, User
from django.core.management import CommandError, call_command
from django.db import connection
from django.utils import translation

import tournament
from tournament.models import AuditEntry, Bracket, Game, Player
from tournament.operations import backups
from tournament.operations.backups import BackupRefused, backed_up_models

ROOT = Path(__file__).resolve().parents[2]
EXACT = datetime.datetime(2026, 3, 14, 15, 9, 26, 535897, tzinfo=datetime.UTC)


def every_row() -> dict[str, list[tuple]]:
    """Every row of every backed-up table, by table, in id order."""
    return {
        model._meta.db_table: list(
            model._base_manager.order_by("pk").values_list(
                *[field.attname for field in model._meta.concrete_fields]
            )
        )
        for model in backed_up_models()
    }


def empty_the_club() -> None:
    """What a new database holds after `migrate`: only the rows migrations make."""
    for model in backed_up_models():
        if model._meta.db_table not in backups.SEEDED:
            model._base_manager.all()._raw_delete(connection.alias)


def club_rows() -> int:
    return sum(
        model._base_manager.count()
        for model in backed_up_models()
        if model._meta.db_table not in backups.SEEDED
    )


@pytest.fixture
def club(demo):
    """The demo club, plus the awkward values: a timestamp to the microsecond, a fee in
    cents, a director in the Directors group, accents and quotes in a name."""
    game = Game.objects.order_by("pk").first()
    Game.objects.filter(pk=game.pk).update(entered_at=EXACT)
    Bracket.objects.filter(pk=Bracket.objects.order_by("pk").first().pk).update(
        fee=Decimal("12.35")
    )
    Player.objects.create(name='Núria "l\'Àvia" Ferrer', email="nuria@example.org")
    user = User.objects.create_user("arbitre", password="a long passphrase 42")
    user.groups.add(Group.objects.get(name="Directors"))
    return every_row()


def test_the_app_version_in_backups_is_the_projects():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert tournament.__version__ == project["version"]


def test_a_round_trip_gives_back_every_row_of_every_table(club, tmp_path):
    path = tmp_path / "club.zip"
    summary = backups.backup(path)
    assert summary.rows["tournament_game"] == len(club["tournament_game"]) > 0
    empty_the_club()
    assert club_rows() == 0

    restored = backups.restore(path)

    assert restored.rows == summary.rows
    after = every_row()
    assert after.keys() == club.keys()
    for table, rows in club.items():
        assert after[table] == rows, table
    assert Game.objects.filter(entered_at=EXACT).count() == 1
    assert Bracket.objects.filter(fee=Decimal("12.35")).exists()
    director = User.objects.get(username="arbitre")
    assert director.check_password("a long passphrase 42")
    assert director.has_perm("tournament.direct_tournaments")


def test_new_rows_after_a_restore_get_fresh_ids(club, tmp_path):
    path = tmp_path / "club.zip"
    backups.backup(path)
    empty_the_club()
    backups.restore(path)
    highest = max(pk for pk, *_rest in club["tournament_player"])
    assert Player.objects.create(name="Una sòcia nova").pk > highest
    entry = AuditEntry.objects.create(action=AuditEntry.Action.PLAYER_ADDED, summary="x")
    assert entry.pk > max(pk for pk, *_rest in club["tournament_auditentry"])


def test_the_file_carries_a_manifest_and_only_its_owner_reads_it(club, tmp_path):
    path = tmp_path / "club.zip"
    backups.backup(path)
    assert os.stat(path).st_mode & 0o077 == 0
    with zipfile.ZipFile(path) as archive:
        manifest = json.loads(archive.read("manifest.json"))
    assert manifest["format"] == backups.FORMAT
    assert manifest["app_version"] == tournament.__version__
    assert manifest["database"] == connection.vendor
    assert manifest["tables"]["tournament_player"]["rows"] == len(club["tournament_player"])
    assert "0009_player_reports" in manifest["migrations"]["tournament"]
    assert len(manifest["checksum"]) == 64


def rewrite(path: Path, change) -> None:
    """The backup with one member changed by `change(name, data) -> data`."""
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, change(name, data))


def change_manifest(**changes):
    def change(name, data):
        if name != "manifest.json":
            return data
        return json.dumps({**json.loads(data), **changes}).encode()

    return change


def tamper_with_a_score(name, data):
    if name != "tables/tournament_player.jsonl":
        return data
    return data.replace(b"Ferrer", b"Ferrar", 1)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (tamper_with_a_score, "checksum of the table tournament_player does not match"),
        (change_manifest(format=backups.FORMAT + 1), "newer than this site reads"),
        (change_manifest(checksum="0" * 64), "checksum does not match"),
        (
            change_manifest(migrations={"tournament": ["0001_initial", "0099_from_the_future"]}),
            "newer version of the site",
        ),
    ],
    ids=["damaged table", "newer format", "damaged checksum", "newer migrations"],
)
def test_a_file_that_cannot_be_trusted_writes_nothing(club, tmp_path, change, message):
    path = tmp_path / "club.zip"
    backups.backup(path)
    rewrite(path, change)
    empty_the_club()
    before = every_row()

    with pytest.raises(BackupRefused, match=message):
        backups.restore(path)

    assert every_row() == before
    assert club_rows() == 0


def test_a_database_that_holds_a_club_is_refused_and_kept(club, tmp_path):
    path = tmp_path / "club.zip"
    backups.backup(path)
    with pytest.raises(BackupRefused, match="not empty"):
        backups.restore(path)
    assert every_row() == club


def test_one_player_is_enough_to_refuse(db, tmp_path):
    path = tmp_path / "empty.zip"
    backups.backup(path)
    Player.objects.create(name="Pere")
    with pytest.raises(BackupRefused, match="tournament_player"):
        backups.restore(path)
    assert list(Player.objects.values_list("name", flat=True)) == ["Pere"]


def test_an_older_schema_is_refused_with_the_way_forward(club, tmp_path):
    path = tmp_path / "club.zip"
    backups.backup(path)
    older = club_migrations()[:-1]
    rewrite(path, change_manifest(migrations={**backups.applied_migrations(), "tournament": older}))
    empty_the_club()
    with pytest.raises(BackupRefused, match=f"migrate tournament {older[-1]}"):
        backups.restore(path)
    assert club_rows() == 0


def club_migrations() -> list[str]:
    return backups.applied_migrations()["tournament"]


@pytest.mark.parametrize("content", [b"", b"not a zip at all", b"PK\x03\x04broken"])
def test_a_file_that_is_not_a_backup_is_refused(db, tmp_path, content):
    path = tmp_path / "notes.zip"
    path.write_bytes(content)
    with pytest.raises(BackupRefused):
        backups.restore(path)


def compressed_bytes(path: Path) -> list[int]:
    """Where in the file each member's compressed bytes lie (past its local header)."""
    offsets = []
    with zipfile.ZipFile(path) as archive, path.open("rb") as handle:
        for member in archive.infolist():
            handle.seek(member.header_offset + 26)  # the local header's two name lengths
            lengths = handle.read(4)
            start = (
                member.header_offset
                + 30
                + sum(int.from_bytes(lengths[at : at + 2], "little") for at in (0, 2))
            )
            offsets.extend(range(start, start + member.compress_size))
    return offsets


def test_a_damaged_backup_is_refused_naming_the_file_and_writes_nothing(club, tmp_path):
    """Issue 37, fault 8: a byte flipped in the middle of a backup, restored into a new
    database, ended in zlib's traceback. A byte at a time, about every kilobyte of the
    tables and the manifest: some make the deflated bytes unreadable (zlib.error),
    others their CRC wrong."""
    path = tmp_path / "nightly.zip"
    call_command("backup", "--output", str(path), stdout=io.StringIO())
    whole = path.read_bytes()
    contents = members(path)
    empty_the_club()
    before = every_row()
    tried = 0
    for offset in compressed_bytes(path)[::1009]:
        damaged = bytearray(whole)
        damaged[offset] ^= 0xFF
        path.write_bytes(bytes(damaged))
        if members(path) == contents:
            # A bit of a deflated block's code table that no byte of it uses (a code
            # length of a symbol never written): every member still reads to the same
            # bytes and the same checksums. Such a file holds the backup whole.
            continue
        tried += 1
        with pytest.raises(CommandError) as refused:
            call_command("restore", str(path), stdout=io.StringIO())
        assert str(refused.value).startswith(
            f"Nothing was restored. The file {path} is damaged: "
        ), offset
    assert tried >= len(compressed_bytes(path)[::1009]) * 0.9
    assert every_row() == before
    assert club_rows() == 0


def members(path: Path) -> dict[str, bytes] | None:
    """Every member's bytes as the zip reads them, or None where it cannot."""
    try:
        with zipfile.ZipFile(path) as archive:
            return {name: archive.read(name) for name in archive.namelist()}
    except Exception:  # a damaged member: anything zipfile or zlib raises
        return None


def test_a_backup_cut_short_is_refused_naming_the_file_and_writes_nothing(club, tmp_path):
    path = tmp_path / "nightly.zip"
    call_command("backup", "--output", str(path), stdout=io.StringIO())
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    empty_the_club()
    with pytest.raises(CommandError) as refused:
        call_command("restore", str(path), stdout=io.StringIO())
    assert str(refused.value) == (
        f"Nothing was restored. The file {path} is damaged or cut short: its list of "
        "contents is missing."
    )
    assert club_rows() == 0


def test_the_commands_say_what_they_did_and_why_they_refused(club, tmp_path):
    path = tmp_path / "nightly.zip"
    out = io.StringIO()
    call_command("backup", "--output", str(path), stdout=out)
    assert f"into {path}" in out.getvalue()
    with pytest.raises(CommandError, match=r"Nothing was restored\. This database is not empty"):
        call_command("restore", str(path), stdout=io.StringIO())
    empty_the_club()
    out = io.StringIO()
    call_command("restore", str(path), stdout=out)
    assert out.getvalue().startswith(f"Restored {sum(len(rows) for rows in club.values())} rows")
    with pytest.raises(CommandError, match="There is no file"):
        call_command("restore", str(tmp_path / "missing.zip"))


# From one database to the other and back --------------------------------------------

PG_SERVER = "postgres://postgres@127.0.0.1:5432"


def pg_admin(*statements: str) -> None:
    with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True, connect_timeout=3) as pg:
        for statement in statements:
            pg.execute(statement)


@pytest.fixture
def other_database(tmp_path):
    """A new, empty database of the other kind than the one the tests run on."""
    if connection.vendor == "postgresql":
        yield f"sqlite:///{tmp_path / 'other.sqlite3'}"
        return
    name = f"qgammon_backup_{os.getpid()}"
    try:
        pg_admin(f'DROP DATABASE IF EXISTS "{name}"', f'CREATE DATABASE "{name}"')
    except psycopg.OperationalError:
        if os.environ.get("EXPECT_DB_VENDOR"):
            raise  # CI runs on this machine, where PostgreSQL answers
        pytest.skip("no PostgreSQL server on 127.0.0.1:5432 to restore into")
    yield f"{PG_SERVER}/{name}"
    pg_admin(f'DROP DATABASE IF EXISTS "{name}"')


def manage(database_url: str, *args: str) -> None:
    environment = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": settings.SECRET_KEY}
    subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=environment, check=True, timeout=300
    )


def tables_of(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist() if name != "manifest.json"}


# Among the suite's slowest (10 s in one process on 2 busy cores): the demo backed up,
# restored into a migrated database of the other kind (a `migrate` in a process of its
# own) and back
def test_a_club_moves_to_the_other_database_and_back_unchanged(club, tmp_path, other_database):
    here = tmp_path / "here.zip"
    there = tmp_path / "there.zip"
    backups.backup(here)
    other = other_database

    manage(other, "migrate", "--verbosity", "0")
    manage(other, "restore", str(here))
    manage(other, "backup", "--output", str(there))

    assert tables_of(there) == tables_of(here)
    empty_the_club()
    backups.restore(there)
    assert every_row() == club


def test_a_refused_restore_answers_in_one_language(club, tmp_path):
    """Issue 22, item 14: run where the club's language is Catalan, the command said
    "Nothing was restored. Aquesta base de dades..."; it answers in English throughout."""
    path = tmp_path / "nightly.zip"
    call_command("backup", "--output", str(path), stdout=io.StringIO())
    with translation.override("ca"), pytest.raises(CommandError) as refused:
        call_command("restore", str(path), stdout=io.StringIO())
    assert str(refused.value).startswith("Nothing was restored. This database is not empty")
    assert "Aquesta" not in str(refused.value)
