"""The federation's rating list's thresholds changed (core.rating_list): the experience a
published rating needs and the months within which a rated match keeps a player listed.
Only the federation's administrator may (or a command: `user` None). Nothing is rated
again: the list is a reading of the kept ratings, so the next page shows the new list."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core.rating_list import MAX_MONTHS, Thresholds
from ..models import AuditEntry, Federation
from ..models.audit import Said
from ..models.clubs import FEDERATION_ID
from . import audit
from .clubs import check_administers
from .errors import OperationError


def _as_dict(rules: Thresholds) -> dict:
    return {"min_experience": rules.min_experience, "months": rules.months}


@transaction.atomic
def set_rating_list_thresholds(min_experience: int, months: int, *, user=None) -> Thresholds:
    """Store the thresholds on the federation's row (made if a flush took it). Refused
    when `user` does not administer the federation, or when they are no rule: a
    negative experience, months outside 1 to MAX_MONTHS. Returns what is stored."""
    check_administers(user)
    try:
        wanted = Thresholds(min_experience, months)
    except (TypeError, ValueError):
        raise OperationError(
            _(
                "The experience is a whole number from 0, and the months a whole number "
                "from 1 to %(most)d."
            )
            % {"most": MAX_MONTHS}
        ) from None
    federation, _created = Federation.objects.select_for_update().get_or_create(pk=FEDERATION_ID)
    before = Thresholds(federation.rating_list_min_experience, federation.rating_list_months)
    if before == wanted:
        return wanted
    federation.rating_list_min_experience = wanted.min_experience
    federation.rating_list_months = wanted.months
    federation.save(update_fields=["rating_list_min_experience", "rating_list_months"])
    audit.record(
        AuditEntry.Action.RATING_LIST_THRESHOLDS,
        user=user,
        subject=str(federation),
        summary=Said(
            gettext_noop(
                "Rating list: published from %(experience)s experience, rated within "
                "%(months)s months"
            ),
            experience=wanted.min_experience,
            months=wanted.months,
        ),
        before=_as_dict(before),
        after=_as_dict(wanted),
    )
    return wanted
