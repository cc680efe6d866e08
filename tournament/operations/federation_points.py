"""The federation's master points across clubs: the weight the federation gives an
event (its administrator's alone, audited), and each finished tournament's points
stored at weight 1 with the tournament's mark they were counted at (a cache of the
standings, like the ratings' rows: not audited, counted again when the mark moves).

Who counts them is the worker (`jobs.master_points`), which reads the standings and
hands the figures here: the operations sit below the queries and read no standings."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core import master_points
from ..models import AuditEntry, MasterPoints, PointsCounted, Tournament
from ..models.audit import Said
from ..models.clubs import administers_federation
from . import audit
from .errors import OperationError


@transaction.atomic
def set_event_weight(tournament: Tournament | int, weight: object, *, user=None) -> Decimal:
    """The federation's weight of `tournament` in the master points across clubs (from
    0, the event does not count, to 10; 1 by default). Refused when it is no such
    number, or when `user` is not the federation's administrator (a club's director
    runs their club's events, not the weight the federation gives them). Returns the
    weight stored."""
    if audit.acting(user) is not None and not administers_federation(user):
        raise OperationError(_("Only the federation's administrator weighs the clubs' events."))
    try:
        wanted = master_points.event_weight(weight)
    except master_points.WeightError:
        raise OperationError(
            _("A weight is a number from 0 to 10 with at most two decimals, such as 1.5.")
        ) from None
    pk = tournament.pk if isinstance(tournament, Tournament) else tournament
    row = Tournament._base_manager.select_for_update().select_related("season").get(pk=pk)
    before = row.federation_weight
    if before == wanted:
        return wanted
    Tournament._base_manager.filter(pk=pk).update(federation_weight=wanted)
    if isinstance(tournament, Tournament):
        tournament.federation_weight = wanted
    audit.record(
        AuditEntry.Action.TOURNAMENT_CHANGED,
        user=user,
        tournament=row,
        summary=Said(
            gettext_noop("Federation's weight of %(name)s: %(before)s to %(after)s"),
            name=row.name,
            before=str(before),
            after=str(wanted),
        ),
        before={"federation_weight": str(before)},
        after={"federation_weight": str(wanted)},
    )
    return wanted


@transaction.atomic
def store_points(tournament_id: int, mark: int, points: Mapping[int, Decimal]) -> None:
    """A finished tournament's master points (player id -> points at weight 1), as
    counted when its mark was `mark`: what was stored before is replaced."""
    if any(value < 0 for value in points.values()):
        raise ValueError("master points are never negative")
    MasterPoints.objects.filter(tournament_id=tournament_id).delete()
    MasterPoints.objects.bulk_create(
        MasterPoints(tournament_id=tournament_id, player_id=player, points=value)
        for player, value in points.items()
    )
    PointsCounted.objects.update_or_create(tournament_id=tournament_id, defaults={"mark": mark})


@transaction.atomic
def forget_points(tournament_id: int) -> None:
    """A tournament no longer finished (a result taken back): its points go until it
    finishes again."""
    MasterPoints.objects.filter(tournament_id=tournament_id).delete()
    PointsCounted.objects.filter(tournament_id=tournament_id).delete()
