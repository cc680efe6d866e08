"""Redis down: the site goes on from the database. With the settings that REDIS_URL
builds (Redis the cache, sessions cached_db, the limits counted in Redis) on a Redis of
the test's own, a logged-in director and a player keep their sessions, pages answer,
logins, players' reports and registration are recorded, none a 500; Redis back, the
cache is used again (the players' write limit counts again)."""

import shutil
import socket
import subprocess
import time

import pytest
import redis
from django.test import Client
from django.test.utils import override_settings
from django.urls import reverse

from tournament.backends import cache as forgiving
from tournament.environment import redis_caches
from tournament.models import Bracket, GameReport, SignUp, Tournament
from tournament.operations import registrations
from tournament.operations.links import link_for, token_of

REDIS_SERVER = "/usr/bin/redis-server"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class OwnRedis:
    """A redis-server of the test's own, keeping nothing on disk."""

    def __init__(self, folder):
        self.port = free_port()
        self.folder = folder
        self.process = None
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                REDIS_SERVER,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.folder),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(100):
            try:
                redis.Redis.from_url(self.url, socket_connect_timeout=0.2).ping()
                return
            except redis.ConnectionError:
                time.sleep(0.05)
        raise AssertionError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def keys(self) -> list[bytes]:
        return redis.Redis.from_url(self.url).keys("*")


@pytest.fixture
def own_redis(tmp_path, monkeypatch):
    if not shutil.which(REDIS_SERVER):
        pytest.skip("no redis-server")
    server = OwnRedis(tmp_path)
    server.start()
    # The cache is asked again soon after a failure, so the test need not wait.
    monkeypatch.setattr(forgiving, "PAUSE", 0.2)
    with override_settings(
        CACHES=redis_caches(server.url, "qgammon-redis-down"),
        SESSION_ENGINE="django.contrib.sessions.backends.cached_db",
        RATELIMIT_USE_CACHE="default",
    ):
        yield server
    server.stop()


def browser() -> Client:
    return Client(raise_request_exception=False, headers={"accept-language": "en"})


def log_in(client: Client):
    return client.post(reverse("login"), {"username": "tdirector", "password": "secret-pass-1234"})


@pytest.fixture
def open_cup(season, director):
    """A cup taking registrations, beside the running one."""
    cup = Tournament.objects.create(season=season, name="Copa oberta", date="2002-12-14")
    Bracket.objects.create(tournament=cup, kind="main", lengths="5", fee="10.00")
    registrations.set_registration(cup, open_=True, cap=8, closes=None, user=director)
    return cup


def test_with_redis_down_the_site_keeps_serving_and_takes_redis_back(
    own_redis, open_cup, match, director, players, season, settings
):
    settings.PLAYER_WRITES_PER_MINUTE = 2
    desk = browser()
    assert log_in(desk).status_code == 302
    assert desk.get(reverse("director-desk")).status_code == 200
    player = browser()
    page = reverse("player-page", args=[token_of(link_for(players[0]))])
    assert player.get(page).status_code == 200
    assert own_redis.keys()  # the sessions and the rendered pages were kept in Redis

    own_redis.stop()
    visitor = browser()
    tournament = match.tournament_id
    pages = [
        (visitor, reverse("home")),
        (visitor, reverse("season", args=[season.years])),
        (visitor, reverse("standings", args=[season.years])),
        (visitor, reverse("tournament", args=[tournament])),
        (visitor, reverse("results", args=[tournament])),
        (visitor, reverse("calls", args=[tournament])),
        (visitor, reverse("match", args=[match.pk])),
        (visitor, reverse("ratings")),
        (visitor, reverse("player", args=[players[0].pk])),
        (visitor, reverse("api-tournament", args=[tournament])),
        (visitor, reverse("register", args=[open_cup.pk])),
        (visitor, reverse("login")),
        (desk, reverse("director-desk")),
        (desk, reverse("director-tournament", args=[tournament])),
        (desk, reverse("director-match", args=[tournament, match.pk])),
        (desk, reverse("director-reports")),
        (desk, reverse("director-player", args=[players[0].pk])),
        (player, page),
    ]
    started = time.monotonic()
    for client, address in pages:
        response = client.get(address)
        assert response.status_code == 200, address
    # A dead Redis holds no page up.
    assert time.monotonic() - started < 30
    # Still logged in (the session read from the database), on the desk, not the login.
    assert "tdirector" in desk.get(reverse("director-desk")).content.decode()

    # A login, a player's report, a registration: each recorded.
    other_desk = browser()
    assert log_in(other_desk).status_code == 302
    assert other_desk.get(reverse("director-desk")).status_code == 200
    reported = player.post(
        f"{page}matches/{match.pk}/report/",
        {"winner": "0", "kind": "gammon", "cube": "1", "how": "played", "version": "0"},
    )
    assert reported.status_code == 302
    assert GameReport.objects.filter(match=match).count() == 1
    registered = visitor.post(
        reverse("register", args=[open_cup.pk]), {"name": "Joan Puig", "email": "j@ex.org"}
    )
    assert registered.status_code == 200
    assert SignUp.objects.filter(tournament=open_cup).count() == 1
    # The director's write, and logging out.
    assert desk.get(reverse("director-reports")).status_code == 200
    assert desk.post(reverse("logout")).status_code == 302

    # Redis back: the cache is used again; the players' write limit counts once more.
    own_redis.start()
    time.sleep(0.3)
    assert log_in(other_desk).status_code == 302
    link = reverse("player-page", args=[token_of(link_for(players[1]))])
    answers = [
        browser().post(f"{link}matches/{match.pk}/report/", {"winner": "9"}).status_code
        for _ in range(3)
    ]
    assert answers[-1] == 429
    assert own_redis.keys()


def test_a_redis_that_never_answers_holds_a_request_up_once_not_at_every_read(monkeypatch):
    """A Redis cut off or hung: connections taken, nothing answered. The first read
    waits out the timeout; the next ones, within the pause, do not wait at all."""
    monkeypatch.setattr(forgiving, "PAUSE", 30)
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(16)
        url = f"redis://127.0.0.1:{silent.getsockname()[1]}/0"
        settings = redis_caches(url, "qgammon-silent")["default"]
        cache = forgiving.ForgivingRedisCache(settings["LOCATION"], settings)
        started = time.monotonic()
        assert cache.get("standings", "missed") == "missed"
        assert cache.add("count", 1) is False
        with pytest.raises(ValueError):
            cache.incr("count")  # django-ratelimit's "no count": the post goes through
        assert cache.get_many(["a", "b"]) == {}
        for _ in range(10):
            cache.set("part", b"html")
            assert cache.get("part") is None
        assert time.monotonic() - started < 2.5
