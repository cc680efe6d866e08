"""Calendars (.ics): a season's public tournaments, and a player's tournaments and
matches from their private link; read back with icalendar as a calendar app would."""

from datetime import date

import pytest
from django.test import Client
from django.urls import reverse
from icalendar import Calendar

from tournament.models import Bracket, Entry, Match, Player, Season, Tournament
from tournament.operations.links import link_for, rotate_link, token_of

BASE = "http://testserver"


def read(response) -> Calendar:
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return Calendar.from_ical(response.content)


def events(calendar: Calendar) -> dict[str, object]:
    """The events by summary (each summary is unique in these tests)."""
    found = {str(event["SUMMARY"]): event for event in calendar.walk("VEVENT")}
    assert len(found) == len(calendar.walk("VEVENT"))
    return found


def calendar_of(player, client=None):
    client = client or Client(headers={"accept-language": "en"})
    return client.get(reverse("player-calendar", args=[token_of(link_for(player))]))


# --- the season's calendar ---------------------------------------------------------


@pytest.fixture
def season_cups(season):
    return [
        Tournament.objects.create(season=season, name="Copa de Primavera", date="2002-04-13"),
        Tournament.objects.create(season=season, name="Copa de Tardor", date="2002-10-19"),
    ]


def test_season_calendar_lists_its_public_tournaments(
    client, season, season_cups, django_assert_num_queries
):
    Tournament.objects.create(season=season, name="Prova interna", date="2002-05-01", public=False)
    other = Season.from_preset(2001, "qgammon-2000", name="Temporada 2001")
    other.save()
    Tournament.objects.create(season=other, name="Copa de 2001", date="2001-06-01")
    # The season, then its public tournaments.
    with django_assert_num_queries(2):
        response = client.get(reverse("season-calendar", args=[2002]))
    calendar = read(response)
    assert response["Content-Disposition"] == 'attachment; filename="season-2002.ics"'
    assert str(calendar["VERSION"]) == "2.0"
    assert "Q-gammon" in str(calendar["PRODID"])
    assert str(calendar["X-WR-CALNAME"]) == "Q-gammon: Temporada 2002"
    found = events(calendar)
    assert set(found) == {"Copa de Primavera", "Copa de Tardor"}  # no private one, no 2001
    spring = season_cups[0]
    event = found["Copa de Primavera"]
    assert event.decoded("DTSTART") == date(2002, 4, 13)  # a date: all day
    assert event.decoded("DTEND") == date(2002, 4, 14)
    assert str(event["URL"]) == f"{BASE}/tournaments/{spring.pk}/"
    assert str(event["URL"]) == BASE + spring.get_absolute_url()
    assert str(event["UID"]) == f"tournament-{spring.pk}@testserver"
    assert "DTSTAMP" in event
    assert found["Copa de Tardor"].decoded("DTSTART") == date(2002, 10, 19)


def test_season_calendar_uids_are_stable(client, season_cups):
    url = reverse("season-calendar", args=[2002])
    first = [str(e["UID"]) for e in read(client.get(url)).walk("VEVENT")]
    again = [str(e["UID"]) for e in read(client.get(url)).walk("VEVENT")]
    assert first == again
    assert len(set(first)) == 2


def test_an_unknown_season_is_404(client, season):
    assert client.get(reverse("season-calendar", args=[1987])).status_code == 404


def test_a_calendar_is_only_read(client, season):
    assert client.post(reverse("season-calendar", args=[2002])).status_code == 405


def test_user_text_is_escaped_and_round_trips(client, db):
    season = Season.from_preset(2003, "qgammon-2002", name="Temporada; 2003\nX-EVIL:1")
    season.save()
    Tournament.objects.create(season=season, name="Cup; X\nY,Z\\W", date="2003-03-03")
    response = client.get(reverse("season-calendar", args=[2003]))
    calendar = read(response)
    assert [str(e["SUMMARY"]) for e in calendar.walk("VEVENT")] == ["Cup; X\nY,Z\\W"]
    assert b"SUMMARY:Cup\\; X\\nY\\,Z\\\\W\r\n" in response.content
    # The season's name is TEXT too: its line break cannot start a property of its own.
    assert b"X-WR-CALNAME:Q-gammon: Temporada\\; 2003\\nX-EVIL:1\r\n" in response.content
    assert "X-EVIL" not in calendar
    assert response["Content-Disposition"] == 'attachment; filename="season-2003.ics"'


# --- a player's calendar -----------------------------------------------------------


@pytest.fixture
def day(season, players):
    """A cup with tables and clocks: Anna's matches, another pair's, a match still
    waiting for Anna's opponent, and a private cup Anna also plays in."""
    anna, xavier = players
    for player in players:
        player.email = f"{player.name.split()[0].lower()}@example.org"
        player.phone = "+34 600 111 222" if player is anna else "+34 699 333 444"
        player.save()
    carla = Player.objects.create(
        name="Carla Pujol", email="carla@example.org", phone="+34 611 555 666"
    )
    dani = Player.objects.create(name="Dani Mas", email="dani@example.org", phone="+34 622 777 888")
    cup = Tournament.objects.create(
        season=season, name="Copa; de la Queimada", date="2002-11-09", tables=["1", "2"],
        clock_policy="required",
    )  # fmt: skip
    # Two rounds and one, as a draw of four stores them: what names the rounds.
    main = Bracket.objects.create(tournament=cup, kind="main", lengths="5,7", rounds=2)
    consolation = Bracket.objects.create(tournament=cup, kind="consolation", lengths="3", rounds=1)
    for player in (anna, xavier, carla, dani):
        Entry.objects.create(tournament=cup, player=player)
    first = Match.objects.create(
        tournament=cup, bracket=main, round=1, position=1, player1=anna, player2=carla,
        length=5, status="decided", decided_by="games", winner=anna, score1=5, score2=3,
    )  # fmt: skip
    Match.objects.create(
        tournament=cup, bracket=main, round=1, position=2, player1=xavier, player2=dani,
        length=5, status="decided", decided_by="walkover", winner=xavier, score1=5,
    )  # fmt: skip
    final = Match.objects.create(
        tournament=cup, bracket=main, round=2, position=1, player1=anna, player2=xavier,
        length=7, status="live", table="2",
    )  # fmt: skip
    Match.objects.create(
        tournament=cup, bracket=consolation, round=1, position=1, player1=carla, player2=dani,
        length=3, status="ready", table="1",
    )  # fmt: skip
    hidden = Tournament.objects.create(
        season=season, name="Prova interna", date="2002-12-01", public=False
    )
    Entry.objects.create(tournament=hidden, player=anna)
    Match.objects.create(tournament=hidden, player1=anna, player2=dani, length=3, status="ready")
    waiting = Tournament.objects.create(season=season, name="Copa de Nadal", date="2002-12-21")
    Entry.objects.create(tournament=waiting, player=anna, withdrawn=True)
    Match.objects.create(tournament=waiting, player1=anna, length=5, status="pending")
    return {"cup": cup, "first": first, "final": final, "carla": carla, "dani": dani}


def test_player_calendar_has_their_tournaments_and_known_matches(
    players, day, django_assert_num_queries
):
    anna, _xavier = players
    url = reverse("player-calendar", args=[token_of(link_for(anna))])
    client = Client(headers={"accept-language": "en"})
    # The link with its player, the entries with their tournaments, the matches with
    # their tournament, bracket and players: three, however many matches.
    with django_assert_num_queries(3):
        response = client.get(url)
    found = events(read(response))
    assert set(found) == {
        "Copa; de la Queimada",
        "Copa de Nadal",  # withdrawn, but kept, and saying so
        "Semi-final 1 – Anna Bosch v Carla Pujol",
        "Final – Anna Bosch v Xavier Roca",
    }  # not the private cup, not Xavier v Dani, not the match waiting for an opponent
    cup = found["Copa; de la Queimada"]
    assert cup.decoded("DTSTART") == date(2002, 11, 9)
    assert str(cup["URL"]) == BASE + day["cup"].get_absolute_url()
    assert str(found["Copa de Nadal"]["DESCRIPTION"]) == "Withdrawn."
    assert "DESCRIPTION" not in cup

    final = found["Final – Anna Bosch v Xavier Roca"]
    assert final.decoded("DTSTART") == date(2002, 11, 9)
    assert final.decoded("DTEND") == date(2002, 11, 10)
    assert str(final["UID"]) == f"match-{day['final'].pk}@testserver"
    assert str(final["URL"]) == f"{BASE}/matches/{day['final'].pk}/"
    assert str(final["DESCRIPTION"]).split("\n") == [
        "Copa; de la Queimada",
        "Match to 7 points",
        "Table: 2",
        "Clock: 14 minutes each, 12 s simple delay",  # 7 points x 2 minutes
    ]
    first = found["Semi-final 1 – Anna Bosch v Carla Pujol"]
    assert str(first["DESCRIPTION"]).split("\n") == [
        "Copa; de la Queimada",
        "Match to 5 points",
        "Clock: 10 minutes each, 12 s simple delay",
        "Result: Anna Bosch 5–3 Carla Pujol",
        "Won by Anna Bosch",
    ]


def test_player_calendar_says_how_a_match_without_games_was_decided(players, day):
    _anna, xavier = players
    found = events(read(calendar_of(xavier)))
    assert set(found) == {
        "Copa; de la Queimada",
        "Semi-final 2 – Xavier Roca v Dani Mas",
        "Final – Anna Bosch v Xavier Roca",
    }
    lines = str(found["Semi-final 2 – Xavier Roca v Dani Mas"]["DESCRIPTION"]).split("\n")
    assert lines[-1] == "Won by Xavier Roca (walkover)"


def test_consolation_matches_name_their_bracket(day):
    found = events(read(calendar_of(day["carla"])))
    assert "Consolation: Final – Carla Pujol v Dani Mas" in found
    assert "Semi-final 1 – Anna Bosch v Carla Pujol" in found


def test_player_calendar_holds_no_contact_details(players, day):
    everyone = [*players, day["carla"], day["dani"]]
    for player in everyone:
        body = calendar_of(player).content.decode()
        assert player.name.split()[0] in body
        for someone in everyone:
            assert someone.email
            assert someone.email not in body
            assert someone.phone not in body


def test_player_calendar_is_private(players, day):
    response = calendar_of(players[0])
    assert "noindex" in response["X-Robots-Tag"]
    assert response["Cache-Control"] == "private, no-store"
    assert response["Referrer-Policy"] == "strict-origin"
    assert response["Content-Disposition"] == 'attachment; filename="qgammon-my-matches.ics"'
    assert str(read(response)["X-WR-CALNAME"]) == "Q-gammon: matches of Anna Bosch"


def test_unknown_and_rotated_tokens_are_404(client, players, day):
    anna = players[0]
    old = token_of(link_for(anna))
    assert client.get(reverse("player-calendar", args=[old])).status_code == 200
    new = token_of(rotate_link(anna))
    assert client.get(reverse("player-calendar", args=[old])).status_code == 404
    assert client.get(reverse("player-calendar", args=[new])).status_code == 200
    assert client.get(reverse("player-calendar", args=["x" * 43])).status_code == 404


def test_player_calendar_in_catalan(players, day):
    response = calendar_of(players[0], Client(headers={"accept-language": "ca"}))
    final = [event for event in read(response).walk("VEVENT") if event["UID"].startswith("match-")]
    assert any("Matx a 7 punts" in str(event["DESCRIPTION"]) for event in final)
