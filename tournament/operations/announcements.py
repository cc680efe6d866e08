"""The results announced in one tap once a tournament is finished: its announcement
page (queries.announcement) becomes the one to share, and each of its players who
agreed to mail (`Player.mail_consent`, with an address) gets it by mail in their
language, sent by a background job (jobs/announcement.py) queued in the same
transaction. Once per tournament: a second tap mails nobody again."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..models import AuditEntry, Player, Tournament
from ..models.audit import Said
from . import audit, jobs
from .errors import OperationError
from .locks import lock_tournament


def recipients(tournament: Tournament) -> list[Player]:
    """The tournament's players who agreed to mail and gave an address."""
    return list(
        Player.objects.filter(entries__tournament=tournament, mail_consent=True)
        .exclude(email="")
        .distinct()
        .order_by("name", "pk")
    )


@transaction.atomic
def announce_results(tournament: Tournament | int, *, user=None) -> int:
    """Announce a finished public tournament's results; returns how many players the
    job will mail."""
    tournament = lock_tournament(tournament)
    if not tournament.is_finished:
        raise OperationError(_("The results are announced once the tournament is finished."))
    if not tournament.public:
        raise OperationError(_("A private tournament's results are not announced."))
    if tournament.results_announced_at is not None:
        raise OperationError(_("These results were announced already."))
    tournament.results_announced_at = timezone.now()
    tournament.save(update_fields=["results_announced_at"])
    players = recipients(tournament)
    audit.record(
        AuditEntry.Action.RESULTS_ANNOUNCED,
        user=user,
        tournament=tournament,
        summary=Said(gettext_noop("Results announced: mailed to %(count)s"), count=len(players)),
    )
    if players:
        jobs.enqueue(
            "announcement",
            f"announcement:{tournament.pk}",
            [tournament.pk, [player.pk for player in players]],
        )
    return len(players)
