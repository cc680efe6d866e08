"""The door's cards on a player's own page: the tournaments they may check in to, ask
to play in, or tell the desk they are here for (views/public/player_door.py acts on
them; views/public/player_page.py shows them)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q, Subquery

from ..models import Entry, EntryRequest, Match, Player, Tournament


@dataclass
class DoorRow:
    tournament: Tournament
    entry: Entry | None
    asked: bool

    @property
    def late(self) -> bool:
        """Registered, not checked in, and the draw is made: not in it."""
        return self.entry is not None and not self.entry.checked_in and self.tournament.drawn


def door_rows(player: Player) -> list[DoorRow]:
    """The tournaments whose check-in is open (those the player is registered in, and
    the public ones to ask to play in), those not started yet that the player is
    registered in and has not checked in to (to say when check-in opens), and those
    drawn without them (to tell the desk they are here): with whether they are checked
    in, or asked. A tournament under way the player is in needs no card once the window
    is shut. One query."""
    every = Entry.objects.filter(tournament=OuterRef("pk"), player=player)
    theirs = every.filter(withdrawn=False)
    door_open = Q(public=True, check_in_opened_at__isnull=False, check_in_closed_at=None)
    tournaments = (
        Tournament.objects.in_play()
        .annotate(
            entered=Exists(theirs),
            # A player who withdrew is not offered to ask again.
            withdrew=Exists(every.filter(withdrawn=True)),
            here=Subquery(theirs.values("checked_in")[:1]),
            asked=Exists(EntryRequest.objects.filter(tournament=OuterRef("pk"), player=player)),
            drawn=Exists(Match.objects.filter(tournament=OuterRef("pk"))),
        )
        .filter(
            Q(entered=True, here=False, status=Tournament.Status.DRAFT)
            | Q(entered=True, here=False, drawn=True)
            | (door_open & Q(withdrew=False))
        )
        .order_by("date", "pk")
    )
    return [
        DoorRow(
            tournament,
            Entry(tournament=tournament, player=player, checked_in=tournament.here)
            if tournament.entered
            else None,
            tournament.asked,
        )
        for tournament in tournaments
    ]
