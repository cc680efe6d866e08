"""Games the players report from their private links.

A report changes nothing on the match: it waits until the opponent confirms it (or, when
the tournament asks for it, a director accepts it), and only then is the game recorded,
through `games.record_game` like any game the director types: checked by the core,
locked, audited as "reported by X, confirmed by Y". The opponent may dispute it instead,
with their own version, and the director settles it from the queue.

A report is made against the match's version. When anything else changes the match
meanwhile (the director records a game, undoes one, a walkover), the report has lapsed:
it is not offered for confirmation, and a new report may be made.

A report may also be a whole match: the file a player handed in for a match with no
games recorded yet (operations.player_transcripts). It waits, is confirmed, disputed,
accepted, rejected and lapses as a game does; what it records is the file's games, by
the director's import (operations.file_reports). A director accepts or rejects it
whole: it has no single game to correct.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core import scoring
from ..models import AuditEntry, Game, GameReport, Match, Player
from ..models.audit import Said
from . import audit, file_reports, push_events, receipts
from .errors import OperationError
from .games import check_open_for_games, record_game
from .locks import check_version, lock_match


class NotYourMatch(OperationError):
    """A link acting on a match that is not its player's (a 403 on the pages)."""


class ReportRefused(OperationError):
    """The report cannot be made, confirmed or disputed as asked (a 409)."""


def _side(match: Match, player: Player) -> int:
    side = match.side_of(player)
    if side is None:
        raise NotYourMatch(_("This is not one of your matches."))
    return side


def check_reporting(match: Match) -> None:
    if not match.tournament.players_report:
        raise ReportRefused(
            _("In this tournament the director records the games; tell them the result.")
        )


def waiting_report(match: Match) -> GameReport | None:
    """The report waiting on this match as it is now (a lapsed one does not count)."""
    return (
        GameReport.objects.filter(match=match, version=match.version)
        .waiting()
        .select_related("reported_by")
        .first()
    )


def lapse_old_reports(match: Match) -> None:
    """Reports made before the match last changed are settled as lapsed, so that they
    neither wait in the queue nor block a new report."""
    GameReport.objects.filter(match=match).waiting().exclude(version=match.version).update(
        status=GameReport.Status.LAPSED, settled_at=timezone.now()
    )


def refuse_while_waiting(match: Match) -> None:
    """One report waits per match at a time, a game's or a file's (the constraint says
    so too; this says it in words)."""
    waiting = waiting_report(match)
    if waiting is None:
        return
    if waiting.is_file:
        raise ReportRefused(
            _("%(player)s's match file is already handed in and waits for confirmation.")
            % {"player": waiting.reported_by.name}
        )
    raise ReportRefused(
        _("Game %(number)s is already reported and waits for confirmation.")
        % {"number": waiting.number}
    )


def _describe(match: Match, result: scoring.GameResult) -> str:
    return _("%(player)s wins %(kind)s, cube %(cube)s") % {
        "player": match.players[result.winner],
        "kind": dict(Game.KIND_CHOICES).get(result.kind, result.kind),
        "cube": result.cube,
    }


@transaction.atomic
def report_game(
    match: Match | int,
    player: Player,
    result: scoring.GameResult,
    *,
    expected_version: int | None = None,
    entry: str | None = None,
) -> GameReport:
    """A player reports the next game of their match; the match does not change.
    `entry`: the key the player's phone gave the report (operations.receipts).

    Refused (nothing saved) for another player's match, a match that takes no game,
    a stale form, a game the rules forbid (IllegalGame), or while a report waits;
    AlreadySent for a report sent before."""
    match = lock_match(match)
    side = _side(match, player)
    receipts.check_not_sent(match, entry)
    check_reporting(match)
    check_version(match, expected_version)
    played = match.game_results()
    check_open_for_games(match, match.replay_games(played))
    match.replay_games([*played, result])  # IllegalGame, with the rule's own message
    lapse_old_reports(match)
    refuse_while_waiting(match)
    report = GameReport.objects.create(
        match=match,
        reported_by=match.players[side],
        version=match.version,
        number=len(played) + 1,
        winner=result.winner,
        kind=result.kind,
        cube=result.cube,
        how=result.how,
        beaver=result.beaver,
    )
    audit.record(
        AuditEntry.Action.GAME_REPORTED,
        user=None,
        match=match,
        summary=Said(
            gettext_noop("%(reporter)s reports game %(number)s: %(what)s"),
            reporter=player.name,
            number=report.number,
            what=_describe(match, result),
        ),
    )
    push_events.game_reported(report)
    receipts.keep(match, entry, "report", report.number)
    return report


def _waiting_for_opponent(match: Match, player: Player, report_id: int | None) -> GameReport:
    _side(match, player)
    check_reporting(match)
    report = waiting_report(match)
    if report is None or (report_id is not None and report.pk != report_id):
        stale = GameReport.objects.filter(match=match).waiting().exclude(version=match.version)
        if report_id is not None:
            stale = stale.filter(pk=report_id)
        if stale.exists():
            # Made before the match last changed (the director recorded or undid
            # something): what it says may no longer fit, so nothing is recorded.
            raise ReportRefused(
                _(
                    "The match changed after this report was made: it has lapsed, and "
                    "nothing was recorded."
                )
            )
        raise ReportRefused(
            _("There is no reported game waiting on this match (it may have been settled).")
        )
    if report.reported_by_id == player.pk:
        if report.is_file:
            raise ReportRefused(
                _("You handed in this match file: your opponent confirms it, not you.")
            )
        raise ReportRefused(_("You reported this game: your opponent confirms it, not you."))
    if report.is_disputed:
        raise ReportRefused(_("This game is disputed: the director settles it."))
    return report


def _settle(report: GameReport, status: str, *, user=None, game=None) -> GameReport:
    report.status = status
    report.settled_at = timezone.now()
    report.settled_by = audit.acting(user)
    report.game = game
    report.save(update_fields=["status", "settled_at", "settled_by", "game"])
    return report


@transaction.atomic
def confirm_report(match: Match | int, player: Player, *, report_id: int | None = None):
    """The opponent confirms the waiting report: the game is recorded as the director
    would record it, and the audit log says who reported and who confirmed."""
    match = lock_match(match)
    report = _waiting_for_opponent(match, player, report_id)
    if match.tournament.director_approves_reports:
        raise ReportRefused(_("In this tournament the director approves every reported game."))
    if report.is_file:
        file_reports.record(match, report, confirmed_by=player)
        return _settle(report, GameReport.Status.CONFIRMED)
    game = record_game(
        match,
        report.as_result(),
        expected_version=report.version,
        source=_("reported by %(reporter)s, confirmed by %(opponent)s")
        % {"reporter": report.reported_by.name, "opponent": player.name},
    )
    return _settle(report, GameReport.Status.CONFIRMED, game=game)


@transaction.atomic
def dispute_report(
    match: Match | int,
    player: Player,
    counter: scoring.GameResult | None = None,
    *,
    note: str = "",
    report_id: int | None = None,
) -> GameReport:
    """The opponent says the report is wrong (with their own version, if they give
    one): the report goes to the director's queue with both versions."""
    match = lock_match(match)
    report = _waiting_for_opponent(match, player, report_id)
    report.status = GameReport.Status.DISPUTED
    report.dispute_note = note[:200]
    if counter is not None and report.is_file:
        raise ReportRefused(
            _("A match file is disputed with a note: the director reads both of you.")
        )
    if counter is not None:
        match.replay_games([*match.game_results(), counter])  # a legal game, or refused
        report.counter_winner, report.counter_kind = counter.winner, counter.kind
        report.counter_cube, report.counter_how = counter.cube, counter.how
        report.counter_beaver = counter.beaver
    report.save()
    if report.is_file:
        said = Said(
            gettext_noop("%(opponent)s disputes the match file handed in by %(reporter)s"),
            opponent=player.name,
            reporter=report.reported_by,
        )
    else:
        said = Said(
            gettext_noop("%(opponent)s disputes game %(number)s as reported by %(reporter)s"),
            opponent=player.name,
            number=report.number,
            reporter=report.reported_by,
        )
    audit.record(AuditEntry.Action.REPORT_DISPUTED, user=None, match=match, summary=said)
    push_events.report_disputed(report)
    return report


def _director_report(report: GameReport | int) -> tuple[Match, GameReport]:
    """The report and its match, locked; refused once settled."""
    pk = report.pk if isinstance(report, GameReport) else report
    match_id = GameReport.objects.values_list("match_id", flat=True).get(pk=pk)
    match = lock_match(match_id)
    report = GameReport.objects.select_related("reported_by").get(pk=pk)
    report.match = match
    if not report.is_waiting:
        raise ReportRefused(
            _("This report was already settled (%(status)s).")
            % {"status": report.get_status_display()}
        )
    return match, report


@transaction.atomic
def accept_report(report: GameReport | int, *, user=None) -> GameReport:
    """A director records the reported game as the player reported it."""
    match, report = _director_report(report)
    if report.version != match.version:
        raise ReportRefused(
            _("The match changed after this report; reject it, or record the game on the sheet.")
        )
    if report.is_file:
        file_reports.record(match, report, user=user)
        return _settle(report, GameReport.Status.ACCEPTED, user=user)
    game = record_game(
        match,
        report.as_result(),
        user=user,
        expected_version=report.version,
        source=_("reported by %(reporter)s, accepted by the director")
        % {"reporter": report.reported_by.name},
    )
    return _settle(report, GameReport.Status.ACCEPTED, user=user, game=game)


@transaction.atomic
def correct_report(
    report: GameReport | int, result: scoring.GameResult, *, user=None
) -> GameReport:
    """A director records the game as it really was instead of the report."""
    match, report = _director_report(report)
    _refuse_file(report)
    game = record_game(
        match,
        result,
        user=user,
        expected_version=report.version,
        source=_("reported by %(reporter)s, corrected by the director")
        % {"reporter": report.reported_by.name},
    )
    return _settle(report, GameReport.Status.CORRECTED, user=user, game=game)


@transaction.atomic
def accept_counter_report(report: GameReport | int, *, user=None) -> GameReport:
    """A director records the game as the opponent said it was when they disputed it."""
    match, report = _director_report(report)
    _refuse_file(report)
    result = report.counter_result()
    if result is None:
        raise ReportRefused(
            _("The opponent disputed this game without a version of their own: correct it.")
        )
    if report.version != match.version:
        raise ReportRefused(
            _("The match changed after this report; reject it, or record the game on the sheet.")
        )
    opponent = match.players[1 - _side(match, report.reported_by)]
    game = record_game(
        match,
        result,
        user=user,
        expected_version=report.version,
        source=_("reported by %(reporter)s, %(opponent)s's version recorded by the director")
        % {"reporter": report.reported_by.name, "opponent": opponent.name},
    )
    return _settle(report, GameReport.Status.CORRECTED, user=user, game=game)


def _refuse_file(report: GameReport) -> None:
    if report.is_file:
        raise ReportRefused(
            _(
                "A match file is accepted or rejected whole: to record other games, reject "
                "it and record them on the match sheet."
            )
        )


@transaction.atomic
def reject_report(report: GameReport | int, *, user=None) -> GameReport:
    """A director throws the report away; the match is as it was."""
    match, report = _director_report(report)
    if report.is_file:
        said = Said(
            gettext_noop("The match file handed in by %(reporter)s rejected"),
            reporter=report.reported_by,
        )
    else:
        said = Said(
            gettext_noop("Game %(number)s as reported by %(reporter)s rejected"),
            number=report.number,
            reporter=report.reported_by,
        )
    audit.record(AuditEntry.Action.REPORT_REJECTED, user=user, match=match, summary=said)
    return _settle(report, GameReport.Status.REJECTED, user=user)
