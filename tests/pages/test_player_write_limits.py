"""How often players' private links may write (report, confirm, dispute): counted per
link, so one player's posts never hold another back; posts to a link that does not exist
cost their sender's address alone; and behind the club's proxy, the address is the one
the proxy saw, only when TRUSTED_PROXIES says the proxy is there."""

import secrets
from datetime import UTC, datetime

import pytest
import time_machine
from django.test import Client

from tournament.models import GameReport
from tournament.operations.links import link_for, token_of

PROXY = "127.0.0.1"  # nginx on the same machine: every request comes from it


def link_of(player) -> str:
    return f"/p/{token_of(link_for(player))}/"


def made_up_link() -> str:
    return f"/p/{secrets.token_urlsafe(32)}/"


def visitor(address=PROXY, forwarded=None, language="en") -> Client:
    headers = {"accept-language": language}
    if forwarded is not None:
        headers["x-forwarded-for"] = forwarded
    return Client(REMOTE_ADDR=address, headers=headers)


def confirm(client, link, match) -> int:
    return client.post(f"{link}matches/{match.pk}/confirm/").status_code


@pytest.fixture(autouse=True)
def _limit(settings):
    settings.PLAYER_WRITES_PER_MINUTE = 3


@pytest.fixture(autouse=True)
def _one_minute():
    """The clock stands still: a test's posts all fall in one of the limit's minutes, even
    on a loaded machine (a minute that ended between the third post and the fourth
    would start the count again)."""
    with time_machine.travel(datetime(2026, 11, 24, 20, 0, 30, tzinfo=UTC), tick=False):
        yield


def test_writes_are_limited_per_link(match, players):
    xavier = visitor()
    answers = [confirm(xavier, link_of(players[1]), match) for _ in range(4)]
    assert answers == [409, 409, 409, 429]
    # Another player is not held back by it, even from the same address (everyone
    # behind the club's proxy shares one).
    assert confirm(visitor(), link_of(players[0]), match) == 409
    assert confirm(visitor("10.0.0.9"), link_of(players[0]), match) == 409


def test_the_limit_says_why_in_the_readers_language_and_saves_nothing(match, players):
    anna = visitor(language="ca")
    link = link_of(players[0])
    data = {"winner": "0", "kind": "single", "cube": "1", "how": "played", "version": "0"}
    for _ in range(3):
        anna.post(f"{link}matches/{match.pk}/confirm/")
    response = anna.post(f"{link}matches/{match.pk}/report/", data)
    assert response.status_code == 429
    assert 0 < int(response["Retry-After"]) <= 60
    assert "Massa canvis en un minut" in response.content.decode()
    assert not GameReport.objects.exists()


def test_made_up_links_cost_their_sender_alone(match, players):
    """The fault of issue 23: posts to links that do not exist, from the one address
    every club member has behind the proxy, blocked every real report for a minute."""
    guesser = visitor()
    answers = [confirm(guesser, made_up_link(), match) for _ in range(4)]
    assert answers == [404, 404, 404, 429]
    # The sender is held back, whatever link it makes up next...
    assert confirm(guesser, made_up_link(), match) == 429
    # ...and a player's real link answers from that same address.
    assert confirm(visitor(), link_of(players[1]), match) == 409
    response = visitor().post(
        f"{link_of(players[0])}matches/{match.pk}/report/",
        {"winner": "0", "kind": "single", "cube": "1", "how": "played", "version": "0"},
    )
    assert response.status_code == 302
    assert GameReport.objects.filter(match=match, reported_by=players[0]).exists()


def test_a_forged_forwarded_for_changes_nothing_without_a_trusted_proxy(match, settings):
    settings.TRUSTED_PROXIES = 0
    answers = [
        confirm(visitor("192.0.2.7", forwarded=f"198.51.100.{attempt}"), made_up_link(), match)
        for attempt in range(4)
    ]
    assert answers == [404, 404, 404, 429]


def test_behind_a_trusted_proxy_two_clients_are_counted_apart(match, settings):
    settings.TRUSTED_PROXIES = 1
    first = visitor(forwarded="203.0.113.5")
    assert [confirm(first, made_up_link(), match) for _ in range(4)] == [404, 404, 404, 429]
    assert confirm(visitor(forwarded="203.0.113.6"), made_up_link(), match) == 404
    # What the client itself puts in the header is left of what the proxy appends.
    forging = visitor(forwarded="203.0.113.6, 203.0.113.5")
    assert confirm(forging, made_up_link(), match) == 429


class Request:
    def __init__(self, remote_addr, forwarded=None):
        self.META = {"REMOTE_ADDR": remote_addr}
        if forwarded is not None:
            self.META["HTTP_X_FORWARDED_FOR"] = forwarded


@pytest.mark.parametrize(
    ("proxies", "remote", "forwarded", "address"),
    [
        (0, "192.0.2.7", "198.51.100.1", "192.0.2.7"),  # no proxy: the header is the client's
        (1, PROXY, "198.51.100.1, 203.0.113.5", "203.0.113.5"),  # the one nginx appended
        (2, PROXY, "198.51.100.1, 203.0.113.5, 10.0.0.2", "203.0.113.5"),  # CDN, then nginx
        (2, PROXY, "203.0.113.5", PROXY),  # fewer hops than proxies: not through them all
        (1, PROXY, None, PROXY),
        (1, PROXY, "not-an-address", PROXY),
        # A household's or a machine's IPv6 block is one client.
        (0, "2001:db8:1:2:a:b:c:d", None, "2001:db8:1:2::"),
        (1, PROXY, "2001:db8:1:2:a:b:c:d", "2001:db8:1:2::"),
        (0, "", None, ""),
    ],
)
def test_the_client_address(settings, proxies, remote, forwarded, address):
    from tournament.web.addresses import client_address

    settings.TRUSTED_PROXIES = proxies
    assert client_address(Request(remote, forwarded)) == address


def test_a_bad_count_of_proxies_fails_loudly():
    from test_settings import PRODUCTION, run_manage

    result = run_manage("check", env={**PRODUCTION, "TRUSTED_PROXIES": "-1"})
    assert result.returncode != 0
    assert "TRUSTED_PROXIES must be 0 or more" in result.stderr
