"""Log in and log out; players and visitors need no account."""

from django.contrib.auth.models import User
from django.test import Client


def test_login_page_and_a_director_logging_in(client, director):
    page = client.get("/accounts/login/")
    assert (
        page.status_code == 200 and "Players and visitors need no account" in page.content.decode()
    )
    response = client.post(
        "/accounts/login/",
        {"username": "tdirector", "password": "secret-pass-1234", "next": "/director/"},
    )
    assert response.status_code == 302 and response["Location"] == "/director/"
    assert 'href="/director/"' in client.get("/").content.decode()


def test_a_wrong_password_is_a_clear_message(client, director):
    response = client.post("/accounts/login/", {"username": "tdirector", "password": "nope"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()


def test_login_needs_a_csrf_token(director):
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        "/accounts/login/", {"username": "tdirector", "password": "secret-pass-1234"}
    )
    assert response.status_code == 403


def test_logout_is_a_post(director_client):
    assert director_client.get("/accounts/logout/").status_code == 405
    response = director_client.post("/accounts/logout/")
    assert response.status_code == 302
    assert director_client.get("/director/").status_code == 302


def test_a_player_without_the_permission_sees_no_desk_link(client, db):
    User.objects.create_user("jugador", password="pw-jugador-123")
    client.login(username="jugador", password="pw-jugador-123")
    assert 'href="/director/"' not in client.get("/").content.decode()
    assert client.get("/director/").status_code == 403
