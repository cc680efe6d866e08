"""The federation's league through the operations (docs/league.md): the season, its
division and the clubs' teams; the division's fixtures from the double round robin; a
fixture's boards hosted by the home club, recorded game by game by its director, the
result recorded by the home club and confirmed by the away club; a walkover; and the
one door saying no to every other club's director."""

from __future__ import annotations

import datetime as dt
from collections import Counter

import pytest
from django.contrib.auth.models import User
from league_world import SATURDAYS, a_league, fixture_between, play_boards

from builders import member
from tournament import operations
from tournament.core import federation_league as core
from tournament.core.scoring import GameResult
from tournament.models import (
    AuditEntry,
    LeagueFixture,
    LeagueTeam,
    Player,
    Tournament,
)
from tournament.operations import NotYourClub, OperationError
from tournament.operations.federation_league import boards_result
from tournament.queries.federation_league import division_fixtures, division_table


@pytest.fixture
def admin(db):
    return User.objects.create_superuser("federacio", password="x")


@pytest.fixture
def league(admin):
    return a_league(admin)


# --- the schedule -----------------------------------------------------------------------


def test_the_division_plays_a_double_round_robin_on_its_dates(league):
    _clubs, _season, _division, teams, fixtures = league
    assert len(fixtures) == 6
    venues = Counter((fixture.home_id, fixture.away_id) for fixture in fixtures)
    assert all(venues[(a.pk, b.pk)] == 1 for a in teams for b in teams if a != b)
    rounds = sorted({(fixture.round, fixture.date) for fixture in fixtures})
    assert rounds == list(enumerate(SATURDAYS, start=1))
    first = fixture_between(teams[0], teams[1])
    assert first.where == "Carrer Gran 1, Barcelona"  # the home club's address
    assert AuditEntry.objects.filter(action="fixtures_made").count() == 1


def test_the_schedule_is_the_federations_to_make(league):
    clubs, _season, division, _teams, _fixtures = league
    with pytest.raises(NotYourClub, match="federation's administrator"):
        operations.make_fixtures(division, user=clubs[0].director)
    with pytest.raises(OperationError, match="6 rounds"):
        operations.make_fixtures(division, round_dates=SATURDAYS[:2])
    assert division.fixtures.count() == 6


def test_a_team_is_its_clubs_members_registered_by_its_club(league):
    clubs, _season, division, _teams, _fixtures = league
    stranger = Player.objects.create(name="No soci")
    newcomers = [
        member(Player.objects.create(name=f"Nou {n}"), club=clubs[0].club) for n in range(3)
    ]
    squad = [player.pk for player in newcomers]
    with pytest.raises(NotYourClub, match="club's directors"):
        operations.save_league_team(
            division, club=clubs[0].club, name="B", squad=squad, user=clubs[1].director
        )
    with pytest.raises(OperationError, match="member of the club"):
        operations.save_league_team(
            division, club=clubs[0].club, name="B", squad=[*squad[:2], stranger.pk]
        )
    with pytest.raises(OperationError, match="at least 3"):
        operations.save_league_team(division, club=clubs[0].club, name="B", squad=squad[:2])
    with pytest.raises(OperationError, match="another one"):
        operations.save_league_team(
            division, club=clubs[0].club, name="B", squad=[*squad[:2], clubs[0].members[0].pk]
        )
    assert not LeagueTeam.objects.filter(name="B").exists()


# --- a fixture's boards and result ------------------------------------------------------


def test_the_home_club_hosts_the_boards_and_records_the_result_the_away_club_confirms(league):
    clubs, _season, _division, teams, _fixtures = league
    fixture = fixture_between(teams[0], teams[1])
    home, away = clubs[0], clubs[1]
    with pytest.raises(NotYourClub):
        operations.open_fixture(fixture, user=away.director)
    assert not Tournament.objects.filter(name__contains="Barcelona A v").exists()

    lineup = [home.members[2].pk, home.members[0].pk, home.members[1].pk]
    tournament = operations.open_fixture(fixture, home_players=lineup, user=home.director)
    assert tournament.season == home.season and tournament.date == fixture.date
    boards = list(tournament.matches.order_by("board"))
    assert [match.board for match in boards] == [1, 2, 3]
    assert boards[0].player1_id == lineup[0]  # board 1: the home team's player first
    assert boards[1].player2_id == lineup[1] and boards[1].player1_id == away.members[1].pk
    assert {match.length for match in boards} == {5}
    fixture.refresh_from_db()
    assert fixture.status == LeagueFixture.Status.PLAYING and fixture.tournament == tournament

    # The away club's director cannot write the home club's boards.
    with pytest.raises(NotYourClub):
        operations.record_game(boards[0], GameResult(0), user=away.director)
    for match, side in zip(boards[:2], [0, 1], strict=True):
        seat = side if match.board % 2 == 1 else 1 - side
        for _game in range(3):
            operations.record_game(match, GameResult(seat, kind="gammon"), user=home.director)
    with pytest.raises(OperationError, match="1 board is still to finish"):
        operations.record_fixture_result(fixture, user=home.director)
    for _game in range(3):
        operations.record_game(boards[2], GameResult(0, kind="gammon"), user=home.director)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED

    with pytest.raises(NotYourClub):
        operations.record_fixture_result(fixture, user=away.director)
    result = operations.record_fixture_result(fixture, user=home.director)
    assert (result.boards, result.winner) == ((2, 1), core.HOME)
    fixture.refresh_from_db()
    assert (fixture.home_boards, fixture.away_boards, fixture.winner) == (2, 1, "home")
    assert (fixture.home_points, fixture.away_points) == (10, 5)
    assert fixture.status == LeagueFixture.Status.PLAYED

    with pytest.raises(NotYourClub, match="other club's directors"):
        operations.confirm_fixture(fixture, user=home.director)
    with pytest.raises(NotYourClub):
        operations.confirm_fixture(fixture, user=clubs[2].director)
    operations.confirm_fixture(fixture, user=away.director)
    fixture.refresh_from_db()
    assert fixture.status == LeagueFixture.Status.CONFIRMED
    assert fixture.confirmed_by == away.director
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {"fixture_opened", "fixture_result", "fixture_confirmed"} <= actions


def test_a_result_confirmed_only_while_the_boards_still_say_it(league):
    clubs, _season, _division, teams, _fixtures = league
    fixture = fixture_between(teams[2], teams[0])
    home = clubs[2]
    tournament = operations.open_fixture(fixture, user=home.director)
    play_boards(tournament, [1, 1, 0], user=home.director)
    operations.record_fixture_result(fixture, user=home.director)
    fixture.refresh_from_db()
    assert fixture.winner == "away" and boards_result(fixture) == fixture.result
    # A board taken back after the result was recorded: the away club cannot confirm.
    last = tournament.matches.get(board=3)
    operations.undo_last_game(last, user=home.director)
    with pytest.raises(OperationError, match="records it again"):
        operations.confirm_fixture(fixture, user=clubs[0].director)
    fixture.refresh_from_db()
    assert fixture.status == LeagueFixture.Status.PLAYED


def test_the_boards_need_the_home_clubs_season_on_the_day(league, admin):
    clubs, _season, _division, teams, _fixtures = league
    fixture = fixture_between(teams[1], teams[2])
    LeagueFixture.objects.filter(pk=fixture.pk).update(date=dt.date(2003, 2, 1))
    with pytest.raises(OperationError, match="Girona has no season on 2003-02-01"):
        operations.open_fixture(fixture, user=clubs[1].director)
    with pytest.raises(OperationError, match="squad only"):
        operations.open_fixture(
            fixture_between(teams[1], teams[0]),
            away_players=[clubs[1].members[0].pk, *[p.pk for p in clubs[0].members[:2]]],
            user=clubs[1].director,
        )
    assert not LeagueFixture.objects.exclude(status="scheduled").exists()


# --- a walkover -------------------------------------------------------------------------


def test_a_team_that_does_not_turn_up_loses_by_walkover(league):
    clubs, _season, _division, teams, _fixtures = league
    fixture = fixture_between(teams[1], teams[2])  # Girona at home to Tarragona
    with pytest.raises(NotYourClub, match="whose team was there"):
        operations.record_walkover(fixture, absent="away", user=clubs[2].director)
    operations.record_walkover(fixture, absent="away", user=clubs[1].director)
    fixture.refresh_from_db()
    assert (fixture.home_boards, fixture.away_boards) == (3, 0)
    assert (fixture.home_points, fixture.winner, fixture.absent) == (15, "home", "away")
    assert fixture.result.match_points(core.LeagueSettings()) == (2, 0)
    # The club that did not turn up confirms it, not the claimant.
    with pytest.raises(NotYourClub):
        operations.confirm_fixture(fixture, user=clubs[1].director)
    operations.confirm_fixture(fixture, user=clubs[2].director)
    fixture.refresh_from_db()
    assert fixture.status == LeagueFixture.Status.CONFIRMED
    with pytest.raises(OperationError, match="played on its boards"):
        operations.record_walkover(fixture, absent="home", user=clubs[2].director)


# --- the table --------------------------------------------------------------------------


def test_the_table_counts_the_recorded_fixtures(league, django_assert_num_queries):
    clubs, _season, division, teams, _fixtures = league
    operations.record_walkover(fixture_between(teams[1], teams[2]), absent="away")
    fixture = fixture_between(teams[0], teams[1])
    tournament = operations.open_fixture(fixture)
    play_boards(tournament, [1, 0, 1], user=clubs[0].director)
    operations.record_fixture_result(fixture, user=clubs[0].director)
    division = type(division).objects.select_related("season").get(pk=division.pk)
    # Its teams with their clubs, and its recorded fixtures: two queries.
    with django_assert_num_queries(2):
        table = division_table(division)
    assert [
        (row.team.name, row.standing.match_points, row.standing.boards_won) for row in table
    ] == [
        ("Girona A", 4, 5),
        ("Barcelona A", 0, 1),
        ("Tarragona A", 0, 0),
    ]
    assert table[0].team.club.name == "Girona"
    with django_assert_num_queries(1):
        rounds = division_fixtures(division)
    assert [number for number, _fixtures in rounds] == [1, 2, 3, 4, 5, 6]
    assert rounds[0][1][0].where  # the home club's address, read with the fixture
