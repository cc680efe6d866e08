"""Django's SQLite backend, reading on when the file cannot be written.

A database in WAL mode (settings: the init command) is opened with its `-shm` file,
which SQLite makes beside it, and a connection starts by setting the journal mode. On a
read-only file system, or a full disk, neither can be done, and the open fails ("unable
to open database file", "disk I/O error"): every page, reads included, would be a 500.
Then the file is opened again read-only, without the init command: reads work, and each
write is refused with SQLITE_READONLY, which the error page answers as a 503 that says
nothing was recorded (web.errors). Each request tries the normal open first (SQLite's
connections last one request), so the site writes again as soon as the disk does.

Read-only is `mode=ro` when the write-ahead log holds commits not yet copied into the
file (it is read with them), else `immutable=1`, which needs no `-shm` at all: on a
file system that refuses writes nobody else can change the file meanwhile.
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

from django.db.backends.sqlite3 import base

logger = logging.getLogger(__name__)

# SQLite's result codes for a file that cannot be opened for writing, or written: their
# extended forms start the same (SQLITE_READONLY_DIRECTORY, SQLITE_IOERR_SHMSIZE).
UNWRITABLE = ("SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_READONLY", "SQLITE_FULL")


def read_only_address(name: str) -> str | None:
    """The URI that opens the database file `name` for reading only; None for an
    in-memory database or a name that is already a URI."""
    if not name or name == ":memory:" or name.startswith("file:"):
        return None
    path = Path(name).resolve()
    wal = path.with_name(path.name + "-wal")
    try:
        waiting = wal.stat().st_size > 0
    except OSError:
        waiting = False
    return path.as_uri() + ("?mode=ro" if waiting else "?immutable=1")


class DatabaseWrapper(base.DatabaseWrapper):
    def get_new_connection(self, conn_params):
        try:
            return super().get_new_connection(conn_params)
        except sqlite3.OperationalError as error:
            name = str(conn_params.get("database", ""))
            address = read_only_address(name)
            if address is None or not str(getattr(error, "sqlite_errorname", "")).startswith(
                UNWRITABLE
            ):
                raise
            commands, self.init_commands = self.init_commands, []
            try:
                connection = super().get_new_connection({**conn_params, "database": address})
            except sqlite3.Error:
                raise error from None
            finally:
                self.init_commands = commands
            logger.warning(
                "The database %s cannot be written (%s): opened read-only, every write is "
                "refused until it can be.",
                name,
                error,
            )
            return connection
