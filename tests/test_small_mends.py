"""Small things a new director and a player tripped over (issue 15's list): logging in
lands on the desk, every page names its icon, the JSON answers errors in JSON."""

from django.contrib.auth.models import User
from django.contrib.staticfiles import finders
from django.urls import reverse


def test_a_director_logging_in_lands_on_the_desk(client, director):
    response = client.post(
        reverse("login"), {"username": "tdirector", "password": "secret-pass-1234"}, follow=True
    )
    assert response.redirect_chain[-1][0] == reverse("director-desk")
    assert response.status_code == 200


def test_someone_without_the_permission_lands_on_the_seasons(client, db):
    User.objects.create_user("jugador", password="pw-jugador-123")
    response = client.post(
        reverse("login"), {"username": "jugador", "password": "pw-jugador-123"}, follow=True
    )
    assert response.redirect_chain[-1][0] == reverse("home")


def test_the_header_link_asks_for_no_other_page(client, db):
    html = client.get(reverse("home")).content.decode()
    assert f'href="{reverse("login")}"' in html


def test_every_page_names_its_icon_and_the_icon_exists(client, db):
    html = client.get(reverse("home")).content.decode()
    assert 'rel="icon"' in html and "favicon.svg" in html
    assert finders.find("tournament/favicon.svg")


def test_an_unknown_tournament_in_the_json_is_a_json_404(client, db):
    response = client.get(reverse("api-tournament", args=[999]))
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"error": "No such tournament."}
