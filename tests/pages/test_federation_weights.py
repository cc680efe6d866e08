"""The federation's administrator weighs a club's events (`/federation/clubs/<slug>/
weights/`): the page lists them with their weights; a weight saved is audited and
counts in the ranking; a weight it cannot be is a 400 with the reason, nothing saved;
a club's director gets a 403, a visitor the login; the form needs its CSRF token."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client

from builders import a_club
from tournament.models import AuditEntry, ClubRole, Season, Tournament

pytestmark = pytest.mark.django_db

URL = "/federation/clubs/girona/weights/"


@pytest.fixture
def events():
    club = a_club("girona", "Girona Backgammon")
    season = Season.from_preset(2002, "qgammon-2002", name="T Girona", club=club)
    season.save()
    return [
        Tournament.objects.create(season=season, name="Obert de Girona", date="2002-05-01"),
        Tournament.objects.create(season=season, name="Màster de Girona", date="2002-06-01"),
    ]


def logged_in(user, **options) -> Client:
    client = Client(headers={"accept-language": "en"}, **options)
    client.force_login(user)
    return client


@pytest.fixture
def administrator():
    user = User.objects.create_user("fedadmin", password="x")
    user.user_permissions.add(Permission.objects.get(codename="administer_federation"))
    return user


def test_the_page_lists_the_club_s_events_and_a_weight_is_saved(
    events, administrator, django_assert_num_queries
):
    client = logged_in(administrator)
    response = client.get(URL)
    assert response.status_code == 200
    text = response.content.decode()
    assert text.index("Màster de Girona") < text.index("Obert de Girona")  # newest first
    assert 'value="1.00"' in text
    master = events[1]
    response = client.post(URL, {"tournament": master.pk, "weight": "1,5"})
    assert response.status_code == 302 and response["Location"] == URL
    master.refresh_from_db()
    assert master.federation_weight == Decimal("1.50")
    assert AuditEntry.objects.filter(tournament=master, user=administrator).exists()
    assert "Màster de Girona now weighs 1.50." in client.get(URL).content.decode()


def test_a_weight_it_cannot_be_is_a_400_and_nothing_saved(events, administrator):
    client = logged_in(administrator)
    for weight in ("heavy", "11", "-2", "0.125"):
        response = client.post(URL, {"tournament": events[0].pk, "weight": weight})
        assert response.status_code == 400, weight
        assert "A weight is a number from 0 to 10" in response.content.decode()
    other = a_club("reus", "Reus")
    season = Season.from_preset(2002, "qgammon-2002", name="T Reus", club=other)
    season.save()
    theirs = Tournament.objects.create(season=season, name="Obert de Reus", date="2002-05-01")
    response = client.post(URL, {"tournament": theirs.pk, "weight": "2"})
    assert response.status_code == 400
    assert "No such event of the club." in response.content.decode()
    assert set(Tournament.objects.values_list("federation_weight", flat=True)) == {Decimal(1)}


def test_a_club_s_director_is_refused_and_a_visitor_sent_to_log_in(events):
    director = User.objects.create_user("director-girona")
    ClubRole.objects.create(club=events[0].season.club, user=director)
    client = logged_in(director)
    assert client.get(URL).status_code == 403
    assert client.post(URL, {"tournament": events[0].pk, "weight": "3"}).status_code == 403
    assert Client().get(URL).status_code == 302
    assert Tournament.objects.get(pk=events[0].pk).federation_weight == 1


def test_the_form_needs_its_csrf_token(events, administrator):
    client = logged_in(administrator, enforce_csrf_checks=True)
    response = client.post(URL, {"tournament": events[0].pk, "weight": "3"})
    assert response.status_code == 403
    assert Tournament.objects.get(pk=events[0].pk).federation_weight == 1


def test_the_page_costs_the_same_queries_at_two_events_and_at_twelve(events, administrator):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = logged_in(administrator)
    client.get(URL)
    with CaptureQueriesContext(connection) as few:
        client.get(URL)
    season = events[0].season
    for number in range(10):
        Tournament.objects.create(season=season, name=f"Nit {number}", date="2002-07-01")
    with CaptureQueriesContext(connection) as many:
        client.get(URL)
    assert len(few) == len(many)
    # The session, the user, their permissions and their groups', the club, its events,
    # the user's clubs (the menu's desk link).
    assert len(few) == 7
