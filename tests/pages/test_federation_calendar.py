"""The federation's calendar (issue 41 item 4): every club's public events to come, with
the club's name and address, as a page (`/calendar/`) and an .ics feed
(`/calendar.ics`) read back with icalendar as a calendar app would; past, finished and
private events left out; each event's link in its club's addresses; one query each,
at two clubs and at five."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from icalendar import Calendar

from tournament import operations
from tournament.models import Club, Season, Tournament

pytestmark = pytest.mark.django_db

TODAY = timezone.localdate()


def english() -> Client:
    return Client(headers={"accept-language": "en"})


def an_event(club: Club, name: str, days: int, **fields) -> Tournament:
    season = Season.objects.filter(club=club).first()
    if season is None:
        season = Season.from_preset(TODAY.year, "qgammon-2002", name=f"T {club.slug}", club=club)
        season.save()
    return Tournament.objects.create(
        season=season, name=name, date=TODAY + datetime.timedelta(days=days), **fields
    )


@pytest.fixture
def two_clubs(db):
    founding = Club.founding()
    founding.address = "Carrer de Sants 12, Barcelona"
    founding.save()
    girona = operations.create_club("girona", "Girona Backgammon")
    girona.address = "Plaça del Vi 1, Girona"
    girona.save()
    an_event(founding, "Copa Q de maig", 3)
    an_event(founding, "Copa Q passada", -3)
    an_event(founding, "Copa Q privada", 5, public=False)
    an_event(girona, "Obert de Girona", 10)
    an_event(girona, "Lliga de Girona acabada", 12, status=Tournament.Status.FINISHED)
    an_event(girona, "Nit de Girona", 0, status=Tournament.Status.RUNNING)
    return founding, girona


def queries_of(url: str):
    with CaptureQueriesContext(connection) as captured:
        response = english().get(url)
    assert response.status_code == 200, url
    return len(captured), response


def test_the_page_lists_every_club_s_events_to_come_with_the_club(two_clubs):
    count, response = queries_of("/calendar/")
    text = response.content.decode()
    assert count == 1  # the events with their seasons and clubs
    shown = ["Nit de Girona", "Copa Q de maig", "Obert de Girona"]
    positions = [text.index(name) for name in shown]
    assert positions == sorted(positions)  # by date
    for hidden in ("Copa Q passada", "Copa Q privada", "Lliga de Girona acabada"):
        assert hidden not in text
    assert "Girona Backgammon" in text and "Plaça del Vi 1, Girona" in text
    assert "Carrer de Sants 12, Barcelona" in text
    girona_event = Tournament.objects.get(name="Obert de Girona")
    founding_event = Tournament.objects.get(name="Copa Q de maig")
    assert f'href="/clubs/girona/tournaments/{girona_event.pk}/"' in text
    assert f'href="/tournaments/{founding_event.pk}/"' in text
    assert 'href="/calendar.ics"' in text


def test_the_ics_feed_holds_both_clubs_events(two_clubs):
    count, response = queries_of("/calendar.ics")
    assert count == 1
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    calendar = Calendar.from_ical(response.content)
    events = {str(event["SUMMARY"]): event for event in calendar.walk("VEVENT")}
    assert set(events) == {"Nit de Girona", "Copa Q de maig", "Obert de Girona"}
    girona = events["Obert de Girona"]
    assert str(girona["LOCATION"]) == "Plaça del Vi 1, Girona"
    assert str(girona["DESCRIPTION"]) == "Girona Backgammon"
    assert girona.decoded("DTSTART") == TODAY + datetime.timedelta(days=10)
    pk = Tournament.objects.get(name="Obert de Girona").pk
    assert str(girona["URL"]) == f"http://testserver/clubs/girona/tournaments/{pk}/"
    assert str(events["Copa Q de maig"]["LOCATION"]) == "Carrer de Sants 12, Barcelona"
    assert str(calendar["X-WR-CALNAME"]) == "The federation's calendar"


def test_one_query_at_five_clubs_and_the_same_from_a_club_s_address(two_clubs):
    for number in range(3):
        club = operations.create_club(f"club-{number}", f"Club {number}")
        an_event(club, f"Obert {number}", 1)
    count, response = queries_of("/calendar/")
    assert count == 1
    assert all(f"Obert {number}" in response.content.decode() for number in range(3))
    # By a club's address: still the federation's calendar (and the club read).
    count, response = queries_of("/clubs/girona/calendar.ics")
    assert count == 2
    assert b"Obert 2" in response.content and b"Copa Q de maig" in response.content
