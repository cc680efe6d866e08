"""The federation's master points across clubs, read: the ranking (each player's stored
points times each event's weight, summed in the database: one query however many
games the clubs have played), and the tournaments whose points wait to be counted
(finished since, or changed since they were counted, or no longer finished)."""

from __future__ import annotations

from decimal import Decimal

from django.db.models import Count, DecimalField, Exists, F, OuterRef, Q, QuerySet, Sum
from django.db.models.functions import Round

from ..core import master_points
from ..models import MasterPoints, PointsCounted, Tournament

FINISHED = Tournament.Status.FINISHED
# Stored points (two decimals) times a weight (two decimals), summed: room for a
# lifetime of events.
TOTAL = DecimalField(max_digits=16, decimal_places=4)


def ranking() -> QuerySet:
    """Every player with master points in a public finished tournament of any club,
    as dicts (`player_id`, `name`, `federation_number`, `total`: the points at each
    event's weight, `events`: the events counted), the most points first, then by
    name. One query (a page of it with its count, two); a weight of 0 leaves an
    event's points out, and a player with nothing else is not listed."""
    return (
        MasterPoints.objects.filter(tournament__public=True, tournament__status=FINISHED)
        .values("player_id")
        .annotate(
            name=F("player__name"),
            federation_number=F("player__federation_number"),
            total=Sum(F("points") * F("tournament__federation_weight"), output_field=TOTAL),
            events=Count("pk", filter=Q(tournament__federation_weight__gt=0)),
        )
        .filter(total__gt=0)
        # By the total as shown (hundredths): SQLite adds the decimals as floats, and two
        # equal totals would come a hair apart there, in another order than PostgreSQL's.
        .annotate(shown=Round("total", 2))
        .order_by("-shown", "name", "player_id")
    )


def shown(total: Decimal | float | None) -> Decimal:
    """A total as the ranking shows it: two decimals, the core's rounding."""
    return master_points.federation_total([(Decimal(str(total or 0)), Decimal(1))])


def waiting(limit: int | None = None) -> list[Tournament]:
    """The tournaments whose stored points are not those of now, oldest first: finished
    and not counted at their current mark (every write to a tournament moves its mark,
    a result corrected after the end too), or counted and no longer finished. Every
    club's: one query."""
    counted_now = PointsCounted.objects.filter(tournament=OuterRef("pk"), mark=OuterRef("mark"))
    counted = PointsCounted.objects.filter(tournament=OuterRef("pk"))
    rows = (
        Tournament._base_manager.filter(
            (Q(status=FINISHED) & ~Exists(counted_now)) | (~Q(status=FINISHED) & Exists(counted))
        )
        .select_related("season__club")
        .order_by("pk")
    )
    return list(rows if limit is None else rows[:limit])


def counted_tournaments() -> list[int]:
    """The tournaments whose points are stored, every club's: one query."""
    return list(
        PointsCounted.objects.order_by("tournament_id").values_list("tournament_id", flat=True)
    )


def club_events(club_id: int, limit: int) -> list[Tournament]:
    """A club's `limit` latest tournaments, public or not, with their weights, newest
    first: what the federation's administrator weighs. One query."""
    return list(
        Tournament._base_manager.filter(season__club_id=club_id)
        .order_by("-date", "-pk")
        .only("pk", "name", "date", "status", "public", "federation_weight")[:limit]
    )


def club_event(club_id: int, pk: int) -> Tournament | None:
    """One of the club's tournaments, None for any other: one query."""
    return Tournament._base_manager.filter(season__club_id=club_id, pk=pk).first()
