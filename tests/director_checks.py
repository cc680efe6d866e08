"""Checks every director view must pass, shared by the per-view test modules:
a visitor goes to the login, a player without the permission gets 403, a POST without
a CSRF token is refused, a wrong method is 405."""

from django.contrib.auth.models import User
from django.test import Client


def assert_login_required(url, method="get", data=None):
    response = getattr(Client(), method)(url, data or {})
    assert response.status_code == 302, response.status_code
    assert response["Location"].startswith("/accounts/login/?next=")


def assert_forbidden_without_permission(url, method="get", data=None):
    user, _created = User.objects.get_or_create(username="just-a-player")
    client = Client()
    client.force_login(user)
    assert getattr(client, method)(url, data or {}).status_code == 403


def assert_csrf_required(director, url, data=None):
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)
    assert client.post(url, data or {}).status_code == 403


def assert_method_not_allowed(client, url, method):
    assert getattr(client, method)(url).status_code == 405


def assert_protected(director, url, method="post", data=None, wrong_method="put"):
    """All four checks at once, for a view answering `method`."""
    assert_login_required(url, method, data)
    assert_forbidden_without_permission(url, method, data)
    if method == "post":
        assert_csrf_required(director, url, data)
    client = Client()
    client.force_login(director)
    assert_method_not_allowed(client, url, wrong_method)
