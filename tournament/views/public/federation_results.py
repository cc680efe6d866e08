"""The federation's rated results as a feed other systems read
(`/api/federation/results/`, docs/api.md): every club's rated matches of public
tournaments, each once, by the day it was decided then by id, a page at a time with a
cursor. Two queries a page (queries.federation_results), however many matches the
clubs have. A request it cannot read answers 400 with the reason in JSON, never 500."""

from __future__ import annotations

import datetime
import re
from urllib.parse import urlencode

from django.http import JsonResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from ...queries.federation_results import rated_results
from ...web.clubs import club_reverse

# A page of results: as many as a reader asks up to the most, the default without.
PAGE, MOST = 1000, 5000
DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
NUMBER = re.compile(r"^[1-9]\d{0,17}$")


class Unreadable(ValueError):
    """A query parameter the feed cannot read; its message is the answer's error."""


def _day(value: str | None) -> datetime.date | None:
    if value is None:
        return None
    try:
        if not DAY.match(value):
            raise ValueError
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise Unreadable(
            gettext("since is a day written YYYY-MM-DD, such as 2026-03-01.")
        ) from None


def _whole(value: str | None, name: str, most: int | None = None) -> int | None:
    if value is None:
        return None
    if not NUMBER.match(value) or (most is not None and int(value) > most):
        if most is None:
            raise Unreadable(gettext("%(name)s is a whole number from 1.") % {"name": name})
        raise Unreadable(
            gettext("%(name)s is a whole number from 1 to %(most)s.") % {"name": name, "most": most}
        )
    return int(value)


def _result(row: dict) -> dict:
    return {
        "date": row["day"].isoformat(),
        "club": row["club"],
        "event": row["event"],
        "length": row["length"],
        "players": [
            {"name": row["first"], "federation_number": row["first_number"] or None},
            {"name": row["second"], "federation_number": row["second_number"] or None},
        ],
        "score": [row["score1"], row["score2"]],
        "winner": 0 if row["first_won"] else 1,
    }


@require_safe
def results(request):
    """`{"results": [...], "next": address|null}`: up to `limit` rated results decided
    on `since` or later (every one without it), after the match `after` on the day
    `since` (the cursor `next` carries). Two queries."""
    query = request.GET
    try:
        since = _day(query.get("since"))
        after = _whole(query.get("after"), "after")
        limit = _whole(query.get("limit"), "limit", MOST) or PAGE
        if after is not None and since is None:
            raise Unreadable(gettext("after goes with since: the next address gives both."))
    except Unreadable as error:
        return JsonResponse({"error": str(error)}, status=400)
    rows = rated_results(since, after, limit + 1)
    page, more = rows[:limit], len(rows) > limit
    following = None
    if more:
        last = page[-1]
        asked = {"since": last["day"].isoformat(), "after": last["pk"]}
        if "limit" in query:
            asked["limit"] = limit
        following = (
            club_reverse(None, "api-federation-results", root=request.site_root)
            + "?"
            + urlencode(asked)
        )
    return JsonResponse({"results": [_result(row) for row in page], "next": following})
