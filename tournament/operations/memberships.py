"""A player's clubs: one person of the federation is a member of one or more clubs, each
with the club's own member number (Membership). A player joins a club where the club
makes them (its desk, its member list) or enters them; nobody is made twice for it.

Contact details are the player's, one set for the federation, and a club's directors
see and change those of their own members only (`may_see_contact`)."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _

from ..models import Club, Membership, Player
from ..models.club_owners import player_clubs
from ..models.clubs import FOUNDING_CLUB_ID, administers_federation, clubs_directed
from .errors import NotYourClub, OperationError
from .founding import founding_club


class NotYourMember(NotYourClub):
    """A director's change of the contact details of someone who is not their club's
    member: the details are the member's clubs' to keep (the one door's refusal of
    another club's row, as NotYourClub)."""

    def __init__(self) -> None:
        super().__init__(
            _("This player is not a member of your club: their contact details are not yours.")
        )


def club_id_of(club: Club | int | None) -> int:
    if club is None:
        return FOUNDING_CLUB_ID
    return club if isinstance(club, int) else club.pk


def clubs_of(player: Player | int) -> set[int]:
    """The clubs the player is a member of; none at all reads as the founding club's, as
    every player was before clubs."""
    return set(player_clubs(player if isinstance(player, int) else player.pk))


def is_member(player: Player | int, club: Club | int | None) -> bool:
    return club_id_of(club) in clubs_of(player)


def number_of(player: Player | int, club: Club | int | None) -> str:
    """The player's member number in the club ("" for none)."""
    player_id = player if isinstance(player, int) else player.pk
    found = Membership.objects.filter(player_id=player_id, club_id=club_id_of(club))
    return found.values_list("number", flat=True).first() or ""


def may_see_contact(user, player: Player | int) -> bool:
    """Whether `user` directs a club the player is a member of (the federation's
    administrator sees every player's)."""
    if administers_federation(user):
        return True
    return bool(clubs_directed(user) & clubs_of(player))


def check_contact(user, player: Player | int) -> None:
    """NotYourMember unless `user` may change the player's contact details. A change
    without a user (a command, a migration, the player's own link) is not a director's."""
    if user is not None and user.is_authenticated and not may_see_contact(user, player):
        raise NotYourMember


TAKEN = _("Another member of the club has this number.")
NUMBER_LENGTH = Membership._meta.get_field("number").max_length


def _check_number(membership: Membership, number: str) -> None:
    if len(number) > NUMBER_LENGTH:
        raise OperationError(
            _("The member number is longer than %(limit)d characters.") % {"limit": NUMBER_LENGTH}
        )
    others = Membership.objects.filter(club_id=membership.club_id, number=number)
    if number and others.exclude(pk=membership.pk).exists():
        raise OperationError(TAKEN)


def _save(membership: Membership, **kwargs) -> None:
    try:
        with transaction.atomic():
            membership.save(**kwargs)
    except IntegrityError:
        # Another director gave the number (or made the membership) meanwhile.
        raise OperationError(TAKEN) from None


@transaction.atomic
def join(player: Player, club: Club | int | None, number: str = "") -> Membership:
    """The player a member of the club (already one: kept as they are, given `number`
    when they have none). A number another member has is refused (OperationError)."""
    club_id = club_id_of(club)
    membership = (
        Membership.objects.select_for_update().filter(player=player, club_id=club_id).first()
    )
    if membership is None:
        if club_id == FOUNDING_CLUB_ID:
            founding_club()  # made again where a test flushed the tables
        membership = Membership(player=player, club_id=club_id)
    elif not number or membership.number:
        return membership
    if number:
        _check_number(membership, number)
    membership.number = number
    _save(membership)
    return membership


@transaction.atomic
def set_number(player: Player, club: Club | int | None, number: str) -> Membership:
    """The player's member number in the club, written over the one they had (the
    admin's form); they become a member if they were not."""
    membership = join(player, club)
    if membership.number != number:
        _check_number(membership, number)
        membership.number = number
        _save(membership, update_fields=["number"])
    return membership
