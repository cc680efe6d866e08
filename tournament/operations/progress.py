"""The bracket moves on: after a result changes, the core resolves the matches that lie
downstream of it (`draw.resolve_downstream`, the rest of the draw read back from its
rows) and the rows it changed are written; the matches now ready are called to free
tables, and the ratings follow, in the same transaction so that no page shows one
without the others. A new draw, a withdrawal or a late entry resolves the whole plan.

A decision reads the tournament's bracket rows once, as plain values
(`stored_draw.load_rows`), and the plan is built once per process (cached on the rows'
structure): deciding a match costs the same in a cup of 16 as in one of 256."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core import draw
from ..models import GameReport, Match, Tournament, stored_draw
from ..models.audit import Said
from . import club_nights, lives, notifications, push_events, ratings, teams
from .errors import BracketInconsistent
from .finish import set_finished
from .results import decide_without_games, outcome
from .tables import assign_tables


def _status_for(row: stored_draw.SlotRow, state: draw.MatchResolution) -> tuple[str, int | None]:
    if state.status == draw.DECIDED:
        return row.status, row.winner_id
    if state.status == draw.BYE:
        return Match.Status.BYE, state.winning_player
    if state.status == draw.VOID:
        return Match.Status.VOID, None
    if state.status == draw.READY:
        return (Match.Status.LIVE if row.is_live else Match.Status.READY), None
    return Match.Status.PENDING, None


def resolve(
    tournament: Tournament,
    user=None,
    *,
    rows: stored_draw.BracketRows | None = None,
    changed: Match | None = None,
) -> None:
    """Carry the results through the tournament until nothing changes, as its format
    moves on (`MOVES_ON`, by the format's `moves_on` part): a cup's brackets; the rounds
    of a Swiss or a round robin (`club_nights.progress`) or of a Swiss with lives
    (`lives.progress`), then the knockout that follows them, carried on as a cup's; a
    team event's team matches, its knockout its own (`teams.progress`). `rows` and
    `changed`: see `_carry_bracket`."""
    MOVES_ON[tournament.played_as.moves_on](tournament, user, rows, changed)


def _carry_bracket(
    tournament: Tournament,
    user=None,
    rows: stored_draw.BracketRows | None = None,
    changed: Match | None = None,
) -> None:
    """Carry the results through the brackets until nothing changes: every result, or
    (`changed`, a bracket match whose result changed) what lies downstream of it.

    Byes move their player on; a withdrawn player's new match is a walkover; the
    tournament is finished when every bracket has its champion. `rows`: the bracket
    as the caller read it in this transaction, brought up to date with `changed`.
    """
    if rows is None:
        rows = stored_draw.load_rows(tournament)
        if rows is None:
            return
    if changed is not None and changed.pk in rows.slot_of:
        rows.row(changed).take(changed)
        slots = {rows.slot_of[changed.pk]}
    else:
        slots = None  # the whole plan
    # With tables to give (or the whole plan resolved), assign_tables reads the open
    # matches after the resolve and calls them. Without: nothing to read for, and the
    # matches this resolve readies are called as it writes them (their clock on the wall
    # starts), in the same UPDATE.
    by_tables = bool(tournament.tables or changed is None or changed.table)
    readied: list[stored_draw.SlotRow] = []
    while True:
        try:
            resolutions = rows.resolve(slots)
        except draw.DrawError as error:
            raise BracketInconsistent(error.message()) from error
        walkovers = _write(rows, resolutions, None if by_tables else readied)
        if not walkovers:
            break
        for row in walkovers:
            loser = 0 if row.player1_id in rows.withdrawn() else 1
            row.tournament = tournament
            decide_without_games(
                row,
                1 - loser,
                Match.DecidedBy.WALKOVER,
                user,
                Said(gettext_noop("Walkover: %(player)s has withdrawn"), player=row.players[loser]),
            )
            rows.row(row).take(row)
        # Each walkover is a result: what lies downstream of them moves on in turn.
        slots = {rows.slot_of[row.pk] for row in walkovers}
    # A void final (nobody ever reached it, possible in a thin last chance) is settled too.
    finals = [rows.at(bracket.final.slot) for bracket in rows.plan.brackets]
    set_finished(tournament, all(final.status in Match.SETTLED_STATUSES for final in finals))
    if by_tables:
        assign_tables(tournament)
    else:
        # No tables to give, none held by an open match (a change of the list gives them
        # up, and a resolve writes none), and none kept by the match that changed: the
        # matches readied are called already; their players are told.
        notifications.mail_ready_matches_after_commit(tournament.pk)
        push_events.matches_called(tournament, [row.as_match(tournament) for row in readied])


def _rounds_then_knockout(progress):
    """The rounds move on (`progress`); then the knockout that follows them, if the
    format has one, moves on as a cup's, once drawn: the rounds may just have filled
    its first round, so its brackets are read anew (not `rows`)."""

    def moves_on(tournament: Tournament, user=None, rows=None, changed=None) -> None:
        progress(tournament, user)
        if tournament.played_as.knockout_follows(tournament):
            _carry_bracket(tournament, user, None, changed)

    return moves_on


def _team_matches(tournament: Tournament, user=None, rows=None, changed=None) -> None:
    # Team matches settle from their boards; the knockout is the event's own.
    teams.progress(tournament, user)


# How each format moves on after a result (`Format.moves_on`).
MOVES_ON = {
    "bracket": _carry_bracket,
    "rounds": _rounds_then_knockout(club_nights.progress),
    "lives": _rounds_then_knockout(lives.progress),
    "teams": _team_matches,
}


def _write(
    rows: stored_draw.BracketRows,
    resolutions: dict,
    readied: list[stored_draw.SlotRow] | None = None,
) -> list[Match]:
    """Store what the resolve says of each match that it changed; returns the matches
    now ready in which a withdrawn player sits (their walkovers, for the caller).
    `readied` (on a day without tables): a match the resolve makes ready is called now
    (its `called_at`), and added to it."""
    writes: dict[int, dict[str, object]] = {}
    now = timezone.now()
    ready_with_withdrawn = []
    for slot, state in resolutions.items():
        row = rows.at(slot)
        if row.players != state.players and row.is_started:
            raise BracketInconsistent(
                _("%(match)s was played by other players than the bracket now says.")
                % {"match": Match.objects.select_related("player1", "player2").get(pk=row.pk)}
            )
        status, winner = _status_for(row, state)
        new = {
            "player1_id": state.players[0],
            "player2_id": state.players[1],
            "status": status,
            "winner_id": winner,
        }
        # Back to waiting for a player (a result undone): its table is free again; it
        # is called to one when it is ready.
        if status not in Match.OPEN_STATUSES and status != Match.Status.DECIDED:
            new["table"] = ""
            new["called_at"] = None
        elif readied is not None and status == Match.Status.READY and row.called_at is None:
            new["called_at"] = now
            readied.append(row)
        changes = {name: value for name, value in new.items() if getattr(row, name) != value}
        if changes:
            for name, value in changes.items():
                setattr(row, name, value)
            writes[row.pk] = changes
        if status == Match.Status.READY and rows.withdrawn() & set(state.players):
            ready_with_withdrawn.append(row.pk)
    _store(rows, writes)
    if not ready_with_withdrawn:
        return []
    # A walkover writes the whole row and names its players: those are fetched.
    return list(
        Match.objects.filter(pk__in=ready_with_withdrawn)
        .select_related("player1", "player2", "bracket")
        .order_by("pk")
    )


def _store(rows: stored_draw.BracketRows, writes: dict[int, dict[str, object]]) -> None:
    """One UPDATE for the rows a resolve changed, of the columns that changed, from the
    values read (no row is fetched for it). A decision usually changes one or two rows:
    a plain UPDATE for one, and for several a CASE only per column that changed (each
    costs more to build than the statement costs to run)."""
    if len(writes) == 1:
        ((pk, changes),) = writes.items()
        Match.objects.filter(pk=pk).update(**changes)
    elif writes:
        fields = sorted({name for changes in writes.values() for name in changes})
        current = (rows.at(rows.slot_of[pk]) for pk in writes)
        Match.objects.bulk_update(
            [Match(pk=row.pk, **{name: getattr(row, name) for name in fields}) for row in current],
            fields,
        )


def _lapse_waiting_reports(match: Match) -> None:
    """The match decided (by the director's games, a walkover, a retirement, ...): the
    reports still waiting on it are settled as lapsed, out of the director's queue and
    the opponent's page. One being accepted just now is settled as accepted after this
    (operations.reports)."""
    GameReport.objects.filter(match=match, status__in=GameReport.WAITING).update(
        status=GameReport.Status.LAPSED, settled_at=timezone.now()
    )


def after_change(
    match: Match,
    before: tuple[bool, int | None],
    user,
    rows: stored_draw.BracketRows | None = None,
) -> None:
    """After who won may have changed: the bracket moves on from this match, and the
    ratings follow. `rows`: the bracket as read earlier in the transaction (by
    `corrections.prepare_change_of_winner`), if it was."""
    if outcome(match) == before:
        return
    if outcome(match)[0]:
        _lapse_waiting_reports(match)
    if match.bracket_id is not None:
        resolve(match.tournament, user, rows=rows, changed=match)
    elif match.in_rounds:
        resolve(match.tournament, user)
    else:
        assign_tables(match.tournament)
    ratings.refresh(match.tournament)
