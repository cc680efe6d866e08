"""A league over weeks: a Swiss or round-robin round may have a deadline. The director
sets it (audited); the day before, the players of the round's matches still unplayed
get a reminder (`manage.py send_round_reminders`, run by the club's scheduler); past it,
the director's desk lists those matches with a walkover or a double loss one tap away.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.core import mail
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..models import AuditEntry, Match, RoundDeadline, Tournament
from ..models.audit import Said
from . import audit
from .errors import OperationError
from .locks import lock_tournament

logger = logging.getLogger(__name__)

# How long before the deadline the reminder goes.
REMINDER_AHEAD = timedelta(days=1)


@transaction.atomic
def set_round_deadline(
    tournament: Tournament | int, number: int, deadline: datetime | None, *, user=None
) -> RoundDeadline | None:
    """Give a round of a Swiss or a round robin its deadline (None: no deadline). A new
    deadline sends a new reminder."""
    tournament = lock_tournament(tournament)
    if not tournament.played_as.in_rounds:
        raise OperationError(_("Only a Swiss or a round robin has round deadlines."))
    if number < 1 or (tournament.played_as.fixed_rounds and number > tournament.rounds):
        raise OperationError(_("This tournament has no round %(number)s.") % {"number": number})
    existing = RoundDeadline.objects.filter(tournament=tournament, round=number).first()
    before = existing.deadline.isoformat() if existing else None
    if deadline is None:
        if existing is not None:
            existing.delete()
        row = None
    else:
        row, _created = RoundDeadline.objects.update_or_create(
            tournament=tournament,
            round=number,
            defaults={"deadline": deadline, "reminded_at": None},
        )
    audit.record(
        AuditEntry.Action.ROUND_DEADLINE,
        user=user,
        tournament=tournament,
        summary=Said(
            gettext_noop("Round %(number)s to be played by %(deadline)s"),
            number=number,
            deadline=deadline.isoformat() if deadline else "—",
        ),
        before={"round": number, "deadline": before},
        after={"round": number, "deadline": deadline.isoformat() if deadline else None},
    )
    return row


def unplayed(tournament_id: int, number: int):
    """The round's matches between two players not yet decided."""
    return (
        Match.objects.to_play()
        .between_two()
        .filter(tournament_id=tournament_id, round=number, bracket__isnull=True)
    )


def send_round_reminders(now: datetime | None = None) -> int:
    """Remind the players of every round due within a day of its unplayed matches; the
    number of mails sent. Each deadline is claimed before its mails go (one row update),
    so two servers running this at once never send them twice."""
    now = now or timezone.now()
    due = RoundDeadline.objects.filter(
        reminded_at__isnull=True,
        deadline__gt=now,
        deadline__lte=now + REMINDER_AHEAD,
        tournament__status=Tournament.Status.RUNNING,
    ).select_related("tournament__season__club")
    sent = 0
    for row in due:
        claimed = RoundDeadline.objects.filter(pk=row.pk, reminded_at__isnull=True).update(
            reminded_at=now
        )
        if claimed:
            sent += _remind(row)
    return sent


def _remind(row: RoundDeadline) -> int:
    wanted = [
        (match, player)
        for match in unplayed(row.tournament_id, row.round).select_related("player1", "player2")
        for player in match.players
        if player.email and player.mail_consent
    ]
    sent = 0
    try:
        with mail.get_connection() as connection:
            for match, player in wanted:
                sent += _send(connection, row, match, player)
    except Exception:
        logger.exception("Reminders of round deadline %s could not be sent", row.pk)
    return sent


def _send(connection, row: RoundDeadline, match: Match, player) -> int:
    site = settings.SITE_URL.rstrip("/")
    try:
        with translation.override(row.tournament.season.club.language_for(player)):
            context = {
                "player": player,
                "opponent": match.players[1 - match.side_of(player)],
                "tournament": row.tournament,
                "round": row.round,
                "deadline": timezone.localtime(row.deadline),
                "length": match.length,
                "url": f"{site}{match.get_absolute_url()}" if site else "",
            }
            subject = " ".join(render_to_string("mail/round_reminder_subject.txt", context).split())
            body = render_to_string("mail/round_reminder.txt", context)
        mail.EmailMessage(subject, body, to=[player.email], connection=connection).send()
    except Exception:
        # Ids only: an address is personal data, and the log is read by others.
        logger.exception("Round reminder (match %s, player %s) failed", match.pk, player.pk)
        return 0
    return 1
