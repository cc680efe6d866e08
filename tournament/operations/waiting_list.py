"""The waiting list moves up by itself: when a place frees (a registration removed
before the draw, the cap raised), the first on the list is entered in the same
transaction, and mailed once it commits. The caller holds the tournament's lock."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext_noop

from ..core import draw
from ..models import AuditEntry, Entry, SignUp, Tournament
from ..models.audit import Said
from . import audit
from .registration_mail import PROMOTED, mail_after_commit


def places(tournament: Tournament) -> int:
    """How many players the tournament takes: its cap, and never more than a draw takes."""
    cap = tournament.registration_cap
    return draw.MAX_ENTRANTS if cap is None else min(cap, draw.MAX_ENTRANTS)


def is_full(tournament: Tournament) -> bool:
    return tournament.entries.filter(withdrawn=False).count() >= places(tournament)


def waiting_count(tournament: Tournament) -> int:
    return SignUp.objects.filter(tournament=tournament).waiting_list().count()


def promote(tournament: Tournament, *, user=None) -> list[Entry]:
    """Enter the first on the waiting list while there is room; the entries made.
    `tournament` must be locked (locks.lock_tournament) by the caller. Only before the
    draw: a place freed once the draw stands is nobody's (a player who leaves then is
    withdrawn, not replaced)."""
    if not tournament.is_draft or tournament.matches.exists():
        return []
    promoted = []
    while not is_full(tournament):
        first = SignUp.objects.filter(tournament=tournament).waiting_list().first()
        if first is None:
            break
        first.status, first.decided = SignUp.Status.ENTERED, timezone.now()
        first.save(update_fields=["status", "decided"])
        player = first.player
        if tournament.entries.filter(player=player).exists():
            continue  # the director entered them meanwhile: their place is taken already
        entry = Entry.objects.create(tournament=tournament, player=player)
        audit.record(
            AuditEntry.Action.ENTRY_ADDED,
            user=user,
            tournament=tournament,
            summary=Said(gettext_noop("%(player)s moved up from the waiting list"), player=player),
            after={"player": player.pk, "sign_up": first.pk},
        )
        mail_after_commit(PROMOTED, tournament, player)
        promoted.append(entry)
    return promoted
