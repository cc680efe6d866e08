"""Fifty people sign up at the same moment, with real concurrent requests to a live
server: never more entered than the cap, nobody lost (each is entered or on the waiting
list, once), the waiting list in the order the requests were taken, and told the place
they hold on it. Then withdrawals at once move the list up in that order. PostgreSQL
only: SQLite serialises all writers anyway."""

import http.client
import re
import threading
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar

import pytest
from django.contrib.auth.models import User
from django.db import connection

import builders
from conftest import directors_group
from tournament import operations
from tournament.models import AuditEntry, Entry, Player, SignUp, Tournament
from tournament.operations import registrations

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="concurrent sign-ups need PostgreSQL's row locks; .ci/run runs it on PostgreSQL",
)

PEOPLE, CAP = 50, 16
PLACE = re.compile(r"you are number (\d+) on the waiting list")


class Visitor:
    """A browser of one visitor: its own CSRF cookie and token, and its connection to
    the server opened beforehand (fifty connections at once would overflow the test
    server's listening queue; fifty requests on open connections do not)."""

    def __init__(self, base, path):
        self.path = path
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar := CookieJar()))
        with opener.open(base + path) as response:
            page = response.read().decode()
        self.token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        self.cookie = "; ".join(f"{cookie.name}={cookie.value}" for cookie in jar)
        self.base = base
        address = urllib.parse.urlsplit(base)
        self.connection = http.client.HTTPConnection(address.hostname, address.port, timeout=120)
        self.connection.connect()

    def sign_up(self, name, email):
        body = urllib.parse.urlencode(
            {"name": name, "email": email, "csrfmiddlewaretoken": self.token}
        )
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": self.cookie,
            "Referer": self.base + self.path,
        }
        self.connection.request("POST", self.path, body, headers)
        response = self.connection.getresponse()
        try:
            return response.status, response.read().decode()
        finally:
            self.connection.close()


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
        thread.join(timeout=120)
    return results


def removed(tournament, entry):
    """Remove a registration from a thread of its own, closing the thread's connection
    (the test database is dropped at the end, and must have nobody in it)."""
    try:
        return operations.remove_entry(tournament, entry)
    finally:
        connection.close()


@pytest.fixture
def open_cup(transactional_db, settings):
    settings.REGISTRATIONS_PER_HOUR = 1000  # everyone comes from 127.0.0.1 here
    director = User.objects.create_user("anna", password="pw-concurrent-1")
    director.groups.add(directors_group())
    tournament = Tournament.objects.create(season=builders.the_season(), name="Copa Oberta")
    registrations.set_registration(tournament, open_=True, cap=CAP, closes=None, user=director)
    for number in range(PEOPLE):
        email = f"jugador{number}@example.org"
        player = Player.objects.create(name=f"Jugador {number:02d}", email=email)
        builders.member(player, f"{number:04d}")
    return tournament, director


def test_fifty_sign_ups_at_once_keep_the_cap_and_the_list(open_cup, live_server, mailoutbox):
    tournament, _director = open_cup
    path = f"/tournaments/{tournament.pk}/register/"
    visitors = [Visitor(live_server.url, path) for _ in range(PEOPLE)]
    answers = at_once(
        [
            lambda v=visitor, n=number: v.sign_up(f"{n:04d}", f"jugador{n}@example.org")
            for number, visitor in enumerate(visitors)
        ]
    )
    assert [status for status, _page in answers] == [200] * PEOPLE
    # No one over the cap.
    entries = Entry.objects.filter(tournament=tournament)
    assert entries.count() == CAP
    # No one lost: everyone is entered or listed, once.
    listed = list(SignUp.objects.filter(tournament=tournament).waiting_list())
    people = [entry.player_id for entry in entries] + [s.player_id for s in listed]
    assert sorted(people) == sorted(Player.objects.values_list("pk", flat=True))
    assert SignUp.objects.filter(tournament=tournament).count() == PEOPLE
    # Each was told their place, and the places are the list's order: the order in
    # which the lock let them in (one machine's clock, under the lock, agrees).
    places = sorted(int(PLACE.search(page)[1]) for _status, page in answers if PLACE.search(page))
    assert places == list(range(1, PEOPLE - CAP + 1))
    assert [s.place for s in listed] == list(range(1, PEOPLE - CAP + 1))
    decided = [s.decided for s in listed]
    assert decided == sorted(decided)
    for position, sign_up in enumerate(listed, start=1):
        page = answers[int(sign_up.player.name.split()[-1])][1]
        assert f"you are number {position} on the waiting list" in page

    # Three withdraw at the same moment: the first three on the list move up, in order.
    leaving = list(entries.order_by("pk")[:3])
    at_once([lambda e=entry: removed(tournament, e) for entry in leaving])
    assert Entry.objects.filter(tournament=tournament).count() == CAP
    moved = set(Entry.objects.filter(tournament=tournament).values_list("player_id", flat=True)) & {
        s.player_id for s in listed
    }
    assert moved == {s.player_id for s in listed[:3]}
    assert list(
        SignUp.objects.filter(tournament=tournament).waiting_list().values_list("pk", flat=True)
    ) == [s.pk for s in listed[3:]]
    # Each move up is in the log (a promotion's entry names its sign-up).
    moves = AuditEntry.objects.filter(action="entry_added", after__has_key="sign_up")
    assert moves.count() == 3
