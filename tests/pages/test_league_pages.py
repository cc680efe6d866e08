"""The league's public pages (docs/league.md, "Pages"): the league seasons, a season's
divisions with their tables, a division's table and rounds, a fixture's boards live
(each board's score a link to its match page in the home club's addresses), and the
calendar of fixtures with the home club's address, as a page and an .ics. Each costs a
pinned number of queries, whatever the league's size; they are the federation's pages,
reached by any club's address."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from icalendar import Calendar
from league_world import a_league, fixture_between, play_boards

from tournament import operations


@pytest.fixture
def league(db):
    return a_league(User.objects.create_superuser("federacio", password="x"))


@pytest.fixture
def played(league):
    """Barcelona beat Girona 2-1 at home (recorded, confirmed); Tarragona did not turn up
    at Girona (a walkover, recorded); the rest to play."""
    clubs, _season, _division, teams, _fixtures = league
    fixture = fixture_between(teams[0], teams[1])
    tournament = operations.open_fixture(fixture, user=clubs[0].director)
    play_boards(tournament, [0, 1, 0], user=clubs[0].director)
    operations.record_fixture_result(fixture, user=clubs[0].director)
    operations.confirm_fixture(fixture, user=clubs[1].director)
    operations.record_walkover(fixture_between(teams[1], teams[2]), absent="away")
    return league


def english() -> Client:
    return Client(headers={"accept-language": "en"})


def test_the_seasons_and_a_seasons_tables(played, django_assert_num_queries):
    _clubs, season, _division, _teams, _fixtures = played
    client = english()
    # The seasons, their divisions and teams counted: one query.
    with django_assert_num_queries(1):
        response = client.get("/league/")
    assert response.status_code == 200
    assert "Lliga de clubs 2002" in response.text and "3 teams" in response.text
    # The season; its divisions; their teams with clubs; their recorded fixtures.
    with django_assert_num_queries(4):
        response = client.get(f"/league/{season.pk}/")
    text = response.text
    assert "Divisió d&#x27;Honor" in text
    # Girona 2 match points + walkover 3 boards: first; Barcelona 2 points, 2 boards.
    assert text.index("Girona A") < text.index("Barcelona A") < text.index("Tarragona A")
    assert f'href="/league/{season.pk}/1/"' in text
    assert client.get(f"/league/{season.pk + 99}/").status_code == 404


def test_a_divisions_table_and_rounds(played, django_assert_num_queries):
    _clubs, season, _division, _teams, _fixtures = played
    client = english()
    # The division with its season, its teams, its recorded fixtures, every fixture.
    with django_assert_num_queries(4):
        response = client.get(f"/league/{season.pk}/1/")
    text = response.text
    assert "Round 6" in text and "Carrer Gran 1, Barcelona" in text
    assert "2–1" in text and "3–0" in text and "walkover" in text
    rows = text[text.index("<tbody>") : text.index("</tbody>")]
    # Girona: lost 1-2 away, won 3-0 by walkover: 2 match points, 4 boards.
    assert rows.index("Girona A") < rows.index("Barcelona A")
    assert client.get(f"/league/{season.pk}/2/").status_code == 404


def test_a_fixtures_boards_link_to_the_home_clubs_match_pages(played, django_assert_num_queries):
    _clubs, _season, _division, teams, _fixtures = played
    fixture = fixture_between(teams[0], teams[1])
    client = english()
    # The fixture with its division, season, teams, clubs and tournament; its boards.
    with django_assert_num_queries(2):
        response = client.get(f"/league/fixtures/{fixture.pk}/")
    text = response.text
    assert "Barcelona A" in text and "Girona A" in text and "confirmed" in text
    boards = list(fixture.tournament.matches.order_by("board"))
    for board in boards:
        assert f'href="/clubs/bcn/matches/{board.pk}/"' in text
    assert client.get(f"/clubs/bcn/matches/{boards[0].pk}/").status_code == 200
    # The live part alone, the same two queries; the same page by another club's address.
    with django_assert_num_queries(2):
        part = client.get(f"/league/fixtures/{fixture.pk}/?partial=boards")
    assert "<html" not in part.text and "Board 3" in part.text
    assert client.get(f"/clubs/tgn/league/fixtures/{fixture.pk}/").status_code == 200
    # A fixture to play: no boards yet, one query.
    later = fixture_between(teams[2], teams[0])
    with django_assert_num_queries(1):
        response = client.get(f"/league/fixtures/{later.pk}/")
    assert "line-ups are set" in response.text and "Rambla Nova 3, Tarragona" in response.text
    assert client.get("/league/fixtures/99999/").status_code == 404


def test_the_calendar_of_fixtures_with_the_home_clubs_address(played, django_assert_num_queries):
    _clubs, season, _division, _teams, fixtures = played
    client = english()
    # The season, its fixtures with their divisions, teams and clubs.
    with django_assert_num_queries(2):
        response = client.get(f"/league/{season.pk}/calendar/")
    assert response.text.count('class="match-line league-fixture') == 6
    assert "Plaça del Vi 2, Girona" in response.text
    with django_assert_num_queries(2):
        response = client.get(f"/league/{season.pk}/calendar.ics")
    assert response["Content-Type"].startswith("text/calendar")
    events = Calendar.from_ical(response.content).walk("VEVENT")
    assert len(events) == 6
    locations = {str(event["LOCATION"]) for event in events}
    assert "Carrer Gran 1, Barcelona" in locations
    first = min(events, key=lambda event: event.decoded("DTSTART"))
    assert first.decoded("DTSTART") == min(fixture.date for fixture in fixtures)
    assert "/league/fixtures/" in str(first["URL"])
    assert client.post(f"/league/{season.pk}/calendar/").status_code == 405
