"""The installable app's own addresses (docs/offline.md): the club's manifest and a
player's, the service worker Workbox built, and the page shown offline; every page
links its manifest and the club's colour. The browser side (it installs, copies shown
offline) is tests/browser/test_browser_offline.py."""

import json

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from tournament.operations.links import link_for, rotate_link, token_of
from tournament.web import app_shell


def _manifest(response) -> dict:
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    return json.loads(response.content)


def test_the_club_manifest_installs_the_site_in_the_club_colours(client, db):
    manifest = _manifest(client.get("/manifest.webmanifest"))
    assert manifest["start_url"] == manifest["id"] == manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#8a1c1c"  # the header's red in site.css
    assert manifest["name"] == "Q-gammon backgammon club"
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes


def test_every_icon_of_the_manifest_is_a_png_of_its_size(client, db):
    for icon in _manifest(client.get("/manifest.webmanifest"))["icons"]:
        path = finders.find(icon["src"].removeprefix("/static/"))
        assert path, icon["src"]
        with open(path, "rb") as png:
            header = png.read(24)
        assert header[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(header[16:20]), int.from_bytes(header[20:24])
        assert f"{width}x{height}" == icon["sizes"]


def test_the_manifest_speaks_the_visitors_language(db):
    catalan = Client(headers={"accept-language": "ca"})
    manifest = _manifest(catalan.get("/manifest.webmanifest"))
    assert manifest["lang"] == "ca"
    assert manifest["name"] == "Club de backgammon Q-gammon"


def test_a_players_app_opens_at_their_own_page(client, players):
    token = token_of(link_for(players[0]))
    page = reverse("player-page", args=[token])
    response = client.get(page)
    assert f'<link rel="manifest" href="{page}manifest.webmanifest">' in response.content.decode()
    answer = client.get(page + "manifest.webmanifest")
    manifest = _manifest(answer)
    assert manifest["start_url"] == manifest["id"] == page
    assert manifest["scope"] == "/"
    # As private as the page: never kept by a shared cache, never indexed.
    assert answer["Cache-Control"] == "private, no-store"
    assert answer["X-Robots-Tag"] == "noindex, nofollow"


def test_a_rotated_links_manifest_is_gone(client, players):
    token = token_of(link_for(players[0]))
    rotate_link(players[0])
    assert client.get(reverse("player-manifest", args=[token])).status_code == 404


def test_every_page_links_the_manifest_the_colour_and_the_worker(client, db):
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<meta name="theme-color" content="#8a1c1c">' in page
    assert 'data-copy="network" data-service-worker="/sw.js"' in page
    assert "tournament/icons/apple-touch-icon" in page


def test_the_service_worker_is_served_from_the_root_and_never_stale(client, db):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache"
    script = response.content.decode()
    # Workbox's: the pages network first, the copy marked, the offline page precached.
    assert "qgammon-pages" in script and "qgammon-static" in script
    assert 'data-copy="cache"' in script
    assert '"/offline/"' in script
    # js/app.js asks with a HEAD whether the server answers again.
    assert client.head("/sw.js").status_code == 200


def test_the_worker_imports_the_push_side_by_its_static_name(client, db):
    script = client.get("/sw.js").content.decode()
    assert 'importScripts("/static/tournament/js/sw_push.js")' in script
    assert "{static:" not in script


def test_without_a_built_worker_the_site_works_without_one(client, db, settings, tmp_path):
    settings.SERVICE_WORKER_FILE = tmp_path / "missing.js"
    assert client.get("/sw.js").status_code == 404
    assert client.get("/").status_code == 200


def test_the_worker_is_read_again_when_it_is_built_again(settings, tmp_path):
    built = tmp_path / "sw.js"
    settings.SERVICE_WORKER_FILE = built
    built.write_text("// one")
    assert app_shell.service_worker() == "// one"
    built.write_text('// two, built again: importScripts("{static:tournament/js/sw_push.js}")')
    assert app_shell.service_worker() == (
        '// two, built again: importScripts("/static/tournament/js/sw_push.js")'
    )


@pytest.mark.parametrize("language, text", [("en", "No network"), ("ca", "Sense xarxa")])
def test_the_offline_page_says_what_is_kept(db, language, text):
    response = Client(headers={"accept-language": language}).get("/offline/")
    assert response.status_code == 200
    assert text in response.content.decode()
    assert "data-offline-page" in response.content.decode()
