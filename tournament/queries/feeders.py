"""Who a player waits for: for each empty side of a match, the match its player comes
from, with the two players and the score, so a page can say "Winner of Joan Vidal v
Pere Pons (3-2, being played)" instead of "?" or "Winner of Round 2, match 4"."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from ..core import draw
from ..models import Match
from .match_labels import source_text


@dataclass
class Feeder:
    """An empty side of a match: where its player will come from."""

    side: int
    text: str  # "Winner of Quarter-final 1", "Loser of Main bracket: Round 1, match 3", "Bye"
    match: Match | None  # the match that decides it, with its players; None for a bye


def feeders_of(match: Match) -> tuple[Feeder | None, Feeder | None]:
    """Side by side, the feeder of each empty side, None for a side whose player is
    known (one query; none when both are known)."""
    empty = [side for side in (0, 1) if match.players[side] is None]
    feeders: list[Feeder | None] = [None, None]
    if not empty or match.bracket_id is None:
        return (None, None)
    ids = {side: (match.source1_match_id, match.source2_match_id)[side] for side in empty}
    rows = {
        row.pk: row
        for row in Match.objects.filter(pk__in=[pk for pk in ids.values() if pk]).select_related(
            "bracket", "player1", "player2"
        )
    }
    for side in empty:
        source = rows.get(ids[side])
        kind = (match.source1_kind, match.source2_kind)[side]
        if source is None:
            feeders[side] = Feeder(side, gettext("Bye") if kind == draw.BYE else "", None)
            continue
        # The source's bracket's rounds name it; a double elimination's brackets are
        # named as the match's tournament says.
        names = draw.Names(
            {source.bracket.kind: source.bracket.rounds}, double=match.names().double
        )
        text = source_text(names, kind, source, match.bracket.kind)
        feeders[side] = Feeder(side, text, source)
    return (feeders[0], feeders[1])
