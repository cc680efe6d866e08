"""Matches outside any bracket (friendlies, or a match a director adds by hand in the
admin): made, corrected with their games, deleted while no game is recorded. A
bracket's matches come from its draw and only ever change through their results."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core import scoring
from ..models import AuditEntry, Match, Player, Tournament
from ..models.audit import Said
from . import audit
from .errors import OperationError, full_clean
from .games import store_games
from .locks import lock_match, lock_tournament


def may_delete_match(match: Match) -> bool:
    return not match.from_draw and not match.games.exists() and not match.is_decided


@transaction.atomic
def create_match(
    tournament: Tournament,
    player1: Player | None,
    player2: Player | None,
    length: int,
    results: Sequence[scoring.GameResult] = (),
    *,
    user=None,
) -> Match:
    """A friendly between two players (or one still unknown), with its games if any."""
    tournament = lock_tournament(tournament)
    match = Match(tournament=tournament, player1=player1, player2=player2, length=length)
    match.status = Match.Status.READY if match.players_known else Match.Status.PENDING
    full_clean(match)
    match.save()
    state = store_games(match, results, user=user, confirm=False)
    audit.record(
        AuditEntry.Action.MATCH_CREATED,
        user=user,
        match=match,
        summary=Said(
            gettext_noop("Match added: %(count)s games, %(a)s-%(b)s"),
            count=len(state.games),
            a=state.score[0],
            b=state.score[1],
        ),
        after=audit.snapshot(match),
    )
    return match


@transaction.atomic
def correct_friendly(
    match: Match | int,
    player1: Player | None,
    player2: Player | None,
    length: int,
    results: Sequence[scoring.GameResult],
    *,
    user=None,
) -> Match:
    """Give a friendly its players, length and games again: the games are replayed at
    the new length first, and nothing changes if any is illegal."""
    match = lock_match(match)
    if match.from_draw:
        raise OperationError(
            _("The players and length of a bracket's match come from its draw and schedule.")
            if match.bracket_id is not None
            else _("The players and length of a round's match come from its pairing.")
        )
    before = audit.snapshot(match)
    match.player1, match.player2, match.length = player1, player2, length
    full_clean(match, exclude=["tournament", "bracket", "source1_match", "source2_match"])
    match.save(update_fields=["player1", "player2", "length"])
    state = store_games(match, results, user=user, confirm=False)
    audit.record(
        AuditEntry.Action.GAMES_REPLACED,
        user=user,
        match=match,
        summary=Said(
            gettext_noop("Match corrected: %(count)s games, %(a)s-%(b)s"),
            count=len(state.games),
            a=state.score[0],
            b=state.score[1],
        ),
        before=before,
        after=audit.snapshot(match),
    )
    return match


@transaction.atomic
def delete_match(match: Match | int, *, user=None) -> None:
    match = lock_match(match)
    if not may_delete_match(match):
        raise OperationError(
            _("Only a match outside the brackets with no game recorded can be deleted.")
        )
    before = audit.snapshot(match)
    subject = f"{match.tournament.name}: {match}"
    tournament = match.tournament
    match.delete()
    audit.record(
        AuditEntry.Action.MATCH_DELETED,
        user=user,
        tournament=tournament,
        subject=subject,
        summary=Said(gettext_noop("Match deleted")),
        before=before,
    )
