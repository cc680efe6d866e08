"""The bracket moves on: after a result changes, one resolve step carries every result
through the plan (`draw.resolve`) until nothing changes, the matches now ready are
called to free tables, and the ratings follow, in the same transaction so that no page
shows one without the others."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core import draw
from ..models import Match, Tournament, stored_draw
from ..models.audit import Said
from . import club_nights, ratings
from .errors import BracketInconsistent
from .finish import set_finished
from .results import decide_without_games, outcome
from .tables import assign_tables


def _status_for(row: Match, state: draw.MatchResolution) -> tuple[str, int | None]:
    if state.status == draw.DECIDED:
        return row.status, row.winner_id
    if state.status == draw.BYE:
        return Match.Status.BYE, state.winning_player
    if state.status == draw.VOID:
        return Match.Status.VOID, None
    if state.status == draw.READY:
        return (Match.Status.LIVE if row.is_live else Match.Status.READY), None
    return Match.Status.PENDING, None


def resolve(tournament: Tournament, user=None) -> None:
    """Carry every result through the bracket until nothing changes.

    Byes move their player on; a withdrawn player's new match is a walkover; the
    tournament is finished when every bracket has its champion. A Swiss or a round
    robin moves on by its rounds instead (`club_nights.progress`).
    """
    if tournament.is_club_night:
        club_nights.progress(tournament, user)
        if not tournament.knockout:
            return
        # A round robin's knockout moves on as a cup does, once drawn.
    withdrawn = set(tournament.entries.filter(withdrawn=True).values_list("player_id", flat=True))
    while True:
        stored = stored_draw.load(tournament)
        if stored is None:
            return
        try:
            resolutions = stored.resolve()
        except draw.DrawError as error:
            raise BracketInconsistent(error.message()) from error
        changed, walkovers = [], []
        for slot, state in resolutions.items():
            row = stored.rows[slot]
            players = (row.player1_id, row.player2_id)
            if players != state.players and row.is_started:
                raise BracketInconsistent(
                    _("%(match)s was played by other players than the bracket now says.")
                    % {"match": row}
                )
            status, winner = _status_for(row, state)
            if players != state.players or (row.status, row.winner_id) != (status, winner):
                row.player1_id, row.player2_id = state.players
                row.status, row.winner_id = status, winner
                # Back to waiting for a player (a result undone): its table is free
                # again; it is called to one when it is ready.
                if status not in Match.OPEN_STATUSES and status != Match.Status.DECIDED:
                    row.table = ""
                changed.append(row)
            if status == Match.Status.READY and withdrawn & set(state.players):
                walkovers.append(row)
        Match.objects.bulk_update(changed, ["player1", "player2", "status", "winner", "table"])
        if not walkovers:
            break
        for row in walkovers:
            loser = 0 if row.player1_id in withdrawn else 1
            row.tournament = tournament
            decide_without_games(
                row,
                1 - loser,
                Match.DecidedBy.WALKOVER,
                user,
                Said(gettext_noop("Walkover: %(player)s has withdrawn"), player=row.players[loser]),
            )
    # A void final (nobody ever reached it, possible in a thin last chance) is settled too.
    finals = [stored.rows[bracket.final.slot] for bracket in stored.plan.brackets]
    set_finished(tournament, all(final.status in Match.SETTLED_STATUSES for final in finals))
    assign_tables(tournament)


def after_change(match: Match, before: tuple[bool, int | None], user) -> None:
    """After who won may have changed: the bracket moves on, and the ratings follow."""
    if outcome(match) == before:
        return
    if match.bracket_id is not None or match.in_rounds:
        resolve(match.tournament, user)
    else:
        assign_tables(match.tournament)
    ratings.refresh()
