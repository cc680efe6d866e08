"""When something fails: a database that refuses writes (read-only, a full disk) is a
503 saying that nothing was recorded and what to do, in the reader's language or the
club's; any other fault a 500 page in the site's style; a page not found a 404 in the
site's style. None of these pages asks the database anything."""

import sqlite3
from contextlib import contextmanager

import psycopg
import pytest
from django.db import connection, transaction
from django.db.utils import IntegrityError, InternalError, OperationalError
from django.test import Client
from django.urls import reverse

from tournament.models import AuditEntry, Game, GameReport, Match
from tournament.operations.links import link_for, token_of
from tournament.web.errors import refuses_writes

REFUSED = {
    "en": "Nothing was recorded: the club’s database cannot be written to right now",
    "ca": "No s’ha registrat res: ara mateix no es pot escriure a la base de dades del club",
    "es": "No se ha registrado nada: ahora mismo no se puede escribir en la base de datos del club",
}


def visitor(language: str | None, user=None) -> Client:
    """A browser that gets the error pages instead of the test's exception (as with
    DEBUG off, which is how the tests run)."""
    headers = {"accept-language": language} if language else {}
    client = Client(raise_request_exception=False, headers=headers)
    if user is not None:
        client.force_login(user)
    return client


@contextmanager
def read_only_database():
    """The test's own connection refusing every write, for real: SQLite's query_only,
    PostgreSQL's read-only transaction (in a savepoint whose rollback makes it
    writable again, for the test's own checks at its end). Reading still works."""
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA query_only = ON")
        try:
            yield
        finally:
            with connection.cursor() as cursor:
                cursor.execute("PRAGMA query_only = OFF")
        return
    savepoint = transaction.savepoint()
    with connection.cursor() as cursor:
        cursor.execute("SET TRANSACTION READ ONLY")
    try:
        yield
    finally:
        transaction.savepoint_rollback(savepoint)
        with connection.cursor() as cursor:
            cursor.execute("SHOW transaction_read_only")
            assert cursor.fetchone()[0] == "off"


def text(response) -> str:
    return response.content.decode().replace("&#x27;", "’").replace("'", "’")


def sheet(match) -> str:
    return reverse("director-match", args=[match.tournament_id, match.pk])


def a_game(match) -> dict:
    return {"winner": 0, "kind": "single", "cube": 1, "how": "played", "version": match.version}


@pytest.mark.parametrize("language", ["en", "ca", "es"])
def test_a_game_on_a_read_only_database_is_a_503_saying_nothing_was_recorded(
    match, director, language
):
    client = visitor(language, director)
    entries = AuditEntry.objects.count()
    with read_only_database():
        response = client.post(sheet(match), a_game(match))
        assert response.status_code == 503
        assert REFUSED[language] in text(response)
        assert response["Retry-After"] == "60"
        assert response["Content-Language"] == language
        # In the site's style: its header, its stylesheet, its language form.
        assert 'class="site-header"' in text(response)
        assert "tournament/css/site.css" in text(response)
        assert Game.objects.filter(match=match).count() == 0
        assert AuditEntry.objects.count() == entries
        assert Match.objects.get(pk=match.pk).version == match.version


def test_the_503_speaks_the_clubs_language_to_a_browser_that_asks_for_none(
    match, director, settings
):
    settings.LANGUAGE_CODE = "ca"
    client = visitor(None, director)
    with read_only_database():
        response = client.post(sheet(match), a_game(match))
    assert response.status_code == 503
    assert REFUSED["ca"] in text(response)


def test_a_players_report_on_a_read_only_database_is_a_503_too(match, players):
    page = reverse("player-page", args=[token_of(link_for(players[0]))])
    with read_only_database():
        response = visitor("es").post(
            f"{page}matches/{match.pk}/report/",
            {"winner": "0", "kind": "gammon", "cube": "1", "how": "played", "version": "0"},
        )
        assert response.status_code == 503
        assert REFUSED["es"] in text(response)
        assert not GameReport.objects.filter(match=match).exists()


def disk_full() -> sqlite3.OperationalError:
    """A real "database or disk is full" from SQLite: a database allowed two pages."""
    database = sqlite3.connect(":memory:")
    database.execute("PRAGMA max_page_count = 2")
    try:
        database.execute("CREATE TABLE t (x)")
        while True:
            database.execute("INSERT INTO t VALUES (zeroblob(4096))")
    except sqlite3.OperationalError as error:
        return error
    finally:
        database.close()


def test_a_full_disk_is_a_503_saying_nothing_was_recorded(match, director, monkeypatch):
    full = disk_full()
    assert full.sqlite_errorname == "SQLITE_FULL"

    def record_game(*args, **kwargs):
        # What Django's database wrapper raises: its own error, from the driver's.
        raise OperationalError(*full.args) from full

    monkeypatch.setattr("tournament.operations.record_game", record_game)
    response = visitor("en", director).post(sheet(match), a_game(match))
    assert response.status_code == 503
    assert REFUSED["en"] in text(response)
    assert Game.objects.filter(match=match).count() == 0


def wrapped(django_error, driver_error):
    try:
        raise django_error(*driver_error.args) from driver_error
    except django_error as error:
        return error


def test_postgresqls_read_only_and_full_disk_errors_are_recognised():
    assert refuses_writes(
        wrapped(InternalError, psycopg.errors.ReadOnlySqlTransaction("read-only transaction"))
    )
    assert refuses_writes(wrapped(OperationalError, psycopg.errors.DiskFull("disk full")))
    assert not refuses_writes(
        wrapped(IntegrityError, psycopg.errors.UniqueViolation("duplicate key"))
    )
    assert not refuses_writes(RuntimeError("something else"))


def test_any_other_fault_is_a_500_in_the_sites_style(client, season, monkeypatch, settings):
    def broken(rules):
        raise RuntimeError("a bug")

    monkeypatch.setattr("tournament.views.public.season.describe_rules", broken)
    settings.LANGUAGE_CODE = "ca"
    response = visitor(None).get(reverse("season", args=[season.year]))
    assert response.status_code == 500
    body = text(response)
    assert "Alguna cosa ha fallat al lloc" in body
    assert "Potser el que has fet no s’ha registrat" in body
    assert 'class="site-header"' in body
    assert "a bug" not in body


def test_a_page_not_found_is_in_the_sites_style_and_asks_the_database_nothing(
    director, django_assert_num_queries
):
    client = visitor("es", director)
    with django_assert_num_queries(0):
        response = client.get("/no-such-page/")
    assert response.status_code == 404
    body = text(response)
    assert "Página no encontrada" in body
    assert 'class="site-header"' in body
    assert 'name="csrfmiddlewaretoken"' in body  # the language form still works
    assert 'value="/no-such-page/"' in body


def test_a_director_form_posting_thousands_of_fields_is_a_400_recording_nothing(match, director):
    data = {**a_game(match), **{f"row-{n}": "1" for n in range(5000)}}
    response = visitor("en", director).post(sheet(match), data)
    assert response.status_code == 400
    assert "Nothing was recorded" in text(response)
    assert 'class="site-header"' in text(response)
    assert not Game.objects.filter(match=match).exists()
