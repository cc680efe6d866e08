"""How often one address may send the registration form: REGISTRATIONS_PER_HOUR posts
an hour, counted by django-ratelimit in the cache every worker shares (the same counts
as the private links' writes, web.link_limits). Every post a person could have sent
counts, accepted or refused, so the form cannot be used to try names and addresses in
bulk; one with the honeypot filled does not (the view answers it before asking here)."""

from __future__ import annotations

from django.conf import settings
from django_ratelimit.core import get_usage

from .addresses import client_address

GROUP = "registration:address"


def _rate(_group, _request) -> str:
    # Read per request, so that the setting can change without a restart in the tests.
    return f"{settings.REGISTRATIONS_PER_HOUR}/h"


def too_many_sign_ups(request) -> int | None:
    """Count this post against its address; past the limit, the seconds to wait."""
    address = client_address(request)
    usage = get_usage(
        request, group=GROUP, key=lambda _group, _request: address, rate=_rate, increment=True
    )
    if usage is None or not usage["should_limit"]:
        return None
    return max(1, usage["time_left"])
