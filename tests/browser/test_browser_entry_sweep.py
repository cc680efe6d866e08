"""The desk's tick list in Chromium (issue 27, item 2): the director types part of a
name, the list narrows to the players who match, ticks three players (one found by the
filter, two after clearing it), registers them in one submit, and the desk shows them
entered. Without JavaScript the whole list and its button do the same."""

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from conftest import SCREENSHOTS, directors_group
from tournament.models import Player, Season, Tournament

pytestmark = pytest.mark.browser

CLUB = ("Anna Bosch", "Xavier Roca", "Núria Ferrer", "Jordi Casals", "Montserrat Vilanova")


@pytest.fixture
def cup(transactional_db):
    season = Season.from_preset(2026, "qgammon-2002", name="Temporada 2026")
    season.save()
    for name in CLUB:
        Player.objects.create(name=name)
    return Tournament.objects.create(season=season, name="Copa d'Hivern", date="2026-01-17")


@pytest.fixture
def login(live_server, new_page):
    user = User.objects.create_user("escombra", password="sweep-pass-1234")
    user.groups.add(directors_group())

    def logged_in(**options):
        page = new_page(live_server.url + "/accounts/login/", **options)
        page.get_by_label("User name").fill("escombra")
        page.get_by_label("Password").fill("sweep-pass-1234")
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url(re.compile(r".*/director/$"))
        return page

    return logged_in


def registered(page) -> list[str]:
    return sorted(page.locator("#entries-table tbody tr").evaluate_all(
        "rows => rows.map(row => row.dataset.name)"
    ))  # fmt: skip


def test_filter_tick_three_and_register(live_server, cup, login):
    page = login()
    problems = []
    page.on("console", lambda message: message.type == "error" and problems.append(message.text))
    page.goto(live_server.url + reverse("director-tournament", args=[cup.pk]))
    items = page.locator("#sweep-list li")
    assert items.count() == len(CLUB)
    # Typed without the accent: the club compares names that way.
    page.get_by_label("Filter the club's players").fill("nuria")
    visible = [item for item in items.all() if item.is_visible()]
    assert [item.get_attribute("data-name") for item in visible] == ["Núria Ferrer"]
    page.get_by_label("Núria Ferrer").check()
    page.get_by_label("Filter the club's players").fill("")
    assert all(item.is_visible() for item in items.all())
    page.get_by_label("Anna Bosch").check()
    page.get_by_label("Jordi Casals").check()
    # A player ticked and then hidden by a filter stays ticked, and the count says so.
    page.get_by_label("Filter the club's players").fill("xav")
    assert page.locator("#sweep-count").inner_text() == "players ticked: 3"
    page.locator("#entry-sweep").screenshot(path=SCREENSHOTS / "desk-entry-sweep.png")
    page.get_by_role("button", name="Register the players ticked").click()
    page.wait_for_load_state()
    assert "3 players registered: Anna Bosch, Jordi Casals, Núria Ferrer." in page.content()
    assert registered(page) == ["Anna Bosch", "Jordi Casals", "Núria Ferrer"]
    assert page.locator("h2#entries-heading").inner_text() == "3 players registered"
    # In the list now ticked and not to be ticked again.
    anna = page.get_by_role("checkbox", name="Anna Bosch (already registered)")
    assert anna.is_checked() and anna.is_disabled()
    assert not page.get_by_role("checkbox", name="Xavier Roca").is_checked()
    assert problems == []  # no script refused by the page's CSP, no error


def test_without_javascript_the_list_still_registers(live_server, cup, login):
    page = login(java_script_enabled=False)
    page.goto(live_server.url + reverse("director-tournament", args=[cup.pk]))
    assert all(item.is_visible() for item in page.locator("#sweep-list li").all())
    page.get_by_label("Xavier Roca").check()
    page.get_by_label("Montserrat Vilanova").check()
    page.get_by_role("button", name="Register the players ticked").click()
    page.wait_for_load_state()
    assert registered(page) == ["Montserrat Vilanova", "Xavier Roca"]
