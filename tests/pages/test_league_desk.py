"""The league's director and federation pages (docs/league.md, "Who does what"): the
federation's administrator makes a league season, its divisions and their fixtures on
their dates; a club's director registers a team from its members; the home club's
director sets a fixture's line-ups (its boards are then the ordinary match sheets of the
home club) and records its result, the away club's director confirms it; a walkover is
claimed and confirmed. Every write through the operations: the wrong club is a 403, bad
input a 400 with its message and nothing saved, a POST needs its CSRF token."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.test import Client
from league_world import a_league, fixture_between, play_boards
from two_clubs import client_of

from builders import member
from tournament.models import LeagueDivision, LeagueFixture, LeagueSeason, LeagueTeam, Player


@pytest.fixture
def admin(db):
    return User.objects.create_superuser("federacio", password="x")


@pytest.fixture
def league(admin):
    return a_league(admin)


# --- the federation's pages -------------------------------------------------------------

SEASON = {
    "name": "Lliga nova",
    "years": "2003",
    "boards": "4",
    "match_length": "7",
    "win_points": "2",
    "draw_points": "1",
    "loss_points": "0",
    "promote": "1",
    "relegate": "1",
    "playoffs": "0",
    "walkover_points": "",
}


def test_the_federation_makes_a_season_its_divisions_and_fixtures(league, admin):
    clubs, _season, _division, _teams, _fixtures = league
    client = client_of(admin)
    assert client.get("/federation/league/").status_code == 200
    assert client_of(clubs[0].director).get("/federation/league/").status_code == 403
    assert Client().get("/federation/league/").status_code == 302  # to the login

    refused = client.post("/federation/league/", {**SEASON, "win_points": "1"})
    assert refused.status_code == 400
    assert "A win counts more than a draw" in refused.text
    assert not LeagueSeason.objects.filter(name="Lliga nova").exists()
    response = client.post("/federation/league/", SEASON)
    made = LeagueSeason.objects.get(name="Lliga nova")
    assert response.status_code == 302 and response.url == f"/federation/league/{made.pk}/"
    assert made.boards == 4 and made.walkover_points is None

    made_url = f"/federation/league/{made.pk}/"
    assert client.post(made_url, {"name": "Primera", "level": "1"}).status_code == 302
    twice = client.post(made_url, {"name": "Segona", "level": "1"})
    assert twice.status_code == 400 and "already has a division there" in twice.text
    assert list(made.divisions.values_list("name", flat=True)) == ["Primera"]
    page = client.get(made_url)
    assert "Primera" in page.text and "No team registered yet" in page.text


def test_the_fixtures_made_on_their_dates(league, admin):
    clubs, _season, division, _teams, _fixtures = league
    client = client_of(admin)
    url = f"/federation/league/divisions/{division.pk}/fixtures/"
    prefix = f"division-{division.pk}"
    assert client.get(url).status_code == 405
    bad = client.post(url, {f"{prefix}-first": "2002-11-03", f"{prefix}-every": "0"})
    assert bad.status_code == 400
    assert LeagueFixture.objects.filter(date=dt.date(2002, 11, 3)).count() == 0
    assert (
        client_of(clubs[0].director).post(url, {f"{prefix}-first": "2002-11-03"}).status_code == 403
    )
    done = client.post(url, {f"{prefix}-first": "2002-11-03", f"{prefix}-every": "14"})
    assert done.status_code == 302
    dates = sorted({fixture.date for fixture in division.fixtures.all()})
    assert dates == [dt.date(2002, 11, 3) + dt.timedelta(days=14 * n) for n in range(6)]
    # Under way: made again no more, with the reason.
    fixture = division.fixtures.order_by("round", "pk").first()
    LeagueFixture.objects.filter(pk=fixture.pk).update(status="playing")
    again = client.post(url, {f"{prefix}-first": "2003-01-04", f"{prefix}-every": "7"})
    assert again.status_code == 400 and "under way" in again.text


def test_a_post_without_its_csrf_token_is_refused(league, admin):
    client = Client(enforce_csrf_checks=True)
    client.force_login(admin)
    assert client.post("/federation/league/", SEASON).status_code == 403
    assert not LeagueSeason.objects.filter(name="Lliga nova").exists()


# --- a club registers its team ----------------------------------------------------------


def test_a_club_registers_a_team_of_its_members(league):
    clubs, _season, division, _teams, _fixtures = league
    home = clubs[0]
    client = client_of(home.director)
    page = client.get("/clubs/bcn/director/league/")
    assert page.status_code == 200 and "Barcelona A" in page.text
    newcomers = [member(Player.objects.create(name=f"Nou {n}"), club=home.club) for n in range(3)]
    data = {
        "division": division.pk,
        "name": "Barcelona B",
        "captain": newcomers[1].pk,
        "squad_1": newcomers[1].pk,
        "squad_2": newcomers[0].pk,
    }
    too_few = client.post("/clubs/bcn/director/league/", data)
    assert too_few.status_code == 400 and "at least 3 players" in too_few.text
    stranger = clubs[1].members[0]
    not_ours = client.post("/clubs/bcn/director/league/", {**data, "squad_3": stranger.pk})
    assert not_ours.status_code == 400  # not one of the choices: the club's members
    assert not LeagueTeam.objects.filter(name="Barcelona B").exists()
    done = client.post("/clubs/bcn/director/league/", {**data, "squad_3": newcomers[2].pk})
    assert done.status_code == 302
    team = LeagueTeam.objects.get(name="Barcelona B")
    assert team.club == home.club and team.captain == newcomers[1]
    assert list(team.squad.values_list("player", flat=True)) == [
        newcomers[1].pk,
        newcomers[0].pk,
        newcomers[2].pk,
    ]
    # Its page is its club's: another club's director gets a 403 by either address.
    url = f"/director/league/teams/{team.pk}/"
    assert client.get(f"/clubs/bcn{url}").status_code == 200
    assert client_of(clubs[1].director).get(f"/clubs/gir{url}").status_code == 403
    assert client_of(clubs[1].director).get(f"/clubs/bcn{url}").status_code == 403


# --- a fixture: line-ups, result, confirmation, walkover --------------------------------


def lineup_data(fixture: LeagueFixture) -> dict:
    home = list(fixture.home.squad.order_by("board").values_list("player", flat=True))
    away = list(fixture.away.squad.order_by("board").values_list("player", flat=True))
    return {f"home_{n}": home[n - 1] for n in (1, 2, 3)} | {f"away_{n}": away[n] for n in (1, 2, 3)}


def test_the_home_club_sets_the_line_ups_and_records_the_away_club_confirms(
    league, django_assert_num_queries
):
    clubs, _season, _division, teams, _fixtures = league
    fixture = fixture_between(teams[0], teams[1])
    home, away = client_of(clubs[0].director), client_of(clubs[1].director)
    url = f"/director/league/fixtures/{fixture.pk}/"
    # The club, the session, the user, their clubs, the fixture's clubs at the door; the
    # fixture with its teams and clubs, both squads with their players.
    with django_assert_num_queries(7):
        page = home.get(f"/clubs/bcn{url}")
    assert page.status_code == 200 and "Set the line-ups" in page.text
    assert "Set the line-ups" not in away.get(f"/clubs/gir{url}").text
    # A club not in the fixture: a 403 at the door.
    assert client_of(clubs[2].director).get(f"/clubs/tgn{url}").status_code == 403

    data = lineup_data(fixture)
    assert away.post(f"/clubs/gir{url}line-ups/", data).status_code == 403
    twice = home.post(f"/clubs/bcn{url}line-ups/", {**data, "home_2": data["home_1"]})
    assert twice.status_code == 400 and "3 different players" in twice.text
    fixture.refresh_from_db()
    assert fixture.status == "scheduled" and fixture.tournament is None
    assert home.post(f"/clubs/bcn{url}line-ups/", data).status_code == 302
    fixture.refresh_from_db()
    boards = list(fixture.tournament.matches.order_by("board"))
    assert boards[0].player1_id == data["home_1"] and boards[0].player2_id == data["away_1"]
    with django_assert_num_queries(7):  # the boards with their players for the squads
        page = home.get(f"/clubs/bcn{url}")
    for board in boards:  # each board's match sheet, in the home club's pages
        sheet = f"/clubs/bcn/director/tournaments/{fixture.tournament_id}/matches/{board.pk}/"
        assert f'href="{sheet}"' in page.text
        assert home.get(sheet).status_code == 200
    assert away.get(f"/clubs/gir/director/tournaments/{fixture.tournament_id}/").status_code == 403

    early = home.post(f"/clubs/bcn{url}result/")
    assert early.status_code == 400 and "3 boards are still to finish" in early.text
    play_boards(fixture.tournament, [0, 1, 0], user=clubs[0].director)
    assert away.post(f"/clubs/gir{url}result/").status_code == 403
    assert home.post(f"/clubs/bcn{url}result/").status_code == 302
    fixture.refresh_from_db()
    assert (fixture.status, fixture.home_boards, fixture.away_boards) == ("played", 2, 1)

    assert home.post(f"/clubs/bcn{url}confirm/").status_code == 403
    page = away.get(f"/clubs/gir{url}")
    assert "Confirm the result" in page.text and "Recorded: 2–1 on boards." in page.text
    assert away.post(f"/clubs/gir{url}confirm/").status_code == 302
    fixture.refresh_from_db()
    assert fixture.status == "confirmed" and fixture.confirmed_by == clubs[1].director
    # The club by its address, the session, the user, their clubs; the club's teams, its
    # fixtures, the divisions open to a new team, its members for the squad's selects.
    with django_assert_num_queries(8):
        desk = away.get("/clubs/gir/director/league/")
    assert "Barcelona A" in desk.text and "confirmed" in desk.text


def test_a_walkover_claimed_by_the_club_that_was_there(league):
    clubs, _season, _division, teams, _fixtures = league
    fixture = fixture_between(teams[1], teams[2])  # Girona at home to Tarragona
    url = f"/director/league/fixtures/{fixture.pk}/"
    tarragona, girona = client_of(clubs[2].director), client_of(clubs[1].director)
    assert tarragona.post(f"/clubs/tgn{url}walkover/", {"absent": "away"}).status_code == 403
    assert girona.post(f"/clubs/gir{url}walkover/", {"absent": "nobody"}).status_code == 400
    fixture.refresh_from_db()
    assert fixture.status == "scheduled"
    assert girona.post(f"/clubs/gir{url}walkover/", {"absent": "away"}).status_code == 302
    fixture.refresh_from_db()
    assert (fixture.status, fixture.absent, fixture.home_boards) == ("played", "away", 3)
    assert girona.post(f"/clubs/gir{url}confirm/").status_code == 403
    assert tarragona.post(f"/clubs/tgn{url}confirm/").status_code == 302
    fixture.refresh_from_db()
    assert fixture.status == "confirmed"


def test_a_missing_fixture_or_team_is_a_404(league):
    clubs, *_rest = league
    client = client_of(clubs[0].director)
    assert client.get("/clubs/bcn/director/league/fixtures/99999/").status_code == 404
    assert client.get("/clubs/bcn/director/league/teams/99999/").status_code == 404
    assert LeagueDivision.objects.count() == 1
