"""Web Push's writes (docs/push.md): a browser's subscription kept for a player or a
director, and removed; the notifications queued with the write they tell of
(`queue`, used by operations.push_events), taken by the "push" job one by one, given back
when the push service failed, and pruned; a subscription the push service refuses
(404 or 410: it no longer exists) dropped.

No audit entry: a browser allowing notifications changes nothing of the club's record
(as a phone remembered at the door does not), and an entry would move every live page's
change mark."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from urllib3.exceptions import LocationParseError
from urllib3.util import Url, parse_url

from .. import push_keys
from ..models import Player, PlayerLink, PushMessage, PushSubscription
from . import jobs
from .errors import OperationError

# Messages one "push" job sends at most: each may wait settings.PUSH_TIMEOUT for its push
# service, and the job's time limit (operations.jobs.KINDS) covers them all.
BATCH = 20
# Bytes of a browser's secret (`keys.auth`), as the Push API makes it.
AUTH_BYTES = 16


def enabled() -> bool:
    """Notifications are offered and sent only with the club's VAPID key pair."""
    return bool(settings.VAPID_PRIVATE_KEY and settings.VAPID_PUBLIC_KEY)


class SubscriptionRefused(OperationError):
    """What the browser sent is not a subscription this site can push to (a 400)."""


@dataclass(frozen=True)
class Address:
    """Where a subscription's messages go, read from its endpoint as the sender reads it
    (urllib3's parse_url, which requests uses): the URL rebuilt from the parts checked,
    the one the job sends to, and the host it connects to."""

    url: str
    host: str


# Printable ASCII but the backslash: what a push service's address is written in. Anything
# else (a space, a control character, NUL, a backslash, which parsers read differently)
# is refused before any parser sees it.
_ADDRESS_CHARACTERS = frozenset(chr(code) for code in range(0x21, 0x7F)) - {"\\"}
_HOST_LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]*[a-z0-9])?")


NOT_PLAIN = _(
    "A push service's address has no spaces, control characters, backslashes or letters "
    "outside ASCII."
)


def _written_plainly(endpoint: str) -> bool:
    return all(character in _ADDRESS_CHARACTERS for character in endpoint)


def _port(scheme: str, port: int | None) -> int | None:
    return port if port is not None else {"https": 443, "http": 80}.get(scheme)


def _listed(scheme: str, host: str, port: int | None) -> bool:
    """Whether (scheme, host, port) is one of settings.PUSH_SERVICES: https on port 443
    at a listed host or a subdomain of one, or exactly a listed origin."""
    for service in settings.PUSH_SERVICES:
        service = service.strip().lower().rstrip("/")
        if "://" in service:
            try:
                origin = parse_url(service)
            except LocationParseError:
                continue
            if (origin.scheme, origin.host, _port(origin.scheme, origin.port)) == (
                scheme,
                host,
                _port(scheme, port),
            ):
                return True
        elif (
            scheme == "https"
            and _port(scheme, port) == 443
            and (host == service or host.endswith("." + service))
            and all(_HOST_LABEL.fullmatch(label) for label in host.split("."))
        ):
            return True
    return False


def address_of(endpoint) -> Address:
    """The address a subscription's `endpoint` sends to, or SubscriptionRefused saying
    why the site does not send there. Read once, by urllib3 as requests reads it, and
    refused when Python's urllib.parse reads another host, port or user in it: the host
    checked is the host connected to. Subscribing checks it, and the "push" job again
    before each message (a row kept before this check is never sent to)."""
    if not isinstance(endpoint, str) or not endpoint:
        raise SubscriptionRefused(_("This is not a push subscription."))
    max_length = PushSubscription._meta.get_field("endpoint").max_length
    if len(endpoint) > max_length:
        raise SubscriptionRefused(_("This browser's push service is not one the site sends to."))
    if not _written_plainly(endpoint):
        raise SubscriptionRefused(NOT_PLAIN)
    try:
        parsed = parse_url(endpoint)
        python = urlsplit(endpoint)
        python_port = python.port
    except (LocationParseError, ValueError):
        raise SubscriptionRefused(_("This is not a push service's address.")) from None
    scheme, host = (parsed.scheme or "").lower(), (parsed.host or "").lower()
    if scheme not in ("https", "http") or not host:
        raise SubscriptionRefused(_("A push service's address starts with https://."))
    if parsed.auth is not None or python.username is not None or "@" in python.netloc:
        raise SubscriptionRefused(_("A push service's address has no user name or password."))
    read_by_python = (python.scheme.lower(), python.hostname or "", python_port)
    if parsed.fragment is not None or read_by_python != (scheme, host, parsed.port):
        raise SubscriptionRefused(_("This is not a push service's address."))
    if not _listed(scheme, host, parsed.port):
        if scheme != "https":
            raise SubscriptionRefused(_("A push service's address starts with https://."))
        if _port(scheme, parsed.port) != 443:
            raise SubscriptionRefused(_("A push service's address names no port other than 443."))
        raise SubscriptionRefused(_("This browser's push service is not one the site sends to."))
    port = None if parsed.port == _port(scheme, None) else parsed.port
    url = Url(scheme=scheme, host=host, port=port, path=parsed.path, query=parsed.query).url
    again = parse_url(url)
    if (again.scheme, again.host, again.port, again.auth) != (scheme, host, port, None):
        raise SubscriptionRefused(_("This is not a push service's address."))
    return Address(url=url, host=host)


def checked(data) -> tuple[str, str, str]:
    """(endpoint, p256dh, auth) of `PushSubscription.toJSON()` as the page posts it, or
    SubscriptionRefused saying what is wrong. Nothing else of it is kept."""
    if not isinstance(data, dict):
        raise SubscriptionRefused(_("This is not a push subscription."))
    endpoint, keys = data.get("endpoint"), data.get("keys")
    if not isinstance(endpoint, str) or not endpoint or not isinstance(keys, dict):
        raise SubscriptionRefused(_("This is not a push subscription."))
    address_of(endpoint)
    p256dh, auth = keys.get("p256dh"), keys.get("auth")
    try:
        if not isinstance(p256dh, str) or not isinstance(auth, str):
            raise push_keys.BadKey("missing")
        push_keys.check_browser_key(p256dh)
        if len(push_keys.decode(auth)) != AUTH_BYTES:
            raise push_keys.BadKey("a subscription's secret is 16 bytes")
    except push_keys.BadKey:
        raise SubscriptionRefused(_("The subscription's keys are not valid.")) from None
    return endpoint, p256dh.strip(), auth.strip()


def _language(language: str | None) -> str:
    return language if language in dict(settings.LANGUAGES) else ""


def _keep(endpoint: str, p256dh: str, auth: str, owner: dict) -> PushSubscription:
    """The subscription of this browser (its endpoint), made or given to `owner`."""
    fields = {"p256dh": p256dh, "auth": auth, "player": None, "link": None, "user": None}
    fields.update(owner)
    for _attempt in range(2):
        found = PushSubscription.objects.select_for_update().filter(endpoint=endpoint).first()
        if found is not None:
            for name, value in fields.items():
                setattr(found, name, value)
            found.save()
            return found
        try:
            with transaction.atomic():
                return PushSubscription.objects.create(endpoint=endpoint, **fields)
        except IntegrityError:
            continue  # the same browser, posted twice at once: the other one made it
    raise SubscriptionRefused(_("This is not a push subscription."))


@transaction.atomic
def subscribe_player(player: Player, data, *, language: str = "") -> PushSubscription:
    """The player allows notifications on this browser, from their private link."""
    if not enabled():
        raise SubscriptionRefused(_("This site sends no notifications."))
    endpoint, p256dh, auth = checked(data)
    link = PlayerLink.objects.filter(player=player, revoked_at=None).first()
    if link is None:
        raise SubscriptionRefused(_("Open your page from your private link again."))
    owner = {"player": player, "link": link, "language": _language(language)}
    return _keep(endpoint, p256dh, auth, owner)


@transaction.atomic
def subscribe_director(user, data, *, language: str = "") -> PushSubscription:
    """A director allows notifications of disputes and matches running over."""
    if not enabled():
        raise SubscriptionRefused(_("This site sends no notifications."))
    endpoint, p256dh, auth = checked(data)
    return _keep(endpoint, p256dh, auth, {"user": user, "language": _language(language)})


@transaction.atomic
def unsubscribe(endpoint, *, player: Player | None = None, user=None) -> bool:
    """This browser no longer wants notifications: its subscription goes, if it is the
    player's (or the director's). True if there was one."""
    if not isinstance(endpoint, str) or not endpoint:
        raise SubscriptionRefused(_("This is not a push subscription."))
    if not _written_plainly(endpoint):
        # No browser's endpoint is written so (and PostgreSQL takes no NUL in a query).
        raise SubscriptionRefused(NOT_PLAIN)
    owned = {"player": player} if player is not None else {"user": user}
    deleted, _by_model = PushSubscription.objects.filter(endpoint=endpoint, **owned).delete()
    return bool(deleted)


def drop(subscription_id: int) -> None:
    """The push service answered 404 or 410: the browser's subscription is gone (the
    user blocked the site, the browser was reset). Its messages go with it."""
    PushSubscription.objects.filter(pk=subscription_id).delete()


def queue(messages: list[PushMessage], *, told_before: bool = False) -> list[PushMessage]:
    """Store `messages` and queue the "push" job(s) that send them, in the caller's
    transaction (a write rolled back tells nobody). Each event is told once per browser
    (a constraint says so); `told_before`: some of these events may have been told
    already (a sweep looking again), and those are left out first."""
    fresh = messages
    if told_before and messages:
        told = set(
            PushMessage.objects.filter(
                event__in={message.event for message in messages},
                subscription__in={message.subscription_id for message in messages},
            ).values_list("subscription_id", "event")
        )
        fresh = [m for m in messages if (m.subscription_id, m.event) not in told]
    if not fresh:
        return []
    try:
        with transaction.atomic():
            made = PushMessage.objects.bulk_create(fresh)
    except IntegrityError:
        # Told meanwhile (another worker's sweep, the same write twice): once is enough.
        return []
    for start in range(0, len(made), BATCH):
        ids = [message.pk for message in made[start : start + BATCH]]
        jobs.enqueue("push", f"push:{ids[0]}", [ids])
    return made


def take(message_id: int, now: datetime | None = None) -> PushMessage | None:
    """The message, taken by this run of the job (marked sent before it is sent, so that
    two runs never send it twice); None once sent, or gone with its subscription. Read
    after it is taken: a change made to it until then (operations.push_events.upgrade)
    is what is sent."""
    now = now or timezone.now()
    if not PushMessage.objects.filter(pk=message_id, sent_at=None).update(sent_at=now):
        return None
    return (
        PushMessage.objects.select_related(
            "subscription__player", "subscription__link", "subscription__user"
        )
        .filter(pk=message_id)
        .first()
    )


def give_back(message_id: int) -> None:
    """The push service failed (not a refusal): the message waits for the job's next
    attempt."""
    PushMessage.objects.filter(pk=message_id).update(sent_at=None)


def prune(now: datetime | None = None) -> int:
    """Delete the messages made more than settings.PUSH_KEEP_DAYS days ago, sent or not
    (news that old is no longer worth telling), and the subscriptions made through a
    player's link that was made anew since (they are told nothing). The workers prune
    now and then; answers how many rows went."""
    now = now or timezone.now()
    limit = now - timedelta(days=settings.PUSH_KEEP_DAYS)
    old, _by_model = PushMessage.objects.filter(created__lt=limit).delete()
    left_behind, _by_model = PushSubscription.objects.filter(
        link__revoked_at__isnull=False
    ).delete()
    return old + left_behind
