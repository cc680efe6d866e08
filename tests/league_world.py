"""A league of three clubs' teams for the league's tests (docs/league.md): each club with
its address, its season of 2002, its director and five members; a league season of 3
boards to 5 points with one division of the three clubs' teams, its fixtures on six
Saturdays. Built through the operations, as the federation and the clubs build it."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User

from builders import a_club, member
from conftest import directors_group
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import ClubRole, LeagueFixture, LeagueTeam, Player, Season, Tournament

SATURDAYS = [dt.date(2002, 10, 5) + dt.timedelta(weeks=week) for week in range(6)]


class LeagueClub:
    """A club of the league: its address, season of 2002, director and five members."""

    def __init__(self, slug: str, name: str, address: str) -> None:
        self.club = a_club(slug, name)
        self.club.address = address
        self.club.save()
        season = Season.from_preset(2002, "qgammon-2002", name=f"Temporada {slug}")
        season.club = self.club
        season.save()
        self.season = season
        self.director = User.objects.create_user(f"director-{slug}", password="x")
        ClubRole.objects.create(club=self.club, user=self.director)
        self.director.groups.add(directors_group())
        self.members = [
            member(Player.objects.create(name=f"{name} {n}"), club=self.club) for n in range(1, 6)
        ]


def a_league(admin):
    """Three clubs' teams of five in one division of a league of 3 boards to 5 points."""
    clubs = [
        LeagueClub("bcn", "Barcelona", "Carrer Gran 1, Barcelona"),
        LeagueClub("gir", "Girona", "Plaça del Vi 2, Girona"),
        LeagueClub("tgn", "Tarragona", "Rambla Nova 3, Tarragona"),
    ]
    season = operations.create_league_season(
        name="Lliga de clubs", years="2002", boards=3, match_length=5, user=admin
    )
    division = operations.add_division(season, name="Divisió d'Honor", level=1, user=admin)
    teams = [
        operations.save_league_team(
            division,
            club=club.club,
            name=f"{club.club.name} A",
            squad=[player.pk for player in club.members],
            captain=club.members[0].pk,
            rank=rank,
            user=club.director,
        )
        for rank, club in enumerate(clubs, start=1)
    ]
    fixtures = operations.make_fixtures(division, round_dates=SATURDAYS, user=admin)
    return clubs, season, division, teams, fixtures


def fixture_between(home: LeagueTeam, away: LeagueTeam) -> LeagueFixture:
    return LeagueFixture.objects.get(home=home, away=away)


def play_boards(tournament: Tournament, winners: list[int], user) -> None:
    """Board i won by side winners[i] of the fixture (0 the home team), game by game by
    `user`: gammons until it is won."""
    for match in tournament.matches.order_by("board"):
        side = winners[match.board - 1]
        seat = side if match.board % 2 == 1 else 1 - side  # sides alternate by board
        while True:
            match.refresh_from_db()
            if match.is_decided:
                break
            operations.record_game(match, GameResult(seat, kind="gammon"), user=user)
