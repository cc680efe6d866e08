"""How often players' private links may write (report, confirm, dispute): at most
PLAYER_WRITES_PER_MINUTE a minute, counted by django-ratelimit in the cache every worker
and server shares (RATELIMIT_USE_CACHE: Redis, or the database without it).

A real link is counted per link, by its hash (never the token itself): only its holder
spends it, so one player's posts never hold another back, even when the whole club
reaches the site from one address. A link that does not exist is counted per address
(addresses.client_address): a flood of made-up links costs its sender alone and never
blocks a real link, from that address or any other. (A token is 256 bits: the count
bounds the work of the lookups, not the guessing, which is hopeless anyway.)
"""

from __future__ import annotations

from functools import wraps

from django.conf import settings
from django.http import Http404, HttpResponse
from django.utils.translation import gettext
from django_ratelimit.core import get_usage

from ..operations.links import hash_of, player_by_token
from .addresses import client_address

LINK = "player-writes:link"
UNKNOWN_LINK = "player-writes:unknown-link"


def _rate(_group, _request) -> str:
    # Read per request, so that the setting can change without a restart in the tests.
    return f"{settings.PLAYER_WRITES_PER_MINUTE}/m"


def _too_many(request, group: str, value: str) -> HttpResponse | None:
    """Count this post in `group` under `value`; past the limit, the 429 that says so."""
    usage = get_usage(
        request, group=group, key=lambda _group, _request: value, rate=_rate, increment=True
    )
    if usage is None or not usage["should_limit"]:
        return None
    response = HttpResponse(
        gettext("Too many changes in a minute. Wait a moment and try again."),
        status=429,
        content_type="text/plain; charset=utf-8",
    )
    # When this count's minute ends (django-ratelimit spreads the windows' ends).
    response["Retry-After"] = str(max(1, usage["time_left"]))
    return response


def limit_link_writes(view):
    """Finds the link's player (a 404 for an unknown link, once its sender is within the
    limit) and counts the post; the view gets the player: view(request, player, token,
    ...)."""

    @wraps(view)
    def wrapped(request, token, *args, **kwargs):
        player = player_by_token(token)
        if player is None:
            refused = _too_many(request, UNKNOWN_LINK, client_address(request))
            if refused:
                return refused
            raise Http404
        refused = _too_many(request, LINK, hash_of(token))
        if refused:
            return refused
        return view(request, player, token, *args, **kwargs)

    return wrapped
