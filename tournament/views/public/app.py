"""The installable site: the web app manifest (the club's, and a player's own whose app
opens at their private page), the service worker and the page it shows offline for a
page never opened on the device. docs/offline.md."""

from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_safe

from ...operations.links import player_by_token
from ...web import app_shell
from ...web.access import private

MANIFEST_TYPE = "application/manifest+json"


def _manifest(data: dict) -> JsonResponse:
    response = JsonResponse(data, content_type=MANIFEST_TYPE, json_dumps_params={"indent": 1})
    # Browsers fetch it again when they look for an update; an hour spares the server.
    response["Cache-Control"] = "public, max-age=3600"
    return response


@require_GET
def manifest(request):
    return _manifest(app_shell.manifest(reverse("home")))


@require_GET
def player_manifest(request, token):
    """A player's own app: installed from their private page, it opens there. Like the
    page, it is private: a rotated link's manifest is a 404."""
    player = player_by_token(token)
    if player is None:
        raise Http404
    start = reverse("player-page", args=[token])
    return private(_manifest(app_shell.manifest(start, name=gettext("Q-gammon: my matches"))))


@require_safe  # HEAD too: js/app.js asks with one whether the server answers again
def service_worker(request):
    """The worker Workbox built (build/sw.js). Served from the site's root, so that it
    may look after every page; never kept stale by a cache (browsers also look for a new
    one at least daily)."""
    script = app_shell.service_worker()
    if script is None:
        raise Http404("The service worker is not built: run make.")
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def offline(request):
    """Shown by the worker, from the device, for a page that was never opened there
    while the network is down. Template: tournament/offline.html."""
    return render(request, "tournament/offline.html")
