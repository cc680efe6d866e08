"""A club's rating policy changed: which of its matches the ratings count, inside the
federation's floor (`core.rating_policy`). Audited, and the ratings computed again from
the first rated match, since a policy changes which matches counted all along."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core.rating_policy import RatingPolicy
from ..models import AuditEntry, Club
from ..models.audit import Said
from ..models.clubs import directs
from ..models.rating_policies import federation_policy, policy_of
from . import audit, ratings
from .errors import OperationError

# What each knob lets a policy rate, as the refusal of a policy looser than the
# federation's names it.
KNOBS = {
    "walkovers": _("walkovers"),
    "retirements": _("retirements"),
    "on_time": _("matches lost on time"),
    "unfinished_or_settled": _("matches settled without being played out"),
    "min_length": _("matches shorter than the federation's shortest"),
    "friendlies": _("friendlies"),
    "online": _("matches played online"),
}


@transaction.atomic
def set_rating_policy(club: Club | int, policy: Mapping, *, user=None) -> RatingPolicy:
    """Store `policy` (a rating policy as JSON: `RatingPolicy.as_dict`, knobs left out
    take their defaults) as the club's, and rate every match again under it. Refused
    when it is not a policy, when it would rate a match the federation's floor does not
    (a club may rate less than the federation allows, never more), or when `user` does
    not run the club. Returns the policy stored."""
    given = club if isinstance(club, Club) else None
    club = Club.objects.select_for_update().get(pk=club.pk if given else club)
    if audit.acting(user) is not None and not directs(user, club.pk):
        raise OperationError(_("Only the club's directors change its rating policy."))
    try:
        wanted = RatingPolicy.from_dict(policy)
    except (TypeError, ValueError) as error:
        raise OperationError(
            _("This is not a rating policy: %(error)s") % {"error": error}
        ) from None
    looser = wanted.looser_than(federation_policy())
    if looser:
        raise OperationError(
            _(
                "The federation's policy does not rate %(knobs)s: a club may rate fewer "
                "matches than the federation allows, never more."
            )
            % {"knobs": ", ".join(str(KNOBS[knob]) for knob in looser)}
        )
    before = policy_of(club.rating_policy)
    if wanted == before and club.rating_policy == wanted.as_dict():
        return wanted
    club.rating_policy = wanted.as_dict()
    club.save(update_fields=["rating_policy"])
    if given is not None:
        given.rating_policy = club.rating_policy  # the caller's row says what was stored
    audit.record(
        AuditEntry.Action.RATING_POLICY,
        user=user,
        subject=club.name,
        summary=Said(gettext_noop("Rating policy of %(club)s changed"), club=club.name),
        before=before.as_dict(),
        after=wanted.as_dict(),
    )
    # Which matches count changed for the club's whole history: from scratch.
    ratings.refresh(rebuild=True)
    return wanted
