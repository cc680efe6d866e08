"""Shared fixtures: a season, players, a match, and a client that speaks English."""

import os
import re
import shutil
import subprocess
import sys
import threading
import weakref
from pathlib import Path

import django.template
import pytest
from django.apps import apps
from django.contrib.auth.models import Group, Permission, User
from django.db import connection, connections
from django.db.backends.signals import connection_created
from django.test import Client
from django.utils import translation
from hypothesis import settings as hypothesis_settings

import demo_club
import once_per_run
import tournament as app_package
from tournament.models import Match, Player, Season, Tournament

# The push tests' fixtures (a push service on 127.0.0.1, the club's key pair, the guard
# that keeps every connection on this machine), beside their helpers; the server tests'
# club on PostgreSQL and Redis and their static files; what one run's processes share.
pytest_plugins = ["push_service", "several_servers"]

# No deadline on a property test's examples: the suite runs in three processes on two
# cores beside the browser's, and an example that takes 200 ms there fails as "too slow"
# though it asserts nothing about time (speed targets live in `make bench`).
hypothesis_settings.register_profile("suite", deadline=None)
hypothesis_settings.load_profile("suite")


def pytest_configure(config):
    once_per_run.start(config)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    once_per_run.finish(config)


# What `make test` runs and `make test-fast` leaves out (`-m "not slow"`): the tests whose
# point is a real program, real processes or a real size, each several seconds. The
# modules whole, by what they run; and every test that runs GNU Backgammon (needs_gnubg).
SLOW_MODULES = {
    "test_jobs.py": "worker processes, leases left to run out",
    "test_jobs_bench.py": "the jobs' bench, real workers",
    "test_analysis_job.py": "gnubg's analyses through the job",
    "test_gnubg_dies_with_worker.py": "a worker killed under gnubg",
    "test_backups.py": "a club moved across databases",
    "test_export_streaming.py": "a season of thousands of games, its memory measured",
    "test_history_bench.py": "two histories built and paged",
    "test_federation_bench.py": "two tiny federations built and paged",
    "test_clubs_migration.py": "the demo's database before clubs migrated, every address asked",
}


def pytest_collection_modifyitems(config, items):
    slow = pytest.mark.slow
    for item in items:
        runs_gnubg = any(
            "GNU Backgammon is not installed" in str(mark.kwargs.get("reason", ""))
            for mark in item.iter_markers("skipif")
        )
        if runs_gnubg or item.path.name in SLOW_MODULES:
            item.add_marker(slow)


def pytest_report_header(config):
    return f"database: {os.environ.get('DATABASE_URL', 'sqlite (default)')}"


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """On SQLite, a test database in a file rather than in memory: the live server's
    request threads then open their own connections instead of sharing one (which
    SQLite's in-memory database cannot do cleanly)."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3"):
        name = tmp_path_factory.mktemp("db") / "test.sqlite3"
        database.setdefault("TEST", {})["NAME"] = str(name)
        migrated_copy(name)


def migrated_copy(name: Path) -> None:
    """The test database as a copy of one migrated once for the whole run (once_per_run.py):
    Django's migrations took seconds of each test process's start, most of them working
    out the models' states. Django then finds it there (`django_db_keepdb`) and applies
    nothing, unless a migration is newer than the copy."""
    with once_per_run.once("migrated") as folder:
        migrated = folder / "migrated.sqlite3"
        if not migrated.exists():
            subprocess.run(
                [sys.executable, "manage.py", "migrate", "--run-syncdb", "--verbosity", "0"],
                cwd=Path(__file__).resolve().parents[1],
                env={**os.environ, "DATABASE_URL": f"sqlite:///{migrated}.new"},
                check=True,
            )
            Path(f"{migrated}.new").rename(migrated)
    shutil.copyfile(migrated, name)


@pytest.fixture(scope="session")
def django_db_keepdb(request, django_db_modify_db_settings):
    """On SQLite, the copy made above is kept and migrated forward (nothing to do): it is
    in the run's temporary folder, gone with it. Elsewhere, as pytest-django says."""
    return connection.vendor == "sqlite" or request.config.getvalue("reuse_db")


@pytest.fixture(autouse=True, scope="session")
def _the_database_ci_asked_for(django_db_setup, django_db_blocker):
    """.ci/run says which database a pass must use; never run on another one silently."""
    expected = os.environ.get("EXPECT_DB_VENDOR")
    if expected:
        with django_db_blocker.unblock():
            assert connection.vendor == expected, (
                f"this pass must run on {expected}, but the database is {connection.vendor}"
            )


@pytest.fixture(autouse=True, scope="session")
def _every_connection_closed(django_db_setup):
    """Every database connection the tests opened, closed before pytest-django drops
    the test database. Django keeps a thread's connections per context, and once
    Playwright's sync API has started (it switches greenlets) the tests run in another
    context than this teardown: their connection would stay open, and PostgreSQL
    refuses to drop a database someone is connected to."""
    opened = weakref.WeakSet()
    tests_thread = threading.get_ident()

    def remember(sender, connection, **kwargs):
        # A live server's request threads close their own.
        if threading.get_ident() == tests_thread:
            opened.add(connection)

    connection_created.connect(remember)
    yield
    connection_created.disconnect(remember)
    for wrapper in list(opened):
        wrapper.close()


@pytest.fixture(autouse=True, scope="session")
def _test_settings():
    """Set before any test or live server starts (the live server is built once)."""
    from django.conf import settings

    # Plain static storage: the manifest exists only after collectstatic (make run).
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    # No collected static files in tests: whitenoise looks files up per request instead.
    settings.WHITENOISE_AUTOREFRESH = True
    # The test client and the live server speak plain HTTP; test_settings.py checks the
    # HTTPS settings themselves.
    settings.SECURE_SSL_REDIRECT = False
    settings.SESSION_COOKIE_SECURE = False
    settings.CSRF_COOKIE_SECURE = False
    settings.LANGUAGE_CODE = "en"


# --- The one door, watched: a write into one of the app's tables, anywhere in the suite,
# must come from an operation (or from a test's own fixtures), and never while a page
# renders. test_write_guard.py reads the source for the same rule; this sees what
# actually runs (a form's save, the admin's own, a write in a live server's thread).


class WriteOutsideOperations(AssertionError):
    """A write into the app's tables made by the app outside `tournament/operations/`."""


def _folder(path: str) -> str:
    return os.path.dirname(path) + os.sep


class WriteGuard:
    """An execute wrapper for every connection: on an INSERT, UPDATE or DELETE into one
    of the app's tables it walks the Python stack from the statement outwards. The
    first frame of the app or of the tests decides: an operation's (or a migration's)
    or a test's is allowed, any other of the app's is not; the models' own methods
    (save, a manager's, a QuerySet's) are passed over, they write for whoever called
    them. An operation's write is refused too while a template renders around it.
    Statements with no frame of the app or the tests (Django's own flush) are left
    alone, and so are Django's own tables (sessions, users, axes, the limits' cache)."""

    STATEMENT = re.compile(
        r'\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)', re.I
    )

    def __init__(self, tables, app: str, tests: str, templates: str) -> None:
        self.tables = frozenset(tables)
        self.places = [
            (app + "operations" + os.sep, "writer"),
            (app + "migrations" + os.sep, "writer"),
            (app + "models" + os.sep, "through"),
            (app, "app"),
            (tests, "test"),
            (templates, "template"),
        ]
        self.kinds: dict[str, str] = {}  # file -> kind: a lookup per frame of the walk
        self.found: list[str] = []

    def kind(self, code) -> str:
        kind = self.kinds.get(code.co_filename)
        if kind is None:
            kind = next(
                (kind for place, kind in self.places if code.co_filename.startswith(place)),
                "other",
            )
            self.kinds[code.co_filename] = kind
        return kind

    def culprit(self, frame) -> tuple[object, str] | None:
        """The frame that makes this stack's write wrong, and why; None when allowed."""
        while frame is not None:
            kind = self.kind(frame.f_code)
            if kind == "app":
                return frame, "outside the operations"
            if kind == "test":
                return None
            if kind == "writer":
                return self._rendering(frame)
            frame = frame.f_back
        return None

    def _rendering(self, writer) -> tuple[object, str] | None:
        frame = writer
        while frame is not None:
            kind = self.kind(frame.f_code)
            if kind == "template":
                return writer, "while a template renders"
            if kind == "test":
                return None
            frame = frame.f_back
        return None

    def __call__(self, execute, sql, params, many, context):
        written = self.STATEMENT.match(sql)
        if written and written[1] in self.tables:
            culprit = self.culprit(sys._getframe(1))
            if culprit:
                frame, why = culprit
                code = frame.f_code
                message = (
                    f"{code.co_filename}:{frame.f_lineno} ({code.co_name}) writes "
                    f"{written[1]} {why}"
                )
                self.found.append(message)
                raise WriteOutsideOperations(message)
        return execute(sql, params, many, context)

    def install(self, connection, **_kwargs) -> None:
        if self not in connection.execute_wrappers:
            connection.execute_wrappers.append(self)

    def take(self) -> list[str]:
        """What was refused since the last call, forgotten from now."""
        found, self.found = self.found, []
        return found


@pytest.fixture(autouse=True, scope="session")
def write_guard():
    """The guard on every connection: the main thread's now, and each one opened later
    (a live server's threads open their own)."""
    tables = {
        model._meta.db_table
        for model in apps.get_app_config("tournament").get_models(include_auto_created=True)
    }
    guard = WriteGuard(
        tables, _folder(app_package.__file__), _folder(__file__), _folder(django.template.__file__)
    )
    connection_created.connect(guard.install, weak=False)
    for each in connections.all():
        guard.install(each)
    yield guard
    connection_created.disconnect(guard.install)


@pytest.fixture(autouse=True)
def _one_door(write_guard):
    """Fails the test that wrote outside the operations, even where the error was
    caught on its way (a view's own handler, a live server's thread)."""
    yield
    found = write_guard.take()
    if found:
        pytest.fail("Writes outside tournament/operations/:\n" + "\n".join(found))


@pytest.fixture(autouse=True, scope="session")
def _quick_password_hashing():
    """Passwords hashed in one round rather than PBKDF2's million: hundreds of tests
    make a user or log one in, and each hash took most of a second on a small machine.
    What a password is checked against is the site's business, not the hash's cost
    (test_settings.py starts the real settings in a process of their own)."""
    from django.contrib.auth.hashers import get_hashers, get_hashers_by_algorithm
    from django.test.utils import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        get_hashers.cache_clear()
        get_hashers_by_algorithm.cache_clear()
        yield
    get_hashers.cache_clear()
    get_hashers_by_algorithm.cache_clear()


@pytest.fixture(autouse=True)
def _no_language_left_behind():
    """A request in Catalan activates Catalan for the thread (LocaleMiddleware), and it
    would stay active for the next test's messages: each test ends in the tests'
    language (not deactivate(): Django's fallback was fixed before the test settings).
    Each test starts in it too: a class's or a module's fixture set up between two tests
    may have spoken Catalan (a test then read a message in Catalan, once in a while)."""
    from django.conf import settings

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _nothing_rendered_yet():
    """Each test starts with an empty cache: a TestCase's rows (and their change marks)
    come back the same in every test, and a page counted in one test must not be the
    one another test rendered (web.live keeps rendered brackets in the cache)."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def client():
    """A visitor whose browser asks for English pages."""
    return Client(headers={"accept-language": "en"})


@pytest.fixture
def season(db):
    season = Season.from_preset(2002, "qgammon-2002", name="Temporada 2002")
    season.save()
    return season


@pytest.fixture
def season_1999(db):
    season = Season.from_preset(1999, "qgammon-1999", name="Temporada 1999")
    season.save()
    return season


@pytest.fixture
def tournament(season):
    return Tournament.objects.create(season=season, name="Copa de la Queimada", date="2002-11-09")


@pytest.fixture
def players(db):
    return [Player.objects.create(name=name) for name in ("Anna Bosch", "Xavier Roca")]


@pytest.fixture
def match(tournament, players):
    """A friendly ready to play, its tournament started (a draft's matches take no game)."""
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    tournament.status = Tournament.Status.RUNNING
    return Match.objects.create(
        tournament=tournament, player1=players[0], player2=players[1], length=5, status="ready"
    )


def directors_group() -> Group:
    """The group the data migration makes; made again after a transactional test has
    flushed the tables (permissions come back by themselves, the group does not)."""
    group, created = Group.objects.get_or_create(name="Directors")
    if created:
        # Every permission of the app but the federation's (a club's director is not
        # its administrator).
        group.permissions.add(
            *Permission.objects.filter(content_type__app_label="tournament").exclude(
                codename="administer_federation"
            )
        )
    return group


@pytest.fixture
def director(db):
    user = User.objects.create_user("tdirector", password="secret-pass-1234", is_staff=True)
    user.groups.add(directors_group())
    return user


@pytest.fixture
def director_client(director):
    client = Client(headers={"accept-language": "en"})
    client.force_login(director)
    return client


# --- The browser tests' Chromium: one for the whole run, shared by every module that
# drives it (Playwright's sync API cannot start twice in one thread).

CHROMIUM = "/usr/bin/chromium"
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
# The machine's network is closed: Chromium must not try to reach Google's services.
ARGUMENTS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}


def _missing() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (requirements-test.txt)"
    return None


@pytest.fixture(scope="session")
def chromium():
    reason = _missing()
    if reason:
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(f"REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    # Playwright's sync API runs an event loop in this thread; the test's own ORM calls
    # are still plain synchronous code, so Django's async guard would be a false alarm.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    SCREENSHOTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGUMENTS)
        yield browser
        browser.close()


@pytest.fixture
def new_page(chromium):
    """Opens a page in a context of its own (its own cookies), in English unless told,
    at `url` if given. Every context is closed when the test ends: an open page would go
    on asking the live server for its live parts after its test, on the next test's
    database or on none (a traceback in the log each time)."""
    contexts = []

    def open_page(url=None, *, viewport=None, language="en", **options):
        context = chromium.new_context(
            viewport=viewport or {"width": 1280, "height": 900},
            locale=language,
            extra_http_headers={"Accept-Language": language},
            **options,
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15000)
        if url:
            page.goto(url)
        return page

    yield open_page
    for context in contexts:
        context.close()


# --- axe-core, the accessibility checker the browser tests put into pages: from the npm
# registry, pinned in package-lock.json, installed by `make test` (npm ci).

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe.min.js's text; missing, a skip that says why (a failure with REQUIRE_BROWSER=1,
    as for a missing Chromium)."""
    if not AXE.exists():
        reason = f"axe-core is not installed at {AXE} (make test runs npm ci)"
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(f"REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    return AXE.read_text(encoding="utf-8")


# --- The demo club, loaded once per test process and lent to tests (tests/demo_club.py).


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, and beside it the demo's (a copy of it, loaded
    when a test first asks)."""
    with django_db_blocker.unblock():
        demo_club.databases.start()
    yield
    with django_db_blocker.unblock():
        demo_club.databases.finish()


@pytest.fixture
def demo(request, django_db_setup, django_db_blocker):
    """The demo club in a transaction rolled back after the test, as `db` does for an
    empty database. Name it before any fixture that uses the database: theirs would be
    the empty one. A test whose writes are committed (a live server's) takes
    `demo_copy`."""
    if connection.in_atomic_block or "transactional_db" in request.fixturenames:
        pytest.fail("`demo` must come before the database's fixtures; with a live server, "
                    "use `demo_copy`")  # fmt: skip
    with django_db_blocker.unblock():
        demo_club.databases.use(demo_club.databases.demo())
    request.addfinalizer(lambda: demo_club.databases.use(demo_club.databases.home))
    request.getfixturevalue("db")


@pytest.fixture
def demo_copy(transactional_db, django_db_blocker):
    """A copy of the demo club of the test's own, for a test whose writes are committed
    (a live server's): what it changes is gone with the copy."""
    with django_db_blocker.unblock():
        copy = demo_club.databases.copy()
    with demo_club.databases.lent(copy):
        yield


@pytest.fixture(scope="module")
def demo_server(django_db_setup, django_db_blocker):
    """The demo club (a copy of its own) on a live server of its own, for a module of
    browser tests that only look (axe, the tables' layout); yields the server.

    Not pytest-django's `live_server`: a test that depends on it is made transactional,
    and the database is emptied after each test. The database stays unblocked while the
    module runs (the server's threads and the module's own fixtures use it). A module
    using this shadows `db` (see test_browser_axe.py): naming `db` is what makes
    pytest-django create the test database, but the real fixture would hold a write
    transaction open through each test, which the server's writes (a login) would wait
    on."""
    from django.conf import settings
    from django.core.cache import cache, caches
    from django.test.utils import modify_settings
    from pytest_django.live_server_helper import LiveServer

    # The player links' write limits: a table of the database, the copy's own.
    limits = caches[settings.RATELIMIT_USE_CACHE]
    with django_db_blocker.unblock(), modify_settings(ALLOWED_HOSTS={"append": "localhost"}):
        copy = demo_club.databases.copy()
        with demo_club.databases.lent(copy):
            cache.clear()
            limits.clear()
            server = LiveServer("localhost")
            try:
                yield server
            finally:
                server.stop()
                cache.clear()


@pytest.fixture
def bcn(db):
    """A second club beside the founding one (tests/builders.a_club)."""
    import builders

    return builders.a_club()


@pytest.fixture
def bcn_director(bcn):
    """The second club's director: a role in it, none in the founding club."""
    from tournament.models import ClubRole

    user = User.objects.create_user("bcn-director")
    ClubRole.objects.create(club=bcn, user=user)
    return user
