"""The mail that tells a player their next match is ready: opponent, table, length and
clock, in the player's language (else the club's), once per match and player, to those
who agreed."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core import mail
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.utils import translation

from ..models import Match, MatchMail, Player, Tournament

logger = logging.getLogger(__name__)


def mail_ready_matches_after_commit(tournament_id: int) -> None:
    """Mail the tournament's ready matches once the current transaction has committed.

    Never inside it: a result rolled back must mail nobody, and a slow mail server must
    not hold the tournament's lock. An operation may move the bracket on (and call this)
    several times in one transaction; one callback per tournament is enough, as it reads
    the bracket as it is at the end. `robust`: should the mailing itself fail after the
    commit, the director's page still answers (the result is recorded by then)."""
    # Django's own queue of callbacks (a savepoint rolled back takes its entries with it);
    # one that has run no longer counts (the tests run them without committing).
    queued = getattr(transaction.get_connection(), "run_on_commit", [])
    for _savepoints, callback, _robust in queued:
        if getattr(callback, "tournament_id", None) == tournament_id and not callback.ran:
            return

    def mail_after_commit() -> None:
        mail_after_commit.ran = True
        mail_ready_matches(tournament_id)

    mail_after_commit.tournament_id, mail_after_commit.ran = tournament_id, False
    transaction.on_commit(mail_after_commit, robust=True)


def mail_ready_matches(tournament_id: int) -> int:
    """Mail every player of the tournament's ready matches who agreed and has not had
    this match's mail yet; the number of mails sent. Runs outside any transaction."""
    # Only once the tournament has started: a draw made again before the start would
    # otherwise mail its first round twice, with different opponents. Only a match not
    # begun: a player whose address is added while they are at the board is not told
    # that the match they are playing "is ready".
    matches = (
        Match.objects.ready()
        .between_two()
        .filter(tournament_id=tournament_id, tournament__status=Tournament.Status.RUNNING)
        .select_related("tournament__season__club", "bracket", "player1", "player2")
    )
    wanted = [
        (match, player)
        for match in matches
        for player in match.players
        if player.email and player.mail_consent
    ]
    if not wanted:
        return 0
    # Most of them were mailed when their match became ready: skip those in one query.
    done = set(
        MatchMail.objects.filter(match__in={match.pk for match, _ in wanted}).values_list(
            "match_id", "player_id"
        )
    )
    claimed = []
    for match, player in wanted:
        if (match.pk, player.pk) not in done:
            row = _claim(match, player)
            if row is not None:
                claimed.append((match, player, row))
    if not claimed:
        return 0
    sent = 0
    try:
        with mail.get_connection() as connection:
            for match, player, row in claimed:
                sent += _send(connection, match, player, row)
    except Exception:
        # The mail server could not be reached (or closed on us): the results are
        # recorded all the same, and the rows say which mails never went.
        logger.exception("Next-match mails of tournament %s could not be sent", tournament_id)
    return sent


def _claim(match: Match, player: Player) -> MatchMail | None:
    """The row that says this mail is ours to send, written before sending, in its own
    transaction: when two servers claim it at once the unique constraint lets one win,
    and the other skips it. So a mail is never sent twice, and at worst (the server
    stops between the row and the send) not at all."""
    try:
        with transaction.atomic():
            return MatchMail.objects.create(match=match, player=player)
    except IntegrityError:
        return None


def _send(connection, match: Match, player: Player, row: MatchMail) -> int:
    """One mail, in the player's language (else the club's); 1 if it went, 0 (logged) if not."""
    try:
        with translation.override(match.tournament.season.club.language_for(player)):
            context = _context(match, player)
            # A subject is one line, whatever the template's line breaks.
            subject = " ".join(render_to_string("mail/next_match_subject.txt", context).split())
            body = render_to_string("mail/next_match.txt", context)
        message = mail.EmailMessage(subject, body, to=[player.email], connection=connection)
        message.send()
    except Exception:
        # Ids only: an address is personal data, and the log is read by others.
        logger.exception(
            "Next-match mail %s (match %s, player %s) failed", row.pk, match.pk, player.pk
        )
        return 0
    MatchMail.objects.filter(pk=row.pk).update(sent=True)
    return 1


def _context(match: Match, player: Player) -> dict:
    """What the mail says; read under the player's language (the table's and the
    clock's words are translated as they are read)."""
    opponent = match.players[1 - match.side_of(player)]
    site = settings.SITE_URL.rstrip("/")
    return {
        "player": player,
        "opponent": opponent,
        "tournament": match.tournament,
        "table": match.table_label,
        "has_tables": bool(match.tournament.tables),
        "length": match.length,
        "clock": match.clock_text,
        "url": f"{site}{match.get_absolute_url()}" if site else "",
    }
