"""The tournament form in Chromium (issue 22, item 12): only the chosen format's
settings show, and choosing another season moves the date into it; a date typed outside
its season is told so at once (issue 36, item 14: a season from September to June)."""

import datetime
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


def test_a_date_outside_the_season_is_told_at_once_in_the_servers_words(live_server, director_page):
    """A club whose season runs from September to June: choosing it moves the date
    into it; a date typed outside it is told so under the field, in the words the
    server refuses it with; a date inside it, across New Year, is not."""
    page = director_page
    operations.create_season(2025, "qgammon-2002", "Temporada 2025")
    season = operations.create_season(
        None,
        "qgammon-2002",
        "Temporada 2026-27",
        start=datetime.date(2026, 9, 1),
        end=datetime.date(2027, 6, 30),
    )
    page.goto(f"{live_server.url}/director/tournaments/new/?season=2025")
    date = page.locator("[name=date]")
    hint = page.locator("#season-hint")
    assert date.input_value().startswith("2025-") and hint.is_hidden()
    page.locator("[name=season]").select_option(label="Temporada 2026-27")
    moved = date.input_value()
    assert "2026-09-01" <= moved <= "2027-06-30" and hint.is_hidden()
    date.fill("2027-07-03")
    assert hint.is_visible()
    assert hint.text_content() == season.outside_message()
    assert "Temporada 2026-27 runs from Sept. 1, 2026 to June 30, 2027" in hint.text_content()
    assert "season-hint" in (date.get_attribute("aria-describedby") or "")
    date.fill("2027-02-20")
    assert hint.is_hidden()
    assert "season-hint" not in (date.get_attribute("aria-describedby") or "")
