"""push.js in Chromium, on a phone: "Allow notifications" on a player's private page
subscribes with the club's public key and posts the subscription (CSRF and all) so that
the site keeps it; the page then says notifications are on, after a reload too; "Stop
notifications" removes it. A browser that cannot push is shown nothing.

The browser's push service cannot be reached from here (no request leaves the
machine), so the test hands the page a stand-in for the service worker's PushManager
(an init script) that gives a subscription made by the test; everything else is the
page's own script against the live server."""

import json

import pytest
from playwright.sync_api import expect

from conftest import PHONE
from push_service import Browser, unb64
from tournament.models import Player, PushSubscription
from tournament.operations.links import link_for, token_of

pytestmark = pytest.mark.browser

FCM = "https://fcm.googleapis.com/fcm/send/Y2hyb21pdW0"

# The service worker ready, with a PushManager whose subscription outlives a reload
# (kept in localStorage, as the browser keeps a real one).
STAND_IN = """
(() => {
  const made = %(subscription)s;
  const stored = () => JSON.parse(localStorage.getItem("stand-in-key"));
  class Subscription {
    constructor(key) {
      this.endpoint = made.endpoint;
      this.options = {applicationServerKey: new Uint8Array(key).buffer};
    }
    toJSON() { return made; }
    unsubscribe() { localStorage.removeItem("stand-in-key"); return Promise.resolve(true); }
  }
  const pushManager = {
    getSubscription: () => Promise.resolve(stored() ? new Subscription(stored()) : null),
    subscribe: (options) => {
      const key = Array.from(new Uint8Array(options.applicationServerKey));
      localStorage.setItem("stand-in-key", JSON.stringify(key));
      return Promise.resolve(new Subscription(key));
    },
  };
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: {ready: Promise.resolve({pushManager}), register: () => Promise.resolve({})},
  });
  %(push_manager)s
})();
"""


@pytest.fixture
def anna(transactional_db):
    return Player.objects.create(name="Anna Bosch")


def phone_page(new_page, *, can_push: bool = True):
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    script = STAND_IN % {
        "subscription": json.dumps(Browser(FCM).subscription()),
        "push_manager": "window.PushManager = function PushManager() {};"
        if can_push
        else "delete window.PushManager;",
    }
    page.add_init_script(script)
    return page


def test_a_player_allows_notifications_on_their_phone_and_stops_them(
    live_server, anna, new_page, vapid
):
    url = live_server.url + f"/p/{token_of(link_for(anna))}/"
    page = phone_page(new_page)
    page.goto(url)
    allow = page.get_by_role("button", name="Allow notifications")
    expect(allow).to_be_visible()
    allow.click()
    expect(page.get_by_text("Notifications are on for this device.")).to_be_visible()
    [kept] = PushSubscription.objects.all()
    assert (kept.player_id, kept.endpoint, kept.language) == (anna.pk, FCM, "en")
    # Subscribed with the club's public key, as the page carries it.
    used = page.evaluate("JSON.parse(localStorage.getItem('stand-in-key'))")
    assert bytes(used) == unb64(vapid)

    page.reload()
    expect(page.get_by_text("Notifications are on for this device.")).to_be_visible()
    page.get_by_role("button", name="Stop notifications").click()
    expect(page.get_by_role("button", name="Allow notifications")).to_be_visible()
    assert not PushSubscription.objects.exists()


def test_a_browser_that_cannot_push_is_shown_nothing(live_server, anna, new_page, vapid):
    page = phone_page(new_page, can_push=False)
    page.goto(live_server.url + f"/p/{token_of(link_for(anna))}/")
    expect(page.get_by_role("heading", name="Anna Bosch")).to_be_visible()
    expect(page.locator(".push-control")).to_be_hidden()
    assert not page.get_by_role("button", name="Allow notifications").is_visible()
