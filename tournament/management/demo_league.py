"""The demo's league of club teams (docs/league.md): one league season of this year with
one division of three club teams, one for each demo club (Q-gammon A, Girona A,
Tarragona A, four players each from their club's members), its double round robin of
six rounds: the first three played (the home club's director set the line-ups, every
board recorded game by game with random legal games, the result recorded from the
boards and confirmed by the away club), the last three to play.

Every row comes through the operations, made by commands (no user); the season is looked
up first, so loading twice changes nothing. The rounds played are dated in the past, on
days every home club has a season (the boards are its matches, under its rules): this
year's (the founding club's season is the calendar year), never in July or August (Girona's
seasons run September to June). The rounds to play are dated in the weeks to come."""

from __future__ import annotations

import datetime
import random

from .. import operations
from ..core import sample_games
from ..models import Club, LeagueFixture, LeagueSeason, Player, club_scope

NAME = "Lliga catalana de clubs"
DIVISION = "Divisió d'Honor"
BOARDS, LENGTH = 3, 5
# Each club's team: its name, its squad in board order (the captain first), members all.
TEAMS = {
    # Q-gammon's from members the demo's other events and their tests do not single out.
    "q-gammon": ("Q-gammon A", ("Gemma Torrent", "Roger Mas", "Berta Coll", "Sergio Ortega")),
    "girona-bg": (
        "Girona A",
        ("Quim Bassols", "Roser Masó", "Narcís Pijoan", "Fina Coromina"),
    ),
    "tarragona-bg": (
        "Tarragona A",
        ("Ferran Rovira", "Sílvia Cabré", "Jaume Gavaldà", "Teresa Solé"),
    ),
}
PLAYED_ROUNDS = 3
RNG_SEED = 2015  # the DBgF's rules of its club league, valid from 2015


def round_dates(today: datetime.date) -> list[datetime.date]:
    """Six rounds a fortnight apart: three played before today, three to play."""
    played = []
    for weeks in (5, 3, 1):
        day = max(today - datetime.timedelta(weeks=weeks), datetime.date(today.year, 1, 1))
        if day.month in (7, 8):  # no Girona season in the summer: the last day of June
            day = datetime.date(today.year, 6, 30)
        played.append(day)
    return [*played, *(today + datetime.timedelta(weeks=weeks) for weeks in (1, 3, 5))]


def load(today: datetime.date) -> int:
    """The league season, made or found; returns how many fixtures were played."""
    years = str(today.year)
    if LeagueSeason.objects.filter(name=NAME, years=years).exists():
        return 0
    with club_scope.everywhere():
        season = operations.create_league_season(
            name=NAME, years=years, boards=BOARDS, match_length=LENGTH
        )
        division = operations.add_division(season, name=DIVISION, level=1)
        for rank, (slug, (name, squad)) in enumerate(TEAMS.items(), start=1):
            players = [Player.objects.get(name=player).pk for player in squad]
            operations.save_league_team(
                division,
                club=Club.objects.get(slug=slug),
                name=name,
                squad=players,
                captain=players[0],
                rank=rank,
            )
        operations.make_fixtures(division, round_dates=round_dates(today))
        rng = random.Random(RNG_SEED)  # noqa: S311 - the demo's games, no secret
        played = division.fixtures.filter(round__lte=PLAYED_ROUNDS).order_by("round", "pk")
        for fixture in played:
            _play(fixture, rng)
        return len(played)


def _play(fixture: LeagueFixture, rng: random.Random) -> None:
    tournament = operations.open_fixture(fixture)
    for match in tournament.matches.filter(team_match__isnull=False).order_by("board"):
        for result in list(sample_games.games_to_finish(match.replay(), rng)):
            operations.record_game(match, result)
    operations.record_fixture_result(fixture)
    operations.confirm_fixture(fixture)
