"""The site as an app, in Chromium on a phone (docs/offline.md): it installs (Chromium's
own installability check, through the DevTools protocol), and a page opened before shows
its last copy, styled, with the network switched off by the test, marked "Offline, as
of", then the server's again once the network returns."""

import json
import time

import pytest
from django.urls import reverse

from conftest import ARGUMENTS, CHROMIUM, PHONE, SCREENSHOTS
from tournament.models import Tournament
from tournament.operations.links import link_for, token_of

pytestmark = pytest.mark.browser

# The page and its stylesheet are on the device (js/app.js keeps the page that installs
# the worker; the worker keeps the rest).
KEPT = """() => Promise.all([
    caches.open("qgammon-pages").then((cache) => cache.match(location.href)),
    caches.open("qgammon-static").then((cache) =>
        cache.match(document.querySelector('link[rel="stylesheet"]').href)),
]).then((found) => found.every((response) => response !== undefined))"""
CLUB_RED = "rgb(138, 28, 28)"
CONTROLLED = "() => navigator.serviceWorker.controller !== null"


def until(page, script: str, seconds: float = 30) -> None:
    """Wait for a script's promise to come true (wait_for_function takes a promise
    itself for a true answer)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(script):
        assert time.monotonic() < deadline, f"still false after {seconds} s: {script}"
        time.sleep(0.1)


def controlled(page) -> None:
    """Wait until the site's worker serves the page. Installing it fetches the offline
    page and the push script from the test's server, which took more than 15 s once in
    CI's second pass (two test processes and their Chromiums on two cores); a worker
    whose install failed meanwhile is tried again by a reload, as the visitor's next
    page would."""
    try:
        until(page, CONTROLLED, 30)
    except AssertionError:
        page.reload()
        until(page, CONTROLLED, 30)


def test_the_site_installs_as_an_app_on_a_phone(live_server, demo_copy, chromium, tmp_path):
    # A profile on disk: Chromium offers no install in an incognito-like context, which
    # is what Playwright's other contexts are.
    context = chromium.browser_type.launch_persistent_context(
        tmp_path / "profile",
        executable_path=CHROMIUM,
        args=ARGUMENTS,
        viewport=PHONE,
        is_mobile=True,
        has_touch=True,
        locale="en",
    )
    try:
        page = context.new_page()
        page.goto(live_server.url + "/")
        controlled(page)
        devtools = context.new_cdp_session(page)
        manifest = devtools.send("Page.getAppManifest")
        assert manifest["errors"] == []
        assert devtools.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()


def _running_cup_page(name: str) -> tuple[str, str]:
    """(the address, its heading) of one of the pages a visitor or player keeps open on
    the day: the bracket, the call screen, a player's own page."""
    running = Tournament.objects.get(status="running", format="cup")
    if name == "bracket":
        return running.get_absolute_url(), running.name
    if name == "calls":
        return reverse("calls", args=[running.pk]), running.name
    player = running.matches.filter(status="ready", bracket__kind="main").first().player1
    return reverse("player-page", args=[token_of(link_for(player))]), player.name


@pytest.mark.parametrize("name", ["bracket", "calls", "player"])
def test_a_page_opened_before_shows_its_last_copy_offline(live_server, demo_copy, new_page, name):
    address, heading = _running_cup_page(name)
    page = new_page(live_server.url + address, viewport=PHONE)
    until(page, KEPT)
    note = page.locator("[data-offline-note]")
    assert note.is_hidden()

    page.context.set_offline(True)
    page.reload()
    assert heading in page.get_by_role("heading", level=1).inner_text()
    assert note.is_visible()
    assert note.inner_text().startswith("Offline, as of ")
    header = page.locator(".site-header")
    assert header.evaluate("(element) => getComputedStyle(element).backgroundColor") == CLUB_RED
    page.screenshot(path=SCREENSHOTS / f"phone-{name}-offline.png", full_page=True)

    # Back on the network, the server's page again, by itself.
    page.context.set_offline(False)
    note.wait_for(state="hidden")
    assert page.evaluate("document.documentElement.dataset.copy") == "network"


def test_a_page_never_opened_here_says_so_offline_and_loads_when_the_network_returns(
    live_server, demo_copy, new_page
):
    page = new_page(live_server.url + "/", viewport=PHONE)
    until(page, KEPT)
    page.context.set_offline(True)
    page.goto(live_server.url + "/ratings/")
    assert page.get_by_role("heading", level=1).inner_text() == "No network"
    page.context.set_offline(False)
    page.get_by_role("heading", level=1, name="Rating list").wait_for()
    assert page.url == live_server.url + "/ratings/"


def test_a_page_that_loses_the_network_says_so_and_catches_up(live_server, demo_copy, new_page):
    """The player's page stays open while the Wi-Fi drops: its live part stops
    answering, the note says since when; it answers again and the note goes."""
    address, _heading = _running_cup_page("player")
    page = new_page(live_server.url + address, viewport=PHONE)
    note = page.locator("[data-offline-note]")
    page.context.set_offline(True)
    note.wait_for(state="visible")
    assert note.inner_text().startswith("Offline, as of ")
    page.context.set_offline(False)
    note.wait_for(state="hidden")


def test_the_worker_shows_a_pushed_notice_with_its_text_and_page(live_server, demo_copy, new_page):
    """The service worker imports the push side (js/sw_push.js, docs/push.md): a message
    delivered to it through the DevTools protocol (Chromium's own push service is off
    the machine) is shown as a notice with its text and the page it leads to."""
    page = new_page(live_server.url + "/", viewport=PHONE)
    page.context.grant_permissions(["notifications"], origin=live_server.url)
    controlled(page)
    devtools = page.context.new_cdp_session(page)
    registrations = []
    devtools.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(event["registrations"]),
    )
    devtools.send("ServiceWorker.enable")
    deadline = time.monotonic() + 10
    while not registrations and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    notice = {
        "title": "Copa de Tardor 2026",
        "body": "Your match against Xavier Roca is called: table 7.",
        "url": "/tournaments/5/",
        "tag": "match-12",
    }
    shown = """() => navigator.serviceWorker.ready
        .then((registration) => registration.getNotifications())
        .then((notices) => notices.map((n) => [n.title, n.body, n.tag, n.data.url]))"""
    # A message delivered while Chromium is still starting the worker can be dropped (a
    # loaded machine, as in CI): deliver it again until it shows. The notice's tag makes
    # a second delivery replace the first, never add a second notice.
    deadline = time.monotonic() + 30
    while True:
        devtools.send(
            "ServiceWorker.deliverPushMessage",
            {
                "origin": live_server.url,
                "registrationId": registrations[0]["registrationId"],
                "data": json.dumps(notice),
            },
        )
        try:
            until(page, f"() => ({shown})().then((notices) => notices.length > 0)", 5)
            break
        except AssertionError:
            assert time.monotonic() < deadline, "the pushed notice was never shown"
    assert page.evaluate(shown) == [
        [notice["title"], notice["body"], "match-12", live_server.url + "/tournaments/5/"]
    ]
