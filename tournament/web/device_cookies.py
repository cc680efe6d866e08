"""A browser that has logged in to an account before, remembered for the login throttle
(OWASP's "device cookies"; web.logins counts the failures).

A login that succeeds sets a cookie naming the account it was made for and a random
name for the browser, signed with the site's key (django.core.signing, its own salt),
HttpOnly, SameSite=Lax, Secure when the session cookie is, for a year; logging out
keeps it. When that browser tries the same account again, its wrong passwords count
against the browser alone, so an outsider guessing from the club's shared address, or
from many addresses, cannot lock the director out of the browser they always use. A
browser without one (or with one for another account) is counted by its address, as
before. The cookie proves only that this browser logged in to that account once: it
lets nobody in, the password is still asked for. One cookie a browser: a login to
another account replaces it.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.contrib.auth.signals import user_logged_in

COOKIE = "login_device"
SALT = "tournament.login-device"
# Long-lived: the director's own browser stays known from one season to the next.
MAX_AGE = 366 * 24 * 60 * 60


def device_of(request, username: str | None) -> str | None:
    """The name of this browser if it carries a valid cookie for `username`, else None
    (no cookie, a forged or expired one, or one for another account)."""
    if not username or request is None or not hasattr(request, "COOKIES"):
        return None
    value = request.get_signed_cookie(COOKIE, default=None, salt=SALT, max_age=MAX_AGE)
    if not value:
        return None
    device, _, named = value.partition(":")
    return device if device and named == username else None


def _remember_login(sender, request, user, **kwargs) -> None:
    # A signal has no response to set the cookie on: the middleware below does it.
    if request is not None:
        request.login_device_for = user.get_username()


user_logged_in.connect(_remember_login, dispatch_uid="tournament.login-device")


class DeviceCookies:
    """Sets the cookie on the answer to a login that succeeded (the login page's, the
    admin's): a browser that had one for that account keeps its name, and a fresh year."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        username = getattr(request, "login_device_for", None)
        if username:
            device = device_of(request, username) or secrets.token_urlsafe(18)
            response.set_signed_cookie(
                COOKIE,
                f"{device}:{username}",
                salt=SALT,
                max_age=MAX_AGE,
                path="/",
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response
