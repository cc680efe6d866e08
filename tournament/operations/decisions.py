"""Matches decided without being played out: a walkover (a player did not come), a
retirement (a player stopped), and taking either back."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from ..core import actions
from ..models import AuditEntry, Match
from . import audit
from .corrections import prepare_change_of_winner
from .errors import MatchClosed, OperationError
from .locks import check_version, lock_match
from .progress import after_change
from .results import decide_without_games, outcome, write_cache


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
        _("Walkover to %(player)s") % {"player": match.players[winner]},
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
        _("%(player)s retired") % {"player": match.players[retiring]},
    )
    after_change(match, outcome_before, user)
    return match


@transaction.atomic
def reopen(
    match: Match | int, *, user=None, expected_version: int | None = None, confirm: bool = False
) -> Match:
    """Take back a walkover or a retirement: the match is open again with its games."""
    match = lock_match(match)
    check_version(match, expected_version)
    if not _allowed(match).reopen:
        raise MatchClosed(_("Only a walkover or a retirement can be taken back this way."))
    outcome_before = outcome(match)
    prepare_change_of_winner(match, (False, None), confirm, user)
    before = audit.snapshot(match)
    match.decided_by = Match.DecidedBy.OPEN
    match.decided_at = None
    write_cache(match, match.replay())
    audit.record(
        AuditEntry.Action.MATCH_REOPENED,
        user=user,
        match=match,
        summary=_("Re-opened"),
        before=before,
        after=audit.snapshot(match),
    )
    after_change(match, outcome_before, user)
    return match
