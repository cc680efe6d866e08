"""The "announcement" job: a finished tournament's results (queries.announcement)
mailed to each player who agreed, in their language (else the club's). A mail that
fails is logged by ids (an address is personal data) and not sent again: the others
have gone."""

import logging

from django.conf import settings
from django.core import mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django_tasks import task

from ..models import Player, Tournament
from ..queries.announcement import announcement_of

logger = logging.getLogger(__name__)


@task
def mail_announcement(tournament_id: int, player_ids: list[int]) -> int:
    tournament = Tournament.objects.select_related("season__club").get(pk=tournament_id)
    site = settings.SITE_URL.rstrip("/")
    url = f"{site}{reverse('announcement', args=[tournament.pk])}" if site else ""
    sent = 0
    with mail.get_connection() as connection:
        for player in Player.objects.filter(pk__in=player_ids).order_by("pk"):
            try:
                with translation.override(tournament.season.club.language_for(player)):
                    context = {
                        "player": player,
                        "announcement": announcement_of(tournament),
                        "url": url,
                    }
                    subject = " ".join(
                        render_to_string("mail/announcement_subject.txt", context).split()
                    )
                    body = render_to_string("mail/announcement.txt", context)
                message = mail.EmailMessage(subject, body, to=[player.email], connection=connection)
                message.send()
                sent += 1
            except Exception:
                logger.exception(
                    "Results mail (tournament %s, player %s) failed", tournament_id, player.pk
                )
    return sent
