"""Club nights for the tests: a Swiss or a round robin with its players checked in, and
its matches played out through the operations."""

from tournament import operations
from tournament.core import club_nights
from tournament.core.scoring import GameResult
from tournament.models import Player, Tournament


def make_club_night(season, count, *, format=club_nights.SWISS, **settings):
    tournament = Tournament.objects.create(
        season=season, name=f"Nit de club {format}", date="2002-11-09", format=format, **settings
    )
    players = [Player.objects.create(name=f"Jugador {number:02}") for number in range(count)]
    for player in players:
        operations.add_entry(tournament, player, checked_in=True)
    return tournament, players


def win(match, side=0):
    """Play the match out: `side` wins it with single games."""
    match.refresh_from_db()
    while not match.is_decided:
        operations.record_game(match, GameResult(side))
        match.refresh_from_db()


def play_round(tournament, number, pick=lambda match: 0):
    for match in tournament.matches.filter(round=number).open():
        win(match, pick(match))


def rounds_of(tournament):
    found = {}
    for match in tournament.matches.filter(round__isnull=False):
        found.setdefault((match.group, match.round), []).append(match)
    return found
