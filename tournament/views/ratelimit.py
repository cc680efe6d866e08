"""A fixed-window limit on writes from players' private links, counted in Django's cache
(the shared one when several servers run), per link and per address."""

from __future__ import annotations

import time
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse
from django.utils.translation import gettext

from ..operations.links import hash_of

WINDOW = 60  # seconds


def _over(key: str, limit: int) -> bool:
    key = f"ratelimit:{key}:{int(time.time() // WINDOW)}"
    # add() starts the window's count; incr() is atomic in the cache backends we use.
    if cache.add(key, 1, timeout=WINDOW * 2):
        return limit < 1
    try:
        return cache.incr(key) > limit
    except ValueError:  # expired between add and incr: a new window
        cache.add(key, 1, timeout=WINDOW * 2)
        return False


def limit_link_writes(view):
    """At most PLAYER_WRITES_PER_MINUTE posts a minute per link and per address; the
    link is counted by its hash (never the token itself), before it is even looked up,
    so guessing links is slowed down too."""

    @wraps(view)
    def wrapped(request, token, *args, **kwargs):
        limit = settings.PLAYER_WRITES_PER_MINUTE
        address = request.META.get("REMOTE_ADDR", "")
        # Both counters move on every post, so neither can be drained through the other.
        over_link = _over(f"link:{hash_of(token)}", limit)
        over_address = _over(f"addr:{address}", limit)
        if over_link or over_address:
            response = HttpResponse(
                gettext("Too many changes in a minute. Wait a moment and try again."),
                status=429,
                content_type="text/plain; charset=utf-8",
            )
            response["Retry-After"] = str(WINDOW)
            return response
        return view(request, token, *args, **kwargs)

    return wrapped
