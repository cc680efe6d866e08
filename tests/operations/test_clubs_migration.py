"""The migration into clubs keeps an existing site whole: today's demo database as it was
before clubs (tests/data/demo-0045.sqlite3.xz, the demo loaded at commit edc5ee9, the
last before migration 0046, with the secret key below) migrated to the latest schema
keeps every row, makes every season the founding club's, every player its member with
their old number, every old director its director, and every player's private link;
and every address it ever had (its seasons, tournaments, matches, players, private
links, the API, the old director's desk) still answers.

The migration and the pages run in processes of their own on a copy of that file (the
suite's own test database stays untouched); the pages are asked through Django's test
client in one `manage.py shell`, the old director logged in for the desk."""

from __future__ import annotations

import base64
import json
import lzma
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils.crypto import salted_hmac

from tournament.operations.links import KEY_SALT, hash_of

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT / "tests" / "data" / "demo-0045.sqlite3.xz"
# The key the snapshot's links were made under (its players' tokens derive from it).
SECRET_KEY = "demo-0045-snapshot-not-a-secret-1234567890abcdefghijklmnopqrstuvwxyz"
FOUNDING_CLUB = 1
# Tables whose rows a migration adds by its nature: its own record, and the content
# types and permissions of the new models. They may only grow.
GROWING = {"django_migrations", "django_content_type", "auth_permission"}

# Each address asked in the migrated site: its status after any redirects, and where
# it ended.
ASK = """
import json, sys
from django.contrib.auth.models import User
from django.test import Client
asked = json.loads(sys.stdin.read())
public, desk = Client(), Client()
desk.force_login(User.objects.get(pk=asked["director"]))
answers = {}
for client, paths in ((public, asked["public"]), (desk, asked["desk"])):
    for path in paths:
        response = client.get(path, follow=True)
        answers[path] = [response.status_code, [url for url, _code in response.redirect_chain]]
print("ANSWERS" + json.dumps(answers))
"""


def _env(database: Path) -> dict:
    return {
        "PATH": "/usr/bin:/bin",
        "DATABASE_URL": f"sqlite:///{database}",
        "SECRET_KEY": SECRET_KEY,
        "DEBUG": "1",  # no static files' manifest needed for the pages to render
        "HTTPS": "0",
        "ALLOWED_HOSTS": "testserver",
    }


def _manage(database: Path, *command: str, given: str = "") -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *command],
        cwd=ROOT,
        env=_env(database),
        input=given,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def _rows(database: Path, sql: str) -> list[tuple]:
    with sqlite3.connect(database) as db:
        return db.execute(sql).fetchall()


def _counts(database: Path) -> dict[str, int]:
    tables = [
        name
        for (name,) in _rows(
            database,
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'",
        )
    ]
    count = 'SELECT COUNT(*) FROM "%s"'  # the file's own tables, by their names
    return {table: _rows(database, count % table)[0][0] for table in tables}


DIRECTORS = """
SELECT DISTINCT user.id FROM auth_user user
LEFT JOIN auth_user_user_permissions own ON own.user_id = user.id
LEFT JOIN auth_user_groups member ON member.user_id = user.id
LEFT JOIN auth_group_permissions given ON given.group_id = member.group_id
JOIN auth_permission permission
  ON permission.id = own.permission_id OR permission.id = given.permission_id
WHERE permission.codename = 'direct_tournaments'
"""


def _token(player_id: int, salt: str) -> str:
    """A link's token as links.token_of makes it, under the snapshot's key."""
    digest = salted_hmac(
        KEY_SALT, f"{player_id}:{salt}", secret=SECRET_KEY, algorithm="sha256"
    ).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


@pytest.fixture(scope="module")
def databases(tmp_path_factory):
    """The snapshot as it was (`old`) and a copy migrated to the latest schema (`new`)."""
    folder = tmp_path_factory.mktemp("clubs-migration")
    old, new = folder / "old.sqlite3", folder / "new.sqlite3"
    old.write_bytes(lzma.decompress(SNAPSHOT.read_bytes()))
    new.write_bytes(old.read_bytes())
    _manage(new, "migrate", "--noinput")
    return old, new


def test_the_snapshot_is_from_before_clubs(databases):
    old, _new = databases
    applied = {
        name for (name,) in _rows(old, "SELECT name FROM django_migrations WHERE app='tournament'")
    }
    assert "0045_match_status_index" in applied
    assert not any(name.startswith("0046") for name in applied)


def test_every_row_is_kept(databases):
    old, new = databases
    before, after = _counts(old), _counts(new)
    assert set(before) <= set(after)
    kept = {table: after[table] for table in before if table not in GROWING}
    assert kept == {table: before[table] for table in kept}
    assert all(after[table] >= before[table] for table in GROWING)
    # The demo is not empty: the counts above compare something.
    assert before["tournament_game"] > 500 and before["tournament_playerlink"] > 0


def test_every_season_is_the_founding_clubs(databases):
    old, new = databases
    assert _rows(new, "SELECT id, slug FROM tournament_club") == [(FOUNDING_CLUB, "q-gammon")]
    seasons = _rows(old, "SELECT id, years FROM tournament_season ORDER BY id")
    assert _rows(new, "SELECT id, years, club_id FROM tournament_season ORDER BY id") == [
        (pk, years, FOUNDING_CLUB) for pk, years in seasons
    ]


def test_every_player_is_a_member_with_their_old_number(databases):
    old, new = databases
    players = _rows(old, "SELECT id, membership_number FROM tournament_player ORDER BY id")
    members = _rows(
        new,
        "SELECT player_id, number FROM tournament_membership WHERE club_id = 1 ORDER BY player_id",
    )
    assert members == players
    assert _rows(new, "SELECT COUNT(*) FROM tournament_membership")[0][0] == len(players)


def test_every_old_director_directs_the_founding_club(databases):
    old, new = databases
    directors = sorted(pk for (pk,) in _rows(old, DIRECTORS))
    assert directors  # the demo's director
    roles = _rows(new, "SELECT user_id, club_id, role FROM tournament_clubrole ORDER BY user_id")
    assert roles == [(pk, FOUNDING_CLUB, "director") for pk in directors]


def test_every_private_link_is_kept(databases):
    old, new = databases
    sql = (
        "SELECT id, player_id, salt, token_hash, revoked_at FROM tournament_playerlink ORDER BY id"
    )
    links = _rows(old, sql)
    assert _rows(new, sql) == links
    # The snapshot's key is the one its links were made under: the addresses below work.
    assert all(hash_of(_token(player, salt)) == digest for _pk, player, salt, digest, _r in links)


def _old_addresses(old: Path) -> dict:
    def ids(table):
        return [pk for (pk,) in _rows(old, f"SELECT id FROM {table} ORDER BY id")]  # noqa: S608

    years = [y for (y,) in _rows(old, "SELECT years FROM tournament_season ORDER BY id")]
    tournaments = ids("tournament_tournament")
    public = ["/", "/ratings/", "/api/tournaments/"]
    for season in years:
        public += [f"/seasons/{season}/", f"/seasons/{season}/standings/"]
    for pk in tournaments:
        public += [f"/tournaments/{pk}/", f"/tournaments/{pk}/results/", f"/api/tournaments/{pk}/"]
    for pk in ids("tournament_match"):
        public += [f"/matches/{pk}/", f"/api/matches/{pk}/"]
    public += [f"/players/{pk}/" for pk in ids("tournament_player")]
    links = _rows(old, "SELECT player_id, salt FROM tournament_playerlink WHERE revoked_at IS NULL")
    public += [f"/p/{_token(player, salt)}/" for player, salt in links]
    desk = ["/director/", "/director/reports/"]
    desk += [f"/director/tournaments/{pk}/" for pk in tournaments]
    desk += [f"/director/seasons/{season}/" for season in years]
    director = min(pk for (pk,) in _rows(old, DIRECTORS))
    return {"public": public, "desk": desk, "director": director}


def test_every_old_address_answers(databases):
    old, new = databases
    asked = _old_addresses(old)
    out = _manage(new, "shell", "-c", ASK, given=json.dumps(asked))
    answers = json.loads(out[out.index("ANSWERS") + len("ANSWERS") :])
    assert len(answers) == len(asked["public"]) + len(asked["desk"])
    failing = {path: answer for path, answer in answers.items() if answer[0] != 200}
    assert failing == {}
    # Kept where it was: an old address answers as it did, not by a redirect elsewhere.
    moved = {path: chain for path, (_status, chain) in answers.items() if chain}
    assert moved == {}
