"""Calendars (.ics): the season's tournaments, and a player's tournaments and matches."""

from django.http import Http404


def season_calendar(request, year):
    raise Http404


def player_calendar(request, token):
    raise Http404
