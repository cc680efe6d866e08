"""The "push" job: notifications handed to the browsers' push services (docs/push.md),
encrypted for each browser's keys and signed with the club's VAPID key by pywebpush.

Each message is taken before it is sent (operations.push.take), so a message is never
sent twice. A push service answering 404 or 410 says the subscription no longer exists:
it is dropped. Any other failure (the service down, a time out, a 5xx or a 429) gives the
message back and fails the attempt once the others are sent: the queue tries the job
again after its delay, and shows it failed, with the reason (the host the send went
to), on the director's Background jobs page after its last attempt.

Each endpoint is checked again before its message goes (operations.push.address_of),
and the message sent to the URL rebuilt from what was checked: a subscription kept
before the check was as strict is dropped, never sent to, and the job fails at once
saying so."""

from __future__ import annotations

import json
import logging

import requests
from django.conf import settings
from django_tasks import task
from pywebpush import WebPushException, webpush

from ..operations import push
from ..operations.jobs import NotRetryable
from .push_texts import TTL, URGENT, notice_of

logger = logging.getLogger(__name__)

# What a push service answers for a subscription that is gone for good (RFC 8030).
GONE = {404, 410}


class PushFailed(Exception):
    """Some messages could not be handed to their push service; tried again later."""


def _session() -> requests.Session:
    # A push service answers for itself: a redirect elsewhere is a failure, not followed.
    session = requests.Session()
    session.max_redirects = 0
    return session


def _send(message, notice, session, address: push.Address) -> None:
    """Hand one notice to the browser's push service at `address`, the endpoint as
    checked (WebPushException or a requests error when it fails)."""
    subscription = message.subscription
    webpush(
        subscription_info={"endpoint": address.url, "keys": subscription.info["keys"]},
        data=json.dumps(notice.payload(), ensure_ascii=False),
        vapid_private_key=settings.VAPID_PRIVATE_KEY,
        # A new dict each time: pywebpush writes the audience (the service) into it.
        vapid_claims={"sub": settings.VAPID_SUBJECT},
        ttl=TTL.get(message.kind, 3600),
        headers={"Urgency": "high" if message.kind in URGENT else "normal"},
        timeout=settings.PUSH_TIMEOUT,
        requests_session=session,
    )


@task
def send_push(message_ids: list[int]) -> int:
    """Send the messages `message_ids` (those still to send); how many went."""
    if not push.enabled():
        raise NotRetryable("no VAPID key is configured (docs/push.md)")
    sent, failures, refusals = 0, [], []
    with _session() as session:
        for message_id in message_ids:
            message = push.take(message_id)
            if message is None:
                continue  # sent already, or its browser's subscription is gone
            subscription = message.subscription
            if subscription.link_id is not None and subscription.link.revoked_at is not None:
                # The player's link was made anew: the browser it was allowed on may be
                # the one it was taken from.
                push.drop(subscription.pk)
                continue
            try:
                address = push.address_of(subscription.endpoint)
            except push.SubscriptionRefused as refused:
                # Kept before the endpoint was checked as it is now: never sent to, and
                # gone (with its messages), since no answer would change it.
                logger.warning("push subscription %s refused: %s", subscription.pk, refused.message)
                push.drop(subscription.pk)
                refusals.append(f"subscription {subscription.pk} not sent to: {refused.message}")
                continue
            notice = notice_of(message)
            if notice is None:
                continue  # nothing to tell any more; the message counts as done
            host = address.host  # the host connected to, named on the Background jobs page
            try:
                _send(message, notice, session, address)
            except WebPushException as error:
                status = getattr(error.response, "status_code", None)
                if status in GONE:
                    logger.info("push subscription %s is gone (%s)", subscription.pk, status)
                    push.drop(subscription.pk)
                    continue
                push.give_back(message.pk)
                failures.append(f"{host} answered {status}")
            except Exception as error:  # a time out, a refused connection, a broken key
                push.give_back(message.pk)
                failures.append(f"{host}: {type(error).__name__}")
            else:
                sent += 1
    if failures:
        raise PushFailed("; ".join(failures + refusals))
    if refusals:
        raise NotRetryable("; ".join(refusals))  # nothing to try again: they are gone
    return sent
