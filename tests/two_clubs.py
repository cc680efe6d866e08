"""Two clubs of one federation for the roles' tests (issue 40): the founding club and a
second one, each with its season, a cup drawn and started (a game recorded, a report
waiting), a draft open for sign-ups (a sign-up waiting, an avoided pair), a team event,
its members, a job, its director, and two league teams of its own with their fixtures.
Built as a director builds them (tests/builders.py), by commands (no user): the one door
refuses none of it."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.apps import apps
from django.contrib.auth.models import User
from django.test import Client

from builders import cup, team_event
from conftest import directors_group
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import (
    AuditEntry,
    Club,
    ClubRole,
    Job,
    Match,
    Membership,
    Player,
    Season,
    SignUp,
    Tournament,
)
from tournament.operations import jobs, registrations
from tournament.operations.reports import report_game


@dataclass
class OneClub:
    club: Club
    director: User
    season: Season
    cup: Tournament
    draft: Tournament
    teams: Tournament
    match: Match
    members: list[Player]
    values: dict = field(default_factory=dict)

    @property
    def prefix(self) -> str:
        return self.club.prefix


def _season(club: Club) -> Season:
    season = Season.from_preset(2002, "qgammon-2002", name=f"Temporada {club.slug}")
    season.club = club
    season.save()
    return season


def one_club(club: Club, letter: str) -> OneClub:
    """A club's season and events; its players are its members."""
    director = User.objects.create_user(f"director-{letter}", password="x", is_staff=True)
    # The role first: the Directors group (its admin permissions) would make a director
    # without one the founding club's.
    ClubRole.objects.get_or_create(club=club, user=director)
    director.groups.add(directors_group())
    season = _season(club)
    members = [Player.objects.create(name=f"{letter} Jugador {n}") for n in range(4)]
    the_cup = cup(season, members, name=f"Copa {letter}")
    first, second = the_cup.matches.filter(status="ready").order_by("pk")[:2]
    operations.record_game(first, GameResult(0))
    report = report_game(second, second.player1, GameResult(winner=0))
    draft = cup(season, members[:2], name=f"Oberta {letter}", rng_seed=None, date="2002-06-01")
    registrations.set_registration(draft, open_=True, cap=None, closes=None, user=None)
    registrations.sign_up(draft, f"{letter} Nou Jugador", f"nou-{letter}@example.com")
    pair = operations.add_avoided_pair(draft, members[0], members[1], reason="family")
    teams, made = team_event(season, teams=2, size=2, rng_seed=None, name=f"Lliga {letter}")
    job = jobs.enqueue("analysis", f"analysis:{first.pk}", [first.pk])
    every_player = {*members, *Player.objects.filter(team_places__tournament=teams)}
    Membership.objects.bulk_create(
        [Membership(club=club, player=player) for player in every_player], ignore_conflicts=True
    )
    values = {
        "tournament": the_cup.pk,
        "tournament_pk": the_cup.pk,
        "match": first.pk,
        "number": 1,
        "years": season.years,
        "report": report.pk,
        "job": job.pk,
        "player": members[0].pk,
        "sign_up_pk": SignUp.objects.get(tournament=draft).pk,
        "entry_pk": the_cup.entries.order_by("pk").first().pk,
        "pair_pk": pair.pk,
        "team": made[0].pk,
    }
    return OneClub(club, director, season, the_cup, draft, teams, first, members, values)


def _league(clubs: tuple[OneClub, ...]) -> None:
    """A league season with a division for each club, of two of its own teams (a club may
    register several): each club's fixture and team are its own alone."""
    season = operations.create_league_season(name="Lliga", years="2002", boards=2, match_length=3)
    for level, one in enumerate(clubs, start=1):
        division = operations.add_division(season, name=f"Divisió {one.club.slug}", level=level)
        teams = [
            operations.save_league_team(
                division,
                club=one.club,
                name=f"{one.club.slug} {number}",
                squad=[player.pk for player in one.members[2 * number : 2 * number + 2]],
            )
            for number in range(2)
        ]
        fixtures = operations.make_fixtures(
            division, round_dates=[datetime.date(2002, 5, 4), datetime.date(2002, 5, 11)]
        )
        one.values["fixture_pk"] = fixtures[0].pk
        one.values["league_team_pk"] = teams[0].pk


def two_clubs() -> tuple[OneClub, OneClub]:
    """The founding club (its players of no club's membership but their own) and
    "Club Dos" (/clubs/dos/), each with its league teams and fixtures."""
    founding = one_club(Club.founding(), "A")
    second = one_club(Club.objects.create(slug="dos", name="Club Dos"), "B")
    _league((founding, second))
    return founding, second


def row_counts() -> dict[str, int]:
    """Every table of the app, its rows counted across clubs, and the audit log's last
    entry: what a refused request must leave as it was."""
    counts = {
        model._meta.db_table: model._base_manager.count()
        for model in apps.get_app_config("tournament").get_models(include_auto_created=True)
    }
    counts["last audit entry"] = (
        AuditEntry.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    )
    counts["users"] = User.objects.count()
    return counts


def match_versions() -> dict[int, tuple]:
    """What a write to a match changes though it adds no row (its version, its score)."""
    return {
        row[0]: row[1:]
        for row in Match._base_manager.values_list("pk", "version", "status", "score1", "score2")
    }


def state() -> tuple:
    return row_counts(), match_versions(), list(Job.objects.values_list("pk", "status"))


def client_of(user) -> Client:
    """A browser logged in as `user`, asking in English."""
    client = Client(headers={"accept-language": "en"})
    client.force_login(user)
    return client
