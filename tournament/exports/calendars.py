"""Calendars (.ics) written with icalendar: a season's public tournaments, the
federation's calendar of every club's, and one player's tournaments and matches. Rows
in, bytes out; the views fetch the rows.

Every event is all day on the tournament's date (the club gives no times). All user
text (names, tables) goes through icalendar's TEXT type, which escapes it; nothing here
reads a player's contact details.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date, datetime, timedelta
from urllib.parse import urljoin, urlsplit

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from icalendar import Calendar, Event, vDuration, vText

PRODID = "-//Q-gammon//Tournament manager//EN"
# How often a subscribed calendar is fetched again: results come in through the day.
REFRESH = timedelta(hours=1)
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def season_calendar(season, tournaments: Iterable, base_url: str, *, stamp=None) -> bytes:
    """The season's tournaments, one all-day event each (the caller passes only the
    public ones). `base_url` is the site's address, e.g. "https://example.org/"."""
    calendar = _calendar(gettext("Q-gammon: %(season)s") % {"season": season})
    stamp = stamp or timezone.now()
    for tournament in tournaments:
        calendar.add_component(_tournament_event(tournament, base_url, stamp))
    return calendar.to_ical()


def federation_calendar(tournaments: Iterable, base_url: str, *, stamp=None) -> bytes:
    """Every club's upcoming public tournaments, one all-day event each, with the club's
    name and the address where it plays. Each tournament carries `url`, its page in its
    club's addresses (the caller makes them: a federation's page is no club's)."""
    calendar = _calendar(gettext("The federation's calendar"))
    stamp = stamp or timezone.now()
    for tournament in tournaments:
        event = _tournament_event(tournament, base_url, stamp, url=tournament.url)
        club = tournament.season.club
        _text(event, "DESCRIPTION", club.name)
        if club.address:
            _text(event, "LOCATION", club.address)
        calendar.add_component(event)
    return calendar.to_ical()


def player_calendar(
    player, entries: Iterable, matches: Iterable, base_url: str, *, stamp=None
) -> bytes:
    """A player's tournaments (their `entries`, each with its tournament; a withdrawn
    entry is kept, since the player took part until then, and says so) and their
    `matches` with both players known: all-day events on the tournament's date, with
    the length, the table, the clock and, once decided, the result.

    The caller passes only public tournaments' rows. No contact details are read."""
    calendar = _calendar(gettext("Q-gammon: matches of %(player)s") % {"player": player.name})
    stamp = stamp or timezone.now()
    for entry in entries:
        event = _tournament_event(entry.tournament, base_url, stamp)
        if entry.withdrawn:
            _text(event, "DESCRIPTION", gettext("Withdrawn."))
        calendar.add_component(event)
    for match in matches:
        calendar.add_component(_match_event(match, base_url, stamp))
    return calendar.to_ical()


def _calendar(name: str) -> Calendar:
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    # icalendar 7.3 does not know NAME (RFC 7986) or X-WR-CALNAME and would write them
    # unescaped: say they are TEXT.
    _text(calendar, "NAME", name)
    _text(calendar, "X-WR-CALNAME", name)
    calendar["REFRESH-INTERVAL"] = vDuration(REFRESH, params={"VALUE": "DURATION"})
    calendar["X-PUBLISHED-TTL"] = vDuration(REFRESH)  # the same, for older clients
    return calendar


def _text(component, name: str, value: str) -> None:
    # icalendar escapes line breaks, ";", "," and backslashes; control characters, which a
    # TEXT value may not hold at all, go.
    component[name] = vText(CONTROL.sub("", value))


def _all_day(event: Event, day: date) -> None:
    event.add("dtstart", day)
    event.add("dtend", day + timedelta(days=1))  # the end of an all-day event is exclusive


def _uid(kind: str, pk: int, base_url: str) -> str:
    return f"{kind}-{pk}@{urlsplit(base_url).hostname or 'localhost'}"


def _tournament_event(tournament, base_url: str, stamp: datetime, url: str = "") -> Event:
    event = Event()
    event.add("uid", _uid("tournament", tournament.pk, base_url))
    event.add("dtstamp", stamp)
    _all_day(event, tournament.date)
    _text(event, "SUMMARY", tournament.name)
    event.add("url", urljoin(base_url, url or tournament.get_absolute_url()))
    return event


def _match_event(match, base_url: str, stamp: datetime) -> Event:
    event = Event()
    event.add("uid", _uid("match", match.pk, base_url))
    event.add("dtstamp", stamp)
    _all_day(event, match.tournament.date)
    _text(event, "SUMMARY", _match_title(match))
    _text(event, "DESCRIPTION", "\n".join(_match_lines(match)))
    event.add("url", urljoin(base_url, match.get_absolute_url()))
    return event


def _match_title(match) -> str:
    """The match as every page names it ("Quarter-final 1", "Consolation: Round 2, match
    3", a club night's "Round 2"), a dash, and its players."""
    if match.round is None:
        return str(match)
    return gettext("%(label)s – %(match)s") % {"label": match.label, "match": match}


def _match_lines(match) -> list[str]:
    lines = [
        match.tournament.name,
        ngettext("Match to %(length)s point", "Match to %(length)s points", match.length)
        % {"length": match.length},
    ]
    if match.table:
        lines.append(gettext("Table: %(table)s") % {"table": match.table})
    if clock := match.clock_text:
        lines.append(gettext("Clock: %(clock)s") % {"clock": clock})
    if match.is_decided:
        first, second = match.players
        lines.append(
            gettext("Result: %(first)s %(score1)s–%(score2)s %(second)s")
            % {"first": first, "score1": match.score1, "score2": match.score2, "second": second}
        )
        winner = match.players[match.winner_side]
        if match.decided_without_games:
            lines.append(
                gettext("Won by %(winner)s (%(how)s)")
                % {"winner": winner, "how": match.get_decided_by_display()}
            )
        else:
            lines.append(gettext("Won by %(winner)s") % {"winner": winner})
    return lines


def league_calendar(season, fixtures: Iterable, base_url: str, *, stamp=None) -> bytes:
    """A league season's fixtures with a date (the caller passes them with their
    division, teams and home club): all-day events at the home club's address, with the
    result once recorded."""
    calendar = _calendar(gettext("League: %(season)s") % {"season": season})
    stamp = stamp or timezone.now()
    for fixture in fixtures:
        if fixture.date is None:
            continue
        event = Event()
        event.add("uid", _uid("league-fixture", fixture.pk, base_url))
        event.add("dtstamp", stamp)
        _all_day(event, fixture.date)
        _text(event, "SUMMARY", f"{fixture.division.name}: {fixture}")
        if fixture.where:
            _text(event, "LOCATION", fixture.where)
        lines = [gettext("Round %(round)d") % {"round": fixture.round}]
        if fixture.has_result:
            lines.append(
                gettext("Result: %(home)d–%(away)d on boards")
                % {"home": fixture.home_boards, "away": fixture.away_boards}
            )
        _text(event, "DESCRIPTION", "\n".join(lines))
        event.add("url", urljoin(base_url, reverse("league-fixture", args=[fixture.pk])))
        calendar.add_component(event)
    return calendar.to_ical()
