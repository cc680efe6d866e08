"""A player's clubs, for their one page across clubs."""

from __future__ import annotations

from django.db.models import Exists, OuterRef

from ..models import Club, Membership, Player
from ..models.clubs import FOUNDING_CLUB_ID


def member_elsewhere():
    """Whether the player is a member of a club other than the founding one (an
    annotation: the page names clubs only then)."""
    other = Membership.objects.filter(player=OuterRef("pk")).exclude(club_id=FOUNDING_CLUB_ID)
    return Exists(other)


def clubs_of(player: Player) -> list[Club]:
    """The clubs the player is a member of."""
    return [
        membership.club
        for membership in Membership.objects.filter(player=player).select_related("club")
    ]
