"""The "Allow notifications" control of a player's page and the director's desk
(templates/tournament/includes/push_control.html, static/tournament/js/push.js), and
the JSON its script posts: what a page needs to offer Web Push (docs/push.md), nothing
when the site has no VAPID key. No query: the key comes from the settings, and whether
this browser is subscribed is asked of the browser itself."""

from __future__ import annotations

import json

from django.conf import settings
from django.http import Http404, JsonResponse
from django.utils.translation import gettext_lazy as _

from ..operations import push
from .access import private

# A subscription's JSON is some 300 bytes (an endpoint, two keys); more is not one.
MOST_BYTES = 4096


def control(*, url: str, off_url: str, owner: str, intro: str) -> dict | None:
    """The include's `push`: the public key for PushManager.subscribe(), where to post
    the subscription and where to remove it, whose it is on this device (push.js keeps
    it, so that another person's page on a shared phone offers to move it), and what is
    told. None without the club's key: the page offers nothing."""
    if not push.enabled():
        return None
    return {
        "key": settings.VAPID_PUBLIC_KEY,
        "url": url,
        "off_url": off_url,
        "owner": owner,
        "intro": intro,
    }


def posted(request) -> dict:
    """The JSON object the script posted; SubscriptionRefused (a 400) when it is not
    one. A 404 when the site sends no notifications: there is nothing here then."""
    if not push.enabled():
        raise Http404
    if len(request.body) > MOST_BYTES:
        raise push.SubscriptionRefused(_("This is not a push subscription."))
    try:
        data = json.loads(request.body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise push.SubscriptionRefused(_("This is not a push subscription.")) from None
    if not isinstance(data, dict):
        raise push.SubscriptionRefused(_("This is not a push subscription."))
    return data


def answer(code: int, **fields) -> JsonResponse:
    """The script's answer, with HTTP status `code`: never kept by a cache, never
    indexed."""
    return private(JsonResponse({key: str(value) for key, value in fields.items()}, status=code))
