"""The Content Security Policy header, without a browser: on a public page, a director's
page, the admin and a page that is not found, enforced (not report-only) and as strict
as settings say. tests/browser/test_browser_csp.py checks that the pages keep to it."""

import pytest
from django.urls import reverse

EXPECTED = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self'",
    "connect-src": "'self'",
    "font-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}


def directives(response) -> dict[str, str]:
    assert "Content-Security-Policy-Report-Only" not in response, "report-only: nothing refused"
    header = response.get("Content-Security-Policy")
    assert header, f"no Content-Security-Policy on a {response.status_code} answer"
    parts = [part.strip().split(maxsplit=1) for part in header.split(";") if part.strip()]
    return {part[0]: part[1] if len(part) > 1 else "" for part in parts}


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/ratings/", "/accounts/login/", "/no-such-page/"])
def test_public_pages_carry_the_policy(client, path):
    response = client.get(path)
    assert response.status_code == (404 if path == "/no-such-page/" else 200)
    assert directives(response) == EXPECTED


def test_a_directors_page_carries_the_policy(director_client):
    response = director_client.get(reverse("director-desk"))
    assert response.status_code == 200
    assert directives(response) == EXPECTED


def test_the_admin_carries_the_same_policy(director_client):
    response = director_client.get(reverse("admin:index"))
    assert response.status_code == 200
    assert directives(response) == EXPECTED


def test_nothing_inline_is_allowed_anywhere(client, db):
    header = client.get("/")["Content-Security-Policy"]
    for loophole in ("'unsafe-inline'", "'unsafe-eval'", "data:", "*"):
        assert loophole not in header.split(), loophole
