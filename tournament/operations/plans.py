"""A cup's plan (`core.draw.DrawPlan`) stored as match rows: each slot a row of its
bracket, each side's source kept, so that `models.stored_draw` reads the plan back.
For the draw of a cup, and for the knockout after a round robin's groups."""

from __future__ import annotations

from ..core import draw, tables
from ..models import Bracket, Match, Tournament

DEFAULT_LENGTHS = {
    draw.MAIN: "5",
    draw.CONSOLATION: "5",
    draw.LAST_CHANCE: "3",
    draw.GRAND_FINAL: "5",
}


def store_plan(tournament: Tournament, plan: draw.DrawPlan) -> None:
    """Write the plan's matches (the caller has locked the tournament and removed any
    earlier rows of these brackets); each round's length is its bracket's."""
    bracket_rows = {}
    for bracket in plan.brackets:
        bracket_rows[bracket.kind], created = Bracket.objects.get_or_create(
            tournament=tournament,
            kind=bracket.kind,
            defaults={
                "lengths": DEFAULT_LENGTHS[bracket.kind],
                "table_priority": tables.default_priority(bracket.kind),
                "rounds": bracket.rounds,
            },
        )
        if not created and bracket_rows[bracket.kind].rounds != bracket.rounds:
            # What names its rounds (a draw made again may have fewer or more).
            bracket_rows[bracket.kind].rounds = bracket.rounds
            bracket_rows[bracket.kind].save(update_fields=["rounds"])
    rows = {}
    for planned in plan.matches():
        slot = planned.slot
        bracket_row = bracket_rows[slot.bracket]
        first, second = planned.sources
        rows[slot] = Match(
            tournament=tournament,
            bracket=bracket_row,
            round=slot.round,
            position=slot.position,
            length=bracket_row.length_for_round(slot.round),
            status=Match.Status.PENDING,
            source1_kind=first.kind,
            source2_kind=second.kind,
            player1_id=first.entrant if first.kind == draw.ENTRANT else None,
            player2_id=second.entrant if second.kind == draw.ENTRANT else None,
        )
    Match.objects.bulk_create(rows.values())
    for planned in plan.matches():
        row = rows[planned.slot]
        first, second = planned.sources
        row.source1_match_id = rows[first.match].pk if first.match else None
        row.source2_match_id = rows[second.match].pk if second.match else None
    Match.objects.bulk_update(rows.values(), ["source1_match", "source2_match"])
