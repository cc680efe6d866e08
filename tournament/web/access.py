"""Who may open the director's pages: a visitor goes to the login, a logged-in player
without the permission gets a 403 (never a login loop)."""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect

DIRECTOR_PERMISSION = "tournament.direct_tournaments"


def director_required(view):
    @login_required
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not request.user.has_perm(DIRECTOR_PERMISSION):
            raise PermissionDenied
        return view(request, *args, **kwargs)

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
    if request.user.has_perm(DIRECTOR_PERMISSION):
        return redirect("director-desk")
    return redirect("home")
