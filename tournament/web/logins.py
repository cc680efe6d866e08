"""The login throttle's hooks into django-axes (settings, "Abuse limits"): the
authentication backend that asks it first, the handler that decides what a wrong
password counts against, and the page a locked login gets.

Three counts, each a row of axes' "Access attempts" (its user agent column says which):
- a browser with a device cookie for the account (web.device_cookies): its own failures,
  LOGIN_FAILURE_LIMIT of them lock that browser only;
- any other browser: the account from its address, LOGIN_FAILURE_LIMIT lock the account
  from that address for browsers without its cookie;
- every address together: LOGIN_ACCOUNT_FAILURE_LIMIT failures of the account without
  its cookie lock it for every browser without its cookie (a row with no address).
A lock is a fixed LOGIN_LOCKOUT_MINUTES from the failure that set it: what is tried
meanwhile is refused without being counted, so it cannot make the wait longer."""

from __future__ import annotations

import datetime as dt
import math

from axes.attempts import get_cool_off_threshold
from axes.backends import AxesStandaloneBackend
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from axes.signals import user_locked_out
from django.conf import settings
from django.db.models import Max, Sum
from django.shortcuts import render
from django.utils import timezone

from ..operations import accounts
from .device_cookies import device_of

# What a row's "user agent" says: which count it is (never the browser's own header,
# which anyone can write, so that no client can pass for another count).
BY_ADDRESS = "(by address)"
DEVICE = "(device) "
EVERY_ADDRESS = accounts.EVERY_ADDRESS


class ThrottledLogins(AxesStandaloneBackend):
    """axes' backend, for the logins that come over HTTP (the login page, the admin's).

    authenticate() without a request (a shell, the test client's login()) has no address
    to count and nobody guessing at a form: axes would refuse it with an error, this lets
    the next backend answer."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


class DeviceAwareLogins(AxesDatabaseHandler):
    """axes' database handler, counting as the module's docstring says."""

    def _sort(self, request, credentials) -> tuple[str | None, str | None]:
        """The account tried and this browser's device name for it (None without a valid
        cookie); marks the request with the row it counts in."""
        username = get_client_username(request, credentials)
        device = device_of(request, username)
        request.axes_user_agent = DEVICE + device if device else BY_ADDRESS
        return username, device

    def filter_user_attempts(self, request, credentials=None):
        username, device = self._sort(request, credentials)
        rows = AccessAttempt.objects.filter(username=username)
        if device:
            return [rows.filter(user_agent=DEVICE + device)]
        return [rows.filter(user_agent=BY_ADDRESS, ip_address=request.axes_ip_address)]

    def is_locked(self, request, credentials=None) -> bool:
        username, device = self._sort(request, credentials)
        if super().is_locked(request, credentials):
            last = max(
                rows.aggregate(last=Max("attempt_time"))["last"] or request.axes_attempt_time
                for rows in self.get_user_attempts(request, credentials)
            )
            request.login_lock = ("device" if device else "address", last + _wait())
            return True
        if device is None:
            since = self._account_locked_since(request, username)
            if since is not None:
                request.login_lock = ("account", since + _wait())
                return True
        return False

    def user_login_failed(self, sender, credentials, request=None, **kwargs):
        if request is None:
            return super().user_login_failed(sender, credentials, request, **kwargs)
        username, device = self._sort(request, credentials)
        # Refused by the backend while locked: not a guess at the password, not counted.
        refused = request.axes_locked_out
        super().user_login_failed(sender, credentials, request, **kwargs)
        if refused:
            return
        ends = request.axes_attempt_time + _wait()
        if request.axes_locked_out:
            request.login_lock = ("device" if device else "address", ends)
        if (
            device is None
            and username
            and self._account_failures(request, username) >= settings.LOGIN_ACCOUNT_FAILURE_LIMIT
        ):
            accounts.lock_account_everywhere(
                username,
                request.axes_attempt_time,
                settings.LOGIN_ACCOUNT_FAILURE_LIMIT,
                request.axes_path_info,
            )
            request.login_lock = ("account", ends)
            if not request.axes_locked_out:
                request.axes_locked_out = True
                request.axes_credentials = credentials
                user_locked_out.send(
                    "axes", request=request, username=username, ip_address=request.axes_ip_address
                )

    def _account_failures(self, request, username: str) -> int:
        recent = AccessAttempt.objects.filter(
            username=username,
            user_agent=BY_ADDRESS,
            attempt_time__gte=get_cool_off_threshold(request),
        )
        return recent.aggregate(total=Sum("failures_since_start"))["total"] or 0

    def _account_locked_since(self, request, username: str | None) -> dt.datetime | None:
        return (
            AccessAttempt.objects.filter(
                username=username,
                user_agent=EVERY_ADDRESS,
                attempt_time__gte=get_cool_off_threshold(request),
            )
            .aggregate(since=Max("attempt_time"))
            .get("since")
        )


def _wait() -> dt.timedelta:
    return settings.AXES_COOLOFF_TIME


def locked_out(request, original_response=None, credentials=None):
    """Template: registration/locked_out.html, 429; context: kind ("address": this
    account from this address; "device": this account from this browser; "account": this
    account from every browser that has not logged in to it before), minutes (until the
    lock ends; what is tried meanwhile does not move it)."""
    kind, ends = getattr(request, "login_lock", ("address", timezone.now() + _wait()))
    minutes = max(1, math.ceil((ends - timezone.now()).total_seconds() / 60))
    context = {"kind": kind, "minutes": minutes}
    return render(request, "registration/locked_out.html", context, status=429)
