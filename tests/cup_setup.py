"""Cups for the tests: named players checked in and the draw made, and matches played
to their end through the operations."""

from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import Player, Tournament

FOUR = ("Anna", "Berta", "Carla", "Dolors")


def drawn_cup(season, names=FOUR, *, name="Copa", start=False) -> Tournament:
    tournament = Tournament.objects.create(season=season, name=name, date="2002-05-01")
    for player_name in names:
        operations.add_entry(tournament, Player.objects.create(name=player_name), checked_in=True)
    operations.make_draw(tournament, rng_seed=1)
    if start:
        operations.start_tournament(tournament)
    return tournament


def play_to_the_end(match, winner: int = 0) -> None:
    """One-point games to `winner` until the match is decided."""
    while not match.is_decided:
        operations.record_game(match, GameResult(winner))
        match.refresh_from_db()
