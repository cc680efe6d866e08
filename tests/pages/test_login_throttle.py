"""Logins are throttled per account and address (django-axes), on the login page and the
admin's alike: after LOGIN_FAILURE_LIMIT wrong passwords the account is refused from that
address, the right password too, with a page that says for how long and who can unlock
it sooner; a superuser unlocks it from the admin or a command; a login that succeeds
clears the failures. The wait is fixed: trying meanwhile does not make it longer. A
browser that has logged in to the account before (its device cookie) counts its own
failures and is not held back by anyone else's; past LOGIN_ACCOUNT_FAILURE_LIMIT failures
from any number of addresses, the account is refused to every other browser."""

import datetime as dt
import io

import pytest
import time_machine
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

PAGES = ["/accounts/login/", "/admin/login/"]
RIGHT = "secret-pass-1234"  # the `director` fixture's password
LIMIT = 5  # LOGIN_FAILURE_LIMIT's default


def visitor(address="127.0.0.1", language="en", forwarded=None) -> Client:
    headers = {"accept-language": language}
    if forwarded:
        headers["x-forwarded-for"] = forwarded
    return Client(REMOTE_ADDR=address, headers=headers)


def log_in(client, page, password, username="tdirector"):
    return client.post(page, {"username": username, "password": password, "next": "/director/"})


def logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def fail(client, page, times, username="tdirector"):
    return [log_in(client, page, "wrong", username).status_code for _ in range(times)]


@pytest.mark.parametrize("page", PAGES)
def test_wrong_passwords_lock_the_account_and_the_right_one_waits(director, page):
    """The fault of issue 23: 100 wrong passwords all answered 200, and the right one
    still worked."""
    club = visitor()
    assert fail(club, page, LIMIT - 1) == [200] * (LIMIT - 1)
    locked = log_in(club, page, "wrong")
    assert locked.status_code == 429
    body = locked.content.decode()
    assert "Too many failed attempts to log in to this account from your address" in body
    assert "Try again in 15 minutes" in body
    assert "administrator can unlock the account" in body
    response = log_in(club, page, RIGHT)
    assert response.status_code == 429
    assert not logged_in(club)


def test_the_lockout_page_speaks_the_readers_language(director):
    club = visitor(language="ca")
    fail(club, PAGES[0], LIMIT - 1)
    body = log_in(club, PAGES[0], "wrong").content.decode()
    assert "Torna-ho a provar d'aquí a 15 minuts" in body


def test_the_login_page_and_the_admin_count_together(director):
    club = visitor()
    fail(club, PAGES[0], LIMIT - 2)
    fail(club, PAGES[1], 1)
    assert fail(club, PAGES[0], 1) == [429]


def test_the_lock_holds_one_account_from_one_address(director):
    User.objects.create_user("secretaria", password="secretary-pass-1234")
    fail(visitor(), PAGES[0], LIMIT)
    # The same account from another address...
    elsewhere = visitor("198.51.100.20")
    assert log_in(elsewhere, PAGES[0], RIGHT).status_code == 302 and logged_in(elsewhere)
    # ...and another account from the same address are let in.
    secretary = visitor()
    assert log_in(secretary, PAGES[0], "secretary-pass-1234", "secretaria").status_code == 302


def test_behind_a_trusted_proxy_each_client_is_counted_apart(director, settings):
    settings.TRUSTED_PROXIES = 1
    fail(visitor(forwarded="203.0.113.5"), PAGES[0], LIMIT)
    director_at_home = visitor(forwarded="203.0.113.6")
    assert log_in(director_at_home, PAGES[0], RIGHT).status_code == 302
    # A forged entry left of the proxy's own changes nothing.
    forging = visitor(forwarded="203.0.113.6, 203.0.113.5")
    assert log_in(forging, PAGES[0], RIGHT).status_code == 429


def test_a_forged_forwarded_for_changes_nothing_without_a_trusted_proxy(director):
    for attempt in range(LIMIT):
        log_in(visitor(forwarded=f"198.51.100.{attempt}"), PAGES[0], "wrong")
    assert log_in(visitor(forwarded="198.51.100.99"), PAGES[0], RIGHT).status_code == 429


def test_a_login_that_succeeds_clears_the_failures(director):
    club = visitor()
    fail(club, PAGES[0], LIMIT - 1)
    assert log_in(club, PAGES[0], RIGHT).status_code == 302
    club.post("/accounts/logout/")
    assert fail(club, PAGES[0], LIMIT - 1) == [200] * (LIMIT - 1)
    assert log_in(club, PAGES[0], RIGHT).status_code == 302


def test_the_lock_is_a_fixed_wait_that_trying_meanwhile_does_not_lengthen(director):
    """The fault of issue 37: each try while locked started the 15 minutes again, so
    anyone at the address could keep the account locked for as long as they liked."""
    club = visitor()
    start = timezone.now()

    def log_in_after(minutes, password=RIGHT):
        with time_machine.travel(start + dt.timedelta(minutes=minutes), tick=False):
            return log_in(club, PAGES[0], password)

    with time_machine.travel(start, tick=False):
        fail(club, PAGES[0], LIMIT)
    refused = log_in_after(10, "wrong")
    assert refused.status_code == 429
    assert "Try again in 5 minutes" in refused.content.decode()
    assert log_in_after(14).status_code == 429
    # Fifteen minutes after the lock, one after the last attempt.
    assert log_in_after(15.5).status_code == 302


def test_a_superuser_unlocks_the_account_in_the_admin(director):
    from axes.models import AccessAttempt

    club = visitor()
    fail(club, PAGES[0], LIMIT)
    chair = User.objects.create_superuser("chair", password="chair-pass-1234")
    admin = Client(headers={"accept-language": "en"})
    admin.force_login(chair)
    listing = admin.get("/admin/axes/accessattempt/")
    assert listing.status_code == 200 and "tdirector" in listing.content.decode()
    attempt = AccessAttempt.objects.get(username="tdirector")
    response = admin.post(f"/admin/axes/accessattempt/{attempt.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert log_in(club, PAGES[0], RIGHT).status_code == 302


def test_a_director_cannot_unlock_accounts(director_client):
    assert director_client.get("/admin/axes/accessattempt/").status_code == 403


def test_the_command_unlocks_an_account(director):
    club = visitor()
    fail(club, PAGES[0], LIMIT)
    call_command("axes_reset_username", "tdirector", stdout=io.StringIO())
    assert log_in(club, PAGES[0], RIGHT).status_code == 302


def test_the_failure_limit_and_the_wait_come_from_the_environment():
    from test_settings import PRODUCTION, run_manage

    env = {
        **PRODUCTION,
        "LOGIN_FAILURE_LIMIT": "3",
        "LOGIN_LOCKOUT_MINUTES": "30",
        "LOGIN_ACCOUNT_FAILURE_LIMIT": "12",
    }
    code = (
        "from django.conf import settings as s; "
        "print(s.AXES_FAILURE_LIMIT, s.AXES_COOLOFF_TIME, s.LOGIN_ACCOUNT_FAILURE_LIMIT)"
    )
    result = run_manage("shell", "-c", code, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1].split() == ["3", "0:30:00", "12"]
    bad = run_manage("check", env={**PRODUCTION, "LOGIN_FAILURE_LIMIT": "0"})
    assert bad.returncode != 0 and "LOGIN_FAILURE_LIMIT" in bad.stderr
    bad = run_manage("check", env={**PRODUCTION, "LOGIN_ACCOUNT_FAILURE_LIMIT": "0"})
    assert bad.returncode != 0 and "LOGIN_ACCOUNT_FAILURE_LIMIT" in bad.stderr
