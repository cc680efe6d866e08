"""Who may open the director's pages: a visitor goes to the login, a logged-in player
without the permission gets a 403 (never a login loop). What they answer is kept by no
cache, the browser's included (`director_required`)."""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect
from django.utils.cache import patch_cache_control

from ..models import Club
from ..models.clubs import administers_federation, clubs_directed, directs
from .clubs import club_reverse

DIRECTOR_PERMISSION = "tournament.direct_tournaments"


def director_required(view):
    """Every director view's door, and the one place that says their answers are not
    to be kept: the cash box, the money workbook, players' contact details and links
    would otherwise stay in a shared proxy's cache or on the club's laptop after the
    director logged out (back button, disk cache). The live parts' 304 still works: the
    page's script sends their ETag itself (static/tournament/js/live.js). The admin's
    own pages say the same (Django's `never_cache`)."""

    @login_required
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        # The club's directors run their club and nothing else (models.clubs.directs):
        # another club's desk is a 403, as a page without the permission always was.
        if not directs(request.user, request.club_id):
            raise PermissionDenied
        response = view(request, *args, **kwargs)
        patch_cache_control(response, private=True, no_store=True)
        return response

    return wrapped


def federation_admin_required(view):
    """The federation's administrator's pages (clubs made, directors appointed): a
    visitor goes to the login, anyone else, a club's director included, gets a 403;
    their answers are kept by no cache, as the directors' are."""

    @login_required
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not administers_federation(request.user):
            raise PermissionDenied
        response = view(request, *args, **kwargs)
        patch_cache_control(response, private=True, no_store=True)
        return response

    return wrapped


def private(response):
    """A page reached by a player's private link: never indexed, never kept by a shared
    cache, and its address (the token) never sent on as a referrer. `strict-origin`
    sends the origin alone: `no-referrer` would make browsers post `Origin: null`,
    which the CSRF check refuses."""
    response["X-Robots-Tag"] = "noindex, nofollow"
    response["Cache-Control"] = "private, no-store"
    response["Referrer-Policy"] = "strict-origin"
    # Never compressed: the private link's token is in the page (web.compression).
    response.keeps_secret = True
    return response


@login_required
def landing(request):
    """Where logging in leads when no page asked for it: a director to the desk, anyone
    else to the seasons (the desk would only say 403)."""
    if directs(request.user, request.club_id):
        return redirect("director-desk")
    if clubs := clubs_directed(request.user):
        # A director of another club: to their own club's desk.
        club = Club.objects.filter(pk__in=clubs).order_by("pk").first()
        return redirect(club_reverse(club, "director-desk", root=request.site_root))
    return redirect("home")
