"""A tournament's stored draw, read back as the pure plan, and what the core says of it.

The match rows carry each slot's source (`source1_kind`, `source1_match`, ...); this
module turns them into a `draw.DrawPlan` so that `draw.resolve()` can say who plays
where, who is champion, the final places, and whether the stored bracket is consistent.
It only reads: the writes are the operations'.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..core import draw
from .matches import Match
from .tournaments import Tournament

# A side whose source is a match, as stored in the Match row.
_SOURCE_FIELDS = (("source1_kind", "source1_match_id"), ("source2_kind", "source2_match_id"))


@dataclass
class StoredDraw:
    """The plan of a tournament's bracket matches, and which row holds each slot."""

    tournament: Tournament
    plan: draw.DrawPlan
    rows: dict[draw.Slot, Match]
    slot_of: dict[int, draw.Slot]
    _resolutions: dict[draw.Slot, draw.MatchResolution] | None = field(default=None, repr=False)

    @classmethod
    def load(cls, tournament: Tournament, matches: Iterable[Match]) -> StoredDraw | None:
        """From the tournament's matches (Match rows with `bracket` loaded, or any rows
        with the same attributes, like standings.MatchRow); None without a draw."""
        in_brackets = [match for match in matches if match.bracket_id is not None]
        if not in_brackets:
            return None
        slot_of = {
            match.pk: draw.Slot(match.bracket_kind, match.round, match.position)
            for match in in_brackets
        }
        rows = {slot_of[match.pk]: match for match in in_brackets}
        planned: dict[str, list[draw.PlannedMatch]] = {}
        entrants = []
        for slot, match in sorted(rows.items()):
            sources = []
            for side, (kind_field, match_field) in enumerate(_SOURCE_FIELDS):
                kind = getattr(match, kind_field)
                if kind == draw.ENTRANT:
                    entrant = match.player2_id if side else match.player1_id
                    entrants.append(entrant)
                    sources.append(draw.Source(draw.ENTRANT, entrant=entrant))
                elif kind == draw.BYE:
                    sources.append(draw.Source(draw.BYE))
                else:
                    source_slot = slot_of[getattr(match, match_field)]
                    sources.append(draw.Source(kind, match=source_slot))
            planned.setdefault(slot.bracket, []).append(draw.PlannedMatch(slot, tuple(sources)))
        brackets = tuple(
            draw.BracketPlan(kind, max(m.slot.round for m in planned[kind]), tuple(planned[kind]))
            for kind in draw.BRACKET_KINDS
            if kind in planned
        )
        main_size = 2 * len(brackets[0].round_matches(1)) if brackets else 0
        plan = draw.DrawPlan(
            entrants=tuple(entrants),
            seed_order=(),
            size=main_size,
            consolation=tournament.consolation,
            progressive_rounds=tournament.progressive_rounds,
            last_chance=tournament.last_chance,
            rng_seed=tournament.draw_seed or 0,
            brackets=brackets,
        )
        return cls(tournament, plan, rows, slot_of)

    def outcomes(self) -> dict[draw.Slot, int]:
        """The decided matches: slot -> the side that won (by games, walkover, retirement)."""
        return {
            slot: match.winner_side
            for slot, match in self.rows.items()
            if match.status == Match.Status.DECIDED
        }

    def resolve(self) -> dict[draw.Slot, draw.MatchResolution]:
        """What the plan says of every match, given the decided ones (computed once)."""
        if self._resolutions is None:
            self._resolutions = draw.resolve(self.plan, self.outcomes())
        return self._resolutions

    def champion_id(self, kind: str) -> int | None:
        final = self.plan.bracket(kind).final.slot
        match = self.rows[final]
        if match.status in (Match.Status.DECIDED, Match.Status.BYE):
            return match.winner_id
        return None

    def places(self, kind: str) -> dict[int, tuple[int, int]]:
        """Player id -> (best, worst) final place in that bracket, once settled."""
        return draw.final_places(self.plan, self.resolve(), kind)

    def problems(self) -> list[str]:
        """What is inconsistent between the rows and the plan (an empty list when sound)."""
        found = []
        try:
            resolutions = self.resolve()
        except draw.DrawError as error:
            return [error.message()]
        live_players: dict[int, draw.Slot] = {}
        for slot, state in resolutions.items():
            match = self.rows[slot]
            stored = (match.player1_id, match.player2_id)
            if stored != state.players:
                found.append(f"{slot}: players {stored}, the plan says {state.players}")
            if match.winner_id is not None and match.winner_id not in stored:
                found.append(f"{slot}: the winner is not in the match")
            if match.status in (Match.Status.READY, Match.Status.LIVE):
                for player in stored:
                    if player in live_players:
                        found.append(
                            f"player {player} is in two open matches: {live_players[player]}, "
                            f"{slot}"
                        )
                    live_players[player] = slot
            expected = _STATUS_OF_RESOLUTION.get(state.status)
            if expected and match.status != expected:
                found.append(f"{slot}: status {match.status}, the plan says {expected}")
        return found

    def dependents(self, match: Match) -> list[Match]:
        """The later matches whose players depend on this one's result, in order."""
        return [self.rows[slot] for slot in draw.dependents(self.plan, self.slot_of[match.pk])]


_STATUS_OF_RESOLUTION = {
    draw.PENDING: Match.Status.PENDING,
    draw.BYE: Match.Status.BYE,
    draw.VOID: Match.Status.VOID,
    draw.DECIDED: Match.Status.DECIDED,
}


def load(tournament: Tournament) -> StoredDraw | None:
    """The stored draw of a tournament, reading its matches once."""
    matches = tournament.matches.select_related("bracket")
    return StoredDraw.load(tournament, matches)
