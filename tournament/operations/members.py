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
    JOIN,
    Choices,
    ClubPlayer,
    Limits,
    Sorting,
    name_key,
    plan,
    sort_members,
)
from ..models import AuditEntry, Club, Membership, Player
from ..models.clubs import FOUNDING_CLUB_ID
from . import audit, memberships
from .errors import OperationError
from .players import NUMBER, change_player, logged_fields

LIMITS = Limits(
    **{
        name: Player._meta.get_field(name).max_length
        for name in ("name", "email", "phone", "club", "federation_number")
    },
    membership_number=Membership._meta.get_field("number").max_length,
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


FIELDS = ("pk", "name", "number", "email", "phone", "language", "mail_consent")


def sort(members: MemberList, club=None) -> Sorting:
    """Each row new, already here (with changes or without), asked about or refused,
    against `club`'s members as they are now (the founding club's for None): the
    preview. One query, whatever the size of the file or of the club; one more for the
    players of other clubs the file names by their federation numbers."""
    club_id = memberships.club_id_of(club)
    found = [
        ClubPlayer(*row)
        for row in Player.objects.members_of(club_id)
        .with_number(club_id)
        .order_by("pk")
        .values_list(*FIELDS, "federation_number")
    ]
    numbers = {member.federation_number for member in members.members} - {""}
    if numbers:
        # Known to the federation, not to this club: matched by their number alone,
        # their contact details left out (they are their own clubs' to see).
        others = (
            Player.objects.filter(federation_number__in=numbers)
            .exclude(pk__in=[player.pk for player in found])
            .order_by("pk")
            .values_list("pk", "name", "federation_number")
        )
        found += [
            ClubPlayer(pk, name, federation_number=number, member=False)
            for pk, name, number in others
        ]
    return sort_members(members.members, found, email_ok=email_ok, limits=LIMITS)


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
    club=None,
    user=None,
    all_or_nothing: bool = False,
    expected: dict[str, int] | None = None,
    fingerprint: str | None = None,
    choices: Choices | None = None,
) -> Imported:
    """Add the new rows as players, members of `club` (the founding club for None),
    make the changes `choices` confirms (none without it: a player of another club
    joins this one by such a change) and add the asked rows it answers NEW; answer what
    was done.

    Sorted again inside the transaction, so nothing a preview said is trusted: with
    `expected` (the preview's counts) or `fingerprint` (the preview's
    `Sorting.fingerprint`), a different answer raises PreviewOutdated, as do choices
    the sorting did not ask for; with `all_or_nothing`, a refused row raises
    RowsRefused. Either way nothing is written.
    """
    club_id = memberships.club_id_of(club)
    sorting = sort(members, club_id)
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
            federation_number=member.federation_number,
            email=member.email,
            phone=member.phone,
            club=member.club,
            language=member.language,
            mail_consent=bool(member.mail_consent),
        )
        for member in planned.new
    ]
    if players and club_id == FOUNDING_CLUB_ID:
        Club.founding()  # made again where a test flushed the tables
    try:
        with transaction.atomic():
            Player.objects.bulk_create(players, batch_size=500)
            Membership.objects.bulk_create(
                (
                    Membership(club_id=club_id, player=player, number=member.membership_number)
                    for player, member in zip(players, planned.new, strict=True)
                ),
                batch_size=500,
            )
    except IntegrityError:
        # Another import (or a director's page) took one of these member (or federation)
        # numbers after the sorting above: the database's constraint refused it.
        raise OperationError(
            _("Another director added players at the same time: nothing was imported. Try again.")
        ) from None
    audit.record_many(
        AuditEntry.Action.PLAYER_ADDED,
        (
            (
                player.name,
                _("%(player)s added to the club from the member list") % {"player": player.name},
                {
                    **logged_fields(player),
                    "member_of": club_id,
                    NUMBER: member.membership_number,
                },
            )
            for player, member in zip(players, planned.new, strict=True)
        ),
        user=user,
    )
    changed = Player.objects.in_bulk([player_id for _line, player_id, _c in planned.updates])
    for line, player_id, changes in planned.updates:
        player = changed[player_id]
        fields = {change.field: change.new for change in changes}
        try:
            if fields.pop(JOIN, False):
                # A player of another club joins this one (with the row's number), and
                # is then this club's to change.
                memberships.join(player, club_id, fields.pop(NUMBER, ""))
            # One door: the player's own operation locks, checks and audits each change.
            if fields:
                change_player(player, fields, user=user, club=club_id)
        except OperationError as refusal:
            raise OperationError(
                _("Nothing was imported: line %(line)d cannot change %(player)s: %(reason)s")
                % {"line": line, "player": player.name, "reason": refusal.message}
            ) from None
    return Imported(sorting, added=len(players), updated=len(planned.updates))
