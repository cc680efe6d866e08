"""A match's games: record the next one, award lateness penalty points before the
first, take the last one (or the last penalty) back, or give them all again (a
correction). Each replays the games through `scoring.replay()` inside the locked
transaction that writes them, so no illegal game and no stale score is ever stored."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from ..core import actions, scoring
from ..models import AuditEntry, Game, Match, Penalty
from ..models.audit import Said, ngettext_noop
from ..models.rounds import not_called
from . import audit, receipts, stale_transcripts
from .corrections import prepare_change_of_winner
from .errors import MatchClosed, OperationError
from .locks import check_version, lock_match
from .progress import after_change
from .results import game_row, outcome, write_cache


def not_started() -> str:
    """Why a match of a draft tournament takes no game (`Match.tournament_started`)."""
    return gettext("This tournament has not started: its matches take games once it is started.")


def check_open_for_games(match: Match, state: scoring.MatchState) -> None:
    """Refuse a game the match cannot take, with the reason (the core decides)."""
    if actions.allowed(match.situation(state)).game:
        return
    if not match.players_known:
        raise MatchClosed(_("Both players must be known before a game can be recorded."))
    if not match.tournament_started:
        raise MatchClosed(not_started())
    if not match.is_called:
        raise MatchClosed(not_called(match))
    if match.decided_without_games:
        raise MatchClosed(_("This match was decided without playing it out."))
    raise MatchClosed(_("This match is decided: it takes no more games."))


def _played(snapshot: dict) -> list[scoring.GameResult]:
    """The match's games as the audit snapshot taken in this transaction has just read
    them (in order): each game is read once per operation, not once more to replay."""
    return [
        scoring.GameResult(
            winner=game["winner"],
            kind=game["kind"],
            cube=game["cube"],
            how=game["how"],
            beaver=game["beaver"],
        )
        for game in snapshot["games"]
    ]


@transaction.atomic
def record_game(
    match: Match | int,
    result: scoring.GameResult,
    *,
    user=None,
    expected_version: int | None = None,
    source=None,
    entry: str | None = None,
) -> Game:
    """Record the next game of a match; when it decides the match, move the bracket on.
    `source` says where a game reported by a player came from, for the audit log
    ("reported by Anna, confirmed by Xavier"). `entry`: the key the device gave the
    entry (operations.receipts), so that it is recorded once however often it is sent.

    Raises IllegalGame if the rules forbid it, StaleMatch if the match changed since
    `expected_version`, MatchClosed if it cannot take games, AlreadySent for an entry
    recorded before; nothing is saved then.
    """
    match = lock_match(match)
    receipts.check_not_sent(match, entry)
    check_version(match, expected_version)
    before = audit.snapshot(match)
    played = _played(before)
    current = match.replay_games(played)
    if not current.finished:
        check_open_for_games(match, current)
    if match.is_adjourned:
        raise MatchClosed(_("This match is adjourned: resume it before its next game."))
    outcome_before = outcome(match)
    # A decided match is replayed with the game too, so the director reads the rule's
    # own message ("game 7 comes after the match was decided").
    state = match.replay_games([*played, result])
    game = game_row(match, state.games[-1], user)
    game.save()
    write_cache(match, state)
    recorded = state.games[-1]
    audit.record(
        AuditEntry.Action.GAME_RECORDED,
        user=user,
        match=match,
        summary=Said(
            gettext_noop("Game %(number)s: %(points)s to %(player)s; %(a)s-%(b)s (%(source)s)")
            if source
            else gettext_noop("Game %(number)s: %(points)s to %(player)s; %(a)s-%(b)s"),
            number=recorded.number,
            points=recorded.points,
            player=match.players[recorded.winner],
            a=state.score[0],
            b=state.score[1],
            **({"source": source} if source else {}),
        ),
        before=before,
        after=audit.snapshot(
            match, games=[*before["games"], audit.game_entry(game)], penalties=before["penalties"]
        ),
    )
    after_change(match, outcome_before, user)
    receipts.keep(match, entry, "game", game.number)
    return game


@transaction.atomic
def undo_last_game(
    match: Match | int,
    *,
    user=None,
    expected_version: int | None = None,
    confirm: bool = False,
) -> Game:
    """Take back the last game (before the first game, the last penalty points); what
    is removed stays in the audit log.

    If the match was decided and later matches have started from its result, raises
    NeedsConfirmation listing them unless `confirm`; with it they are re-opened too.
    """
    match = lock_match(match)
    check_version(match, expected_version)
    if match.decided_without_games:
        raise MatchClosed(_("This match was decided without playing it out."))
    games = list(match.games.order_by("number"))
    last = games[-1] if games else None
    if last is None:
        penalty = match.penalties.order_by("-number").first()
        if penalty is None:
            raise MatchClosed(_("This match has no game to undo."))
        return _undo_penalty(match, penalty, user=user, confirm=confirm)
    outcome_before = outcome(match)
    rows = prepare_change_of_winner(match, (False, None), confirm, user)
    before = audit.snapshot(match, games=[audit.game_entry(game) for game in games])
    last.delete()
    stale_transcripts.forget(match)  # the file no longer describes the games
    write_cache(match, match.replay_games(_played(before)[:-1]))
    audit.record(
        AuditEntry.Action.GAME_UNDONE,
        user=user,
        match=match,
        summary=Said(gettext_noop("Game %(number)s taken back"), number=last.number),
        before=before,
        after=audit.snapshot(match, games=before["games"][:-1], penalties=before["penalties"]),
    )
    after_change(match, outcome_before, user, rows)
    return last


def _undo_penalty(match: Match, penalty: Penalty, *, user, confirm: bool) -> Penalty:
    outcome_before = outcome(match)
    rows = prepare_change_of_winner(match, (False, None), confirm, user)
    before = audit.snapshot(match)
    penalty.delete()
    penalties = [row.as_penalty() for row in match.penalties.all()]
    write_cache(match, scoring.replay(match.length, match.game_results(), match.rules, penalties))
    audit.record(
        AuditEntry.Action.PENALTY_UNDONE,
        user=user,
        match=match,
        summary=Said(
            ngettext_noop(
                "Penalty of %(points)s point to %(player)s taken back",
                "Penalty of %(points)s points to %(player)s taken back",
            ),
            count="points",
            points=penalty.points,
            player=match.players[penalty.side],
        ),
        before=before,
        after=audit.snapshot(match),
    )
    after_change(match, outcome_before, user, rows)
    return penalty


@transaction.atomic
def award_penalty(
    match: Match | int,
    side: int,
    points: int,
    *,
    minutes_late: int | None = None,
    user=None,
    expected_version: int | None = None,
) -> Penalty:
    """Points to the waiting player (side `side`) before the first game, for an
    opponent's lateness. They count like any points: they may bring on the Crawford
    game, or decide the match (which then moves the bracket on)."""
    match = lock_match(match)
    check_version(match, expected_version)
    if not actions.allowed(match.situation(match.replay())).penalty:
        if match.players_known and not match.tournament_started:
            raise MatchClosed(not_started())
        if match.players_known and not match.is_called:
            raise MatchClosed(not_called(match))
        raise MatchClosed(_("Penalty points are awarded before the first game of a match."))
    rows = [row.as_penalty() for row in match.penalties.all()]
    penalties = [*rows, scoring.Penalty(side=side, points=points)]
    # The core checks the side and the points (and refuses nonsense with its message).
    try:
        state = scoring.replay(match.length, [], match.rules, penalties)
    except scoring.IllegalGame as error:
        raise OperationError(error.message(gettext)) from None
    before = audit.snapshot(match)
    outcome_before = outcome(match)
    number = match.penalties.count() + 1
    penalty = Penalty.objects.create(
        match=match,
        number=number,
        side=side,
        points=points,
        minutes_late=minutes_late,
        entered_by=audit.acting(user),
    )
    write_cache(match, state)
    audit.record(
        AuditEntry.Action.PENALTY,
        user=user,
        match=match,
        summary=Said(
            ngettext_noop(
                "Penalty: %(points)s point to %(player)s; %(a)s-%(b)s",
                "Penalty: %(points)s points to %(player)s; %(a)s-%(b)s",
            ),
            count="points",
            points=points,
            player=match.players[side],
            a=state.score[0],
            b=state.score[1],
        ),
        before=before,
        after=audit.snapshot(match),
    )
    after_change(match, outcome_before, user)
    return penalty


def store_games(match: Match, results: Sequence[scoring.GameResult], *, user, confirm: bool):
    """Give the locked match these games instead of its own (replayed first, after its
    penalty points: an illegal list changes nothing). Returns the replayed state; the
    caller audits."""
    return _store_games(match, results, user=user, confirm=confirm)[0]


def _store_games(match: Match, results: Sequence[scoring.GameResult], *, user, confirm: bool):
    """`store_games`, and the bracket as read to re-open what the change reaches (for
    `after_change`: a correction reads its tournament's draw once)."""
    results = list(results)
    state = match.replay_games(results)
    if results:
        check_open_for_games(match, match.replay_games([]))
    new_winner = match.players[state.winner].pk if state.finished else None
    rows = prepare_change_of_winner(match, (state.finished, new_winner), confirm, user)
    stale_transcripts.forget(match, unless_games=results)  # the file would not tell them
    match.games.all().delete()
    Game.objects.bulk_create([game_row(match, played, user) for played in state.games])
    write_cache(match, state)
    return state, rows


@transaction.atomic
def replace_games(
    match: Match | int,
    results: Sequence[scoring.GameResult],
    *,
    user=None,
    expected_version: int | None = None,
    confirm: bool = False,
) -> Match:
    """Correct a match by giving all its games again (the admin's inline editing).

    The whole list is replayed first; if any game is illegal nothing changes. A change
    of who won re-opens the later matches that depend on it, once confirmed.
    """
    match = lock_match(match)
    check_version(match, expected_version)
    outcome_before = outcome(match)
    before = audit.snapshot(match)
    state, rows = _store_games(match, results, user=user, confirm=confirm)
    audit.record(
        AuditEntry.Action.GAMES_REPLACED,
        user=user,
        match=match,
        summary=Said(
            gettext_noop("Games corrected: %(count)s games, %(a)s-%(b)s"),
            count=len(state.games),
            a=state.score[0],
            b=state.score[1],
        ),
        before=before,
        after=audit.snapshot(match),
    )
    after_change(match, outcome_before, user, rows)
    return match
