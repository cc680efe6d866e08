"""What the match sheet and a player's report answer to an entry sent by the device's
queue (static/tournament/js/offline_entry.js, which asks with `Accept:
application/json`): JSON the queue acts on, where a browser posting the form itself gets
a page. The shape (docs/offline.md):

    {"status": "recorded" | "already", "number": 3, "version": 12, "next": "/..."}
    {"status": "refused", "reason": "This match changed since the form was shown; ..."}
    {"status": "later", "reason": "Nothing was recorded: ..."}   (web.errors: a 503)

`recorded` (201) and `already` (200, the same entry sent before) take the entry off the
device; `version` is the match's after it, which the entry typed next on the device is
sent with. `refused` (400: the rules or the form; 409: the match changed or takes no
game) keeps it on the device with the reason, to enter again or drop. `later` (503: the
database refuses writes, a read-only disk or a full one) keeps it on the device, waiting,
and it is sent again."""

from __future__ import annotations

from django.http import JsonResponse

from ..operations import AlreadySent


def wanted(request) -> bool:
    """The post comes from the device's queue."""
    return "application/json" in request.headers.get("Accept", "")


def recorded(number: int, version: int, next_url: str) -> JsonResponse:
    return JsonResponse(
        {"status": "recorded", "number": number, "version": version, "next": next_url},
        status=201,
    )


def already(sent: AlreadySent, next_url: str) -> JsonResponse:
    return JsonResponse(
        {
            "status": "already",
            "number": sent.number,
            "version": sent.version,
            "next": next_url,
            "message": str(sent.message),
        }
    )


def refused(reason, status: int) -> JsonResponse:
    return JsonResponse({"status": "refused", "reason": str(reason)}, status=status)


def form_errors(form) -> str:
    """A refused form's messages in one line, the form's own first."""
    return " ".join(str(message) for errors in form.errors.values() for message in errors)
