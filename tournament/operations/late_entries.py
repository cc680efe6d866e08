"""A player who arrives after the draw plays in a bye's place: the first-round match of
the main bracket where a player had a bye becomes a real match, as long as the match
that bye led to has not started. The draw stays as it was made for everyone else."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core import draw
from ..models import AuditEntry, Entry, Match, Tournament
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
    if match.source1_kind == draw.BYE:
        match.source1_kind, match.player1_id = draw.ENTRANT, entry.player_id
    else:
        match.source2_kind, match.player2_id = draw.ENTRANT, entry.player_id
    match.save(update_fields=["source1_kind", "player1", "source2_kind", "player2"])
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
            gettext_noop("%(player)s arrived late and takes the bye of match %(position)s"),
            player=entry.player,
            position=match.position,
        ),
        after={"player": entry.player_id, "match": match.pk},
    )
    return match
