"""A club's rating policy changed: which of its matches the ratings count, inside the
federation's floor (`core.rating_policy`); and the federation's floor changed. Audited,
and every rating computed again from the first rated match, since a policy changes which
matches counted all along.

The recomputation is a background job queued once the change has committed
(operations.ratings_rebuild), not work in the request: on a federation of some 400,000
rated matches it takes about a minute. Until it has run, the stored ratings are those
of the old policy, while the match pages already state the new one; a match decided
meanwhile is rated on them, and the rebuild, starting from nothing, gives what it would
have given alone."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core.rating_policy import RatingPolicy
from ..models import AuditEntry, Club, Federation
from ..models.audit import Said
from ..models.clubs import FEDERATION_ID, administers_federation, directs
from ..models.rating_policies import federation_policy, policy_of
from . import audit
from .errors import OperationError
from .ratings_rebuild import queue_rebuild

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
    take their defaults) as the club's, and queue every match rated again under it (a
    background job, once this commits). Refused when it is not a policy, when it would
    rate a match the federation's floor does not (a club may rate less than the
    federation allows, never more), or when `user` does not run the club. Returns the
    policy stored."""
    given = club if isinstance(club, Club) else None
    club = Club.objects.select_for_update().get(pk=club.pk if given else club)
    if audit.acting(user) is not None and not directs(user, club.pk):
        raise OperationError(_("Only the club's directors change its rating policy."))
    wanted = _read(policy)
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
    # Which matches count changed for the club's whole history: from scratch, by a
    # worker, after the commit.
    queue_rebuild()
    return wanted


def _read(policy: Mapping) -> RatingPolicy:
    try:
        return RatingPolicy.from_dict(policy)
    except (TypeError, ValueError) as error:
        raise OperationError(
            _("This is not a rating policy: %(error)s") % {"error": error}
        ) from None


@transaction.atomic
def set_federation_floor(policy: Mapping, *, user=None) -> RatingPolicy:
    """Store `policy` as the federation's floor (the most any club may rate) and queue
    every match rated again under it (a background job, once this commits). Refused
    when it is not a policy, or when `user` does not administer the federation (a
    command: no user). Returns the floor stored.

    A floor stricter than a club's stored policy is not refused, and the club's policy
    is not rewritten: every reader takes the club's policy inside the floor
    (`core.rating_policy.effective`), so the floor narrows it at once, and a floor
    loosened again gives the club back what it wrote. Only a club's own change is held
    to the floor of the day (`set_rating_policy`)."""
    if audit.acting(user) is not None and not administers_federation(user):
        raise OperationError(_("Only the federation's administrator sets its rating policy."))
    wanted = _read(policy)
    federation, _created = Federation.objects.select_for_update().get_or_create(pk=FEDERATION_ID)
    before = policy_of(federation.rating_policy)
    if wanted == before and federation.rating_policy == wanted.as_dict():
        return wanted
    federation.rating_policy = wanted.as_dict()
    federation.save(update_fields=["rating_policy"])
    audit.record(
        AuditEntry.Action.FEDERATION_POLICY,
        user=user,
        subject=str(federation),
        summary=Said(gettext_noop("The federation's rating policy changed")),
        before=before.as_dict(),
        after=wanted.as_dict(),
    )
    # Every club's effective policy may have changed, for all of its history.
    queue_rebuild()
    return wanted
