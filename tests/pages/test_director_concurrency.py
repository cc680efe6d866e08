"""Two directors entering games at the same moment, with real concurrent requests to a
live server: never two games with one number, never a lost game, never a cached score
that disagrees with the games. PostgreSQL only: SQLite serialises all writers anyway."""

import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction

import builders
from conftest import directors_group
from tournament.core import draw
from tournament.core.scoring import replay
from tournament.models import Game, Match
from tournament.operations.locks import lock_tournament

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="concurrent entry needs PostgreSQL's row locks; .ci/run runs it on PostgreSQL",
)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Report a redirect (the sign a game was recorded) instead of following it."""

    def redirect_request(self, *args, **kwargs):
        return None


class Director:
    """A browser of one director: its own cookies, session and CSRF token."""

    def __init__(self, base, username):
        self.base = base
        self.jar = CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect
        )
        page = self.get("/accounts/login/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        self.post("/accounts/login/", {"username": username, "password": "pw-concurrent-1"}, token)

    def get(self, path):
        with self.opener.open(self.base + path) as response:
            return response.read().decode()

    def post(self, path, data, token):
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": token}).encode()
        request = urllib.request.Request(
            self.base + path, body, headers={"Referer": self.base + path}
        )
        # The page answered, for a test that reads why.
        try:
            with self.opener.open(request) as response:
                self.answer = response.read().decode()
                return response.status
        except urllib.error.HTTPError as error:
            self.answer = error.read().decode()
            return error.code

    def form(self, path):
        page = self.get(path)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        version = int(re.search(r'name="version" value="(\d+)"', page).group(1))
        return token, version


def at_once(actions):
    """Run the actions in threads released together; their results in order."""
    barrier = threading.Barrier(len(actions))
    results = [None] * len(actions)

    def run(index, action):
        barrier.wait()
        results[index] = action()

    threads = [threading.Thread(target=run, args=item) for item in enumerate(actions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


@pytest.fixture
def directors(transactional_db, live_server):
    group = directors_group()
    browsers = []
    for name in ("anna", "marc"):
        user = User.objects.create_user(name, password="pw-concurrent-1")
        user.groups.add(group)
        browsers.append(Director(live_server.url, name))
    return browsers


@pytest.fixture
def cup(transactional_db):
    return builders.cup(
        builders.the_season(),
        [f"P{number}" for number in range(8)],
        date=None,
        brackets={draw.MAIN: "9"},
        consolation="first_round",
    )


def assert_sound(match):
    match.refresh_from_db()
    numbers = list(match.games.values_list("number", flat=True))
    assert numbers == list(range(1, len(numbers) + 1))
    state = replay(match.length, match.game_results(), match.rules)
    assert match.score == state.score and match.crawford_game == state.crawford_game


def test_concurrent_entries_on_one_match_record_one_game_each_round(directors, cup):
    match = cup.matches.filter(status="ready").first()
    path = f"/director/tournaments/{cup.pk}/matches/{match.pk}/"
    for round_number in range(1, 7):
        forms = [director.form(path) for director in directors]
        assert forms[0][1] == forms[1][1]  # both saw the same version of the match
        statuses = at_once(
            [
                lambda d=director, f=form, side=index: d.post(
                    path,
                    {"winner": side, "kind": "single", "cube": 1, "how": "played", "version": f[1]},
                    f[0],
                )
                for index, (director, form) in enumerate(zip(directors, forms, strict=True))
            ]
        )
        # One wins the race; the other is told the match changed, and nothing is lost.
        assert sorted(statuses) == [302, 409], (round_number, statuses)
        assert match.games.count() == round_number
        assert_sound(match)


def test_concurrent_entries_on_two_matches_of_one_cup_both_land(directors, cup):
    first, second = cup.matches.filter(status="ready").order_by("position")[:2]
    paths = [f"/director/tournaments/{cup.pk}/matches/{m.pk}/" for m in (first, second)]
    for _ in range(9):  # nine singles win a match to 9
        forms = [director.form(path) for director, path in zip(directors, paths, strict=True)]
        statuses = at_once(
            [
                lambda d=director, p=path, f=form: d.post(
                    p,
                    {"winner": 0, "kind": "single", "cube": 1, "how": "played", "version": f[1]},
                    f[0],
                )
                for director, path, form in zip(directors, paths, forms, strict=True)
            ]
        )
        assert statuses == [302, 302]
    for match in (first, second):
        assert_sound(match)
        assert match.status == "decided"
    # Both winners moved on through the bracket's resolve step, under the cup's lock.
    onward = Match.objects.get(tournament=cup, bracket__kind="main", round=2, position=1)
    assert {onward.player1_id, onward.player2_id} == {first.winner_id, second.winner_id}


def waiting_on_locks() -> int:
    """How many of the server's transactions wait for a row lock now."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE wait_event_type = 'Lock' AND datname = current_database()"
        )
        return cursor.fetchone()[0]


def until(condition, seconds=20):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the requests never queued for the lock"
        time.sleep(0.02)


@pytest.fixture
def swiss(transactional_db):
    """A Swiss whose round 2 is paired and not started: it may be paired again."""
    tournament, _players = builders.club_night(
        builders.the_season(), 6, name="Nit", rng_seed=5, start=True
    )
    builders.play_round(tournament, 1)
    return tournament


def test_a_game_racing_pair_again_is_a_409_with_the_typed_game(directors, swiss):
    """Marc pairs round 2 again while Anna enters a game of it. Both requests queue
    for the tournament's lock (held here until both wait, so Marc's comes first); when
    Anna's turn comes her match is gone: a 409 with the reason and her game still in
    the form, never a 500, and nothing recorded."""
    anna, marc = directors
    match = swiss.matches.filter(round=2).open().first()
    sheet = f"/director/tournaments/{swiss.pk}/matches/{match.pk}/"
    desk = f"/director/tournaments/{swiss.pk}/"
    game_token, version = anna.form(sheet)
    desk_token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', marc.get(desk)).group(1)
    held, release = threading.Event(), threading.Event()

    def hold_the_tournament():
        with transaction.atomic():
            lock_tournament(swiss)
            held.set()
            release.wait(timeout=30)
        connection.close()

    holder = threading.Thread(target=hold_the_tournament)
    holder.start()
    held.wait(timeout=10)
    statuses = {}
    pairing = threading.Thread(
        target=lambda: statuses.update(marc=marc.post(f"{desk}rounds/pair-again/", {}, desk_token))
    )
    pairing.start()
    until(lambda: waiting_on_locks() == 1)
    game = {"winner": 1, "kind": "gammon", "cube": 2, "how": "played", "version": version}
    entering = threading.Thread(
        target=lambda: statuses.update(anna=anna.post(sheet, game, game_token))
    )
    entering.start()
    until(lambda: waiting_on_locks() == 2)
    release.set()
    for thread in (holder, pairing, entering):
        thread.join(timeout=60)
    assert statuses == {"marc": 302, "anna": 409}
    assert "This match is no longer in the draw: its round was paired again" in anna.answer
    assert re.search(r'<input[^>]*name="winner" value="1"[^>]*checked', anna.answer)
    assert re.search(r'<input[^>]*name="kind" value="gammon"[^>]*checked', anna.answer)
    assert not Match.objects.filter(pk=match.pk).exists()
    assert not Game.objects.filter(match__tournament=swiss, match__round=2).exists()
