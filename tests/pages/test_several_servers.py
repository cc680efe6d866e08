"""Several servers on one PostgreSQL and one Redis: two gunicorns on two ports, a game
recorded through one is seen through the other, and the players' write limits and the
login throttle are counted once for both. A several-server setting refuses to start with
anything on one server's disk (a key file, an SQLite database). Without Redis (make run's
two workers on one SQLite file) the limits are still counted once. Two clubs' directors
record at once on two servers, each in their own club's match, and neither reaches the
other's."""

import http.cookiejar
import os
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from test_settings import PRODUCTION, run_manage

from several_servers import PG_SERVER, REDIS_SERVER, demo, manage, start_server

# The club both servers share, its static files and the servers' start: several_servers.py.


def test_without_a_secret_key_several_servers_refuse_to_start(tmp_path):
    key_file = tmp_path / "secret"
    env = {
        "DEBUG": "0",
        "REDIS_URL": REDIS_SERVER,
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/qgammon_unused",
        "SECRET_KEY_FILE": str(key_file),
        "ALLOWED_HOSTS": "club.example.org",
    }
    result = run_manage("check", env=env)
    assert result.returncode != 0
    assert "SECRET_KEY must come from the environment" in result.stderr
    assert not key_file.exists()


def test_several_servers_refuse_an_sqlite_file(tmp_path):
    env = {**PRODUCTION, "REDIS_URL": REDIS_SERVER}
    result = run_manage("check", env=env)
    assert result.returncode != 0
    assert "need one shared database" in result.stderr


def test_redis_url_puts_the_cache_and_sessions_in_redis():
    env = {**PRODUCTION, "REDIS_URL": REDIS_SERVER, "DATABASE_URL": f"{PG_SERVER}/unused"}
    code = (
        "from django.conf import settings as s; "
        "print(s.CACHES['default']['BACKEND'], s.CACHES['default']['LOCATION'], "
        "s.SESSION_ENGINE)"
    )
    result = run_manage("shell", "-c", code, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1].split() == [
        "tournament.backends.cache.ForgivingRedisCache",
        REDIS_SERVER,
        "django.contrib.sessions.backends.cached_db",
    ]


# Two servers -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def servers(shared):
    started = [start_server(shared), start_server(shared)]
    yield [address for _server, address in started]
    for server, _address in started:
        server.terminate()
        server.wait(timeout=30)


class Browser:
    """One visitor's cookies, on whichever server it asks."""

    def __init__(self):
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()),
            NoRedirects(),
        )

    def get(self, url: str) -> tuple[int, str]:
        return self._open(urllib.request.Request(url))

    def post(self, url: str, form_page: str, data: dict) -> tuple[int, str]:
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form_page).group(1)
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": token, **data}).encode()
        origin = re.match(r"https?://[^/]+", url).group(0)
        request = urllib.request.Request(url, data=body, headers={"Referer": url, "Origin": origin})
        return self._open(request)

    def _open(self, request) -> tuple[int, str]:
        try:
            with self.opener.open(request, timeout=20) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def test_a_game_recorded_through_one_server_is_seen_through_the_other(shared, servers):
    first, second = servers
    match_id, tournament_id = demo(
        shared,
        "from tournament.models import Match; "
        "m = Match.objects.to_play().between_two().filter(tournament__status='running')"
        ".order_by('pk').first(); "
        "print(m.pk, m.tournament_id)",
    ).split()
    sheet = f"/director/tournaments/{tournament_id}/matches/{match_id}/"
    public = f"/matches/{match_id}/?partial=score"

    director = Browser()
    status, login = director.get(first + "/accounts/login/")
    status, _ = director.post(
        first + "/accounts/login/", login, {"username": "director", "password": "qgammon-demo"}
    )
    assert status == 302
    # The session made on the first server is good on the second: sessions and the key
    # are shared, not kept by one server.
    status, page = director.get(second + sheet)
    assert status == 200
    _status, before = Browser().get(second + public)
    version = re.search(r'name="version" value="(\d+)"', page).group(1)

    status, _ = director.post(
        first + sheet,
        page,
        {"version": version, "winner": "0", "kind": "single", "cube": "1", "how": "played"},
    )
    assert status == 302

    _status, after = Browser().get(second + public)
    first_score, second_score = (int(score) for score in scores(before))
    assert scores(after) == [str(first_score + 1), str(second_score)]


def scores(score_part: str) -> list[str]:
    return re.findall(r"</th>\s*<td>(\d+)</td>", score_part)


def test_the_players_write_limit_is_counted_once_for_both_servers(shared, servers):
    first, second = servers
    token = demo(
        shared,
        "from tournament.models import Player; "
        "from tournament.operations.links import link_for, token_of; "
        "print(token_of(link_for(Player.objects.order_by('pk').first())))",
    )
    page = f"/p/{token}/matches/999999/confirm/"
    player = Browser()
    _status, home = player.get(first + f"/p/{token}/")
    answers = [
        player.post((first, second)[attempt % 2] + page, home, {})[0] for attempt in range(6)
    ]
    # Four writes a minute (PLAYER_WRITES_PER_MINUTE) whichever server takes them.
    assert answers[:4] == [404] * 4
    assert answers[4:] == [429, 429]


def players_link(env: dict, nth: int) -> str:
    return demo(
        env,
        "from tournament.models import Player; "
        "from tournament.operations.links import link_for, token_of; "
        f"print(token_of(link_for(Player.objects.order_by('pk')[{nth}])))",
    )


def made_up_links_then_a_real_one(first: str, second: str, token: str) -> list[int]:
    """Six posts to links that do not exist, from one address, by turns on each server;
    then a real link's post from the same address."""
    visitor = Browser()
    _status, form = visitor.get(first + "/accounts/login/")  # for a CSRF token
    answers = [
        visitor.post(
            (first, second)[attempt % 2] + f"/p/made-up-{attempt}/matches/999999/confirm/",
            form,
            {},
        )[0]
        for attempt in range(6)
    ]
    real = visitor.post(second + f"/p/{token}/matches/999999/confirm/", form, {})[0]
    return [*answers, real]


def test_made_up_links_are_counted_once_and_never_block_a_real_one(shared, servers):
    first, second = servers
    # Four a minute from this address whichever server takes them; the real link (a match
    # it does not play: 404) is counted apart.
    answers = made_up_links_then_a_real_one(first, second, players_link(shared, 1))
    assert answers == [404, 404, 404, 404, 429, 429, 404]


def log_in(server: str, password: str, username: str = "throttled") -> tuple[int, str]:
    visitor = Browser()
    _status, page = visitor.get(server + "/accounts/login/")
    return visitor.post(
        server + "/accounts/login/", page, {"username": username, "password": password}
    )


def failures_then_the_right_password(env: dict, first: str, second: str) -> list[int]:
    demo(
        env,
        "from django.contrib.auth.models import User; "
        "User.objects.create_user('throttled', password='throttled-pass-1234'); print('ok')",
    )
    answers = [log_in((first, second)[attempt % 2], "wrong")[0] for attempt in range(3)]
    answers += [log_in(server, "throttled-pass-1234")[0] for server in (first, second)]
    return answers


def test_the_login_throttle_holds_on_both_servers_and_a_superuser_unlocks(shared, servers):
    first, second = servers
    # Three wrong passwords (LOGIN_FAILURE_LIMIT) by turns on each server: the third is
    # refused, and so is the right one on either.
    answers = failures_then_the_right_password(shared, first, second)
    assert answers == [200, 200, 429, 429, 429]
    _status, page = log_in(second, "throttled-pass-1234")
    assert "Too many failed attempts to log in" in page
    demo(
        shared,
        "from django.core.management import call_command; "
        "call_command('axes_reset_username', 'throttled')",
    )
    assert log_in(first, "throttled-pass-1234")[0] == 302


# Without Redis ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def sqlite_servers(tmp_path_factory, collected_static):
    """make run without its demo: two gunicorns on one SQLite file and no Redis, as its
    two workers are (each process has a memory of its own)."""
    folder = tmp_path_factory.mktemp("one-sqlite-file")
    env = {
        "PATH": os.environ["PATH"],
        "DJANGO_SETTINGS_MODULE": "tournament.settings",
        "DATABASE_URL": f"sqlite:///{folder / 'club.sqlite3'}",
        "SECRET_KEY": "one-sqlite-file-test-" + uuid.uuid4().hex * 2,
        "DEBUG": "0",
        "HTTPS": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "STATIC_ROOT": collected_static,
        "PLAYER_WRITES_PER_MINUTE": "4",
        "LOGIN_FAILURE_LIMIT": "3",
        "LANGUAGE_CODE": "en",
    }
    manage(env, "migrate", "--verbosity", "0")  # the limits' table comes with it
    demo(
        env,
        "from tournament.models import Player; "
        "Player.objects.create(name='Anna Bosch'); print('ok')",
    )
    started = [start_server(env), start_server(env)]
    yield env, [address for _server, address in started]
    for server, _address in started:
        server.terminate()
        server.wait(timeout=30)


def test_without_redis_the_limits_are_counted_once_for_every_process(sqlite_servers):
    env, (first, second) = sqlite_servers
    answers = made_up_links_then_a_real_one(first, second, players_link(env, 0))
    assert answers == [404, 404, 404, 404, 429, 429, 404]
    assert failures_then_the_right_password(env, first, second) == [200, 200, 429, 429, 429]


# Two clubs' directors at once ----------------------------------------------------------

# A cup of two in each demo club's current season (made here: the demo's own cups there
# are played or not drawn yet), started, its one match ready: "slug tournament match".
CLUB_MATCH = """
import datetime
from django.utils import timezone
from tournament import operations
from tournament.models import Club, Season, club_scope
club = Club.objects.get(slug="{slug}")
today = timezone.localdate()
with club_scope.scoped(club.pk):
    season = Season.objects.get(start__lte=today, end__gte=today)
    cup = operations.create_tournament(
        {{"season": season, "name": "Dos servidors", "date": today}}, {{"main": "3"}}
    )
    for player in club.memberships.order_by("number")[:2]:
        operations.add_entry(cup, player.player, checked_in=True)
    operations.make_draw(cup, rng_seed=1)
    operations.start_tournament(cup)
    match = cup.matches.get()
print(club.slug, cup.pk, match.pk)
"""


def club_match(env: dict, slug: str) -> tuple[str, str]:
    """The director's sheet and the public score of a ready match of the club `slug`."""
    _slug, tournament, match = demo(env, CLUB_MATCH.format(slug=slug)).split()
    prefix = f"/clubs/{slug}"
    return (
        f"{prefix}/director/tournaments/{tournament}/matches/{match}/",
        f"{prefix}/matches/{match}/?partial=score",
    )


def logged_in(server: str, username: str) -> Browser:
    browser = Browser()
    _status, page = browser.get(server + "/accounts/login/")
    password = f"{username}-demo"  # the demo's directors (management/demo_clubs.py)
    status, _ = browser.post(
        server + "/accounts/login/", page, {"username": username, "password": password}
    )
    assert status == 302
    return browser


def test_two_clubs_directors_record_at_once_on_two_servers_each_in_their_club(shared, servers):
    first, second = servers
    girona_sheet, girona_score = club_match(shared, "girona-bg")
    tarragona_sheet, tarragona_score = club_match(shared, "tarragona-bg")
    girona, tarragona = logged_in(first, "girona"), logged_in(second, "tarragona")
    status, girona_page = girona.get(first + girona_sheet)
    assert status == 200
    status, tarragona_page = tarragona.get(second + tarragona_sheet)
    assert status == 200

    # Each one's game posted at the same moment, on a server of its own.
    game = {"winner": "0", "kind": "gammon", "cube": "1", "how": "played"}
    start = threading.Barrier(2)

    def record(browser, server, sheet, page):
        version = re.search(r'name="version" value="(\d+)"', page).group(1)
        start.wait(timeout=30)
        return browser.post(server + sheet, page, {"version": version, **game})[0]

    with ThreadPoolExecutor(2) as pool:
        answers = [
            pool.submit(record, girona, first, girona_sheet, girona_page),
            pool.submit(record, tarragona, second, tarragona_sheet, tarragona_page),
        ]
        assert [answer.result() for answer in answers] == [302, 302]
    # Both landed: a gammon, 2-0, in each club's match, seen from either server.
    assert scores(Browser().get(second + girona_score)[1]) == ["2", "0"]
    assert scores(Browser().get(first + tarragona_score)[1]) == ["2", "0"]

    # Neither may touch the other's match, on either server: its sheet is a 403, and
    # so is a game posted to it (with a form of their own club for the CSRF token).
    for server in (first, second):
        assert girona.get(server + tarragona_sheet)[0] == 403
        assert tarragona.get(server + girona_sheet)[0] == 403
        version = {"version": "2", **game}
        assert girona.post(server + tarragona_sheet, girona_page, version)[0] == 403
        assert tarragona.post(server + girona_sheet, tarragona_page, version)[0] == 403
    assert scores(Browser().get(first + girona_score)[1]) == ["2", "0"]
    assert scores(Browser().get(second + tarragona_score)[1]) == ["2", "0"]
