"""A league fixture in a real browser (issue 41's "Done when": a fixture recorded by the
home club and confirmed by the away club): the home club's director logs in, sets the
line-ups, records every board game by game on its ordinary match sheet and records the
fixture's result; the away club's director logs in and confirms it; the public fixture
page shows the result and the division's table has moved."""

import re

import pytest
from django.contrib.auth.models import User
from league_world import a_league, fixture_between

from conftest import SCREENSHOTS
from tournament.models import LeagueFixture

pytestmark = pytest.mark.browser


def log_in(page, live_server, username: str, club: str) -> None:
    page.goto(live_server.url + f"/accounts/login/?next=/clubs/{club}/director/")
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill("x")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(rf".*/clubs/{club}/director/$"))


def test_a_fixture_recorded_by_the_home_club_and_confirmed_by_the_away_club(
    live_server, transactional_db, new_page
):
    clubs, _season, _division, teams, _fixtures = a_league(
        User.objects.create_superuser("federacio", password="x")
    )
    fixture = fixture_between(teams[0], teams[1])  # Barcelona A at home to Girona A
    desk = f"/director/league/fixtures/{fixture.pk}/"

    home = new_page()
    log_in(home, live_server, "director-bcn", "bcn")
    home.get_by_role("link", name="League of club teams").click()
    home.get_by_role("link", name=re.compile("Barcelona A.*Girona A")).first.click()
    home.wait_for_url(re.compile(rf".*/clubs/bcn{desk}$"))
    # The squads' first players, board by board: as the form offers them.
    home.get_by_role("button", name="Set the line-ups").click()
    home.get_by_text("Line-ups set: the boards are ready to record.").wait_for()

    # Boards 1 and 3 to Barcelona, board 2 to Girona, three gammons each (to 5 points);
    # the sides alternate by board, as in every team event.
    for board, winner in ((1, "Barcelona 1"), (2, "Girona 2"), (3, "Barcelona 3")):
        home.goto(live_server.url + f"/clubs/bcn{desk}")
        home.get_by_role("link", name=f"Match sheet of board {board}").click()
        form = home.locator("form.game-form")
        for game in (1, 2, 3):
            form.get_by_label(winner, exact=True).check()
            form.get_by_label("gammon", exact=True).check()
            home.get_by_role("button", name="Record the game").click()
            home.get_by_text(f"Game {game} recorded.").wait_for()
    home.goto(live_server.url + f"/clubs/bcn{desk}")
    home.get_by_role("button", name="Record the result").click()
    home.get_by_text("Result recorded: the other club confirms it.").wait_for()
    home.screenshot(path=SCREENSHOTS / "league-fixture-recorded.png", full_page=True)
    fixture.refresh_from_db()
    assert (fixture.status, fixture.home_boards, fixture.away_boards) == ("played", 2, 1)

    away = new_page()
    log_in(away, live_server, "director-gir", "gir")
    away.goto(live_server.url + f"/clubs/gir{desk}")
    assert away.get_by_text("Recorded: 2–1 on boards.").is_visible()
    away.get_by_role("button", name="Confirm the result").click()
    away.get_by_text("Result confirmed.").wait_for()
    fixture.refresh_from_db()
    assert fixture.status == LeagueFixture.Status.CONFIRMED
    assert fixture.confirmed_by == clubs[1].director

    public = new_page()
    public.goto(live_server.url + f"/league/fixtures/{fixture.pk}/")
    assert public.locator("h1").inner_text().split() == ["Barcelona", "A", "2–1", "Girona", "A"]
    assert public.get_by_text("confirmed", exact=True).is_visible()
    public.get_by_role("link", name="Divisió d'Honor").click()
    first = public.locator("table.league-table tbody tr").first
    assert "Barcelona A" in first.inner_text()
    cells = first.locator("td").all_inner_texts()
    assert cells[2:7] == ["1", "1", "0", "0", "2"]  # played, won, drawn, lost, match points
    public.screenshot(path=SCREENSHOTS / "league-division.png", full_page=True)
