"""Corrections that change who won: the later matches already started from the old
result are listed first, and re-opened (their games kept in the audit log) only once
the director confirms."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext_noop

from ..core import scoring
from ..models import AuditEntry, Match, stored_draw
from ..models.audit import Said
from . import audit
from .errors import NeedsConfirmation
from .results import clear, outcome


def affected_by_change(match: Match) -> list[Match]:
    """The later matches already started that a change of this match's winner re-opens."""
    if match.bracket_id is None:
        return []
    stored = stored_draw.load(match.tournament)
    return [later for later in stored.dependents(match) if later.is_started]


def correction_impact(match: Match, results: Sequence[scoring.GameResult]) -> list[Match]:
    """The started later matches that giving `results` as the match's games would re-open.

    Raises IllegalGame if the games are not legal. Reads only.
    """
    state = match.replay_games(results)
    winner = match.players[state.winner].pk if state.finished else None
    if outcome(match) == (state.finished, winner):
        return []
    return affected_by_change(match)


def prepare_change_of_winner(
    match: Match, new_outcome: tuple[bool, int | None], confirm: bool, user
) -> None:
    """Before who-won changes: re-open the later matches that depend on it, if confirmed."""
    if outcome(match) == new_outcome:
        return
    started = affected_by_change(match)
    if started and not confirm:
        # Undone (nobody has won it now) or given to the other player.
        raise NeedsConfirmation(started, reopens=not new_outcome[0])
    for later in reversed(started):
        before = audit.snapshot(later)
        clear(later)
        later.tournament = match.tournament
        audit.record(
            AuditEntry.Action.MATCH_REOPENED,
            user=user,
            match=later,
            summary=Said(
                gettext_noop("Re-opened because the result of %(match)s was corrected"),
                match=match,
            ),
            before=before,
            after=audit.snapshot(later),
        )
