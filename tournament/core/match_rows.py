"""A match's row as it is read: its two sides and who won, from the ids alone.

One type for reading a match: `Sides` says which side won, and every type that reads a
match's row takes it (the model, `models.Match`; a resolve's slot row,
`models.stored_draw.SlotRow`; and `MatchRow`, the lean row the standings and the
season's workbook read by the thousand), so that "which side won" is written once.

Pure Python: no Django import and no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass


class Sides:
    """A match's two sides and its winner, as ids (None: nobody there yet, or no
    winner). A mixin of no state of its own: the type that takes it holds the ids."""

    __slots__ = ()

    player1_id: int | None
    player2_id: int | None
    winner_id: int | None

    @property
    def winner_side(self) -> int | None:
        """0 or 1, from the ids alone (no query for the winner's row); None undecided."""
        if self.winner_id is None:
            return None
        return 0 if self.winner_id == self.player1_id else 1


@dataclass(slots=True)
class MatchRow(Sides):
    """A match as the standings read it: a tuple's worth of values, not a model
    instance, so that a season of thousands of matches stays small in memory (read in
    the order of `queries.standings.MATCH_ROW_FIELDS`)."""

    pk: int
    tournament_id: int
    bracket_id: int | None
    bracket_kind: str | None
    round: int | None
    position: int | None
    player1_id: int | None
    player2_id: int | None
    source1_kind: str
    source1_match_id: int | None
    source2_kind: str
    source2_match_id: int | None
    status: str
    winner_id: int | None
    group: int
    score1: int
    score2: int
    length: int
    decided_by: str
