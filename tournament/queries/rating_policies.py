"""What the rating policy pages read: a club's own policy with the federation's floor
(one query), and the floor alone."""

from __future__ import annotations

from ..core.rating_policy import RatingPolicy
from ..models import Club
from ..models.rating_policies import FEDERATION_POLICY, federation_policy, policy_of

__all__ = ["club_and_floor", "federation_policy"]


def club_and_floor(club_id: int) -> tuple[RatingPolicy, RatingPolicy]:
    """The club's own policy as stored and the federation's floor, in one query (the
    floor a column of the club's row)."""
    own, floor = (
        Club.objects.filter(pk=club_id)
        .annotate(federation=FEDERATION_POLICY)
        .values_list("rating_policy", "federation")
        .get()
    )
    return policy_of(own), policy_of(floor)
