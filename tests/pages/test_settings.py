"""Settings from the environment, and a deployment that `check --deploy` finds clean."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args, env=None, tmp_path=None):
    environment = {
        "PATH": os.environ["PATH"],
        "DJANGO_SETTINGS_MODULE": "tournament.settings",
        **(env or {}),
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


PRODUCTION = {
    "SECRET_KEY": "x" * 20 + "-a-long-random-production-key-" + "y" * 30,
    "ALLOWED_HOSTS": "qgammon.example.org",
    "DEBUG": "0",
    "DATABASE_URL": "sqlite:////tmp/qgammon-deploy-check.sqlite3",
}


def test_check_deploy_is_clean_with_production_settings():
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_warns_when_https_is_turned_off():
    # The plain-HTTP demo of `make run` is not a deployment, and the check says so.
    result = run_manage(
        "check", "--deploy", "--fail-level", "WARNING", env={**PRODUCTION, "HTTPS": "0"}
    )
    assert result.returncode != 0
    assert "SECURE_SSL_REDIRECT" in result.stdout + result.stderr


def test_a_bad_boolean_fails_loudly():
    result = run_manage("check", env={**PRODUCTION, "DEBUG": "maybe"})
    assert result.returncode != 0
    assert "DEBUG must be one of" in result.stderr


# Among the suite's slowest (9 s in one process on 2 busy cores): the real settings started in
# processes of their own, twice, to see the key kept
def test_without_a_secret_key_one_is_made_and_kept(tmp_path):
    key_file = tmp_path / "secret"
    env = {"SECRET_KEY_FILE": str(key_file), "DATABASE_URL": PRODUCTION["DATABASE_URL"]}
    assert run_manage("check", env=env).returncode == 0
    first = key_file.read_text()
    assert len(first.strip()) >= 50
    assert oct(key_file.stat().st_mode & 0o777) == "0o600"
    assert run_manage("check", env=env).returncode == 0
    assert key_file.read_text() == first


def database_settings(env) -> dict:
    """The default database's settings as a process started with `env` reads them (no
    connection is opened)."""
    code = (
        "import json; from django.conf import settings; "
        "print(json.dumps(settings.DATABASES['default'], default=str))"
    )
    result = run_manage("shell", "--no-imports", "-c", code, env=env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


POSTGRESQL = {**PRODUCTION, "DATABASE_URL": "postgres://qgammon@127.0.0.1:5432/qgammon"}


def test_postgresql_keeps_its_connections_and_checks_them_before_reuse():
    # A connection per request cost more than a cheap page itself (issue 25).
    database = database_settings(POSTGRESQL)
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert database["CONN_MAX_AGE"] >= 60
    assert database["CONN_HEALTH_CHECKS"] is True


# Among the suite's slowest (10 s in one process on 2 busy cores): each setting read by the real
# settings in a Python process of its own
def test_sqlite_opens_a_connection_per_request_and_either_can_be_set():
    assert database_settings(PRODUCTION)["CONN_MAX_AGE"] == 0
    assert database_settings({**POSTGRESQL, "CONN_MAX_AGE": "0"})["CONN_MAX_AGE"] == 0
    assert database_settings({**PRODUCTION, "CONN_MAX_AGE": "30"})["CONN_MAX_AGE"] == 30


def test_sqlite_waits_for_locks_and_starts_write_transactions(settings):
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("this pass runs on PostgreSQL; the SQLite options are checked on SQLite")
    options = settings.DATABASES["default"]["OPTIONS"]
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] >= 5


def test_https_redirect_is_on_in_production(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    response = client.get("/")
    assert response.status_code == 301 and response["Location"].startswith("https://")


def test_languages_are_catalan_spanish_english(settings):
    assert [code for code, _name in settings.LANGUAGES] == ["ca", "es", "en"]
    assert "tournament.web.club_language.ClubLocaleMiddleware" in settings.MIDDLEWARE
    assert os.environ.get("TIME_ZONE", "Europe/Madrid") == settings.TIME_ZONE
