"""A push subscription's endpoint is the address the worker connects to, so the site
reads it as the sender reads it (urllib3, under requests) and sends only to a known
push service's https address on port 443 (docs/push.md, "Allowing it"). A player or a
director posting any other address gets a 400 with the reason and nothing is kept; a
row that holds one anyway (kept before this check) is never sent to. A listener of the
test's own on 127.0.0.1 stands for the machine's and the network's other servers: it
must never be reached. And removing a subscription by an address no browser has (a NUL
in it, which PostgreSQL takes in no query) is a 400 too, not a 500."""

from __future__ import annotations

import json
import socket
import threading

import pytest
from django.urls import reverse

import builders
from push_service import Browser, run_queue, subscribe
from tournament.core import draw
from tournament.models import Job, JobStatus, PushMessage, PushSubscription
from tournament.operations import links

FCM = "https://fcm.googleapis.com/fcm/send/cGhvbmU"


class Listener:
    """A TCP server on 127.0.0.1 that counts the connections it is offered: a server the
    push sender must never reach."""

    def __init__(self) -> None:
        self.connections = 0
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen()
        self.socket.settimeout(0.1)
        self.port = self.socket.getsockname()[1]
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self) -> None:
        while not self.stopped.is_set():
            try:
                connection, _address = self.socket.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.connections += 1
            connection.close()

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join(timeout=5)
        self.socket.close()


@pytest.fixture
def listener():
    server = Listener()
    yield server
    server.stop()


# Each with what the sender would have connected to. "{port}" is the listener's.
REFUSED = [
    "https://127.0.0.1\\@fcm.googleapis.com/x",  # urllib.parse: fcm; requests: 127.0.0.1
    "https://127.0.0.1:{port}\\@fcm.googleapis.com/x",  # ... on the listener's port
    "https://user@fcm.googleapis.com/x",
    "https://127.0.0.1:{port}@fcm.googleapis.com/x",
    "https://fcm.googleapis.com:8443/x",
    "http://fcm.googleapis.com/x",
    "https://169.254.169.254/latest/meta-data/",
    "https://localhost/x",
    "https://127.0.0.1:{port}/x",
    "https://intranet/x",
    "https://fcm.googleapis.com.evil.example/x",
    "https://evil.example/fcm.googleapis.com/x",
    "https://fcm.googleapis.com./x",
    "https://[::1]/x",
    "https://fcm.googleapis.com/x\x00",
    "https://fcm.googleapis.com\x00.evil.example/x",
    "https://fcm.googleapis.com/x y",
    "https://fcm.googleapis.com\t/x",
    "https://fcm.googleapis.com/x#fragment",
    "ftp://fcm.googleapis.com/x",
    "fcm.googleapis.com/x",
]

REASONS = {
    "A push service's address has no spaces, control characters, backslashes or letters "
    "outside ASCII.",
    "A push service's address has no user name or password.",
    "A push service's address names no port other than 443.",
    "A push service's address starts with https://.",
    "This browser's push service is not one the site sends to.",
    "This is not a push service's address.",
}


def post(client, url: str, data):
    return client.post(url, json.dumps(data), content_type="application/json")


@pytest.mark.parametrize("endpoint", REFUSED)
def test_an_address_other_than_a_push_services_is_a_400_for_players_and_directors(
    client, director_client, players, vapid, listener, offline, endpoint
):
    endpoint = endpoint.replace("{port}", str(listener.port))
    subscription = Browser(endpoint).subscription()
    player_url = reverse("player-push", args=[links.token_of(links.link_for(players[0]))])
    for poster, url in ((client, player_url), (director_client, reverse("director-push"))):
        response = post(poster, url, subscription)
        assert response.status_code == 400, (url, response.content)
        assert response.json()["error"] in REASONS
    assert not PushSubscription.objects.exists()
    assert listener.connections == 0


@pytest.mark.parametrize(
    ("endpoint", "reason"),
    [
        ("https://127.0.0.1\\@fcm.googleapis.com/x", "backslashes"),
        ("https://user@fcm.googleapis.com/x", "user name"),
        ("https://fcm.googleapis.com:8443/x", "port"),
        ("http://fcm.googleapis.com/x", "https://"),
        ("https://169.254.169.254/x", "not one the site sends to"),
    ],
)
def test_the_refusal_says_what_is_wrong_with_the_address(client, players, vapid, endpoint, reason):
    url = reverse("player-push", args=[links.token_of(links.link_for(players[0]))])
    response = post(client, url, Browser(endpoint).subscription())
    assert response.status_code == 400
    assert reason in response.json()["error"]


def test_a_known_push_services_address_is_kept_as_the_browser_gave_it(client, players, vapid):
    """Port 443 named, capitals in the host, an encoded query: still the service's."""
    url = reverse("player-push", args=[links.token_of(links.link_for(players[0]))])
    for endpoint in (
        "https://FCM.googleapis.com:443/fcm/send/abc:APA91b-_x",
        "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA%2b%3d%3d",
    ):
        assert post(client, url, Browser(endpoint).subscription()).status_code == 201
    assert set(PushSubscription.objects.values_list("endpoint", flat=True)) == {
        "https://FCM.googleapis.com:443/fcm/send/abc:APA91b-_x",
        "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA%2b%3d%3d",
    }


def table_cup(season):
    """A cup of four with one table ("7"): round 1's second match waits for it, and is
    called (its players told) when the first is decided."""
    tournament = builders.cup(
        season,
        ["Anna Bosch", "Berta Puig", "Carles Vidal", "Dolors Roca"],
        name="Copa de la Taula",
        brackets={draw.MAIN: "1,1"},
        tables=["7"],
        start=True,
    )
    return tournament.matches.filter(round=1).order_by("position")


def test_a_row_kept_with_another_address_is_never_sent_to(
    season, vapid, service, listener, offline, director_client
):
    """Rows kept before the check (forced in here): the job checks each endpoint again,
    connects to none of them, drops them, and says so on the Background jobs page; the
    good subscription in the same job is sent to as ever."""
    at_table, waiting = table_cup(season)
    good = subscribe(waiting.player2, service, "good")
    bad = [
        f"https://127.0.0.1:{listener.port}/x",
        f"https://127.0.0.1:{listener.port}\\@fcm.googleapis.com/x",
        f"http://127.0.0.1:{listener.port}/x",
    ]
    link = links.link_for(waiting.player1)
    for endpoint in bad:
        PushSubscription.objects.create(
            endpoint=endpoint,
            p256dh=good.subscription()["keys"]["p256dh"],
            auth="x" * 22,
            player=waiting.player1,
            link=link,
        )

    builders.win(at_table)  # table 7 frees: the waiting match's players are told
    assert PushMessage.objects.count() == 4
    run_queue()

    assert listener.connections == 0
    assert [received.path for received in service.received] == ["/push/good"]
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [good.endpoint]
    [job] = Job.objects.filter(kind="push")
    assert job.status == JobStatus.FAILED  # at once: trying again cannot help
    assert job.attempts == 1
    assert job.last_error.count("not sent to") == 3
    page = director_client.get(reverse("director-jobs")).content.decode()
    assert page.count("not sent to") == 3


def test_removing_by_an_address_with_a_nul_is_a_400(
    client, director_client, director, players, vapid
):
    """A NUL cannot be in a browser's endpoint, and PostgreSQL refuses it in a query: the
    answer says so rather than failing; the subscriptions stay."""
    token = links.token_of(links.link_for(players[0]))
    assert (
        post(client, reverse("player-push", args=[token]), Browser(FCM).subscription()).status_code
        == 201
    )
    director_endpoint = FCM + "-desk"
    post(director_client, reverse("director-push"), Browser(director_endpoint).subscription())
    assert PushSubscription.objects.count() == 2
    for poster, url, endpoint in (
        (client, reverse("player-push-off", args=[token]), FCM),
        (director_client, reverse("director-push-off"), director_endpoint),
    ):
        response = post(poster, url, {"endpoint": endpoint + "\x00"})
        assert response.status_code == 400
        assert "control characters" in response.json()["error"]
    assert PushSubscription.objects.count() == 2
