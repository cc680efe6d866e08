"""The club's players: added (warning of a namesake first), edited, deactivated, and
deleted only while they have no results."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..models import AuditEntry, Player
from ..models.audit import Said
from . import audit, memberships
from .errors import OperationError, full_clean

EDITABLE = (
    "name",
    "federation_number",
    "club",
    "email",
    "phone",
    "mail_consent",
    "language",
    "active",
)
# The member number is the club's (Membership.number), given with the player's fields
# under this name (the admin's form, the member list's column) and written to the club.
NUMBER = "membership_number"


class NamesakeExists(OperationError):
    """A player named the same (ignoring accents, case and spacing) is already in the
    club: the director registers them, or confirms that this is someone else."""

    def __init__(self, players: Iterable[Player]) -> None:
        self.players = list(players)
        super().__init__(
            _("%(names)s is already in the club. Register them, or confirm a new player.")
            % {"names": ", ".join(player.name for player in self.players)}
        )


def logged_fields(player: Player) -> dict:
    # Contact details stay out of the log: it is read by every director. That an
    # address or a phone was given (or taken away) is logged, and the consent.
    return {
        "name": player.name,
        "federation_number": player.federation_number,
        "club": player.club,
        "active": player.active,
        "has_email": bool(player.email),
        "has_phone": bool(player.phone),
        "mail_consent": player.mail_consent,
        "language": player.language,
    }


def _with_number(logged: dict, club_id: int, number: str) -> dict:
    return {**logged, "member_of": club_id, NUMBER: number}


@transaction.atomic
def create_player(fields: Mapping, *, user=None, allow_namesake: bool = False, club=None) -> Player:
    """A new player of the federation, made a member of `club` (the founding club's
    when None) with the member number `fields` gives. Raises NamesakeExists unless
    `allow_namesake`."""
    player = Player(**{key: value for key, value in fields.items() if key in EDITABLE})
    namesakes = Player.objects.namesakes(player.name)
    if not allow_namesake and namesakes.exists():
        raise NamesakeExists(namesakes.order_by("name", "pk")[:5])
    full_clean(player, exclude=["name_key"])
    player.save()
    number = fields.get(NUMBER, "")
    club_id = memberships.club_id_of(club)
    memberships.join(player, club_id, number)
    audit.record(
        AuditEntry.Action.PLAYER_ADDED,
        user=user,
        subject=player.name,
        summary=Said(gettext_noop("%(player)s added to the club"), player=player),
        after=_with_number(logged_fields(player), club_id, number),
    )
    return player


@transaction.atomic
def change_player(player: Player, fields: Mapping, *, user=None, club=None) -> Player:
    """The player's details changed by a director of one of their clubs (NotYourMember
    for anyone else's); a member number in `fields` is their number in `club` (the
    founding club's when None)."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    memberships.check_contact(user, player)
    before = logged_fields(player)
    after_number = {}
    if NUMBER in fields:
        club_id = memberships.club_id_of(club)
        before = _with_number(before, club_id, memberships.number_of(player, club_id))
        memberships.set_number(player, club_id, fields[NUMBER])
        after_number = {"member_of": club_id, NUMBER: fields[NUMBER]}
    for key, value in fields.items():
        if key in EDITABLE:
            setattr(player, key, value)
    full_clean(player, exclude=["name_key"])
    player.save()
    audit.record(
        AuditEntry.Action.PLAYER_CHANGED,
        user=user,
        subject=player.name,
        summary=Said(gettext_noop("%(player)s's details changed"), player=player),
        before=before,
        after={**logged_fields(player), **after_number},
    )
    return player


@transaction.atomic
def deactivate_players(players: Iterable[Player], *, user=None) -> int:
    """Players who stopped coming: kept with their results, left out of the searches."""
    count = 0
    for player in Player.objects.select_for_update().filter(
        pk__in=[player.pk for player in players], active=True
    ):
        player.active = False
        player.save(update_fields=["active"])
        audit.record(
            AuditEntry.Action.PLAYER_CHANGED,
            user=user,
            subject=player.name,
            summary=Said(gettext_noop("%(player)s deactivated"), player=player),
            after={"active": False},
        )
        count += 1
    return count


def has_results(player: Player) -> bool:
    return (
        player.entries.exists()
        or player.matches_as_first.exists()
        or player.matches_as_second.exists()
    )


@transaction.atomic
def delete_player(player: Player, *, user=None) -> None:
    """Delete a player who never played or registered (one with results is deactivated)."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if has_results(player):
        raise OperationError(
            _("%(player)s has registrations or results: deactivate them instead.")
            % {"player": player}
        )
    before = logged_fields(player)
    player.delete()
    audit.record(
        AuditEntry.Action.PLAYER_DELETED,
        user=user,
        subject=before["name"],
        summary=Said(gettext_noop("%(player)s deleted"), player=before["name"]),
        before=before,
    )
