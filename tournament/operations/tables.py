"""The tables of the day: a match ready to start is called to the lowest free table (the
brackets in their priority's order: core.tables.assign), the table frees when the match
is decided, and a director may move a match to another free table. The database refuses
two open matches at one table; these operations run under the tournament's lock, so two
directors never race for the same table."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core import draw, tables
from ..models import AuditEntry, Match, Tournament
from ..models.audit import Said
from . import audit, notifications, push_events
from .errors import MatchClosed, OperationError
from .locks import check_version, lock_match


def _waiting(match: Match) -> tables.Waiting:
    """A match without a table as the core orders the calls (its bracket's priority and
    kind read in the same query: `tables_priority`, `tables_kind`)."""
    return tables.Waiting(
        match,
        under_way=match.is_live,
        priority=match.tables_priority or tables.FIRST_PRIORITY,
        kind=match.tables_kind or draw.MAIN,
        round=match.round or 0,
        position=match.position or 0,
    )


def assign_tables(tournament: Tournament) -> None:
    """Give every open match without a table the lowest free one, in the order the core
    calls them (the tournament is locked by the caller). A match holding a table no
    longer in the list gives it up."""
    names = list(tournament.tables or [])
    matches = list(
        tournament.matches.open()
        .annotate(tables_priority=F("bracket__table_priority"), tables_kind=F("bracket__kind"))
        .order_by("pk")
    )
    changed = [match for match in matches if match.table and match.table not in names]
    for match in changed:
        match.table = ""
        match.called_at = None
    taken = {match.table for match in matches if match.table}
    waiting = [_waiting(match) for match in matches if not match.table]
    for match, table in tables.assign(names, taken, waiting).items():
        match.table = table
        changed.append(match)
    # The clock on the wall runs from the call: a table given, or on a day without
    # tables, the match ready.
    now = timezone.now()
    called = []
    for match in matches:
        if match.called_at is None and (match.table or not names):
            match.called_at = now
            called.append(match)
            if match not in changed:
                changed.append(match)
    if changed:
        Match.objects.bulk_update(changed, ["table", "called_at"])
    # Every change that readies a match ends here, tables given: mail its players, and
    # notify those who allowed it on their phones.
    notifications.mail_ready_matches_after_commit(tournament.pk)
    push_events.matches_called(tournament, called)


@transaction.atomic
def move_to_table(
    match: Match | int, table: str, *, user=None, expected_version: int | None = None
) -> Match:
    """Call an open match to another free table of the tournament."""
    match = lock_match(match)
    check_version(match, expected_version)
    if table not in (match.tournament.tables or []):
        raise OperationError(_("The tournament has no table “%(table)s”.") % {"table": table})
    if not match.is_open:
        raise MatchClosed(_("Only a match ready to start or under way has a table."))
    if table == match.table:
        return match
    busy = match.tournament.matches.open().filter(table=table).exclude(pk=match.pk)
    if busy.exists():
        raise OperationError(_("Another match is playing at that table."))
    before = match.table_label
    match.table = table
    match.version += 1
    match.save(update_fields=["table", "version"])
    audit.record(
        AuditEntry.Action.TABLE_MOVED,
        user=user,
        match=match,
        summary=Said(
            gettext_noop("Moved from %(before)s to %(after)s"),
            before=before or "—",
            after=match.table_label,
        ),
    )
    push_events.match_moved(match)
    return match
