"""The mails of registration: entered (with the private link), on the waiting list,
moved up from it. Always to the address the club has on record for the player, never
to one a visitor typed, and only after the transaction commits (a sign-up rolled back
mails nobody; a slow mail server never holds the tournament's lock)."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core import mail
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation

from ..models import Player, Tournament
from .links import link_for, path_of

logger = logging.getLogger(__name__)

ENTERED, WAITING, PROMOTED = "entered", "waiting", "promoted"


def mail_after_commit(kind: str, tournament: Tournament, player: Player, position=None) -> None:
    """Mail `player` once the transaction commits: `kind` is ENTERED, WAITING (at
    `position` on the list) or PROMOTED. Nothing for a player with no address."""
    if not player.email:
        return
    tournament_id, player_id = tournament.pk, player.pk
    transaction.on_commit(lambda: send(kind, tournament_id, player_id, position), robust=True)


def send(kind: str, tournament_id: int, player_id: int, position=None) -> bool:
    """One registration mail, in the player's language (else the club's); False (logged)
    if it failed."""
    player = Player.objects.get(pk=player_id)
    tournament = Tournament.objects.select_related("season__club").get(pk=tournament_id)
    site = settings.SITE_URL.rstrip("/")
    context = {
        "kind": kind,
        "player": player,
        "tournament": tournament,
        "position": position,
        "link": f"{site}{path_of(link_for(player))}",
        "page": f"{site}{tournament.get_absolute_url()}",
    }
    try:
        with translation.override(tournament.season.club.language_for(player)):
            subject = " ".join(render_to_string("mail/registration_subject.txt", context).split())
            body = render_to_string("mail/registration.txt", context)
        mail.EmailMessage(subject, body, to=[player.email]).send()
    except Exception:
        # Ids only: an address is personal data, and the log is read by others.
        logger.exception("Registration mail (%s) to player %s failed", kind, player_id)
        return False
    return True
