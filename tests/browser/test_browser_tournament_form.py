"""The tournament form in Chromium (issue 22, item 12): only the chosen format's
settings show, and choosing another season moves the date into it."""

import re

import pytest
from django.contrib.auth.models import User

from conftest import PHONE, directors_group
from tournament import operations

pytestmark = pytest.mark.browser


@pytest.fixture
def director_page(live_server, transactional_db, new_page):
    user = User.objects.create_user("formes", password="form-pass-1234")
    user.groups.add(directors_group())
    page = new_page(live_server.url + "/accounts/login/", viewport=PHONE)
    page.get_by_label("User name").fill("formes")
    page.get_by_label("Password").fill("form-pass-1234")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r".*/director/$"))
    return page


def test_the_format_shows_its_own_settings_and_the_season_its_dates(live_server, director_page):
    page = director_page
    this = operations.create_season(2026, "qgammon-2002", "Temporada 2026")
    operations.create_season(2027, "qgammon-2002", "Temporada 2027")
    page.goto(f"{live_server.url}/director/tournaments/new/?season={this.year}")
    rounds, groups = page.locator("[name=rounds]"), page.locator("[name=group_size]")
    consolation = page.locator("[name=consolation]")
    assert consolation.is_visible() and not rounds.is_visible() and not groups.is_visible()
    page.locator("[name=format]").select_option("swiss")
    assert rounds.is_visible() and not groups.is_visible() and not consolation.is_visible()
    page.locator("[name=format]").select_option("round_robin")
    assert groups.is_visible() and not rounds.is_visible()
    date = page.locator("[name=date]").input_value()
    assert date.startswith("2026-")
    page.locator("[name=season]").select_option(label="Temporada 2027")
    assert page.locator("[name=date]").input_value() == "2027-" + date[5:]
