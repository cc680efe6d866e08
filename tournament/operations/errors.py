"""What an operation answers when the data does not allow it: a message a director
understands, turned into a 4xx by the pages and into a form error by the admin."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from ..models import Match


class OperationError(Exception):
    """An operation the current state of the data does not allow (a 4xx, never a 500)."""

    def __init__(self, message) -> None:
        super().__init__(message)
        self.message = message


class NotYourClub(OperationError):
    """A director's write on another club's tournament: every club's directors run their
    own club only (models.clubs.directs), the operations as well as the pages."""

    def __init__(self, message=None) -> None:
        super().__init__(
            message or _("This is another club's tournament: only its directors run it.")
        )


# What a refusal says of a season's and of a player's write (audit.check_clubs).
ANOTHER_CLUBS_SEASON = _("This is another club's season: only its directors run it.")
NOT_YOUR_MEMBER = _(
    "This player is not a member of your club: only their clubs' directors change their details."
)


class StaleMatch(OperationError):
    """The match changed after the form was shown (another director, another tab)."""

    def __init__(self, match: Match) -> None:
        super().__init__(_("This match changed since the form was shown; here it is now."))
        self.match = match


class MatchGone(OperationError):
    """The match was removed while the operation waited for its lock (the newest Swiss
    round paired again, a draw discarded): a 409, as a match that changed, never a 500."""

    def __init__(self) -> None:
        super().__init__(
            _(
                "This match is no longer in the draw: its round was paired again, or the "
                "draw was made again. Nothing was recorded."
            )
        )


class AlreadySent(OperationError):
    """An entry whose key the server already holds (operations.receipts): it was stored
    when first sent, and this is the same entry sent again. Not a refusal: the device is
    told it is done, with the game's number and the match's version after it."""

    def __init__(self, kind: str, number: int, version: int) -> None:
        if kind == "report":
            message = _("Game %(number)s was already reported from this device.")
        else:
            message = _("Game %(number)s was already recorded from this device.")
        super().__init__(message % {"number": number})
        self.kind, self.number, self.version = kind, number, version


class MatchClosed(OperationError):
    """The match cannot take this: players unknown, a bye, or decided without games."""


class NeedsConfirmation(OperationError):
    """Changing who won would re-open later matches; the director must confirm first."""

    def __init__(self, matches: Sequence[Match], *, reopens: bool = False) -> None:
        self.matches = list(matches)
        count = len(self.matches)
        if reopens:
            message = ngettext(
                "This takes back the match's result; %(count)d later match depends on it "
                "and will be re-opened (its games are kept in the history).",
                "This takes back the match's result; %(count)d later matches depend on it "
                "and will be re-opened (their games are kept in the history).",
                count,
            )
        else:
            message = ngettext(
                "This changes who won the match; %(count)d later match depends on it and "
                "will be re-opened (its games are kept in the history).",
                "This changes who won the match; %(count)d later matches depend on it and "
                "will be re-opened (their games are kept in the history).",
                count,
            )
        super().__init__(message % {"count": count})


class BracketInconsistent(OperationError):
    """The stored bracket disagrees with its plan: refuse rather than make it worse."""


def full_clean(instance, **kwargs) -> None:
    """The row's own validation (fields, constraints, `clean()`), its refusal turned into
    an OperationError with the validation's messages."""
    try:
        instance.full_clean(**kwargs)
    except ValidationError as error:
        raise OperationError(" ".join(error.messages)) from None
