"""A player who arrives after the draw plays in a bye's place: the first-round match of
the main bracket where a player had a bye becomes a real match, as long as the match
that bye led to has not started. The draw stays as it was made for everyone else.

Its loser drops into the consolation like every other first-round loser: a progressive
consolation left the bye's side there a bye (a bye has no loser), which now takes the
match's loser, unless the consolation has gone past that point (`consolation_gone_past`:
something that side leads to has started); the desk's form says so before the director
confirms."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core import draw
from ..core.messages import Phrase
from ..models import AuditEntry, Entry, Match, Tournament, stored_draw
from ..models.audit import Said
from . import audit
from .draws import drawn_players
from .errors import OperationError
from .locks import lock_tournament
from .progress import resolve


def byes_open_to_late_entries(tournament: Tournament) -> list[Match]:
    """The main bracket's first-round byes a late player may take: the match the bye
    led to has not started."""
    byes = list(
        tournament.matches.filter(bracket__kind=draw.MAIN, round=1, status=Match.Status.BYE)
        .select_related("player1", "player2", "bracket")
        .order_by("position")
    )
    if not byes:
        return []
    onward = {
        source: match
        for match in tournament.matches.filter(bracket__kind=draw.MAIN, round=2)
        for kind, source in (
            (match.source1_kind, match.source1_match_id),
            (match.source2_kind, match.source2_match_id),
        )
        if kind == draw.WINNER
    }
    return [bye for bye in byes if bye.pk in onward and not onward[bye.pk].is_started]


def consolation_gone_past(tournament: Tournament, byes: list[Match]) -> set[int]:
    """The byes (ids) whose match's loser the consolation could no longer take: the
    consolation side they would drop into, or a match it leads to, has started (one
    query, none without byes)."""
    if not byes:
        return set()
    rows = stored_draw.load_rows(tournament)
    if rows is None:
        return set()
    return {bye.pk for bye in byes if _drop_in(rows, bye) is False}


def _drop_in(rows: stored_draw.BracketRows, bye: Match) -> tuple[draw.Slot, int] | bool | None:
    """The consolation side the bye's match's loser drops into; None without one; False
    when the consolation has gone past it."""
    found = draw.drop_in_side(rows.plan, rows.slot_of[bye.pk])
    if found is None:
        return None
    slot = found[0]
    reached = (slot, *draw.dependents(rows.plan, slot))
    if any(rows.at(later).is_started for later in reached):
        return False
    return found


@transaction.atomic
def place_in_bye(tournament: Tournament, entry: Entry, match: Match, *, user=None) -> Match:
    """A registered player who arrived after the draw takes the empty side of a bye;
    they are checked in, and the bracket moves on from there."""
    tournament = lock_tournament(tournament)
    entry = (
        Entry.objects.select_for_update()
        .select_related("player")
        .filter(pk=entry.pk, tournament=tournament)
        .first()
    )
    if entry is None or entry.withdrawn:
        raise OperationError(_("That player is not registered in this tournament."))
    if entry.player_id in drawn_players(tournament):
        raise OperationError(_("%(player)s is in the draw already.") % {"player": entry.player})
    if match.pk not in {bye.pk for bye in byes_open_to_late_entries(tournament)}:
        raise OperationError(
            _("That is not a bye a late player can take: its next match has started.")
        )
    match = Match.objects.select_for_update().get(pk=match.pk)
    rows = stored_draw.load_rows(tournament)
    drop_in = _drop_in(rows, match) if rows is not None else None
    if match.source1_kind == draw.BYE:
        match.source1_kind, match.player1_id = draw.ENTRANT, entry.player_id
    else:
        match.source2_kind, match.player2_id = draw.ENTRANT, entry.player_id
    match.save(update_fields=["source1_kind", "player1", "source2_kind", "player2"])
    if drop_in:
        _open_the_consolation_side(rows, match, *drop_in)
    entry.checked_in = True
    entry.save(update_fields=["checked_in"])
    resolve(tournament, user)
    match.refresh_from_db()
    audit.record(
        AuditEntry.Action.LATE_ENTRY,
        user=user,
        tournament=tournament,
        match=match,
        summary=Said(
            gettext_noop("%(player)s arrived late and takes the bye of %(match)s"),
            player=entry.player,
            match=_said(match.label_words),
        ),
        after={"player": entry.player_id, "match": match.pk},
    )
    return match


def _open_the_consolation_side(
    rows: stored_draw.BracketRows, match: Match, slot: draw.Slot, side: int
) -> None:
    """The consolation side a bye left a bye takes the loser of the match it is now."""
    side_of = Match.objects.select_for_update().get(pk=rows.pk_of[slot])
    kind, source = (f"source{side + 1}_kind", f"source{side + 1}_match")
    if getattr(side_of, kind) != draw.BYE:
        return  # it names the match already (a first-round consolation's FIRST_LOSER)
    setattr(side_of, kind, draw.LOSER)
    setattr(side_of, source, match)
    side_of.save(update_fields=[kind, source])


def _said(words: Phrase) -> Said:
    """A match's label kept for the history, to read in the reader's language."""
    return Said(
        words.template,
        **{
            key: _said(value) if isinstance(value, Phrase) else value
            for key, value in words.params.items()
        },
    )
