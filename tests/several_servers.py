"""The gunicorns the server tests start (test_several_servers.py, test_log_redaction.py),
and what they start on: one PostgreSQL database holding the demo club with Redis beside
it, and one folder of collected static files. Each is made once per run of the suite,
whichever test process asks first, and the others wait for it and use it: a migrate, a
demo loaded and a collectstatic, each in a process of its own, took most of a minute on
a loaded machine, and were made again for every module in every process (once_per_run.py
says how). The run's first process removes them at its end. Each module still gets a
Redis key prefix of its own (`shared`): its write limits and made-up links count from
nothing, as when each module made its own club."""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import psycopg
import pytest
import redis

from once_per_run import RUN, folder, once

ROOT = Path(__file__).resolve().parents[1]
PG_SERVER = "postgres://postgres@127.0.0.1:5432"
REDIS_SERVER = "redis://127.0.0.1:6379/0"
IN_CI = bool(os.environ.get("EXPECT_DB_VENDOR"))


def pytest_unconfigure(config):
    """The run's first process, at its end (before once_per_run removes the run's
    folder): the shared club dropped and its Redis keys removed."""
    if hasattr(config, "workerinput") or RUN not in os.environ:
        return
    club = folder() / "club.json"
    if club.exists():
        env = json.loads(club.read_text())
        forget(env["CACHE_KEY_PREFIX"])
        with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True) as pg:
            pg.execute(f'DROP DATABASE IF EXISTS "{env["NAME"]}" WITH (FORCE)')


def services_or_skip() -> None:
    try:
        redis.Redis.from_url(REDIS_SERVER, socket_connect_timeout=3).ping()
        psycopg.connect(f"{PG_SERVER}/postgres", connect_timeout=3).close()
    except (redis.RedisError, psycopg.OperationalError):
        if IN_CI:
            raise  # CI runs on this machine, where both answer
        pytest.skip("no PostgreSQL and Redis on 127.0.0.1 for two servers to share")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def manage(env: dict, *command: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", *command],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=300,
        stdout=subprocess.DEVNULL,
    )


def demo(env: dict, code: str) -> str:
    """A value read from the shared database by a management shell."""
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return result.stdout.strip().splitlines()[-1]


def start_server(env: dict) -> tuple[subprocess.Popen, str]:
    """A gunicorn of one worker, as the running guide's unit runs it."""
    port = free_port()
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "tournament.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "1",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    address = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError(server.stderr.read().decode())
        try:
            urllib.request.urlopen(address + "/accounts/login/", timeout=10).close()
            return server, address
        # Refused while the server starts; or, on a loaded machine, accepted by the
        # socket but answered after the timeout (the first request imports the site).
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.2)
    server.kill()
    raise AssertionError("the server did not answer within a minute")


@pytest.fixture(scope="session")
def collected_static() -> str:
    """The static files collected once (DEBUG off: hashed names and the manifest), for
    every gunicorn the tests start."""
    with once("static") as folder:
        static = folder / "static"
        if not (folder / "static.done").exists():
            manage(
                {
                    "PATH": os.environ["PATH"],
                    "DJANGO_SETTINGS_MODULE": "tournament.settings",
                    "DATABASE_URL": f"sqlite:///{folder / 'unused.sqlite3'}",
                    "SECRET_KEY": "collect-static-test-" + uuid.uuid4().hex * 2,
                    "DEBUG": "0",
                    "HTTPS": "0",
                    "ALLOWED_HOSTS": "127.0.0.1",
                    "STATIC_ROOT": str(static),
                },
                "collectstatic",
                "--noinput",
                "--verbosity",
                "0",
            )
            (folder / "static.done").touch()
    return str(static)


@pytest.fixture(scope="session")
def shared_club(collected_static):
    """A migrated PostgreSQL database holding the demo club, and the settings the
    servers start with (but the Redis key prefix: `shared` gives each module its own)."""
    services_or_skip()
    with once("club") as folder:
        club = folder / "club.json"
        if not club.exists():
            name = os.environ[RUN]
            with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True) as pg:
                pg.execute(f'DROP DATABASE IF EXISTS "{name}"')
                pg.execute(f'CREATE DATABASE "{name}"')
            env = {
                "PATH": os.environ["PATH"],
                "DJANGO_SETTINGS_MODULE": "tournament.settings",
                "DATABASE_URL": f"{PG_SERVER}/{name}",
                "REDIS_URL": REDIS_SERVER,
                "CACHE_KEY_PREFIX": f"qgammon-test-{uuid.uuid4().hex[:8]}",
                "SECRET_KEY": "several-servers-test-" + uuid.uuid4().hex * 2,
                "DEBUG": "0",
                "HTTPS": "0",
                "ALLOWED_HOSTS": "127.0.0.1",
                "STATIC_ROOT": collected_static,
                "PLAYER_WRITES_PER_MINUTE": "4",
                "LOGIN_FAILURE_LIMIT": "3",
                "LANGUAGE_CODE": "en",
            }
            manage(env, "migrate", "--verbosity", "0")
            manage(env, "load_demo")
            club.write_text(json.dumps({**env, "NAME": name}))
        env = json.loads(club.read_text())
    del env["NAME"]
    return env


def forget(prefix: str) -> None:
    store = redis.Redis.from_url(REDIS_SERVER)
    for key in store.scan_iter(f"{prefix}:*"):
        store.delete(key)


@pytest.fixture(scope="module")
def shared(shared_club):
    """The shared club's settings with a Redis key prefix of the module's own: its write
    limits, made-up links and cached pages start from nothing."""
    prefix = f"qgammon-test-{uuid.uuid4().hex[:8]}"
    yield {**shared_club, "CACHE_KEY_PREFIX": prefix}
    forget(prefix)
