"""Which writes notify whom (docs/push.md): a player is told that their match is called
(or ready, on a day without tables), that their opponent reported a game, that a round is
paired, that their match's analysis is ready; a director who allowed it, that a report is
disputed or a match runs over its expected length.

Each function is called by the operation where the event arises, inside its transaction:
the messages and their job are written with the write, or not at all. Without the club's
VAPID key nothing is read; with it, one query finds the browsers of the people concerned,
and nothing more happens when there are none."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from ..core import wall_clock
from ..models import (
    Analysis,
    GameReport,
    Match,
    PushKind,
    PushMessage,
    PushSubscription,
    Tournament,
)
from ..models.seasons import club_id_of
from .push import enabled, queue

# The federation administrator's permission (models.clubs.FEDERATION_PERMISSION), in the
# form a query of the permissions' tables takes.
FEDERATION = ("tournament", "administer_federation")


def _stamp(moment: datetime) -> int:
    """A moment as a whole number of milliseconds, for an event's name."""
    return int(moment.timestamp() * 1000)


def _sides(match: Match) -> list[int]:
    """The ids of the match's players (one for a bye)."""
    return [pk for pk in (match.player1_id, match.player2_id) if pk is not None]


def _players_browsers(player_ids) -> dict[int, list[PushSubscription]]:
    """The subscriptions of these players, made from their live links."""
    found: dict[int, list[PushSubscription]] = {}
    rows = PushSubscription.objects.filter(player_id__in=set(player_ids), link__revoked_at=None)
    for subscription in rows:
        found.setdefault(subscription.player_id, []).append(subscription)
    return found


def _directors_browsers(club_id: int) -> list[PushSubscription]:
    """The subscriptions of the active accounts that run the club (models.clubs.directs:
    its directors, and the federation's administrators, who may run any): another
    club's directors are not told of its matches."""
    app, codename = FEDERATION
    may_direct = (
        Q(user__club_roles__club_id=club_id)
        | Q(user__is_superuser=True)
        | Q(
            user__user_permissions__content_type__app_label=app,
            user__user_permissions__codename=codename,
        )
        | Q(
            user__groups__permissions__content_type__app_label=app,
            user__groups__permissions__codename=codename,
        )
    )
    return list(PushSubscription.objects.filter(user__is_active=True).filter(may_direct).distinct())


def _in_play(tournament: Tournament) -> bool:
    """Players hear of a tournament's matches once it has started (a draw made before
    the start may be made again), as the next-match mail does."""
    return tournament.status == Tournament.Status.RUNNING


def _for_players(pairs, event: str, kind: str, **params) -> list[PushMessage]:
    """A message to each browser of each (player id, browsers) pair."""
    return [
        PushMessage(
            subscription=subscription, event=event, kind=kind, params={**params, "player": pk}
        )
        for pk, browsers in pairs
        for subscription in browsers
    ]


def matches_called(tournament: Tournament, matches) -> None:
    """`matches` were just called to their tables (operations.tables), or are ready on
    a day without tables. A browser still waiting to be told that the match's round is
    paired is told both at once (its message gains the table)."""
    if not enabled() or not _in_play(tournament):
        return
    matches = [match for match in matches if match.player1_id and match.player2_id]
    if not matches:
        return
    browsers = _players_browsers(pk for match in matches for pk in _sides(match))
    if not browsers:
        return
    pairings = {
        (message.subscription_id, message.params.get("match")): message
        for message in PushMessage.objects.filter(
            event__in=[f"paired:{match.pk}" for match in matches], sent_at=None
        )
    }
    messages = []
    for match in matches:
        event = f"called:{match.pk}:{_stamp(match.called_at or timezone.now())}"
        for pk in _sides(match):
            for subscription in browsers.get(pk, []):
                pairing = pairings.get((subscription.pk, match.pk))
                if pairing is not None and _add_table(pairing, match.table):
                    continue
                called = {"match": match.pk, "table": match.table, "player": pk}
                messages.append(
                    PushMessage(
                        subscription=subscription, event=event, kind=PushKind.CALLED, params=called
                    )
                )
    queue(messages)


def _add_table(pairing: PushMessage, table: str) -> bool:
    """The table added to a round's message not sent yet; False if the job took it
    meanwhile (a message of its own is needed then)."""
    params = {**pairing.params, "called": True, "table": table}
    return bool(PushMessage.objects.filter(pk=pairing.pk, sent_at=None).update(params=params))


def match_moved(match: Match) -> None:
    """A director moved an open match to another table: its players are called there."""
    if not enabled() or not _in_play(match.tournament):
        return
    browsers = _players_browsers(_sides(match))
    event = f"moved:{match.pk}:{match.version}"
    messages = _for_players(
        browsers.items(), event, PushKind.CALLED, match=match.pk, table=match.table
    )
    queue(messages)


def tournament_started(tournament: Tournament) -> None:
    """The first round's players hear of their matches at the start, not at the draw."""
    if not enabled():
        return
    called = tournament.matches.open().between_two().exclude(called_at=None)
    matches_called(tournament, list(called.order_by("pk")))


def round_paired(tournament: Tournament, number: int, rows: list[Match]) -> None:
    """A Swiss's (or a Swiss with lives') round `number` is paired: `rows`, its matches
    and its bye, just stored."""
    if not enabled() or not _in_play(tournament):
        return
    browsers = _players_browsers(pk for row in rows for pk in _sides(row))
    messages = []
    for row in rows:
        bye = row.status == Match.Status.BYE
        pairs = [(pk, browsers[pk]) for pk in _sides(row) if pk in browsers]
        messages += _for_players(
            pairs, f"paired:{row.pk}", PushKind.PAIRED, match=row.pk, round=number, bye=bye
        )
    queue(messages)


def game_reported(report: GameReport) -> None:
    """A player reported a game (or handed in the match's file): the opponent is asked
    to confirm it."""
    if not enabled():
        return
    match = report.match
    opponent = match.player2_id if report.reported_by_id == match.player1_id else match.player1_id
    browsers = _players_browsers([opponent])
    messages = _for_players(
        browsers.items(),
        f"reported:{report.pk}",
        PushKind.REPORTED,
        match=match.pk,
        report=report.pk,
    )
    queue(messages)


def report_disputed(report: GameReport) -> None:
    """The opponent disputed a reported game: the directors settle it."""
    if not enabled():
        return
    messages = [
        PushMessage(
            subscription=subscription,
            event=f"disputed:{report.pk}",
            kind=PushKind.DISPUTED,
            params={"match": report.match_id, "report": report.pk},
        )
        for subscription in _directors_browsers(club_id_of(report.match.tournament))
    ]
    queue(messages)


def analysis_ready(match: Match, analysis: Analysis) -> None:
    """GNU Backgammon analysed the match: its players may read their figures. Once per
    match: a final analysed again at the finals' depth tells nobody again."""
    if not enabled():
        return
    browsers = _players_browsers(_sides(match))
    if not browsers or Analysis.objects.filter(match=match).exclude(pk=analysis.pk).exists():
        return
    messages = _for_players(
        browsers.items(), f"analysed:{analysis.pk}", PushKind.ANALYSED, match=match.pk
    )
    queue(messages)


@transaction.atomic
def running_over(now: datetime | None = None) -> int:
    """The directors who allowed it are told of each open match that runs over its
    expected length (core.wall_clock, as the desk marks it), once per call of the match;
    the workers look every settings.PUSH_OVERDUE_INTERVAL seconds. Answers how many
    messages were queued."""
    if not enabled():
        return 0
    if not PushSubscription.objects.filter(user__is_active=True).exists():
        return 0  # no account's browser to tell: the matches are not read
    now = now or timezone.now()
    # Matches called within the days their messages are kept: each is told once.
    since = now - timedelta(days=settings.PUSH_KEEP_DAYS)
    matches = (
        Match.objects.open()
        .filter(tournament__status__in=Tournament.IN_PLAY, called_at__gte=since)
        .select_related("tournament__season", "bracket")
        .order_by("pk")
    )
    over = [match for match in matches if match.wall_mark(now).kind == wall_clock.RUNNING_OVER]
    # Each club's directors, of their club's matches: one query per club with a match
    # running over.
    browsers = {}
    for match in over:
        club_id = club_id_of(match.tournament)
        if club_id not in browsers:
            browsers[club_id] = _directors_browsers(club_id)
    messages = [
        PushMessage(
            subscription=subscription,
            event=f"overdue:{match.pk}:{_stamp(match.called_at)}",
            kind=PushKind.OVERDUE,
            params={"match": match.pk},
        )
        for match in over
        for subscription in browsers[club_id_of(match.tournament)]
    ]
    return len(queue(messages, told_before=True))
