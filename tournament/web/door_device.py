"""A phone that opened its player's private link, remembered for the door.

The tournament's QR code is the same for everyone (the public door page), so the code
alone cannot know who scanned it. The phone can: when a player opens their own page
(`/p/<token>/`), the answer sets a cookie holding the link's token, signed with the
site's key (django.core.signing, its own salt), HttpOnly, SameSite=Lax, Secure when the
session cookie is, for a season. The door page then sends that phone straight to its
player's page, where "I'm here" checks them in. The cookie is read with the same lookup
as the private pages (`player_by_token`): a rotated or revoked link finds no one, and
the door page is shown as to anyone. "Forget this phone" on the player's page deletes
it. It is a private link like the address, so it is never logged (web.logfilters
blanks it as it blanks paths) and never sent with another site's posts or embedded
requests (SameSite=Lax: a scan, a top-level visit, does send it).
"""

from __future__ import annotations

from django.conf import settings

from ..models import Player
from ..operations.links import player_by_token

COOKIE = "door_device"
SALT = "tournament.door-device"
# About a season: the phone is remembered from one club night to the next.
MAX_AGE = 366 * 24 * 60 * 60


def remember(response, token: str):
    """Sets the cookie on the player's page answer (only there)."""
    response.set_signed_cookie(
        COOKIE,
        token,
        salt=SALT,
        max_age=MAX_AGE,
        path="/",
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
    return response


def forget(response):
    response.delete_cookie(COOKIE, path="/", samesite="Lax")
    return response


def sent(request) -> bool:
    return COOKIE in request.COOKIES


def remembered(request) -> tuple[Player, str] | None:
    """The remembered link's player and token, or None: no cookie, a forged or unsigned
    one (no query), or a link rotated or revoked since (one query)."""
    token = request.get_signed_cookie(COOKIE, default=None, salt=SALT, max_age=MAX_AGE)
    if not token:
        return None
    player = player_by_token(token)
    return (player, token) if player is not None else None
