"""The site's own error pages (urls: handler400, handler403, handler404, handler500): in the site's
style and the reader's language, and never asking the database, which may be the very
thing that failed.

A fault that is the database refusing to write (SQLite's read-only file or full disk,
PostgreSQL's read-only transaction or full disk) is a 503 that says nothing was
recorded: every write is one transaction (operations), so a refused write left nothing
behind. Any other fault is a 500 that cannot promise as much.
"""

from __future__ import annotations

import sys

from django.http import HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext

from . import sent_entries
from .access import private

# PostgreSQL's SQLSTATE codes: read_only_sql_transaction (a read-only transaction, a
# standby, default_transaction_read_only) and disk_full.
REFUSING_SQLSTATES = {"25006", "53100"}
# SQLite's result codes (their extended forms start the same: SQLITE_READONLY_DBMOVED).
REFUSING_SQLITE_CODES = ("SQLITE_READONLY", "SQLITE_FULL")
# How long a reader is asked to wait before trying again (a Retry-After header).
TRY_AGAIN_SECONDS = 60


def refuses_writes(error: BaseException | None) -> bool:
    """Whether the error, or one it came from, is the database refusing to write.
    Django's DatabaseError keeps the driver's error as its cause, with its code."""
    seen = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if getattr(error, "sqlstate", None) in REFUSING_SQLSTATES:
            return True
        if str(getattr(error, "sqlite_errorname", "")).startswith(REFUSING_SQLITE_CODES):
            return True
        error = error.__cause__ or error.__context__
    return False


def _page(request, template: str, status: int, **context) -> HttpResponse:
    """The page rendered without the context processors (the account and the messages
    read the session and the user from the database), in the language the request
    asks for, else the club's (settings.LANGUAGE_CODE)."""
    language = translation.get_language_from_request(request)
    with translation.override(language):
        try:
            context |= {"request": request, "csrf_token": get_token(request)}
            body = render_to_string(template, context)
        except Exception:  # the error page itself must not fail
            body = f"<!DOCTYPE html><title>{status}</title><h1>{status}</h1>"
        response = HttpResponse(body, status=status)
        response["Content-Language"] = language
    return response


def _later(request) -> JsonResponse:
    """The device's queue (web.sent_entries) is told to keep the entry and send it again
    later: not recorded, and not refused either."""
    language = translation.get_language_from_request(request)
    with translation.override(language):
        reason = gettext(
            "Nothing was recorded: the club's database cannot be written to right now. "
            "The game stays on this device and is sent again later."
        )
    response = JsonResponse({"status": "later", "reason": reason}, status=503)
    response["Content-Language"] = language
    return response


def bad_request(request, exception):
    """A request no page of the site sends (a value no list offers, a form with far
    too many rows). Template: 400.html."""
    return _page(request, "400.html", 400)


def permission_denied(request, exception):
    """A page or a post that is not the reader's (a director's page, another player's
    match), with the refusal's reason when it gives one. Kept private: a player's
    private link is in the page (the language form's `next`). Template: 403.html."""
    reason = str(exception) if exception is not None else ""
    return private(_page(request, "403.html", 403, reason=reason))


def page_not_found(request, exception):
    """Template: 404.html."""
    return _page(request, "404.html", 404)


def server_error(request):
    """A fault, called while Django handles it: the error is the one being handled.
    Templates: 503.html (the database refuses writes), 500.html (anything else); to the
    device's queue, which asks for JSON, the 503 is JSON that keeps the entry."""
    if refuses_writes(sys.exc_info()[1]):
        if sent_entries.wanted(request):
            response = _later(request)
        else:
            response = _page(request, "503.html", 503)
        response["Retry-After"] = str(TRY_AGAIN_SECONDS)
        return response
    return _page(request, "500.html", 500)
