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
    return _started_later(match, _bracket_rows(match))


def _bracket_rows(match: Match) -> stored_draw.BracketRows | None:
    if match.bracket_id is None:
        return None
    return stored_draw.load_rows(match.tournament)


def _started_later(match: Match, rows: stored_draw.BracketRows | None) -> list[Match]:
    if rows is None:
        return []
    started = [later.pk for later in rows.dependents(match) if later.is_started]
    if not started:
        return []
    # Whole rows, in the bracket's order, only for these: they are shown and re-opened.
    found = Match.objects.select_related("player1", "player2", "bracket").in_bulk(started)
    return [found[pk] for pk in started]


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
) -> stored_draw.BracketRows | None:
    """Before who-won changes: re-open the later matches that depend on it, if confirmed.

    Returns the bracket as read for that (brought up to date with what was re-opened),
    for `progress.after_change` to move on from without reading it again; None when
    nothing was read."""
    if outcome(match) == new_outcome:
        return None
    rows = _bracket_rows(match)
    started = _started_later(match, rows)
    if started and not confirm:
        # Undone (nobody has won it now) or given to the other player.
        raise NeedsConfirmation(started, reopens=not new_outcome[0])
    for later in reversed(started):
        before = audit.snapshot(later)
        clear(later)
        rows.row(later).take(later)
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
    return rows
