"""The writes that span several rows: record or undo a game, correct a match's games.

Each runs in one transaction with the match row locked, asks `scoring.replay()` whether
the games are legal, and writes the games, the match's cached score/winner/Crawford
game/status and an audit entry together. Nothing else writes those caches.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from . import scoring
from .models import AuditEntry, Game, Match


class OperationError(Exception):
    """An operation the current state of the data does not allow (a 4xx, never a 500)."""

    def __init__(self, message) -> None:
        super().__init__(message)
        self.message = message


class StaleMatch(OperationError):
    """The match changed after the form was shown (another director, another tab)."""

    def __init__(self, match: Match) -> None:
        super().__init__(_("This match changed since the form was shown; here it is now."))
        self.match = match


class MatchClosed(OperationError):
    """The match cannot take games: players unknown, a bye, or decided without games."""


def _lock(match: Match | int) -> Match:
    pk = match.pk if isinstance(match, Match) else match
    return (
        Match.objects.select_for_update(of=("self",))
        .select_related("tournament__season", "player1", "player2")
        .get(pk=pk)
    )


def _check_version(match: Match, expected_version: int | None) -> None:
    if expected_version is not None and match.version != expected_version:
        raise StaleMatch(match)


def _check_open_for_games(match: Match) -> None:
    if match.player1_id is None or match.player2_id is None:
        raise MatchClosed(_("Both players must be known before a game can be recorded."))
    if match.decided_by in (Match.DecidedBy.WALKOVER, Match.DecidedBy.RETIREMENT):
        raise MatchClosed(_("This match was decided without playing it out."))


def snapshot(match: Match) -> dict:
    """What an audit entry keeps of a match: enough to see and to restore it."""
    return {
        "players": [match.player1_id, match.player2_id],
        "length": match.length,
        "status": match.status,
        "decided_by": match.decided_by,
        "winner": match.winner_id,
        "score": [match.score1, match.score2],
        "games": [
            {
                "number": game.number,
                "winner": game.winner,
                "kind": game.kind,
                "cube": game.cube,
                "how": game.how,
                "beaver": game.beaver,
                "points": game.points,
            }
            for game in match.games.order_by("number")
        ],
    }


def _write_cache(match: Match, state: scoring.MatchState) -> None:
    """Store what `replay()` says of the match. The only writer of these fields."""
    match.raw_score1, match.raw_score2 = state.raw_score
    match.score1, match.score2 = state.score
    match.crawford_game = state.crawford_game
    if state.finished:
        match.status = Match.Status.DECIDED
        match.decided_by = Match.DecidedBy.GAMES
        match.winner = match.players[state.winner]
        match.decided_at = match.decided_at or timezone.now()
    else:
        if match.player1_id is None or match.player2_id is None:
            match.status = Match.Status.PENDING
        else:
            match.status = Match.Status.LIVE if state.games else Match.Status.READY
        match.decided_by = Match.DecidedBy.OPEN
        match.winner = None
        match.decided_at = None
    match.version += 1
    match.save(
        update_fields=[
            "raw_score1",
            "raw_score2",
            "score1",
            "score2",
            "crawford_game",
            "status",
            "decided_by",
            "winner",
            "decided_at",
            "version",
        ]
    )


def _audit(match: Match, action: str, user, summary, before: dict, after: dict) -> AuditEntry:
    return AuditEntry.objects.create(
        user=user if user is not None and user.is_authenticated else None,
        action=action,
        tournament_id=match.tournament_id,
        match=match,
        subject=f"{match.tournament.name}: {match}",
        summary=str(summary)[:250],
        before=before,
        after=after,
    )


def _game_row(match: Match, outcome: scoring.GameOutcome, user) -> Game:
    result = outcome.result
    return Game(
        match=match,
        number=outcome.number,
        winner=result.winner,
        kind=result.kind,
        cube=result.cube,
        how=result.how,
        beaver=result.had_beaver,
        points=outcome.points,
        crawford=outcome.crawford,
        entered_by=user if user is not None and user.is_authenticated else None,
    )


@transaction.atomic
def record_game(
    match: Match | int,
    result: scoring.GameResult,
    *,
    user=None,
    expected_version: int | None = None,
) -> Game:
    """Record the next game of a match.

    Raises IllegalGame if the rules forbid it, StaleMatch if the match changed since
    `expected_version`, MatchClosed if it cannot take games; nothing is saved then.
    """
    match = _lock(match)
    _check_version(match, expected_version)
    _check_open_for_games(match)
    before = snapshot(match)
    state = match.replay(extra=(result,))
    game = _game_row(match, state.games[-1], user)
    game.save()
    _write_cache(match, state)
    outcome = state.games[-1]
    _audit(
        match,
        AuditEntry.Action.GAME_RECORDED,
        user,
        _("Game %(number)s: %(points)s to %(player)s; %(a)s-%(b)s")
        % {
            "number": outcome.number,
            "points": outcome.points,
            "player": match.players[outcome.winner],
            "a": state.score[0],
            "b": state.score[1],
        },
        before,
        snapshot(match),
    )
    return game


@transaction.atomic
def undo_last_game(match: Match | int, *, user=None, expected_version: int | None = None) -> Game:
    """Take back the last game recorded; the removed game stays in the audit log."""
    match = _lock(match)
    _check_version(match, expected_version)
    if match.decided_by in (Match.DecidedBy.WALKOVER, Match.DecidedBy.RETIREMENT):
        raise MatchClosed(_("This match was decided without playing it out."))
    last = match.games.order_by("-number").first()
    if last is None:
        raise MatchClosed(_("This match has no game to undo."))
    before = snapshot(match)
    last.delete()
    _write_cache(match, match.replay())
    _audit(
        match,
        AuditEntry.Action.GAME_UNDONE,
        user,
        _("Game %(number)s taken back") % {"number": last.number},
        before,
        snapshot(match),
    )
    return last


@transaction.atomic
def replace_games(
    match: Match | int,
    results: Sequence[scoring.GameResult],
    *,
    user=None,
    expected_version: int | None = None,
) -> Match:
    """Correct a match by giving all its games again (the admin's inline editing).

    The whole list is replayed first; if any game is illegal nothing changes.
    """
    match = _lock(match)
    _check_version(match, expected_version)
    results = list(results)
    if results:
        _check_open_for_games(match)
    state = scoring.replay(match.length, results, match.rules)
    before = snapshot(match)
    match.games.all().delete()
    Game.objects.bulk_create([_game_row(match, outcome, user) for outcome in state.games])
    _write_cache(match, state)
    _audit(
        match,
        AuditEntry.Action.GAMES_REPLACED,
        user,
        _("Games corrected: %(count)s games, %(a)s-%(b)s")
        % {"count": len(state.games), "a": state.score[0], "b": state.score[1]},
        before,
        snapshot(match),
    )
    return match


def refresh_match(match: Match | int) -> Match:
    """Recompute a match's caches from its games (after the length or players changed)."""
    with transaction.atomic():
        match = _lock(match)
        if match.decided_by not in (Match.DecidedBy.WALKOVER, Match.DecidedBy.RETIREMENT) and (
            match.player1_id and match.player2_id
        ):
            _write_cache(match, match.replay())
        return match
