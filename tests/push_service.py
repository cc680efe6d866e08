"""Web Push for the tests, on this machine alone: a push service on 127.0.0.1 started by
the test (`LocalPushService`: a thread with http.server that keeps what it is sent and
answers as the test says), a browser's side of a subscription (`Browser`: its own key
pair and secret, and the decryption of what arrives, aes128gcm), the check of the VAPID
signature a push service makes (`vapid_claims`), and `off_the_machine_refused`, which
refuses any connection to an address that is not this machine's."""

from __future__ import annotations

import base64
import json
import os
import socket
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from ipaddress import ip_address

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True)
class Received:
    path: str
    headers: dict[str, str]  # names in lower case
    body: bytes


class LocalPushService:
    """A push service at http://127.0.0.1:<port>: every POST is kept in `received`, and
    answered with `answers[path]` (201, as a push service accepts a message, unless
    told otherwise)."""

    def __init__(self) -> None:
        self.received: list[Received] = []
        self.answers: dict[str, int] = {}
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                headers = {name.lower(): value for name, value in self.headers.items()}
                service.received.append(Received(self.path, headers, body))
                self.send_response(service.answers.get(self.path, 201))
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format, *args):
                pass  # quiet: the test reads `received`

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def origin(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def endpoint(self, name: str) -> str:
        return f"{self.origin}/push/{name}"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


class Browser:
    """One browser's subscription: a P-256 key pair and a 16-byte secret of its own, as
    the Push API makes them; `read` decrypts a message sent to it."""

    def __init__(self, endpoint: str) -> None:
        self.endpoint = endpoint
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def subscription(self) -> dict:
        """What `PushSubscription.toJSON()` gives the page."""
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64(point), "auth": b64(self.auth)},
        }

    def read(self, body: bytes) -> dict:
        """The payload of an aes128gcm message (RFC 8291), as the browser decrypts it."""
        plain = http_ece.decrypt(
            body, private_key=self.private_key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain.decode("utf-8"))


def vapid_claims(authorization: str, public_key: str) -> dict:
    """The claims of a VAPID Authorization header (RFC 8292: `vapid t=<JWT>,k=<key>`),
    after checking, as a push service does, that `k` is `public_key` and that the JWT's
    ES256 signature verifies against it. InvalidSignature when it does not."""
    scheme, _space, rest = authorization.partition(" ")
    assert scheme.lower() == "vapid", authorization
    parts = dict(part.strip().split("=", 1) for part in rest.split(","))
    assert parts["k"] == public_key
    header, payload, signature = parts["t"].split(".")
    assert json.loads(unb64(header)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(public_key))
    key.verify(der, f"{header}.{payload}".encode(), ec.ECDSA(hashes.SHA256()))
    return json.loads(unb64(payload))


class LeftTheMachine(AssertionError):
    """A connection to an address that is not this machine's was attempted (and
    refused before anything was sent)."""


def _local(host) -> bool:
    if host in ("localhost", "", None):
        return True
    try:
        return ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


@contextmanager
def off_the_machine_refused():
    """Within: a socket's connect, or a name lookup, for an address that is not this
    machine's raises LeftTheMachine before any packet goes; the attempts are listed in
    the yielded list."""
    attempts: list[str] = []
    real_connect, real_connect_ex = socket.socket.connect, socket.socket.connect_ex
    real_lookup = socket.getaddrinfo

    def checked(address) -> None:
        host = address[0] if isinstance(address, tuple) else None
        if isinstance(address, str | bytes):
            return  # a Unix socket's path: this machine
        if not _local(host):
            attempts.append(str(host))
            raise LeftTheMachine(f"a connection to {host} was attempted")

    def connect(self, address):
        checked(address)
        return real_connect(self, address)

    def connect_ex(self, address):
        checked(address)
        return real_connect_ex(self, address)

    def lookup(host, *args, **kwargs):
        if not _local(host.decode() if isinstance(host, bytes) else host):
            attempts.append(str(host))
            raise LeftTheMachine(f"a name lookup of {host} was attempted")
        return real_lookup(host, *args, **kwargs)

    socket.socket.connect, socket.socket.connect_ex = connect, connect_ex
    socket.getaddrinfo = lookup
    try:
        yield attempts
    finally:
        socket.socket.connect, socket.socket.connect_ex = real_connect, real_connect_ex
        socket.getaddrinfo = real_lookup


# --- The fixtures of the push tests (tests/operations/test_push*.py), imported there.


@pytest.fixture
def vapid(settings):
    """The club's key pair, as `make_vapid_keys` makes it; a failed job tried again at
    once."""
    from tournament import push_keys

    settings.VAPID_PRIVATE_KEY = push_keys.new_private_key()
    settings.VAPID_PUBLIC_KEY = push_keys.public_key_of(settings.VAPID_PRIVATE_KEY)
    settings.VAPID_SUBJECT = "mailto:club@example.org"
    settings.JOBS_RETRY_DELAY = [0]
    return settings.VAPID_PUBLIC_KEY


@pytest.fixture
def service(settings):
    """The push service on 127.0.0.1, the only one subscriptions may name."""
    local = LocalPushService()
    settings.PUSH_SERVICES = [local.origin]
    yield local
    local.stop()


@pytest.fixture
def offline(monkeypatch):
    """No proxy from the environment, and no connection off the machine."""
    for name in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
    with off_the_machine_refused() as attempts:
        yield attempts
    assert attempts == []


def run_queue() -> list:
    """The worker's loop until nothing is waiting, in this process (the test's
    transaction, and the guard, hold)."""
    from tournament.jobs.runner import run_one

    ran = []
    while (job := run_one("test-worker")) is not None:
        ran.append(job)
    return ran


def subscribe(player, service: LocalPushService, name: str) -> Browser:
    """A browser of `player` subscribed from their private page."""
    from tournament.operations import links, push

    browser = Browser(service.endpoint(name))
    links.link_for(player)
    push.subscribe_player(player, browser.subscription())
    return browser


def subscribe_director(user, service: LocalPushService, name: str) -> Browser:
    from tournament.operations import push

    browser = Browser(service.endpoint(name))
    push.subscribe_director(user, browser.subscription())
    return browser


def notices(service: LocalPushService, browsers: dict[str, Browser]) -> dict[str, list[dict]]:
    """What each browser (by its endpoint's name) received, decrypted, in order."""
    found: dict[str, list[dict]] = {}
    for received in service.received:
        name = received.path.rsplit("/", 1)[1]
        found.setdefault(name, []).append(browsers[name].read(received.body))
    return found
