"""The club's member spreadsheet saved: the rows the core sorts as new become players,
all of them or none in one transaction, each with its audit entry. The file itself is
read by `tournament.imports`; what its rows mean is `core.member_sheets` and
`core.members`'s to say."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from ..core.member_sheets import MemberList
from ..core.members import ClubPlayer, Limits, Sorting, name_key, sort_members
from ..models import AuditEntry, Player
from . import audit
from .errors import OperationError
from .players import logged_fields

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
    """Each row new, already here or refused, against the club as it is now: the
    preview (one query, whatever the size of the file or of the club)."""
    club = [
        ClubPlayer(pk, name, number)
        for pk, name, number in Player.objects.order_by("pk").values_list(
            "pk", "name", "membership_number"
        )
    ]
    return sort_members(members.members, club, email_ok=email_ok, limits=LIMITS)


@transaction.atomic
def import_members(
    members: MemberList,
    *,
    user=None,
    all_or_nothing: bool = False,
    expected: dict[str, int] | None = None,
) -> Sorting:
    """Add the new rows as players and answer the sorting they came from.

    Sorted again inside the transaction, so nothing a preview said is trusted: with
    `expected` (the preview's counts), a different answer raises PreviewOutdated; with
    `all_or_nothing`, a refused row raises RowsRefused. Either way nothing is written.
    """
    sorting = sort(members)
    if expected is not None and sorting.counts != expected:
        raise PreviewOutdated(sorting)
    if all_or_nothing and sorting.refused:
        raise RowsRefused(sorting)
    players = [
        Player(
            name=verdict.member.name,
            # Player.save() keeps the key; bulk_create does not call it.
            name_key=name_key(verdict.member.name),
            membership_number=verdict.member.membership_number,
            email=verdict.member.email,
            phone=verdict.member.phone,
            club=verdict.member.club,
        )
        for verdict in sorting.new
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
    return sorting
