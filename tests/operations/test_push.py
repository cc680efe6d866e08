"""Web Push end to end, on this machine alone (docs/push.md): a push service started by
the test on 127.0.0.1, a browser's key pair and secret made by the test, a subscription
kept through the operations, a real event (a match called to table 7 when the one
before it there is decided), the queue run by the worker's own loop; then the message
that arrived is decrypted as the browser would and its text read, in the player's
Catalan, and the VAPID signature is checked against the club's public key. No
connection may leave the machine meanwhile (the guard refuses it, and is shown to)."""

from __future__ import annotations

import socket
import time

import pytest
from cryptography.exceptions import InvalidSignature

import builders
from push_service import (
    Browser,
    LeftTheMachine,
    LocalPushService,
    off_the_machine_refused,
    run_queue,
    subscribe,
    vapid_claims,
)
from tournament import push_keys
from tournament.core import draw
from tournament.models import Job, JobStatus, Player, PushMessage, PushSubscription
from tournament.operations import jobs, links, push


def table_cup(season):
    """A cup of four, matches to 1, started with one table ("7"): round 1's second
    match waits for it."""
    tournament = builders.cup(
        season,
        ["Anna Bosch", "Berta Puig", "Carles Vidal", "Dolors Roca"],
        name="Copa de la Taula",
        brackets={draw.MAIN: "1,1"},
        tables=["7"],
        start=True,
    )
    at_table, waiting = tournament.matches.filter(round=1).order_by("position")
    assert (at_table.table, waiting.table) == ("7", "")
    return tournament, at_table, waiting


def test_the_guard_refuses_a_connection_off_the_machine():
    """The guard the push tests run under: a connection to an address that is not
    this machine's is refused before anything is sent, a loopback one goes through."""
    with off_the_machine_refused() as attempts:
        with socket.socket() as off, pytest.raises(LeftTheMachine):
            off.connect(("192.0.2.1", 443))  # TEST-NET-1: never reached
        with pytest.raises(LeftTheMachine):
            socket.getaddrinfo("push.example.org", 443)
        local = LocalPushService()
        try:
            with socket.create_connection(("127.0.0.1", local.server.server_address[1])):
                pass
        finally:
            local.stop()
    assert attempts == ["192.0.2.1", "push.example.org"]


def test_a_match_called_to_table_7_reaches_the_players_phone_in_catalan(
    season, vapid, service, offline
):
    _tournament, at_table, waiting = table_cup(season)
    player, opponent = waiting.player1, waiting.player2
    Player.objects.filter(pk=player.pk).update(language="ca")
    browser = subscribe(player, service, "phone")

    builders.win(at_table)  # table 7 frees: the waiting match is called to it
    waiting.refresh_from_db()
    assert waiting.table == "7"
    [job] = run_queue()
    job.refresh_from_db()
    assert (job.kind, job.status) == ("push", JobStatus.DONE)

    [received] = service.received
    assert received.path == "/push/phone"
    assert received.headers["content-encoding"] == "aes128gcm"
    assert received.headers["ttl"] == "3600"
    assert received.headers["urgency"] == "high"
    notice = browser.read(received.body)
    token = links.token_of(links.link_for(player))
    assert notice == {
        "title": "Copa de la Taula",
        "body": f"El teu matx contra {opponent.name} és cridat: taula 7.",
        "url": f"/p/{token}/",
        "tag": f"match-{waiting.pk}",
    }
    # Signed with the club's key, for this push service, by the club.
    claims = vapid_claims(received.headers["authorization"], vapid)
    assert claims["aud"] == service.origin
    assert claims["sub"] == "mailto:club@example.org"
    assert time.time() < claims["exp"] <= time.time() + 24 * 3600
    # Sent once: the queue run again, or the match called again, sends nothing more.
    assert run_queue() == []
    assert len(service.received) == 1
    assert PushMessage.objects.get().sent_at is not None


def test_a_signature_from_another_key_does_not_verify(season, vapid, service, offline):
    """The signature check above is a real one: the header does not verify against
    another key pair's public key."""
    _tournament, at_table, waiting = table_cup(season)
    subscribe(waiting.player1, service, "phone")
    builders.win(at_table)
    run_queue()
    [received] = service.received
    other = push_keys.public_key_of(push_keys.new_private_key())
    header = received.headers["authorization"].replace(f"k={vapid}", f"k={other}")
    with pytest.raises(InvalidSignature):
        vapid_claims(header, other)


def test_a_subscription_the_push_service_refuses_with_410_is_dropped(
    season, vapid, service, offline
):
    _tournament, at_table, waiting = table_cup(season)
    subscribe(waiting.player1, service, "gone")
    kept = subscribe(waiting.player2, service, "kept")
    service.answers["/push/gone"] = 410

    builders.win(at_table)
    [job] = run_queue()
    job.refresh_from_db()
    # Not a failure of the job: the browser is simply no longer there.
    assert job.status == JobStatus.DONE
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [kept.endpoint]
    assert sorted(received.path for received in service.received) == ["/push/gone", "/push/kept"]


def test_a_push_service_failing_is_tried_again_then_shown_failed(
    season, vapid, service, offline, settings
):
    _tournament, at_table, waiting = table_cup(season)
    browser = subscribe(waiting.player1, service, "busy")
    service.answers["/push/busy"] = 503

    builders.win(at_table)
    run_queue()
    [job] = Job.objects.filter(kind="push")
    # Tried JOBS_MAX_ATTEMPTS times, then failed for the director's Background jobs page.
    assert (job.status, job.attempts) == (JobStatus.FAILED, settings.JOBS_MAX_ATTEMPTS)
    assert job.last_error == "PushFailed: 127.0.0.1 answered 503"
    assert PushSubscription.objects.count() == 1  # a 503 says nothing of the browser
    assert PushMessage.objects.get().sent_at is None

    # The service answers again; the director's Retry sends it, once.
    service.answers.clear()
    jobs.retry(job.pk)
    run_queue()
    assert Job.objects.get(pk=job.pk).status == JobStatus.DONE
    delivered = [r for r in service.received if r.path == "/push/busy"]
    assert len(delivered) == settings.JOBS_MAX_ATTEMPTS + 1
    opponent = waiting.player2.name
    expected = f"Your match against {opponent} is called: table 7."
    assert browser.read(delivered[-1].body)["body"] == expected
    assert PushMessage.objects.get().sent_at is not None


def test_nothing_is_queued_when_nobody_allowed_it(season, vapid, service, offline):
    _tournament, at_table, _waiting = table_cup(season)
    builders.win(at_table)
    assert not PushMessage.objects.exists()
    assert not Job.objects.filter(kind="push").exists()


def test_without_the_club_key_nothing_is_read_or_queued(season, service, offline, settings):
    settings.VAPID_PRIVATE_KEY = settings.VAPID_PUBLIC_KEY = ""
    _tournament, at_table, waiting = table_cup(season)
    links.link_for(waiting.player1)
    with pytest.raises(push.SubscriptionRefused):
        push.subscribe_player(waiting.player1, Browser(service.endpoint("x")).subscription())
    builders.win(at_table)
    assert not PushSubscription.objects.exists()
    assert not Job.objects.filter(kind="push").exists()


def test_a_link_made_anew_leaves_its_browsers_behind(season, vapid, service, offline):
    """The phone a leaked link was allowed on hears nothing once the director made the
    player a new link, and the workers' prune forgets it."""
    _tournament, at_table, waiting = table_cup(season)
    subscribe(waiting.player1, service, "leaked")
    fresh = subscribe(waiting.player2, service, "fresh")
    links.rotate_link(waiting.player1)
    builders.win(at_table)
    run_queue()
    assert [received.path for received in service.received] == ["/push/fresh"]
    push.prune()
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [fresh.endpoint]


def test_a_match_decided_before_its_notice_went_tells_nothing_of_it(
    season, vapid, service, offline
):
    """The call of a match already played when the worker comes to it is not sent; the
    final it leads to is."""
    tournament, at_table, waiting = table_cup(season)
    browser = subscribe(waiting.player1, service, "phone")
    builders.win(at_table)
    builders.win(waiting)  # the call to table 7 still waits in the queue
    final = tournament.matches.get(round=2)
    assert final.table == "7" and waiting.player1_id in (final.player1_id, final.player2_id)
    run_queue()
    [received] = service.received
    assert browser.read(received.body)["tag"] == f"match-{final.pk}"
    assert PushMessage.objects.filter(sent_at=None).count() == 0
