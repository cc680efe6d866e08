"""The federation's pages: with one club `/` is its home as it always was; with several,
`/` is the federation's home (the clubs, what is on this week in any of them, the top
of the rating list), each club's home is `/clubs/<slug>/` with its own seasons only, its
name in the header and its results manager named; `/clubs/`; `/api/clubs/` and each
tournament's JSON naming its club; the federation administrator's pages at
`/federation/` (a 403 for a club's director). The pages cost the same queries at 2 clubs
and at 5."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import Permission, User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from conftest import directors_group
from tournament import operations
from tournament.models import AuditEntry, Club, ClubRole, Membership, Player, Season, Tournament

pytestmark = pytest.mark.django_db

TODAY = timezone.localdate()


def english() -> Client:
    return Client(headers={"accept-language": "en"})


def queries_of(client: Client, url: str) -> tuple[int, object]:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured), response


def a_season(club: Club, name: str) -> Season:
    season = Season.from_preset(TODAY.year, "qgammon-2002", name=name, club=club)
    season.save()
    return season


def an_event(season: Season, name: str, *, days: int = 0, **fields) -> Tournament:
    return Tournament.objects.create(
        season=season, name=name, date=TODAY + datetime.timedelta(days=days), **fields
    )


def members(club: Club, *names: str) -> list[Player]:
    found = []
    for name in names:
        player, _created = Player.objects.get_or_create(name=name)
        Membership.objects.create(club=club, player=player)
        found.append(player)
    return found


@pytest.fixture
def founding():
    directors_group()
    club = Club.founding()
    season = a_season(club, "Temporada Q")
    an_event(season, "Copa Q de la setmana", days=2)
    an_event(season, "Copa Q del mes que ve", days=30)
    an_event(season, "Copa Q privada", days=1, public=False)
    members(club, "Anna Bosch", "Xavier Roca")
    return club


@pytest.fixture
def girona(founding):
    club = operations.create_club("girona", "Girona Backgammon")
    season = a_season(club, "Temporada Girona")
    an_event(season, "Obert de Girona", days=3)
    an_event(season, "Lliga de Girona", days=-20, status=Tournament.Status.RUNNING)
    an_event(season, "Copa d'hivern de Girona", days=-60, status=Tournament.Status.FINISHED)
    members(club, "Anna Bosch", "Laia Puig", "Pere Soler")
    return club


def more_clubs(count: int) -> None:
    for number in range(count):
        club = operations.create_club(f"club-{number}", f"Club {number}")
        an_event(a_season(club, f"Temporada {number}"), f"Obert {number}", days=1)
        members(club, f"Jugador {number}")


def rated(*names_and_ratings, experience: int = 200) -> None:
    """Players rated lately on `experience` (the published list's 200 by default)."""
    for name, rating in names_and_ratings:
        Player.objects.filter(name=name).update(
            rating=rating, rating_experience=experience, last_rated_at=timezone.now()
        )


# --- `/` with one club, and with several


def test_with_one_club_home_is_the_club_s_as_it_was(founding):
    count, response = queries_of(english(), "/")
    assert "tournament/home.html" in [t.name for t in response.templates]
    assert "tournament/federation_home.html" not in [t.name for t in response.templates]
    text = response.content.decode()
    assert "Q-gammon tournaments" in text
    assert "Copa Q de la setmana" in text
    assert "Results manager" not in text
    # The live matches, the next ones, the seasons (the clubs' question in it), the
    # current season's tournaments: as before clubs.
    assert count == 4


def test_with_one_club_and_no_season_home_still_answers(db):
    directors_group()
    Club.founding()
    count, response = queries_of(english(), "/")
    assert "No seasons yet." in response.content.decode()
    assert count <= 4


def test_with_two_clubs_home_is_the_federation_s(girona):
    rated(("Anna Bosch", 1620.0), ("Laia Puig", 1710.5))
    rated(("Xavier Roca", 1800.0), experience=199)  # provisional: not on the home's list
    count, response = queries_of(english(), "/")
    assert "tournament/federation_home.html" in [t.name for t in response.templates]
    text = response.content.decode()
    # The clubs, each to its home, with its members and next event.
    assert 'href="/clubs/girona/">Girona Backgammon</a>' in text
    assert 'href="/clubs/q-gammon/">Q-gammon</a>' in text
    assert "3 members" in text and "2 members" in text
    # This week's events of both clubs, each in its club's addresses; a running event
    # whatever its date; not next month's, a private one or a finished one.
    week = [t.name for t in response.context["week"]]
    assert week == ["Lliga de Girona", "Copa Q de la setmana", "Obert de Girona"]
    obert = Tournament.objects.get(name="Obert de Girona")
    copa = Tournament.objects.get(name="Copa Q de la setmana")
    assert f'href="/clubs/girona/tournaments/{obert.pk}/"' in text
    assert f'href="/tournaments/{copa.pk}/"' in text
    for hidden in ("Copa Q del mes que ve", "Copa Q privada", "Copa d&#x27;hivern de Girona"):
        assert hidden not in text
    # The next event of each club.
    assert "Next:" in text
    # The top of the federation's published rating list, across clubs.
    assert [p.name for p in response.context["top"]] == ["Laia Puig", "Anna Bosch"]
    assert text.index("Laia Puig") < text.index("Anna Bosch", text.index("top-heading"))
    # The seasons (asking about the clubs), the clubs, the week, the list's thresholds
    # and its top.
    assert count == 5


def test_the_federation_s_home_costs_the_same_at_2_and_at_5_clubs(girona):
    at_two, _response = queries_of(english(), "/")
    more_clubs(3)
    at_five, response = queries_of(english(), "/")
    assert len(response.context["clubs"]) == 5
    assert at_two == at_five == 5


def test_a_club_s_home_shows_its_own_seasons_only(girona):
    response = english().get("/clubs/girona/")
    assert response.status_code == 200
    text = response.content.decode()
    assert "tournament/home.html" in [t.name for t in response.templates]
    assert "Temporada Girona" in text and "Obert de Girona" in text
    assert "Temporada Q" not in text and "Copa Q de la setmana" not in text
    # Its name in the header and the title, not the founding club's.
    assert '<a class="brand" href="/clubs/girona/">Girona Backgammon</a>' in text
    assert "<h1>Girona Backgammon tournaments</h1>" in text
    assert "Girona Backgammon tournaments · Girona Backgammon</title>" in text
    # The founding club's home by its own address keeps its look.
    founding = english().get("/clubs/q-gammon/").content.decode()
    assert "Copa Q de la setmana" in founding and "Obert de Girona" not in founding
    assert '<a class="brand" href="/clubs/q-gammon/">Q-gammon</a>' in founding


def test_a_club_s_home_names_its_results_manager(girona):
    manager = User.objects.create_user("mercè", first_name="Mercè", last_name="Vila")
    operations.appoint_director(girona, manager, role="results_manager")
    text = english().get("/clubs/girona/").content.decode()
    assert "Results manager: Mercè Vila" in text
    # Not the other club's.
    assert "Results manager" not in english().get("/clubs/q-gammon/").content.decode()
    # One without a full name is named by their username.
    bare = User.objects.create_user("jordi")
    operations.appoint_director(Club.founding(), bare, role="results_manager")
    assert "Results manager: jordi" in english().get("/clubs/q-gammon/").content.decode()


def test_the_clubs_page_lists_every_club(girona):
    count, response = queries_of(english(), "/clubs/")
    text = response.content.decode()
    assert 'href="/clubs/girona/">Girona Backgammon</a>' in text
    assert "3 members · 3 tournaments" in text  # public ones: the finished one too
    assert 'href="/clubs/q-gammon/">Q-gammon</a>' in text
    assert "2 members · 2 tournaments" in text  # not the private one
    assert count == 1


# --- the JSON


def test_api_clubs_answers_each_club_with_its_counts(girona):
    count, response = queries_of(english(), "/api/clubs/")
    assert response.json() == {
        "clubs": [
            {"slug": "girona", "name": "Girona Backgammon", "players": 3, "tournaments": 3},
            {"slug": "q-gammon", "name": "Q-gammon", "players": 2, "tournaments": 2},
        ]
    }
    assert count == 1


def test_api_clubs_costs_one_query_at_2_and_at_5_clubs(girona):
    at_two, _response = queries_of(english(), "/api/clubs/")
    more_clubs(3)
    at_five, response = queries_of(english(), "/api/clubs/")
    assert len(response.json()["clubs"]) == 5
    assert at_two == at_five == 1


def test_each_tournament_in_the_json_says_its_club(girona):
    listed = english().get("/api/tournaments/").json()["tournaments"]
    assert {t["club"] for t in listed} == {"q-gammon"}
    listed = english().get("/clubs/girona/api/tournaments/").json()["tournaments"]
    assert {t["name"]: t["club"] for t in listed} == {
        "Obert de Girona": "girona",
        "Lliga de Girona": "girona",
        "Copa d'hivern de Girona": "girona",
    }
    obert = Tournament.objects.get(name="Obert de Girona")
    one = english().get(f"/clubs/girona/api/tournaments/{obert.pk}/").json()
    assert one["club"] == "girona"
    assert one["url"] == f"/clubs/girona/api/tournaments/{obert.pk}/"


# --- the federation administrator's pages


@pytest.fixture
def admin_client(founding):
    user = User.objects.create_user("fedadmin", password="secret-pass-1234", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="administer_federation"))
    client = english()
    client.force_login(user)
    return client


@pytest.fixture
def club_director_client(founding):
    user = User.objects.create_user("tdirector", password="secret-pass-1234", is_staff=True)
    user.groups.add(directors_group())  # the founding club's director
    client = english()
    client.force_login(user)
    return client


def test_the_federation_s_pages_are_its_administrator_s(girona, club_director_client):
    anna = User.objects.create_user("anna")
    operations.appoint_director(girona, anna)
    addresses = [
        ("get", "/federation/"),
        ("post", "/federation/"),
        ("get", "/federation/clubs/girona/"),
        ("post", "/federation/clubs/girona/"),
        ("post", "/federation/clubs/girona/appoint/"),
        ("post", f"/federation/clubs/girona/remove/{anna.pk}/"),
    ]
    for method, url in addresses:
        # A visitor goes to the login, a club's director gets a 403.
        visitor = getattr(english(), method)(url)
        assert visitor.status_code == 302 and "/accounts/login/" in visitor["Location"], url
        assert getattr(club_director_client, method)(url).status_code == 403, url
    assert ClubRole.objects.filter(user=anna).exists()
    assert Club.objects.count() == 2


def test_the_administrator_makes_a_club_and_appoints_its_directors(admin_client):
    response = admin_client.get("/federation/")
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    assert 'name="csrfmiddlewaretoken"' in response.content.decode()
    response = admin_client.post("/federation/", {"slug": "reus", "name": "Reus Backgammon"})
    assert response.status_code == 302 and response["Location"] == "/federation/clubs/reus/"
    club = Club.objects.get(slug="reus")
    page = admin_client.get("/federation/clubs/reus/").content.decode()
    assert "Reus Backgammon" in page and "Nobody runs the club yet." in page
    # Every form posts its token: the page's (appoint, details) and the layout's.
    assert page.count('method="post"') == page.count('name="csrfmiddlewaretoken"') == 4
    # A taken or unreadable address name is sent back with its reason.
    refused = admin_client.post("/federation/", {"slug": "reus", "name": "Again"})
    assert refused.status_code == 400
    assert "Another club has the address name" in refused.content.decode()
    refused = admin_client.post("/federation/", {"slug": "no way", "name": "Again"})
    assert "letters, digits and hyphens" in refused.content.decode()

    # Its details.
    response = admin_client.post(
        "/federation/clubs/reus/",
        {"name": "Reus BG", "language": "ca", "email": "info@reus.example", "website": "reus.cat"},
    )
    assert response.status_code == 302
    club.refresh_from_db()
    assert (club.name, club.language, club.website) == ("Reus BG", "ca", "https://reus.cat")
    refused = admin_client.post("/federation/clubs/reus/", {"name": "", "email": "nope"})
    assert refused.status_code == 400

    # Its director and results manager, by username.
    joan = User.objects.create_user("joan")
    marta = User.objects.create_user("marta", first_name="Marta", last_name="Serra")
    admin_client.post("/federation/clubs/reus/appoint/", {"username": "joan", "role": "director"})
    admin_client.post(
        "/federation/clubs/reus/appoint/", {"username": "marta", "role": "results_manager"}
    )
    assert set(ClubRole.objects.filter(club=club).values_list("user__username", "role")) == {
        ("joan", "director"),
        ("marta", "results_manager"),
    }
    # Neither is the founding club's (the Directors group's signal came after the role).
    assert not ClubRole.objects.filter(user__in=[joan, marta], club=Club.founding()).exists()
    refused = admin_client.post(
        "/federation/clubs/reus/appoint/", {"username": "nobody", "role": "director"}
    )
    assert refused.status_code == 400 and "No user named" in refused.content.decode()
    assert "Results manager: Marta Serra" in english().get("/clubs/reus/").content.decode()

    # Removed.
    response = admin_client.post(f"/federation/clubs/reus/remove/{joan.pk}/")
    assert response.status_code == 302
    assert not ClubRole.objects.filter(user=joan).exists()
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {"club_created", "club_changed", "director_appointed", "director_removed"} <= actions


def test_the_federation_s_forms_need_their_csrf_token(founding):
    user = User.objects.create_user("fedadmin", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="administer_federation"))
    client = Client(enforce_csrf_checks=True, headers={"accept-language": "en"})
    client.force_login(user)
    response = client.post("/federation/", {"slug": "reus", "name": "Reus"})
    assert response.status_code == 403
    assert not Club.objects.filter(slug="reus").exists()
