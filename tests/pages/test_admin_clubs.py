"""The admin across clubs (issue 40, roles): a club's director sees in every list their
club's rows only, and another club's row opened by its address (to change, to read, to
delete, its history) is a 403; a federation administrator sees every club's. Clubs and
their roles are read-only in the admin for everyone (the federation's operations make
them). A director of a club that is not the founding one lands on their club's desk."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client
from django.urls import reverse
from two_clubs import client_of, state, two_clubs

from tournament.models import (
    AuditEntry,
    Club,
    ClubRole,
    Game,
    Match,
    Membership,
    Player,
    Season,
    Tournament,
)

MODELS = {
    "season": Season,
    "tournament": Tournament,
    "match": Match,
    "player": Player,
    "game": Game,
    "auditentry": AuditEntry,
}


@pytest.fixture
def clubs(db):
    return two_clubs()


def listed(client, name: str) -> set[int]:
    response = client.get(reverse(f"admin:tournament_{name}_changelist"), {"all": ""})
    assert response.status_code == 200, name
    return {row.pk for row in response.context["cl"].queryset}


def rows_of(club) -> dict[str, set[int]]:
    """Each list's rows of `club`, read across clubs."""
    tournaments = Tournament._base_manager.filter(season__club=club.club)
    members = set(Membership.objects.filter(club=club.club).values_list("player_id", flat=True))
    return {
        "season": set(Season._base_manager.filter(club=club.club).values_list("pk", flat=True)),
        "tournament": set(tournaments.values_list("pk", flat=True)),
        "match": set(
            Match._base_manager.filter(tournament__in=tournaments).values_list("pk", flat=True)
        ),
        "player": members,
        "game": set(
            Game.objects.filter(match__tournament__in=tournaments).values_list("pk", flat=True)
        ),
        "auditentry": set(
            AuditEntry.objects.filter(tournament__in=tournaments).values_list("pk", flat=True)
        ),
    }


def test_a_clubs_director_lists_their_clubs_rows_only(clubs):
    for me, other in (clubs, reversed(clubs)):
        client = client_of(me.director)
        mine, theirs = rows_of(me), rows_of(other)
        for name in MODELS:
            seen = listed(client, name)
            assert mine[name] <= seen, name
            assert not seen & (theirs[name] - mine[name]), name
    # The founding club's players of no club are its own.
    nobody = Player.objects.create(name="Sense Club")
    assert nobody.pk in listed(client_of(clubs[0].director), "player")
    assert nobody.pk not in listed(client_of(clubs[1].director), "player")


def test_another_clubs_row_in_the_admin_is_a_403_and_writes_nothing(clubs):
    founding, second = clubs
    for me, other in ((founding, second), (second, founding)):
        client = client_of(me.director)
        rows = {
            "season": other.season.pk,
            "tournament": other.draft.pk,
            "match": other.match.pk,
            "player": other.members[0].pk,
            "game": other.match.games.first().pk,
        }
        before = state()
        for name, pk in rows.items():
            for view in ("change", "delete", "history"):
                url = reverse(f"admin:tournament_{name}_{view}", args=[pk])
                assert client.get(url).status_code == 403, (name, view)
                assert client.post(url, {"post": "yes"}).status_code == 403, (name, view)
        assert state() == before
        # Their own club's are theirs to open.
        own = reverse("admin:tournament_tournament_change", args=[me.draft.pk])
        assert client.get(own).status_code == 200


def test_a_season_made_in_the_admin_is_the_directors_club(clubs):
    _founding, second = clubs
    client = client_of(second.director)
    response = client.post(
        reverse("admin:tournament_season_add"),
        {"year": "2002", "name": "Temporada de casa", "preset": "qgammon-2002"},
    )
    # 2002 is taken in the second club (its own season), not by the founding club's.
    assert response.status_code == 200
    assert "season of these years already" in response.content.decode()
    response = client.post(
        reverse("admin:tournament_season_add"),
        {"year": "2003", "name": "Temporada nova", "preset": "qgammon-2002"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Season._base_manager.get(name="Temporada nova").club_id == second.club.pk


def test_a_federation_administrator_sees_every_club(clubs):
    admin = User.objects.create_superuser("federacio", password="x")
    client = client_of(admin)
    for name in ("tournament", "season", "match"):
        seen = listed(client, name)
        for club in clubs:
            assert rows_of(club)[name] <= seen, name
    for club in clubs:
        url = reverse("admin:tournament_tournament_change", args=[club.draft.pk])
        assert client.get(url).status_code == 200


def test_clubs_and_roles_are_read_only_in_the_admin(clubs):
    founding, second = clubs
    admin = User.objects.create_superuser("federacio", password="x")
    for user in (admin, second.director):
        client = client_of(user)
        for name in ("club", "clubrole", "membership"):
            assert client.get(reverse(f"admin:tournament_{name}_add")).status_code == 403
    client = client_of(admin)
    before = state()
    url = reverse("admin:tournament_club_change", args=[second.club.pk])
    client.post(url, {"slug": "un-altre", "name": "Un altre"})
    assert Club.objects.get(pk=second.club.pk).slug == "dos"
    role = ClubRole.objects.get(user=second.director)
    client.post(reverse("admin:tournament_clubrole_delete", args=[role.pk]), {"post": "yes"})
    assert ClubRole.objects.filter(pk=role.pk).exists()
    assert state() == before
    # A director allowed to read clubs reads their own, not the others.
    second.director.user_permissions.add(Permission.objects.get(codename="view_club"))
    seen = listed(client_of(second.director), "club")
    assert seen == {second.club.pk}
    other = reverse("admin:tournament_club_change", args=[founding.club.pk])
    assert client_of(second.director).get(other).status_code == 403


def test_a_director_of_another_club_lands_on_their_clubs_desk(clubs):
    founding, second = clubs
    response = client_of(second.director).get(reverse("landing"))
    assert response.status_code == 302
    assert response["Location"] == "/clubs/dos/director/"
    assert client_of(second.director).get("/clubs/dos/director/").status_code == 200
    response = client_of(founding.director).get(reverse("landing"))
    assert response["Location"] == "/director/"
    # Logging in by the form leads there too.
    client = Client(headers={"accept-language": "en"})
    response = client.post(reverse("login"), {"username": "director-B", "password": "x"})
    assert response.status_code == 302
    assert client.get(response["Location"], follow=True).redirect_chain[-1][0] == (
        "/clubs/dos/director/"
    )
