"""The login throttle's two hooks into django-axes (settings, "Abuse limits"): the
authentication backend that asks it first, and the page a locked login gets."""

from __future__ import annotations

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.shortcuts import render


class ThrottledLogins(AxesStandaloneBackend):
    """axes' backend, for the logins that come over HTTP (the login page, the admin's).

    authenticate() without a request (a shell, the test client's login()) has no address
    to count and nobody guessing at a form: axes would refuse it with an error, this lets
    the next backend answer."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


def locked_out(request, original_response=None, credentials=None):
    """Template: registration/locked_out.html, 429; context: minutes (the wait before
    the account may be tried again from this address; every attempt meanwhile starts it
    again)."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return render(request, "registration/locked_out.html", {"minutes": minutes}, status=429)
