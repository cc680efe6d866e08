"""The one door knows the club (issue 40, roles): an operation called by a director of
another club is refused with `NotYourClub` and writes nothing, whether it is about a
tournament, a match, a season or a player's details; a command (no user) and a player's
own write by their private link (no user) are not refused, and a federation
administrator (the permission, or a superuser) may write in every club."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission, User
from two_clubs import state, two_clubs

from builders import cup
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import GameReport, Membership, Player, Season, Tournament
from tournament.operations import links, registrations
from tournament.operations.reports import accept_report, report_game


@pytest.fixture
def clubs(db):
    return two_clubs()


def attempts(club, spare_season, newcomer):
    """What another club's director might try on `club`'s rows: (what, call(user))."""
    fresh = cup(club.season, 4, name="Copa nova", date="2002-07-01")
    ready = fresh.matches.filter(status="ready").order_by("pk").first()
    report = GameReport.objects.filter(match__tournament=club.cup).first()
    pair = club.draft.avoided_pairs.first()
    member = club.members[0]
    empty = Tournament.objects.create(season=club.season, name="Buit", date="2002-09-01")
    leaving = member_of(club, "Marxa")
    return [
        (
            "record a game",
            lambda user: operations.record_game(club.match, GameResult(0), user=user),
        ),
        ("walkover", lambda user: operations.walkover(ready, 0, user=user)),
        ("make the draw", lambda user: operations.make_draw(club.draft, rng_seed=1, user=user)),
        ("add an entry", lambda user: operations.add_entry(club.draft, newcomer, user=user)),
        (
            "change the tournament",
            lambda user: operations.change_tournament(
                club.draft, {"name": "Una altra"}, {}, user=user
            ),
        ),
        ("delete the tournament", lambda user: operations.delete_tournament(empty, user=user)),
        (
            "remove an avoided pair",
            lambda user: operations.remove_avoided_pair(club.draft, pair, user=user),
        ),
        (
            "close registration",
            lambda user: registrations.set_registration(
                club.draft, open_=False, cap=None, closes=None, user=user
            ),
        ),
        ("accept a report", lambda user: accept_report(report, user=user)),
        (
            "change the season",
            lambda user: operations.change_season_rules(
                club.season, club.season.rules, name="Una altra", user=user
            ),
        ),
        ("delete a season", lambda user: operations.delete_season(spare_season, user=user)),
        (
            "make a season",
            lambda user: operations.create_season(
                2007, "qgammon-2002", club=club.club.pk, user=user
            ),
        ),
        (
            "change a member's details",
            lambda user: operations.change_player(member, {"email": "nova@example.com"}, user=user),
        ),
        ("a member's new link", lambda user: links.rotate_link(member, user=user)),
        ("delete a member", lambda user: operations.delete_player(leaving, user=user)),
    ]


def spare_season(club) -> Season:
    season = Season.from_preset(2004, "qgammon-2002", name="Buida")
    season.club = club.club
    season.save()
    return season


def member_of(club, name: str) -> Player:
    player = Player.objects.create(name=name)
    Membership.objects.create(club=club.club, player=player)
    return player


@pytest.mark.parametrize("victim", [0, 1], ids=["founding club's rows", "second club's rows"])
def test_another_clubs_director_is_refused_and_nothing_is_written(clubs, victim):
    club, intruder = clubs[victim], clubs[1 - victim]
    tries = attempts(club, spare_season(club), member_of(club, "Nouvinguda"))
    for what, call in tries:
        before = state()
        with pytest.raises(operations.NotYourClub):
            call(intruder.director)
        assert state() == before, what
    # The club's own director may do each of them (the refusal was the club, not the
    # state of the rows): in this order, each leaves the next possible.
    for _what, call in tries:
        call(club.director)


def test_a_command_and_a_players_link_are_not_refused(clubs):
    for club in clubs:
        operations.record_game(club.match, GameResult(1))  # a command: no user
        fresh = cup(club.season, 4, name="Copa del mòbil", date="2002-08-01")
        ready = fresh.matches.filter(status="ready").order_by("pk").first()
        # A player's report by their private link carries no user.
        assert report_game(ready, ready.player1, GameResult(0)).pk


@pytest.mark.parametrize("how", ["permission", "superuser"])
def test_a_federation_administrator_writes_in_every_club(clubs, how):
    if how == "superuser":
        admin = User.objects.create_superuser("federacio", password="x")
    else:
        admin = User.objects.create_user("federacio", password="x")
        admin.user_permissions.add(Permission.objects.get(codename="administer_federation"))
    for club in clubs:
        operations.record_game(club.match, GameResult(0), user=admin)
        operations.change_player(club.members[1], {"email": "fed@example.com"}, user=admin)
        operations.create_season(2009, "qgammon-2002", club=club.club.pk, user=admin)
        operations.change_season_rules(club.season, club.season.rules, name="Fed", user=admin)


def test_a_player_of_no_club_is_the_founding_clubs_to_change(clubs):
    founding, second = clubs
    nobody = Player.objects.create(name="Sense Club")
    with pytest.raises(operations.NotYourClub) as refused:
        operations.change_player(nobody, {"phone": "600000000"}, user=second.director)
    assert "not a member of your club" in str(refused.value.message)
    operations.change_player(nobody, {"phone": "600000000"}, user=founding.director)
    # A member of both clubs: either club's directors may.
    both = member_of(second, "Dos Clubs")
    Membership.objects.create(club=founding.club, player=both)
    for club in clubs:
        operations.change_player(both, {"phone": "600000001"}, user=club.director)


def test_a_season_is_made_in_its_own_club_and_checked_against_its_seasons(clubs):
    founding, second = clubs
    # Both clubs have a 2002 season: the second club's is not the founding club's.
    assert founding.season.years == second.season.years
    with pytest.raises(operations.NotYourClub) as refused:
        operations.create_season(2011, "qgammon-2002", club=founding.club.pk, user=second.director)
    assert "another club's season" in str(refused.value.message)
    made = operations.create_season(2011, "qgammon-2002", club=second.club.pk, user=second.director)
    assert made.club_id == second.club.pk
