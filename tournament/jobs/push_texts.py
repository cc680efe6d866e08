"""What a push notification says (docs/push.md), made when it is sent, in the recipient's
language: the player's own, else the one their browser's page was in, else the club's.

The payload is a small JSON object, read by static/tournament/js/sw_push.js:
`{"title": ..., "body": ..., "url": ..., "tag": ...}`. `url` is a path of this site (the
player's own page from their private link, the director's page of the thing); `tag`
names what it is about ("match-12"), so that a newer notice of the same match replaces
the older one on the phone. It says no more than the recipient's own page shows."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.urls import get_script_prefix, reverse, set_script_prefix
from django.utils import timezone, translation
from django.utils.translation import gettext

from ..core import wall_clock
from ..models import GameReport, Match, PushKind, PushMessage, PushSubscription
from ..operations.links import token_of

# Seconds a push service keeps a notice for a phone that is off, by kind: a call is stale
# within the hour, a report or an analysis keeps for a day.
TTL = {
    PushKind.CALLED: 3600,
    PushKind.PAIRED: 3600,
    PushKind.REPORTED: 86400,
    PushKind.ANALYSED: 86400,
    PushKind.DISPUTED: 86400,
    PushKind.OVERDUE: 1800,
}
# Delivered at once even to a phone saving its battery (RFC 8030's Urgency): a call, a
# report to confirm, a match running over.
URGENT = {PushKind.CALLED, PushKind.PAIRED, PushKind.REPORTED, PushKind.OVERDUE}
# The longest body sent: a notice is a line or two, and a push message holds 4 kB at most.
BODY_LENGTH = 300


@dataclass(frozen=True)
class Notice:
    title: str
    body: str
    url: str
    tag: str

    def payload(self) -> dict:
        body = self.body[:BODY_LENGTH]
        return {"title": self.title, "body": body, "url": self.url, "tag": self.tag}


def language_of(subscription: PushSubscription) -> str:
    player = subscription.player
    return (player.language if player else "") or subscription.language or settings.LANGUAGE_CODE


def notice_of(message: PushMessage) -> Notice | None:
    """The notice in the recipient's language; None when there is nothing to tell any
    more (the match was removed, the report settled, the match no longer running over)."""
    match = (
        Match.objects.select_related("tournament__season__club", "bracket", "player1", "player2")
        .filter(pk=message.params.get("match"))
        .first()
    )
    if match is None:
        return None
    with translation.override(language_of(message.subscription)):
        if message.subscription.player_id is not None:
            return _for_player(message, match)
        return _for_director(message, match)


def _opponent(match: Match, player_id: int) -> str:
    opponent = match.player2 if match.player1_id == player_id else match.player1
    return opponent.name if opponent is not None else ""


def _called(match: Match, opponent: str, table: str) -> str:
    if not table:
        return gettext("Your match against %(opponent)s is ready: you may start.") % {
            "opponent": opponent
        }
    if table.isdigit():
        return gettext("Your match against %(opponent)s is called: table %(table)s.") % {
            "opponent": opponent,
            "table": table,
        }
    return gettext("Your match against %(opponent)s is called: %(table)s.") % {
        "opponent": opponent,
        "table": table,
    }


def _paired(params: dict, match: Match, opponent: str) -> str:
    number = params.get("round")
    if params.get("bye"):
        return gettext("Round %(round)s is paired: you have the bye.") % {"round": number}
    if params.get("called"):
        paired = gettext("Round %(round)s is paired.") % {"round": number}
        return f"{paired} {_called(match, opponent, params.get('table', ''))}"
    return gettext("Round %(round)s is paired: you play %(opponent)s.") % {
        "round": number,
        "opponent": opponent,
    }


def _reported(params: dict, match: Match, opponent: str) -> str | None:
    report = GameReport.objects.filter(pk=params.get("report")).first()
    if report is None or not report.is_waiting or report.version != match.version:
        return None  # confirmed, disputed or lapsed already
    if report.is_file:
        return gettext("%(opponent)s handed in the file of your match: confirm it.") % {
            "opponent": opponent
        }
    return gettext("%(opponent)s reported game %(number)s of your match: confirm it.") % {
        "opponent": opponent,
        "number": report.number,
    }


def _for_player(message: PushMessage, match: Match) -> Notice | None:
    params = message.params
    opponent = _opponent(match, params.get("player"))
    token = token_of(message.subscription.link)
    url = reverse("player-page", args=[token])
    if message.kind == PushKind.CALLED:
        if not match.is_open:
            return None  # decided or taken back before the notice went
        body = _called(match, opponent, params.get("table", ""))
    elif message.kind == PushKind.PAIRED:
        body = _paired(params, match, opponent)
    elif message.kind == PushKind.REPORTED:
        body = _reported(params, match, opponent)
    elif message.kind == PushKind.ANALYSED:
        body = gettext("The analysis of your match against %(opponent)s is ready.") % {
            "opponent": opponent
        }
        url = reverse("player-transcript", args=[token, match.pk])
    else:
        return None
    if body is None:
        return None
    return Notice(match.tournament.name, body, url, f"match-{match.pk}")


def _club_page(match: Match, name: str, *args) -> str:
    """A director's page of the match's club: under the club's address (Club.prefix),
    inside the site's own; the founding club's unprefixed, as before clubs."""
    root = get_script_prefix()
    prefix = match.tournament.season.club.prefix.lstrip("/")
    set_script_prefix(f"{root}{prefix}/" if prefix else root)
    try:
        return reverse(name, args=args or None)
    finally:
        set_script_prefix(root)


def _for_director(message: PushMessage, match: Match) -> Notice | None:
    tournament = match.tournament
    if message.kind == PushKind.DISPUTED:
        report = GameReport.objects.filter(pk=message.params.get("report")).first()
        if report is None or not report.is_disputed:
            return None  # settled already
        disputer = _opponent(match, report.reported_by_id)
        if report.is_file:
            body = gettext("%(player)s disputes the match file of %(match)s.")
        else:
            body = gettext("%(player)s disputes game %(number)s of %(match)s.")
        body %= {"player": disputer, "number": report.number, "match": match}
        url = _club_page(match, "director-reports")
        return Notice(tournament.name, body, url, f"report-{report.pk}")
    if message.kind == PushKind.OVERDUE:
        mark = match.wall_mark(timezone.now())
        if mark.kind != wall_clock.RUNNING_OVER:
            return None  # decided, adjourned or moved on meanwhile
        if match.table:
            body = gettext("%(match)s, at %(table)s, is running over its expected length.")
        else:
            body = gettext("%(match)s is running over its expected length.")
        body %= {"match": match, "table": match.table_label}
        url = _club_page(match, "director-match", tournament.pk, match.pk)
        return Notice(tournament.name, body, url, f"match-{match.pk}")
    return None
