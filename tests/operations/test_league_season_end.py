"""A league season's end (docs/league.md, "The season's end"): the federation's
administrator closes a season whose fixtures are all confirmed; the next season is made
from its final tables, the top of the lower division promoted, the bottom of the upper
relegated, a playoff's winner in the upper division; every team carried with its club,
name, captain and squad, ranked as the season ended. Refused (nothing made) while a
fixture waits, without a playoff's winner, twice, or by a club's director."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from league_world import LeagueClub

from builders import member
from tournament import operations
from tournament.models import LeagueFixture, LeagueSeason, LeagueTeam, Player
from tournament.operations import NotYourClub, OperationError

NAMES = ["A", "B", "C", "D", "E", "F"]  # A, B, C in the top division, D, E, F below


@pytest.fixture
def admin(db):
    return User.objects.create_superuser("federacio", password="x")


@pytest.fixture
def season(admin):
    """Two divisions of three teams, one promoted, one relegated, one playoff; every
    fixture decided by a walkover the better-ranked team wins, and confirmed: the
    tables end A, B, C and D, E, F."""
    clubs = [
        LeagueClub("bcn", "Barcelona", "Carrer Gran 1"),
        LeagueClub("gir", "Girona", "Plaça del Vi 2"),
    ]
    league = operations.create_league_season(
        name="Lliga", years="2002", boards=3, match_length=5, playoffs=1, user=admin
    )
    teams = {}
    for level in (1, 2):
        division = operations.add_division(league, name=f"Divisió {level}", level=level)
        for rank in range(1, 4):
            name = NAMES[(level - 1) * 3 + rank - 1]
            club = clubs[rank % 2]
            squad = [
                member(Player.objects.create(name=f"{name} {n}"), club=club.club).pk
                for n in range(3)
            ]
            teams[name] = operations.save_league_team(
                division, club=club.club, name=name, squad=squad, captain=squad[0], rank=rank
            )
        operations.make_fixtures(division)
    for fixture in LeagueFixture.objects.select_related("home", "away"):
        absent = "away" if fixture.home.rank < fixture.away.rank else "home"
        operations.record_walkover(fixture, absent=absent)
        operations.confirm_fixture(fixture)
    return clubs, league, teams


def test_the_next_season_from_the_final_tables_and_the_playoffs_winner(season, admin):
    _clubs, league, teams = season
    (playoff,) = operations.season_playoffs(league)
    assert (playoff.upper.name, playoff.lower.name) == ("B", "E")
    following = operations.close_league_season(
        league,
        name="Lliga",
        years="2003",
        playoff_winners={(teams["B"].pk, teams["E"].pk): teams["E"].pk},
        user=admin,
    )
    divisions = list(following.divisions.order_by("level"))
    assert [(d.name, d.level) for d in divisions] == [("Divisió 1", 1), ("Divisió 2", 2)]
    placed = [[team.name for team in division.teams.order_by("rank")] for division in divisions]
    # D promoted, C relegated, E won the playoff against B: the teams from above first,
    # then those who stayed, then those from below.
    assert placed == [["A", "D", "E"], ["B", "C", "F"]]
    carried = LeagueTeam.objects.get(season=following, name="D")
    assert carried.previous == teams["D"] and carried.club_id == teams["D"].club_id
    assert carried.captain_id == teams["D"].captain_id
    assert list(carried.squad.values_list("player", flat=True)) == list(
        teams["D"].squad.values_list("player", flat=True)
    )
    assert (following.boards, following.match_length, following.playoffs) == (3, 5, 1)
    with pytest.raises(OperationError, match="closed already"):
        operations.close_league_season(league, name="Lliga", years="2004", user=admin)


def test_a_season_closes_only_when_every_fixture_is_confirmed_and_every_playoff_won(season, admin):
    clubs, league, teams = season
    with pytest.raises(NotYourClub):
        operations.close_league_season(league, name="Lliga", years="2003", user=clubs[0].director)
    with pytest.raises(OperationError, match="The playoff B v E has no winner yet"):
        operations.close_league_season(league, name="Lliga", years="2003", user=admin)
    LeagueFixture.objects.filter(pk=LeagueFixture.objects.first().pk).update(status="played")
    with pytest.raises(OperationError, match="1 fixture is still to play or to confirm"):
        operations.close_league_season(
            league,
            name="Lliga",
            years="2003",
            playoff_winners={(teams["B"].pk, teams["E"].pk): teams["B"].pk},
            user=admin,
        )
    assert LeagueSeason.objects.count() == 1


def test_the_federation_closes_the_season_from_its_page(season, admin):
    _clubs, league, teams = season
    client = Client(headers={"accept-language": "en"})
    client.force_login(admin)
    page = client.get(f"/federation/league/{league.pk}/")
    assert "Playoff: B v E" in page.text
    url = f"/federation/league/{league.pk}/close/"
    refused = client.post(url, {"name": "Lliga", "years": "2003"})
    assert refused.status_code == 400 and LeagueSeason.objects.count() == 1
    done = client.post(url, {"name": "Lliga", "years": "2003", "playoff_1": teams["B"].pk})
    following = LeagueSeason.objects.get(years="2003")
    assert done.status_code == 302 and done.url == f"/federation/league/{following.pk}/"
    top = following.divisions.get(level=1)
    assert [team.name for team in top.teams.order_by("rank")] == ["A", "B", "D"]
    assert (
        "Closed: next season is Lliga 2003." in client.get(f"/federation/league/{league.pk}/").text
    )
