"""The club's players: added (warning of a namesake first), edited, deactivated, and
deleted only while they have no results."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..models import AuditEntry, Player
from ..models.audit import Said
from . import audit
from .errors import OperationError, full_clean

EDITABLE = (
    "name",
    "membership_number",
    "club",
    "email",
    "phone",
    "mail_consent",
    "language",
    "active",
)


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
        "membership_number": player.membership_number,
        "club": player.club,
        "active": player.active,
        "has_email": bool(player.email),
        "has_phone": bool(player.phone),
        "mail_consent": player.mail_consent,
        "language": player.language,
    }


@transaction.atomic
def create_player(fields: Mapping, *, user=None, allow_namesake: bool = False) -> Player:
    """A new club player. Raises NamesakeExists unless `allow_namesake`."""
    player = Player(**{key: value for key, value in fields.items() if key in EDITABLE})
    namesakes = Player.objects.namesakes(player.name)
    if not allow_namesake and namesakes.exists():
        raise NamesakeExists(namesakes.order_by("name", "pk")[:5])
    full_clean(player, exclude=["name_key"])
    player.save()
    audit.record(
        AuditEntry.Action.PLAYER_ADDED,
        user=user,
        subject=player.name,
        summary=Said(gettext_noop("%(player)s added to the club"), player=player),
        after=logged_fields(player),
    )
    return player


@transaction.atomic
def change_player(player: Player, fields: Mapping, *, user=None) -> Player:
    player = Player.objects.select_for_update().get(pk=player.pk)
    before = logged_fields(player)
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
        after=logged_fields(player),
        player=player,
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
            player=player,
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
    # Asked before the row goes: its memberships go with it.
    audit.check_player(user, player)
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
