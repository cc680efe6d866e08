"""The demo club, loaded once per test process and lent to the tests that look at it.

Loading the demo takes seconds (every game goes through the operations), so it is
loaded once (on SQLite once per run, copied by the other test processes), into a
database of its own beside the test database (made from it when the
test database is new, so it holds the migrations' rows too). A test borrows it in one
of two ways:

- in a transaction rolled back after the test (the `demo` fixture, `DemoClubTestCase`):
  the test reads and writes the demo as it likes, and the next one finds it as loaded;
- as a copy of its own, for a test whose writes are committed (a live server's, a
  browser's: the `demo_copy` fixture, `demo_server`): an SQLite file copied, or on
  PostgreSQL a database made with the demo's as its TEMPLATE; dropped afterwards.

While a test borrows it, the connection's settings name the demo's database, so
everything that opens a connection (the test, a live server's request threads) finds
the demo. The test database itself is never changed by it.
"""

import io
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path

from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.db.utils import OperationalError
from django.test import Client, TestCase

import once_per_run


class DemoDatabases:
    """The demo's database and its copies, for the test database of this process."""

    def __init__(self):
        self.home = None  # the test database's name
        self.loaded = False

    @property
    def sqlite(self) -> bool:
        return connection.vendor == "sqlite"

    def named(self, suffix: str) -> str:
        if self.sqlite:
            return self.home.removesuffix(".sqlite3") + f"-{suffix}.sqlite3"
        return f"{self.home}_{suffix}"

    def start(self) -> None:
        """Called once the test database is made and migrated: the demo's database
        starts as a copy of it (loaded when a test first asks for it)."""
        self.home = connection.settings_dict["NAME"]
        self._drop(self.named("demo"))  # left by a run that was stopped (--reuse-db)
        self._copy(self.home, self.named("demo"))

    def finish(self) -> None:
        self.use(self.home)
        for name in (self.named("demo"), self.named("copy")):
            self._drop(name)

    def use(self, name: str) -> None:
        """Every connection opened from now on, in any thread, opens `name`."""
        connection.close()
        connection.settings_dict["NAME"] = name

    def demo(self) -> str:
        name = self.named("demo")
        if not self.loaded:
            self.use(name)
            if self.sqlite:
                self._loaded_once(name)
            else:
                call_command("load_demo", stdout=io.StringIO())
            cache.clear()  # what the loading rendered is not for the first test
            self.loaded = True
        return name

    def _loaded_once(self, name: str) -> None:
        """On SQLite, the demo loaded by the run's first process that asks, and copied
        by the others (once_per_run.py): their test databases are copies of one
        migrated file, so the demo's database is the same in each."""
        with once_per_run.once("demo") as folder:
            loaded = folder / "demo.sqlite3"
            if loaded.exists():
                self._copy(str(loaded), name)
            else:
                call_command("load_demo", stdout=io.StringIO())
                self._copy(name, str(loaded))

    def copy(self) -> str:
        source = self.demo()
        self.use(self.home)
        name = self.named("copy")
        self._drop(name)
        self._copy(source, name)
        return name

    @contextmanager
    def lent(self, name: str):
        self.use(name)
        try:
            yield
        finally:
            self.use(self.home)

    def _copy(self, source: str, target: str) -> None:
        connection.close()
        if self.sqlite:
            # SQLite's backup, not a file copy: the database is in WAL mode, and a copy of
            # the main file alone could miss the last commits.
            old, new = sqlite3.connect(source), sqlite3.connect(target)
            try:
                old.backup(new)
            finally:
                old.close()
                new.close()
            return
        quote = connection.ops.quote_name
        # A template must have no other session: a live server's last request thread
        # may still be closing its connection.
        deadline = time.monotonic() + 10
        while True:
            try:
                with connection._nodb_cursor() as cursor:
                    cursor.execute(f"CREATE DATABASE {quote(target)} TEMPLATE {quote(source)}")
                return
            except OperationalError as error:
                if "being accessed by other users" not in str(error):
                    raise
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def _drop(self, name: str) -> None:
        connection.close()
        if self.sqlite:
            for path in (name, f"{name}-wal", f"{name}-shm"):
                Path(path).unlink(missing_ok=True)
            return
        # FORCE: a browser page of the test before may still be asking the copy it used.
        with connection._nodb_cursor() as cursor:
            cursor.execute(
                f"DROP DATABASE IF EXISTS {connection.ops.quote_name(name)} WITH (FORCE)"
            )


databases = DemoDatabases()


class EnglishBrowser(Client):
    """A visitor's browser, which names its language as browsers do (English): a
    request naming none reads the founding club's language first, a query more
    (web.club_language), which the pages' pinned counts are not about."""

    def __init__(self, *args, **kwargs):
        kwargs["headers"] = {"accept-language": "en", **(kwargs.get("headers") or {})}
        super().__init__(*args, **kwargs)


class DemoClubTestCase(TestCase):
    """Each test runs in a transaction over the demo club, rolled back after it."""

    client_class = EnglishBrowser

    @classmethod
    def setUpClass(cls):
        databases.use(databases.demo())
        try:
            super().setUpClass()
        except Exception:
            databases.use(databases.home)
            raise

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        databases.use(databases.home)


def club_night_groups(tournament) -> dict[int, dict[int, list]]:
    """A Swiss's or a round robin's matches by group, then by round."""
    groups: dict[int, dict[int, list]] = {}
    for match in tournament.matches.order_by("group", "round", "position"):
        groups.setdefault(match.group, {}).setdefault(match.round, []).append(match)
    return groups
