"""Issue 37: an outsider on the club's Wi-Fi must not lock the director out. A browser
that has logged in to an account before carries a device cookie for it: its wrong
passwords count against that browser only, and nobody else's failures hold it back,
neither five from the club's shared address nor LOGIN_ACCOUNT_FAILURE_LIMIT from many
addresses, which lock the account for every browser without its cookie."""

import datetime as dt
import io

import time_machine
from django.contrib.auth.models import User
from django.core.management import call_command
from django.utils import timezone
from test_login_throttle import LIMIT, PAGES, RIGHT, fail, log_in, logged_in, visitor

CLUB = "192.0.2.10"  # the club's Wi-Fi, shared by the director and the outsider
ACCOUNT_LIMIT = 30  # LOGIN_ACCOUNT_FAILURE_LIMIT's default


def directors_browser(address=CLUB):
    """The browser the director always uses: it logged in once (and out) before."""
    browser = visitor(address)
    assert log_in(browser, PAGES[0], RIGHT).status_code == 302
    browser.post("/accounts/logout/")
    assert not logged_in(browser)
    return browser


def test_a_login_gives_the_browser_a_device_cookie(director, settings):
    settings.SESSION_COOKIE_SECURE = True
    browser = visitor()
    response = log_in(browser, PAGES[0], RIGHT)
    cookie = response.cookies["login_device"]
    assert cookie["httponly"] and cookie["secure"]
    assert cookie["samesite"] == "Lax"
    assert int(cookie["max-age"]) >= 365 * 24 * 60 * 60
    # Logging out keeps it.
    logged_out = browser.post("/accounts/logout/")
    assert "login_device" not in logged_out.cookies
    assert browser.cookies["login_device"].value


def test_an_outsiders_failures_at_the_club_do_not_lock_the_directors_browser(director):
    """The fault: five wrong passwords for the director from the shared address, and
    the director with the right one got a 429 for a quarter of an hour."""
    browser = directors_browser()
    outsider = visitor(CLUB)
    assert fail(outsider, PAGES[0], LIMIT)[-1] == 429
    assert log_in(browser, PAGES[1], RIGHT).status_code == 302 and logged_in(browser)
    # The outsider, and any browser without the director's cookie, stays locked.
    assert log_in(outsider, PAGES[0], RIGHT).status_code == 429
    assert log_in(visitor(CLUB), PAGES[0], RIGHT).status_code == 429


def test_a_browsers_own_failures_lock_that_browser_only(director):
    browser = directors_browser()
    assert fail(browser, PAGES[0], LIMIT) == [200] * (LIMIT - 1) + [429]
    refused = log_in(browser, PAGES[0], RIGHT)
    assert refused.status_code == 429
    assert "from this browser. Try again in 15 minutes" in refused.content.decode()
    # Another browser at the same address is counted apart.
    assert log_in(visitor(CLUB), PAGES[0], RIGHT).status_code == 302


def test_a_forged_or_foreign_device_cookie_counts_as_none(director):
    User.objects.create_user("secretaria", password="secretary-pass-1234")
    fail(visitor(CLUB), PAGES[0], LIMIT)
    forged = visitor(CLUB)
    forged.cookies["login_device"] = "abc:tdirector"
    assert log_in(forged, PAGES[0], RIGHT).status_code == 429
    # A cookie the site signed, but for another account.
    secretary = visitor(CLUB)
    assert log_in(secretary, PAGES[0], "secretary-pass-1234", "secretaria").status_code == 302
    secretary.post("/accounts/logout/")
    assert log_in(secretary, PAGES[0], RIGHT).status_code == 429


def test_guesses_from_many_addresses_lock_the_account_but_not_the_directors_browser(director):
    """The fault: 80 wrong passwords for one account from 20 addresses, four each,
    never throttled."""
    browser = directors_browser("198.51.100.7")
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        answers = [
            log_in(visitor(f"203.0.113.{address}"), PAGES[0], "wrong").status_code
            for _ in range(4)
            for address in range(20)
        ]
        assert answers == [200] * (ACCOUNT_LIMIT - 1) + [429] * (80 - ACCOUNT_LIMIT + 1)
        refused = log_in(visitor("203.0.113.99"), PAGES[0], RIGHT)
        assert refused.status_code == 429
        body = refused.content.decode()
        assert "from several addresses" in body
        assert "refused for 15 minutes in every browser that has not logged in to it" in body
        assert log_in(browser, PAGES[0], RIGHT).status_code == 302 and logged_in(browser)
    # The lock ends fifteen minutes after it was set, however much was tried meanwhile.
    with time_machine.travel(start + dt.timedelta(minutes=15.5), tick=False):
        assert log_in(visitor("203.0.113.99"), PAGES[0], RIGHT).status_code == 302


def test_an_address_that_reaches_both_limits_locks_the_account_too(director, settings):
    settings.LOGIN_ACCOUNT_FAILURE_LIMIT = 8
    fail(visitor("203.0.113.1"), PAGES[0], 3)
    assert fail(visitor("203.0.113.2"), PAGES[0], LIMIT)[-1] == 429
    # Eight failures in all, the last one from an address it locked as well.
    assert log_in(visitor("203.0.113.3"), PAGES[0], RIGHT).status_code == 429


def test_a_superuser_unlocks_the_account_from_every_address(director, settings):
    settings.LOGIN_ACCOUNT_FAILURE_LIMIT = 6
    for address in range(6):
        log_in(visitor(f"203.0.113.{address}"), PAGES[0], "wrong")
    assert log_in(visitor("203.0.113.99"), PAGES[0], RIGHT).status_code == 429
    call_command("axes_reset_username", "tdirector", stdout=io.StringIO())
    assert log_in(visitor("203.0.113.99"), PAGES[0], RIGHT).status_code == 302


def test_the_account_limit_comes_from_the_settings(director, settings):
    settings.LOGIN_ACCOUNT_FAILURE_LIMIT = 6
    answers = [
        log_in(visitor(f"203.0.113.{address}"), PAGES[0], "wrong").status_code
        for address in range(8)
    ]
    assert answers == [200] * 5 + [429] * 3
