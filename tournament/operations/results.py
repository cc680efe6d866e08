"""The only writer of a match's cached result: score, winner, Crawford game, status and
how it was decided, from `scoring.replay()` or from a walkover or a retirement."""

from __future__ import annotations

from django.utils import timezone

from ..core import scoring
from ..models import AuditEntry, Game, Match
from . import audit, stale_transcripts

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
    "table",
    "clock_points",
    "penalty1",
    "penalty2",
    "called_at",
    "adjourned_at",
    "adjourned_seconds",
    "clock_left1",
    "clock_left2",
]


def outcome(match: Match) -> tuple[bool, int | None]:
    """Whether the match is settled by a result, and the winner's id: what the bracket
    (and a Swiss's next round) follows. A double loss is a result with no winner."""
    return match.is_decided or match.double_loss, match.winner_id


def _keep_table_if_free(match: Match) -> None:
    """A match open again (a game undone, a walkover taken back) keeps its table only
    if no other match has been called to it since; else it waits for a free one."""
    if match.table and match.status in Match.OPEN_STATUSES:
        taken = (
            Match.objects.open()
            .filter(tournament_id=match.tournament_id, table=match.table)
            .exclude(pk=match.pk)
        )
        if taken.exists():
            match.table = ""
            match.called_at = None  # called again when a table frees


def write_cache(match: Match, state: scoring.MatchState) -> None:
    """Store what `replay()` says of the match."""
    match.raw_score1, match.raw_score2 = state.raw_score
    match.score1, match.score2 = state.score
    match.penalty1, match.penalty2 = state.penalty
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
    _keep_table_if_free(match)
    match.version += 1
    match.save(update_fields=CACHE_FIELDS)


def clear(match: Match) -> None:
    """Back to no result, its games and penalty points gone (they stay in the audit
    entry's snapshot), its table and clock released."""
    match.games.all().delete()
    match.penalties.all().delete()
    stale_transcripts.forget(match)
    match.table = ""
    match.clock_points = None
    match.called_at = match.adjourned_at = match.clock_left1 = match.clock_left2 = None
    match.adjourned_seconds = 0
    match.penalty1 = match.penalty2 = 0
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
    """A walkover, a retirement or a loss on time: side `winner` goes on; the games
    played are kept."""
    before = audit.snapshot(match)
    match.status = Match.Status.DECIDED
    match.decided_by = how
    match.winner_id = (match.player1_id, match.player2_id)[winner]
    match.decided_at = timezone.now()
    match.adjourned_at = None  # settled: an adjournment ends with it
    match.version += 1
    match.save(update_fields=CACHE_FIELDS)
    action = {
        Match.DecidedBy.WALKOVER: AuditEntry.Action.WALKOVER,
        Match.DecidedBy.RETIREMENT: AuditEntry.Action.RETIREMENT,
        Match.DecidedBy.ON_TIME: AuditEntry.Action.ON_TIME,
    }[how]
    audit.record(
        action, user=user, match=match, summary=summary, before=before, after=audit.snapshot(match)
    )
