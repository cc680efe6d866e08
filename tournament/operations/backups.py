"""The whole club in one file, and back: `manage.py backup` and `manage.py restore`.

The file is a zip holding `manifest.json` and one JSON-lines file per table (a header
line naming the columns, then one array per row). Values are written exactly: datetimes
in ISO 8601 with their microseconds (Django's `dumpdata` JSON cuts them to
milliseconds), decimals as strings, JSON fields as JSON. The manifest gives the format
version, the app version, the migrations the database was at, the row count and SHA-256
of every table, and one checksum over all of them.

Restore loads such a file into an empty database in one transaction. Foreign keys are
checked at commit (Django declares them deferrable on SQLite and PostgreSQL), so tables
load in any order; the constraints are then checked at once, and the sequences reset
so that new rows get fresh ids.
"""

from __future__ import annotations

import datetime
import decimal
import hashlib
import json
import os
import uuid
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from django.apps import apps
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections, transaction
from django.db.migrations.recorder import MigrationRecorder
from django.utils.translation import gettext_lazy as _

import tournament

from .errors import OperationError

FORMAT = 1
MANIFEST = "manifest.json"
# Everything of the club: its own tables, the users, groups and permissions, the admin's
# log. Sessions are left out: logins do not survive a restore.
APPS = ("contenttypes", "auth", "admin", "tournament")
# Tables that `migrate` fills in an empty database (content types, permissions, the
# Directors group, the ratings lock row, the founding club and the federation's row).
# A restore replaces them with the backup's rows, so that ids agree with the rows that
# point at them.
SEEDED = frozenset(
    {
        "django_content_type",
        "auth_permission",
        "auth_group",
        "auth_group_permissions",
        "tournament_ratingslock",
        "tournament_club",
        "tournament_federation",
    }
)
ROWS_PER_BATCH = 2000
# What reading a damaged zip raises: a member's CRC or header (BadZipFile), its deflated
# bytes (zlib.error), its end cut short (EOFError).
DAMAGED = (zipfile.BadZipFile, zlib.error, EOFError, OSError)
ZIP_START = b"PK\x03\x04"  # the first bytes of a zip that begins with a member


class BackupRefused(OperationError):
    """The file cannot be restored here; nothing was written."""


@dataclass(frozen=True)
class Summary:
    path: Path
    rows: dict[str, int]

    @property
    def total(self) -> int:
        return sum(self.rows.values())


def backed_up_models() -> list:
    """Every table of the club, in a fixed order (by table name)."""
    models = [
        model
        for model in apps.get_models(include_auto_created=True)
        if model._meta.app_label in APPS and model._meta.managed and not model._meta.proxy
    ]
    return sorted(models, key=lambda model: model._meta.db_table)


def _columns(model) -> list[str]:
    return [field.attname for field in model._meta.concrete_fields]


def _encode(value):
    """A column's value as JSON, losing nothing: to_python() reads each back."""
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, decimal.Decimal | uuid.UUID):
        return str(value)
    if isinstance(value, datetime.timedelta):
        return value.total_seconds()
    if isinstance(value, bytes | memoryview):
        raise TypeError("binary columns are not part of the club's data")
    return value


def _line(data) -> bytes:
    # Sorted keys: JSON fields come back from PostgreSQL's jsonb with their keys
    # reordered, and a backup of a restored database must read the same.
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


def applied_migrations(alias: str = DEFAULT_DB_ALIAS) -> dict[str, list[str]]:
    applied = MigrationRecorder(connections[alias]).applied_migrations()
    return {
        app: sorted(name for label, name in applied if label == app)
        for app in APPS
        if any(label == app for label, _name in applied)
    }


@contextmanager
def _snapshot(alias: str):
    """One moment of the database while the tables are read, however long that takes
    and whoever records a game meanwhile: REPEATABLE READ on PostgreSQL; on SQLite the
    transaction holds the write lock (writers wait)."""
    connection = connections[alias]
    outermost = not connection.in_atomic_block
    with transaction.atomic(using=alias):
        # Only the first statement of a transaction may set its isolation; inside a
        # caller's transaction, that transaction's view is the snapshot.
        if outermost and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        yield


def backup(path: str | os.PathLike, *, alias: str = DEFAULT_DB_ALIAS) -> Summary:
    """Write the whole club into `path` (replaced only once complete; readable by the
    owner only: it holds password hashes and the players' contact details)."""
    path = Path(path)
    partial = path.with_name(f".{path.name}.partial")
    rows: dict[str, int] = {}
    digests: dict[str, str] = {}
    overall = hashlib.sha256()
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with (
            os.fdopen(fd, "wb") as handle,
            zipfile.ZipFile(handle, "w", zipfile.ZIP_DEFLATED) as archive,
        ):
            stamp = datetime.datetime.now().timetuple()[:6]
            with _snapshot(alias):
                for model in backed_up_models():
                    table = model._meta.db_table
                    columns = _columns(model)
                    digest = hashlib.sha256()
                    count = 0
                    entry = zipfile.ZipInfo(f"tables/{table}.jsonl", stamp)
                    entry.compress_type = zipfile.ZIP_DEFLATED
                    with archive.open(entry, "w") as member:
                        for data in _table_lines(model, columns, alias):
                            digest.update(data)
                            overall.update(data)
                            member.write(data)
                            count += 1
                    rows[table] = count - 1  # the header line
                    digests[table] = digest.hexdigest()
                migrations = applied_migrations(alias)
            manifest = {
                "format": FORMAT,
                "app": "qgammon-tournaments",
                "app_version": tournament.__version__,
                "created": datetime.datetime.now(datetime.UTC).isoformat(),
                "database": connections[alias].vendor,
                "migrations": migrations,
                "tables": {
                    table: {"rows": rows[table], "sha256": digests[table]} for table in rows
                },
                "checksum": overall.hexdigest(),
            }
            archive.writestr(MANIFEST, json.dumps(manifest, indent=2, sort_keys=True))
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return Summary(path, rows)


def _table_lines(model, columns: list[str], alias: str) -> Iterator[bytes]:
    yield _line(columns) + b"\n"
    values = (
        model._base_manager.using(alias)
        .order_by("pk")
        .values_list(*columns)
        .iterator(chunk_size=ROWS_PER_BATCH)
    )
    for row in values:
        yield _line([_encode(value) for value in row]) + b"\n"


def read_manifest(archive: zipfile.ZipFile) -> dict:
    try:
        manifest = json.loads(archive.read(MANIFEST))
    except (KeyError, ValueError):
        raise BackupRefused(_("This file has no readable manifest: it is not a backup.")) from None
    except DAMAGED:
        raise BackupRefused(
            _("The file %(path)s is damaged: its manifest cannot be read.")
            % {"path": archive.filename}
        ) from None
    if not isinstance(manifest, dict) or not isinstance(manifest.get("format"), int):
        raise BackupRefused(_("This file's manifest has no format version."))
    if manifest["format"] > FORMAT:
        raise BackupRefused(
            _(
                "This backup's format (%(found)s) is newer than this site reads "
                "(%(known)s): upgrade the site first."
            )
            % {"found": manifest["format"], "known": FORMAT}
        )
    return manifest


def _open(path: Path) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(path)
    except FileNotFoundError:
        raise BackupRefused(_("There is no file %(path)s.") % {"path": path}) from None
    except (zipfile.BadZipFile, OSError):
        if _starts_as_a_zip(path):
            # A zip's list of contents is at its end: a file cut short has none.
            raise BackupRefused(
                _("The file %(path)s is damaged or cut short: its list of contents is missing.")
                % {"path": path}
            ) from None
        raise BackupRefused(_("%(path)s is not a backup of this site.") % {"path": path}) from None


def _starts_as_a_zip(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(len(ZIP_START)) == ZIP_START
    except OSError:
        return False


def verify(archive: zipfile.ZipFile, manifest: dict) -> None:
    """The checksums of every table file against the manifest, before anything is
    written."""
    tables = manifest.get("tables")
    if not isinstance(tables, dict):
        raise BackupRefused(_("This file's manifest lists no tables."))
    overall = hashlib.sha256()
    for table, expected in tables.items():
        if not isinstance(expected, dict):
            raise BackupRefused(_("This file's manifest is damaged."))
        digest = hashlib.sha256()
        try:
            with archive.open(f"tables/{table}.jsonl") as member:
                for block in iter(lambda member=member: member.read(1 << 16), b""):
                    digest.update(block)
                    overall.update(block)
        except KeyError:
            raise BackupRefused(
                _("The table %(table)s is missing or damaged in this file.") % {"table": table}
            ) from None
        except DAMAGED:
            raise BackupRefused(
                _("The file %(path)s is damaged: the table %(table)s cannot be read.")
                % {"path": archive.filename, "table": table}
            ) from None
        if digest.hexdigest() != expected.get("sha256"):
            raise BackupRefused(
                _("The checksum of the table %(table)s does not match: the file is damaged.")
                % {"table": table}
            )
    if overall.hexdigest() != manifest.get("checksum"):
        raise BackupRefused(_("The backup's checksum does not match: the file is damaged."))


def _check_schema(manifest: dict, alias: str) -> None:
    here = applied_migrations(alias)
    there = manifest.get("migrations") or {}
    if here == there:
        return
    unknown = [
        f"{app}.{name}"
        for app, names in there.items()
        for name in names
        if name not in here.get(app, ())
    ]
    if unknown:
        raise BackupRefused(
            _(
                "This backup was made by a newer version of the site (migrations %(names)s): "
                "upgrade the site first."
            )
            % {"names": ", ".join(unknown[:5])}
        )
    last = {app: names[-1] for app, names in there.items() if names}
    raise BackupRefused(
        _(
            "This database is at newer migrations than the backup. Restore into a database "
            "migrated to the backup's own (%(targets)s), then run manage.py migrate."
        )
        % {"targets": ", ".join(f"migrate {app} {name}" for app, name in sorted(last.items()))}
    )


def _check_empty(models: list, alias: str) -> None:
    holding = [
        model._meta.db_table
        for model in models
        if model._meta.db_table not in SEEDED and model._base_manager.using(alias).exists()
    ]
    if holding:
        raise BackupRefused(
            _(
                "This database is not empty (%(tables)s hold rows): restore only into a new, "
                "migrated database."
            )
            % {"tables": ", ".join(holding[:5])}
        )


def restore(path: str | os.PathLike, *, alias: str = DEFAULT_DB_ALIAS) -> Summary:
    """Load a backup into an empty database: all of it, or nothing (BackupRefused)."""
    path = Path(path)
    with _open(path) as archive:
        manifest = read_manifest(archive)
        verify(archive, manifest)
        models = {model._meta.db_table: model for model in backed_up_models()}
        listed = set(manifest["tables"])
        if listed != set(models):
            raise BackupRefused(
                _("The backup's tables are not this site's: %(tables)s.")
                % {"tables": ", ".join(sorted(listed ^ set(models))[:5])}
            )
        rows: dict[str, int] = {}
        with transaction.atomic(using=alias):
            _check_schema(manifest, alias)
            _check_empty(list(models.values()), alias)
            for table in sorted(SEEDED):
                models[table]._base_manager.using(alias).all()._raw_delete(alias)
            for table, model in models.items():
                try:
                    rows[table] = _load_table(archive, table, model, alias)
                except (ValueError, TypeError, ValidationError, DatabaseError) as error:
                    raise BackupRefused(
                        _("The table %(table)s could not be loaded: %(error)s")
                        % {"table": table, "error": error}
                    ) from None
                if rows[table] != manifest["tables"][table].get("rows"):
                    raise BackupRefused(
                        _("The table %(table)s does not hold the rows its manifest counts.")
                        % {"table": table}
                    )
            connection = connections[alias]
            try:
                connection.check_constraints(table_names=list(models))
            except DatabaseError as error:
                raise BackupRefused(
                    _("The backup's rows do not fit together: %(error)s") % {"error": error}
                ) from None
            with connection.cursor() as cursor:
                for statement in connection.ops.sequence_reset_sql(no_style(), models.values()):
                    cursor.execute(statement)
    ContentType.objects.clear_cache()
    return Summary(path, rows)


def _load_table(archive: zipfile.ZipFile, table: str, model, alias: str) -> int:
    fields = {field.attname: field for field in model._meta.concrete_fields}
    manager = model._base_manager.using(alias)
    count = 0
    with archive.open(f"tables/{table}.jsonl") as member:
        lines = iter(member)
        columns = json.loads(next(lines, b"[]"))
        if not isinstance(columns, list) or set(columns) != set(fields):
            raise BackupRefused(
                _("The columns of %(table)s in the backup are not this site's.") % {"table": table}
            )
        ordered = [fields[column] for column in columns]
        batch = []
        for raw in lines:
            values = json.loads(raw)
            batch.append(
                model(
                    **{
                        field.attname: _decode(field, value)
                        for field, value in zip(ordered, values, strict=True)
                    }
                )
            )
            if len(batch) >= ROWS_PER_BATCH:
                count += _insert(manager, batch, ordered)
                batch = []
        count += _insert(manager, batch, ordered)
    return count


def _decode(field, value):
    if value is None or field.get_internal_type() == "JSONField":
        return value
    return field.to_python(value)


def _insert(manager, batch: list, fields: list) -> int:
    """Rows as they were, ids and timestamps included: `raw` keeps auto_now_add and
    save() from touching them."""
    if not batch:
        return 0
    connection = connections[manager.db]
    size = max(1, connection.ops.bulk_batch_size(fields, batch))
    for start in range(0, len(batch), size):
        manager._insert(batch[start : start + size], fields=fields, raw=True, using=manager.db)
    return len(batch)
