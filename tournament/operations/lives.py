"""A Swiss with lives: its rounds stored as a Swiss's are (match rows with a round and
no bracket, the bye a settled match of one player), the next round paired when the
last match of a round is decided, a round not started taken back when a result before
it changes, the tournament finished when one player is left; and the re-entry of an
eliminated player, once, with its fee paid into the pool as an entry fee.

The rules are the core's (`core.lives`): everything is replayed from the rows, so a
result undone or corrected replays differently and nothing else is stored but the
rounds and the re-entries (`Entry.reentered_after`).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from ..core import lives as core
from ..core.swiss import avoided_meetings
from ..models import AuditEntry, Entry, Payment, Tournament
from ..models.audit import Said
from ..models.lives_state import lives_state as state
from . import audit, push_events
from .avoided_pairs import avoided_pairs, round_summary
from .club_nights import Round, _store_round, _walkovers_for_withdrawn
from .errors import OperationError
from .finish import set_finished
from .knockouts import follow_lives_with_knockout, knockout_drawn
from .locks import lock_tournament
from .tables import assign_tables


def _newest(tournament: Tournament) -> int:
    return max(tournament.matches.in_rounds().values_list("round", flat=True), default=0)


def _take_back_stale_round(tournament: Tournament, user) -> bool:
    """The newest round, not started, goes when the results before it no longer lead to
    it (a result undone or changed): True if it went. A round under way stays."""
    newest = _newest(tournament)
    if newest < 2:
        return False
    rows = tournament.matches.in_rounds().filter(round=newest)
    if rows.started().exists():
        return False
    before = state(tournament, rows=_rows_before(tournament, newest))
    paired = core.next_round(before, seed=(tournament.draw_seed or 0) + newest)
    stored = {
        frozenset(p for p in pair if p is not None)
        for pair in rows.values_list("player1_id", "player2_id")
    }
    wanted = set() if paired is None else {frozenset(pair) for pair in paired.pairs}
    if paired is not None and paired.bye is not None:
        wanted.add(frozenset((paired.bye,)))
    if stored == wanted:
        return False
    rows.delete()
    audit.record(
        AuditEntry.Action.ROUND_PAIRED,
        user=user,
        tournament=tournament,
        summary=Said(
            gettext_noop("Round %(number)s taken back: a result before it changed"),
            number=newest,
        ),
        before={"round": newest},
    )
    return True


def _rows_before(tournament: Tournament, number: int):
    return (
        tournament.matches.in_rounds()
        .filter(round__lt=number)
        .values_list("round", "player1_id", "player2_id", "status", "winner_id")
    )


def _pair(tournament: Tournament, event: core.State, user) -> bool:
    avoid = avoided_pairs(tournament)
    paired = core.next_round(
        event, seed=(tournament.draw_seed or 0) + event.last_round + 1, avoid=avoid
    )
    if paired is None:
        return False
    unkept = tuple(avoided_meetings(paired.pairs, avoid))
    rows = _store_round(tournament, Round(0, paired.number, paired.pairs, paired.bye, unkept))
    push_events.round_paired(tournament, paired.number, rows)
    after = {"round": paired.number, "pairs": [list(pair) for pair in paired.pairs]}
    if unkept:
        after["unkept"] = [sorted(pair) for pair in unkept]
    audit.record(
        AuditEntry.Action.ROUND_PAIRED,
        user=user,
        tournament=tournament,
        summary=round_summary(paired.number, len(paired.pairs), unkept),
        after=after,
    )
    return True


def progress(tournament: Tournament, user=None) -> None:
    """After a result changed (the tournament is locked): a withdrawn player's matches
    are walkovers, a round not started that the results no longer lead to goes, the
    next round is paired when the last one is settled, and the tournament is finished
    when one player is left (running again if a result is taken back)."""
    for _attempt in range(1000):  # each pass pairs a round or decides a walkover
        moved = _walkovers_for_withdrawn(tournament, user)
        moved = _take_back_stale_round(tournament, user) or moved
        event = state(tournament)
        if event.last_round and _pair(tournament, event, user):
            moved = True
        if not moved:
            break
    if tournament.played_as.knockout_follows(tournament):
        # The last N go on to a knockout: once drawn, its final finishes the tournament
        # (`progress.resolve`, as a cup's), not the rounds.
        follow_lives_with_knockout(tournament, event, user)
        if knockout_drawn(tournament):
            assign_tables(tournament)
            return
    set_finished(tournament, event.finished)
    assign_tables(tournament)


@transaction.atomic
def reenter(tournament: Tournament | int, entry: Entry, *, method: str | None, user=None) -> None:
    """An eliminated player buys back in, once (`core.lives.check_reentry`): they play
    again from the next round with one life; the re-entry fee, if any, is paid into the
    main pool as an entry fee (`method`: cash or transfer)."""
    tournament = lock_tournament(tournament)
    if not tournament.allows_reentry:
        raise OperationError(_("This tournament has no re-entry."))
    entry = Entry.objects.select_related("player").filter(pk=entry.pk, tournament=tournament)
    entry = entry.first()
    if entry is None:
        raise OperationError(_("That player is not registered in this tournament."))
    event = state(tournament)
    if event.finished or knockout_drawn(tournament):
        raise OperationError(_("The tournament is over."))
    try:
        core.check_reentry(event, entry.player_id)
    except core.LivesError as error:
        raise OperationError(error.message(gettext)) from None
    fee = tournament.reentry_fee
    if fee and method not in Payment.Method.values:
        raise OperationError(_("Paid in cash or by transfer."))
    entry.reentered_after = event.last_round
    entry.save(update_fields=["reentered_after"])
    if fee:
        Payment.objects.create(
            entry=entry,
            bracket="main",
            side=False,
            reentry=True,
            method=method,
            amount=fee,
            entered_by=audit.acting(user),
        )
    audit.record(
        AuditEntry.Action.REENTRY,
        user=user,
        tournament=tournament,
        summary=Said(
            gettext_noop("%(player)s re-entered after round %(number)s (fee %(amount)s)"),
            player=entry.player,
            number=event.last_round,
            amount=fee,
        ),
        after={"player": entry.player_id, "after_round": event.last_round, "fee": str(fee)},
    )
    progress(tournament, user)
