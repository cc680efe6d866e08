"""The club's member spreadsheet saved: the rows the core sorts as new become players,
and the changes the director confirmed are made to the players already here, all of
them or none in one transaction, each with its audit entry. The file itself is read by
`tournament.imports`; what its rows mean is `core.member_sheets` and `core.members`'s
to say."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from ..core.member_sheets import MemberList
from ..core.members import (
    Choices,
    ClubPlayer,
    Limits,
    Sorting,
    name_key,
    plan,
    sort_members,
)
from ..models import AuditEntry, Player
from . import audit
from .errors import OperationError
from .players import change_player, logged_fields

LIMITS = Limits(
    **{
        name: Player._meta.get_field(name).max_length
        for name in ("name", "membership_number", "email", "phone", "club")
    }
)


class PreviewOutdated(OperationError):
    """The club's players changed between the preview and the import (another
    director, another tab): nothing is imported, and here is the new sorting."""

    def __init__(self, sorting: Sorting) -> None:
        super().__init__(
            _(
                "The club's players changed since the preview: nothing was imported. "
                "Here is the file sorted again; import it if it is still right."
            )
        )
        self.sorting = sorting


class RowsRefused(OperationError):
    """All or nothing was asked for, and some rows are refused: nothing is imported."""

    def __init__(self, sorting: Sorting) -> None:
        count = len(sorting.refused)
        super().__init__(
            ngettext(
                "Nothing was imported: %(count)d row is refused. Correct it in the "
                "spreadsheet and import the file again.",
                "Nothing was imported: %(count)d rows are refused. Correct them in the "
                "spreadsheet and import the file again.",
                count,
            )
            % {"count": count}
        )
        self.sorting = sorting


def email_ok(address: str) -> bool:
    try:
        validate_email(address)
    except ValidationError:
        return False
    return True


def sort(members: MemberList) -> Sorting:
    """Each row new, already here (with changes or without), asked about or refused,
    against the club as it is now: the preview (one query, whatever the size of the
    file or of the club)."""
    club = [
        ClubPlayer(*row)
        for row in Player.objects.order_by("pk").values_list(
            "pk", "name", "membership_number", "email", "phone", "language", "mail_consent"
        )
    ]
    return sort_members(members.members, club, email_ok=email_ok, limits=LIMITS)


@dataclass(frozen=True)
class Imported:
    """What an import did: the sorting it followed, the players added and changed."""

    sorting: Sorting
    added: int
    updated: int

    @property
    def counts(self) -> dict[str, int]:
        return self.sorting.counts


@transaction.atomic
def import_members(
    members: MemberList,
    *,
    user=None,
    all_or_nothing: bool = False,
    expected: dict[str, int] | None = None,
    fingerprint: str | None = None,
    choices: Choices | None = None,
) -> Imported:
    """Add the new rows as players, make the changes `choices` confirms (none without
    it) and add the asked rows it answers NEW; answer what was done.

    Sorted again inside the transaction, so nothing a preview said is trusted: with
    `expected` (the preview's counts) or `fingerprint` (the preview's
    `Sorting.fingerprint`), a different answer raises PreviewOutdated, as do choices
    the sorting did not ask for; with `all_or_nothing`, a refused row raises
    RowsRefused. Either way nothing is written.
    """
    sorting = sort(members)
    if expected is not None and sorting.counts != expected:
        raise PreviewOutdated(sorting)
    if fingerprint is not None and sorting.fingerprint != fingerprint:
        raise PreviewOutdated(sorting)
    if all_or_nothing and sorting.refused:
        raise RowsRefused(sorting)
    try:
        planned = plan(sorting, choices or Choices())
    except ValueError:
        raise PreviewOutdated(sorting) from None
    players = [
        Player(
            name=member.name,
            # Player.save() keeps the key; bulk_create does not call it.
            name_key=name_key(member.name),
            membership_number=member.membership_number,
            email=member.email,
            phone=member.phone,
            club=member.club,
            language=member.language,
            mail_consent=bool(member.mail_consent),
        )
        for member in planned.new
    ]
    try:
        with transaction.atomic():
            Player.objects.bulk_create(players, batch_size=500)
    except IntegrityError:
        # Another import (or a director's page) took one of these member numbers after
        # the sorting above: the database's constraint refused it.
        raise OperationError(
            _("Another director added players at the same time: nothing was imported. Try again.")
        ) from None
    audit.record_many(
        AuditEntry.Action.PLAYER_ADDED,
        (
            (
                player.name,
                _("%(player)s added to the club from the member list") % {"player": player.name},
                logged_fields(player),
            )
            for player in players
        ),
        user=user,
    )
    changed = Player.objects.in_bulk([player_id for _line, player_id, _c in planned.updates])
    for line, player_id, changes in planned.updates:
        player = changed[player_id]
        try:
            # One door: the player's own operation locks, checks and audits each change.
            change_player(player, {change.field: change.new for change in changes}, user=user)
        except OperationError as refusal:
            raise OperationError(
                _("Nothing was imported: line %(line)d cannot change %(player)s: %(reason)s")
                % {"line": line, "player": player.name, "reason": refusal.message}
            ) from None
    return Imported(sorting, added=len(players), updated=len(planned.updates))
