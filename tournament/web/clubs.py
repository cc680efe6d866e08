"""Which club a request is about, read from its address.

`/clubs/<slug>/...` is that club's: the prefix is taken off before the address is
resolved (so every page exists once in `urls.py`) and set as the script prefix, so that
every link the page makes stays in the club, as a site served under a sub-path does.
Any other address is the founding club's (models.clubs): its old addresses answer as
they always did, and with one club the site looks as it did before clubs.

The club's pages read their club's rows only (models.club_scope); the federation's
pages (a player's page, a private link, the ratings, the admin, the accounts) read
every club's."""

from __future__ import annotations

import re
from contextlib import contextmanager

from django.http import Http404
from django.urls import get_script_prefix, reverse, set_script_prefix
from django.utils.functional import SimpleLazyObject

from ..models import Club
from ..models.club_scope import scoped
from ..models.clubs import FOUNDING_CLUB_ID, directs

CLUB_PATH = re.compile(r"^/clubs/(?P<slug>[-a-zA-Z0-9_]+)(?P<rest>/.*)$")

# The federation's pages, whatever club's address they are reached by: what they read
# crosses clubs (one player, one rating, one login).
FEDERATION_PATHS = (
    "/players/",
    "/p/",
    "/ratings/",
    "/api/clubs/",
    "/api/federation/",
    "/calendar/",
    "/calendar.ics",
    "/points/",
    "/api/players/",
    "/clubs/",
    "/federation/",
    "/league/",
    "/accounts/",
    "/admin/",
    "/i18n/",
    "/sw.js",
    "/manifest.webmanifest",
    "/offline/",
)


def is_federation_path(path: str) -> bool:
    return path.startswith(FEDERATION_PATHS)


class ClubMiddleware:
    """Sets `request.club` (the club, read only when a page asks), `request.club_id`,
    `request.club_prefixed` (reached by `/clubs/<slug>/`) and the managers' scope."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        root = get_script_prefix()
        found = CLUB_PATH.match(request.path_info)
        if found:
            club = Club.objects.filter(slug=found["slug"]).first()
            if club is None:
                raise Http404("No such club.")
            request.path_info = found["rest"]
            request.club, request.club_id, request.club_prefixed = club, club.pk, True
            set_script_prefix(f"{root}clubs/{club.slug}/")
        else:
            request.club = SimpleLazyObject(Club.founding)
            request.club_id, request.club_prefixed = FOUNDING_CLUB_ID, False
        request.site_root = root
        scope = None if is_federation_path(request.path_info) else request.club_id
        try:
            with scoped(scope):
                return self.get_response(request)
        finally:
            set_script_prefix(root)


@contextmanager
def links_of(club: Club | None, root: str = "/"):
    """Links made in here lead to `club`'s pages (the federation's, for None): for a
    page that links to several clubs' events (a player's page, the federation's home)."""
    before = get_script_prefix()
    inside = "" if club is None or club.pk == FOUNDING_CLUB_ID else f"clubs/{club.slug}/"
    set_script_prefix(f"{root}{inside}")
    try:
        yield
    finally:
        set_script_prefix(before)


def club_reverse(club: Club | None, name: str, *args, root: str = "/", **kwargs) -> str:
    """`reverse(name)` in `club`'s addresses."""
    with links_of(club, root):
        return reverse(name, args=args or None, kwargs=kwargs or None)


def canonical_url(request) -> str | None:
    """A federation's page reached by a club's address (`/clubs/<slug>/players/7/`):
    its one address, the federation's (`/players/7/`), for search engines. It answers
    there too, in the club's dress (its menu's links stay in the club), as a visitor who
    came from the club's pages expects; None for every other page."""
    if not getattr(request, "club_prefixed", False) or not is_federation_path(request.path_info):
        return None
    path = f"{getattr(request, 'site_root', '/')}{request.path_info.lstrip('/')}"
    query = request.META.get("QUERY_STRING", "")
    return request.build_absolute_uri(f"{path}?{query}" if query else path)


def club_context(request) -> dict:
    """What every template may ask of the club: `this_club` (read only when asked),
    `directs_club`, whether the user runs it (the menu's desk link), from the user's
    roles the request reads once, and `canonical_url` (canonical_url)."""
    club = getattr(request, "club", None)
    club_id = getattr(request, "club_id", FOUNDING_CLUB_ID)
    return {
        "this_club": club,
        "directs_club": SimpleLazyObject(lambda: directs(request.user, club_id)),
        "canonical_url": canonical_url(request),
    }
