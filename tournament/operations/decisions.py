"""Matches decided without being played out: a walkover (a player did not show), a
retirement (a player stopped), a loss on time (a player's clock ran out), and taking
any of them back; and a clock brought into a match."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core import actions
from ..models import AuditEntry, Match
from ..models.audit import Said
from . import audit
from .corrections import prepare_change_of_winner
from .errors import MatchClosed, OperationError
from .locks import check_version, lock_match
from .progress import after_change
from .results import CACHE_FIELDS, decide_without_games, outcome, write_cache


def _allowed(match: Match) -> actions.Allowed:
    return actions.allowed(match.situation(match.replay()))


@transaction.atomic
def walkover(
    match: Match | int, winner: int, *, user=None, expected_version: int | None = None
) -> Match:
    """A player did not come: the other (side `winner`) goes on without playing."""
    match = lock_match(match)
    check_version(match, expected_version)
    if winner not in (0, 1):
        raise OperationError(_("Say which player goes on."))
    if not _allowed(match).walkover:
        raise MatchClosed(_("A walkover is for a match whose players are known and not started."))
    outcome_before = outcome(match)
    decide_without_games(
        match,
        winner,
        Match.DecidedBy.WALKOVER,
        user,
        Said(
            gettext_noop("%(absent)s did not show: walkover to %(player)s"),
            absent=match.players[1 - winner],
            player=match.players[winner],
        ),
    )
    after_change(match, outcome_before, user)
    return match


@transaction.atomic
def double_loss(match: Match | int, *, user=None, expected_version: int | None = None) -> Match:
    """Neither player played a Swiss or round-robin match by its round's deadline: both
    lose it, and nobody wins (settled as a match with no winner)."""
    match = lock_match(match)
    check_version(match, expected_version)
    if not _allowed(match).double_loss:
        raise MatchClosed(
            _(
                "A double loss is for a Swiss or round-robin match whose players are known and "
                "which has not started."
            )
        )
    outcome_before = outcome(match)
    before = audit.snapshot(match)
    match.status = Match.Status.VOID
    match.decided_by = Match.DecidedBy.DOUBLE_LOSS
    match.winner = None
    match.decided_at = timezone.now()
    match.table = ""
    match.version += 1
    match.save(update_fields=CACHE_FIELDS)
    audit.record(
        AuditEntry.Action.DOUBLE_LOSS,
        user=user,
        match=match,
        summary=Said(
            gettext_noop("Double loss: neither %(first)s nor %(second)s played"),
            first=match.player1,
            second=match.player2,
        ),
        before=before,
        after=audit.snapshot(match),
    )
    after_change(match, outcome_before, user)
    return match


@transaction.atomic
def retire(
    match: Match | int, retiring: int, *, user=None, expected_version: int | None = None
) -> Match:
    """A player retires mid-match: the other wins; the games played are kept."""
    match = lock_match(match)
    check_version(match, expected_version)
    if retiring not in (0, 1):
        raise OperationError(_("Say which player retires."))
    if not _allowed(match).retirement:
        raise MatchClosed(
            _("A retirement is for a match under way; before the first game, use a walkover.")
        )
    outcome_before = outcome(match)
    decide_without_games(
        match,
        1 - retiring,
        Match.DecidedBy.RETIREMENT,
        user,
        Said(gettext_noop("%(player)s retired"), player=match.players[retiring]),
    )
    after_change(match, outcome_before, user)
    return match


@transaction.atomic
def lose_on_time(
    match: Match | int, loser: int, *, user=None, expected_version: int | None = None
) -> Match:
    """A player's time ran out: the match is decided for the opponent, as its own kind
    of result (the games played are kept)."""
    match = lock_match(match)
    check_version(match, expected_version)
    if loser not in (0, 1):
        raise OperationError(_("Say whose time ran out."))
    if not _allowed(match).on_time:
        raise MatchClosed(_("A loss on time is for a match under way with a clock."))
    outcome_before = outcome(match)
    decide_without_games(
        match,
        1 - loser,
        Match.DecidedBy.ON_TIME,
        user,
        Said(gettext_noop("%(player)s lost on time"), player=match.players[loser]),
    )
    after_change(match, outcome_before, user)
    return match


@transaction.atomic
def bring_in_clock(match: Match | int, *, user=None, expected_version: int | None = None) -> Match:
    """A clock for a match where the bracket allows one, brought in before the next
    game: each player's time is a minute less per point already scored (the US rule)."""
    match = lock_match(match)
    check_version(match, expected_version)
    state = match.replay()
    if not actions.allowed(match.situation(state)).clock:
        raise MatchClosed(_("A clock is brought into a match under way where clocks are allowed."))
    match.clock_points = sum(state.score)
    match.version += 1
    match.save(update_fields=["clock_points", "version"])
    audit.record(
        AuditEntry.Action.CLOCK_IN,
        user=user,
        match=match,
        summary=Said(
            gettext_noop("Clock brought in at %(a)s-%(b)s: %(minutes)s minutes each"),
            a=state.score[0],
            b=state.score[1],
            minutes=match.reserve_minutes,
        ),
    )
    return match


@transaction.atomic
def reopen(
    match: Match | int, *, user=None, expected_version: int | None = None, confirm: bool = False
) -> Match:
    """Take back a walkover, a retirement, a loss on time or a double loss: the match
    is open again with its games."""
    match = lock_match(match)
    check_version(match, expected_version)
    if not _allowed(match).reopen:
        raise MatchClosed(
            _("Only a walkover, a retirement or a loss on time can be taken back this way.")
        )
    outcome_before = outcome(match)
    rows = prepare_change_of_winner(match, (False, None), confirm, user)
    before = audit.snapshot(match)
    match.decided_by = Match.DecidedBy.OPEN
    match.decided_at = None
    write_cache(match, match.replay())
    audit.record(
        AuditEntry.Action.MATCH_REOPENED,
        user=user,
        match=match,
        summary=Said(gettext_noop("Re-opened")),
        before=before,
        after=audit.snapshot(match),
    )
    after_change(match, outcome_before, user, rows)
    return match
