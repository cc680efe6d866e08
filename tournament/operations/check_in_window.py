"""The check-in window: while the director has it open, players check themselves in
from their own pages ("I'm here"). Opened and closed on the desk; starting the
tournament closes it (the draw stands from then on: a late player asks the desk)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..models import AuditEntry, Tournament
from ..models.audit import Said
from . import audit
from .errors import OperationError
from .locks import lock_tournament


@transaction.atomic
def open_check_in(tournament: Tournament, *, user=None) -> Tournament:
    """Players may check in from their own pages from now (again, after a close)."""
    tournament = lock_tournament(tournament)
    if tournament.is_finished:
        raise OperationError(_("The tournament is over."))
    if tournament.check_in_is_open:
        return tournament
    tournament.check_in_opened_at = timezone.now()
    tournament.check_in_closed_at = None
    tournament.save(update_fields=["check_in_opened_at", "check_in_closed_at"])
    audit.record(
        AuditEntry.Action.CHECK_IN_WINDOW,
        user=user,
        tournament=tournament,
        summary=Said(gettext_noop("Check-in opened")),
        after={"open": True},
    )
    return tournament


def shut(tournament: Tournament, *, user, summary: Said) -> None:
    """Close the window of a locked tournament, if open."""
    if not tournament.check_in_is_open:
        return
    tournament.check_in_closed_at = timezone.now()
    tournament.save(update_fields=["check_in_closed_at"])
    audit.record(
        AuditEntry.Action.CHECK_IN_WINDOW,
        user=user,
        tournament=tournament,
        summary=summary,
        after={"open": False},
    )


@transaction.atomic
def close_check_in(tournament: Tournament, *, user=None) -> Tournament:
    """The door shuts: players who come now check in at the desk."""
    tournament = lock_tournament(tournament)
    shut(tournament, user=user, summary=Said(gettext_noop("Check-in closed")))
    return tournament


def close_at_start(tournament: Tournament, *, user=None) -> None:
    """The tournament starts: the window shuts with it (`tournament` is locked)."""
    shut(
        tournament,
        user=user,
        summary=Said(gettext_noop("Check-in closed: the tournament started")),
    )
