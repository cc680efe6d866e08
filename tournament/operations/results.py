"""The only writer of a match's cached result: score, winner, Crawford game, status and
how it was decided, from `scoring.replay()` or from a walkover or a retirement."""

from __future__ import annotations

from django.utils import timezone

from ..core import scoring
from ..models import AuditEntry, Game, Match
from . import audit

CACHE_FIELDS = [
    "player1",
    "player2",
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


def outcome(match: Match) -> tuple[bool, int | None]:
    """Whether the match is decided, and the winner's id: what the bracket follows."""
    return match.is_decided, match.winner_id


def write_cache(match: Match, state: scoring.MatchState) -> None:
    """Store what `replay()` says of the match."""
    match.raw_score1, match.raw_score2 = state.raw_score
    match.score1, match.score2 = state.score
    match.crawford_game = state.crawford_game
    if state.finished:
        match.status = Match.Status.DECIDED
        match.decided_by = Match.DecidedBy.GAMES
        match.winner = match.players[state.winner]
        match.decided_at = match.decided_at or timezone.now()
    else:
        if not match.players_known:
            match.status = Match.Status.PENDING
        else:
            match.status = Match.Status.LIVE if state.games else Match.Status.READY
        match.decided_by = Match.DecidedBy.OPEN
        match.winner = None
        match.decided_at = None
    match.version += 1
    match.save(update_fields=CACHE_FIELDS)


def clear(match: Match) -> None:
    """Back to no result, its games gone (they stay in the audit entry's snapshot)."""
    match.games.all().delete()
    match.raw_score1 = match.raw_score2 = match.score1 = match.score2 = 0
    match.crawford_game = None
    match.status = Match.Status.PENDING
    match.decided_by = Match.DecidedBy.OPEN
    match.winner = None
    match.decided_at = None
    match.version += 1
    match.save(update_fields=CACHE_FIELDS)


def game_row(match: Match, outcome: scoring.GameOutcome, user) -> Game:
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
        entered_by=audit.acting(user),
    )


def decide_without_games(match: Match, winner: int, how: str, user, summary) -> None:
    """A walkover or a retirement: side `winner` goes on; the games played are kept."""
    before = audit.snapshot(match)
    match.status = Match.Status.DECIDED
    match.decided_by = how
    match.winner_id = (match.player1_id, match.player2_id)[winner]
    match.decided_at = timezone.now()
    match.version += 1
    match.save(update_fields=CACHE_FIELDS)
    if how == Match.DecidedBy.WALKOVER:
        action = AuditEntry.Action.WALKOVER
    else:
        action = AuditEntry.Action.RETIREMENT
    audit.record(
        action, user=user, match=match, summary=summary, before=before, after=audit.snapshot(match)
    )
