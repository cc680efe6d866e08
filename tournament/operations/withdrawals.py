"""A player leaves a drawn tournament: their open matches are lost, by walkover before
the first game and by retirement after it, and so is every later match they reach."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..models import AuditEntry, Entry, Match, Player, Tournament
from ..models.audit import Said
from . import audit, ratings
from .errors import OperationError
from .locks import lock_tournament
from .progress import resolve
from .results import decide_without_games


@transaction.atomic
def withdraw(tournament: Tournament | int, player: Player, *, user=None) -> Entry:
    """Withdraw a registered player from a drawn tournament (before the draw, the
    registration is removed instead)."""
    tournament = lock_tournament(tournament)
    entry = Entry.objects.select_for_update().filter(tournament=tournament, player=player).first()
    if entry is None:
        raise OperationError(
            _("%(player)s is not registered in this tournament.") % {"player": player}
        )
    if entry.withdrawn:
        return entry
    if not tournament.matches.exists():
        raise OperationError(
            _("The draw is not made yet: remove %(player)s's registration instead.")
            % {"player": player}
        )
    entry.withdrawn = True
    entry.save(update_fields=["withdrawn"])
    audit.record(
        AuditEntry.Action.WITHDRAWAL,
        user=user,
        tournament=tournament,
        summary=Said(gettext_noop("%(player)s has withdrawn"), player=player),
        after={"player": player.pk},
    )
    for match in tournament.matches.open().involving(player).select_related("player1", "player2"):
        match.tournament = tournament
        how = Match.DecidedBy.RETIREMENT if match.is_live else Match.DecidedBy.WALKOVER
        decide_without_games(
            match,
            1 - match.side_of(player),
            how,
            user,
            Said(gettext_noop("%(player)s has withdrawn"), player=player),
        )
    resolve(tournament, user)
    ratings.refresh(tournament)
    return entry
