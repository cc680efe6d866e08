"""The rated results every club's matches give, as the federation's feed reads them
(`/api/federation/results/`): each rated match of a public tournament once, by the day
it was decided, then by id, a page at a time, from a given day and after a given match
(a cursor that stays right while new results come in). Two queries a page: the clubs'
rating policies (`Match.objects.rated`) and the page's rows."""

from __future__ import annotations

import datetime

from django.db.models import BooleanField, ExpressionWrapper, F, Q
from django.db.models.functions import Coalesce, TruncDate
from django.utils import timezone

from ..models import Match
from ..models.club_scope import everywhere

FIELDS = {
    "club": F("tournament__season__club__slug"),
    "event": F("tournament__name"),
    "first": F("player1__name"),
    "first_number": F("player1__federation_number"),
    "second": F("player2__name"),
    "second_number": F("player2__federation_number"),
}


def rated_results(since: datetime.date | None, after: int | None, limit: int) -> list[dict]:
    """Up to `limit` rated results as dicts (`pk`, `day`, `club`, `event`, `length`,
    `first`, `first_number`, `second`, `second_number`, `score1`, `score2`,
    `first_won`), in the feed's order: decided on `since` or later (every one without
    it), and on `since` itself only after the match `after` (the previous page's
    last)."""
    zone = timezone.get_current_timezone()
    # The day a result was recorded in the club's time zone; a match decided before the
    # site kept the moment counts on its tournament's day.
    day = Coalesce(TruncDate("decided_at", tzinfo=zone), F("tournament__date"))
    with everywhere():
        rows = Match.objects.rated().filter(tournament__public=True)
        if since is not None:
            start = timezone.make_aware(datetime.datetime.combine(since, datetime.time.min), zone)
            # The moment bounds the rows first (a plain comparison a planner may index),
            # then the day and the cursor say exactly which.
            rows = rows.filter(
                Q(decided_at__gte=start) | Q(decided_at__isnull=True, tournament__date__gte=since)
            )
        rows = rows.annotate(day=day, **FIELDS)
        if since is not None and after is not None:
            rows = rows.filter(Q(day__gt=since) | Q(day=since, pk__gt=after))
        elif since is not None:
            rows = rows.filter(day__gte=since)
        rows = rows.annotate(
            first_won=ExpressionWrapper(Q(winner_id=F("player1_id")), output_field=BooleanField())
        )
        return list(
            rows.order_by("day", "pk").values(
                "pk", "day", *FIELDS, "length", "score1", "score2", "first_won"
            )[:limit]
        )
