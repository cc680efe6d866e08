"""A tournament's stored draw, read back as the pure plan, and what the core says of it.

The match rows carry each slot's source (`source1_kind`, `source1_match`, ...); this
module turns them into a `draw.DrawPlan` so that `draw.resolve()` can say who plays
where, who is champion, the final places, and whether the stored bracket is consistent.
It only reads: the writes are the operations'.

A plan is built once per process for each stored structure (`_plan`, keyed on every
row's slot and sources), so its dependency graph is sorted once, not at every read; a
read over a whole season uses a plan kept before but keeps none of its own.
`BracketRows` is the operations' lean read of the same rows, one query of plain values:
with it a decision resolves only what lies downstream of the match it changed.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from ..core import draw
from ..core.match_rows import Sides
from .entries import Entry
from .matches import Match
from .tournaments import Tournament


@dataclass
class StoredDraw:
    """The plan of a tournament's bracket matches, and which row holds each slot."""

    tournament: Tournament
    plan: draw.DrawPlan
    rows: dict[draw.Slot, Match]
    slot_of: dict[int, draw.Slot]
    _resolutions: dict[draw.Slot, draw.MatchResolution] | None = field(default=None, repr=False)

    @classmethod
    def load(
        cls, tournament: Tournament, matches: Iterable[Match], *, keep_plan: bool = True
    ) -> StoredDraw | None:
        """From the tournament's matches (Match rows with `bracket` loaded, or any rows
        with the same attributes, like standings.MatchRow); None without a draw.
        `keep_plan=False`: a read of every tournament of a season (the standings, the
        workbook) uses a plan kept before but keeps none it builds (see `_plan`)."""
        in_brackets = [match for match in matches if match.bracket_id is not None]
        if not in_brackets:
            return None
        plan, slot_of, _pk_of = _plan(
            keep_plan,
            _settings(tournament),
            _structure(
                (
                    match.pk,
                    match.bracket_kind,
                    match.round,
                    match.position,
                    match.source1_kind,
                    match.source1_match_id,
                    match.source2_kind,
                    match.source2_match_id,
                    match.player1_id,
                    match.player2_id,
                )
                for match in in_brackets
            ),
        )
        rows = {slot_of[match.pk]: match for match in in_brackets}
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

    @property
    def ends_in_grand_final(self) -> bool:
        """The draw has a grand final (a double elimination's), whatever the settings say
        now: its brackets are worded as the draw made them."""
        return self.plan.has_bracket(draw.GRAND_FINAL)

    def champion_id(self, kind: str) -> int | None:
        if kind == draw.GRAND_FINAL:
            # The reset's winner when it was played, else the grand final's.
            return draw.champion(self.plan, self.resolve(), kind)
        final = self.plan.bracket(kind).final.slot
        match = self.rows[final]
        if match.status == Match.Status.DECIDED:
            return match.winner_id
        if match.status == Match.Status.BYE and self.played(kind):
            return match.winner_id
        # A final reached on byes alone, in a bracket nobody played: no champion.
        return None

    def played(self, kind: str) -> bool:
        """Whether two players or more came into the bracket (draw.played, read from
        the rows): with fewer, it was not played."""
        seen = set()
        for slot, match in self.rows.items():
            if slot.bracket == kind:
                seen.update(player for player in (match.player1_id, match.player2_id) if player)
                if len(seen) > 1:
                    return True
        return False

    def places(self, kind: str) -> dict[int, tuple[int, int]]:
        """Player id -> (best, worst) final place in that bracket, once settled, as the
        league and the prize pools count them (`draw.bracket_places`: a double
        elimination's field placed as one event under its main bracket)."""
        return draw.bracket_places(self.plan, self.resolve(), kind)

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


# --- the plan, built once per stored structure ------------------------------------------

# One structure row: (pk, bracket kind, round, position, first source's kind, its match's
# pk, its entrant, the same three for the second source). The entrant is the player only
# where the source is an entrant: who reached a later slot is a result, not the plan.
_Structure = tuple[tuple[object, ...], ...]


def _settings(tournament: Tournament) -> tuple[object, ...]:
    return (
        tournament.consolation,
        tournament.progressive_rounds,
        tournament.last_chance,
        tournament.draw_seed or 0,
    )


def _structure(values: Iterable[tuple[object, ...]]) -> _Structure:
    """(pk, kind, round, position, kind1, match1, kind2, match2, player1, player2) rows as
    the plan's cache key, in the order of their pk."""
    return tuple(
        sorted(
            (
                pk,
                kind,
                number,
                position,
                kind1,
                match1,
                player1 if kind1 == draw.ENTRANT else None,
                kind2,
                match2,
                player2 if kind2 == draw.ENTRANT else None,
            )
            for pk, kind, number, position, kind1, match1, kind2, match2, player1, player2 in values
        )
    )


# A cup of 256 (500-odd matches) makes a plan of under 1 MiB: 32 of them hold the cups
# being played and the pages being read. A draw made again has new rows, so a new key:
# an old plan is never served for it, it only ages out. A read of a whole season keeps
# none of the plans it builds: a season's export in a fresh process filled the cache
# with every cup's plan (its memory grew with the season: +15 MiB at 20,000 games), and
# pushed out the plans of the cups being played.
KEEP_PLANS = 32
_plans: OrderedDict[tuple, tuple[draw.DrawPlan, dict, dict]] = OrderedDict()
_plans_lock = threading.Lock()  # a threaded server's requests share the process's plans


def _plan(
    keep: bool, settings: tuple[object, ...], structure: _Structure
) -> tuple[draw.DrawPlan, dict, dict]:
    """The plan of these stored rows (`_build_plan`), kept from before when it was,
    else built, and kept only if `keep` (the least recently used goes past KEEP_PLANS)."""
    key = (settings, structure)
    with _plans_lock:
        found = _plans.get(key)
        if found is not None:
            _plans.move_to_end(key)
            return found
    built = _build_plan(settings, structure)
    if keep:
        # The dependency graph sorted once, kept with the plan for the decisions that
        # walk it; a plan read once (a season's places) never needs it.
        built[0].matches()
        with _plans_lock:
            _plans[key] = built
            while len(_plans) > KEEP_PLANS:
                _plans.popitem(last=False)
    return built


def _build_plan(
    settings: tuple[object, ...], structure: _Structure
) -> tuple[draw.DrawPlan, dict, dict]:
    """The plan of these stored rows, which slot each row (pk) holds and which row each
    slot is. The dicts are shared by every caller with the same key: read, never change."""
    slot_of = {row[0]: draw.Slot(row[1], row[2], row[3]) for row in structure}
    planned: dict[str, list[draw.PlannedMatch]] = {}
    entrants = []
    for row in sorted(structure, key=lambda row: slot_of[row[0]]):
        sources = []
        for kind, match, entrant in (row[4:7], row[7:10]):
            if kind == draw.ENTRANT:
                entrants.append(entrant)
                sources.append(draw.Source(draw.ENTRANT, entrant=entrant))
            elif kind == draw.BYE:
                sources.append(draw.Source(draw.BYE))
            else:
                sources.append(draw.Source(kind, match=slot_of[match]))
        slot = slot_of[row[0]]
        planned.setdefault(slot.bracket, []).append(draw.PlannedMatch(slot, tuple(sources)))
    brackets = tuple(
        draw.BracketPlan(kind, max(m.slot.round for m in planned[kind]), tuple(planned[kind]))
        for kind in draw.BRACKET_KINDS
        if kind in planned
    )
    consolation, progressive_rounds, last_chance, rng_seed = settings
    plan = draw.DrawPlan(
        entrants=tuple(entrants),
        seed_order=(),
        size=2 * len(brackets[0].round_matches(1)) if brackets else 0,
        consolation=consolation,
        progressive_rounds=progressive_rounds,
        last_chance=last_chance,
        rng_seed=rng_seed,
        brackets=brackets,
    )
    return plan, slot_of, {slot: pk for pk, slot in slot_of.items()}


# --- the operations' lean read ------------------------------------------------------------

# What a resolve reads of a row as the core's status: an open match is ready to play.
RESOLUTION_OF_STATUS = {
    Match.Status.PENDING: draw.PENDING,
    Match.Status.READY: draw.READY,
    Match.Status.LIVE: draw.READY,
    Match.Status.DECIDED: draw.DECIDED,
    Match.Status.BYE: draw.BYE,
    Match.Status.VOID: draw.VOID,
}


@dataclass(slots=True)
class SlotRow(Sides):
    """A bracket match as a resolve reads and writes it: its row's id and cached result
    (`Sides`: which side won, as every row type read of a match says it)."""

    pk: int
    slot: draw.Slot
    player1_id: int | None
    player2_id: int | None
    status: str
    winner_id: int | None
    table: str
    called_at: datetime | None  # when it was called: a table given, or ready without tables

    @property
    def players(self) -> tuple[int | None, int | None]:
        return (self.player1_id, self.player2_id)

    @property
    def is_live(self) -> bool:
        return self.status == Match.Status.LIVE

    @property
    def is_started(self) -> bool:
        return self.status in Match.STARTED_STATUSES

    def resolution(self) -> draw.MatchResolution:
        """What the row says the core's resolve of its slot was (the rows are written
        from it, in the same transaction as every result)."""
        status = RESOLUTION_OF_STATUS[self.status]
        return draw.stored_resolution(self.slot, self.players, status, self.winner_side)

    def as_match(self, tournament: Tournament) -> Match:
        """The row as an unsaved Match of its values, for code that reads a match's
        players, table and call (a notification of the call), never to be saved."""
        return Match(
            pk=self.pk,
            tournament=tournament,
            player1_id=self.player1_id,
            player2_id=self.player2_id,
            status=self.status,
            table=self.table,
            called_at=self.called_at,
        )

    def take(self, match: Match) -> None:
        """The row as an operation has just written it."""
        self.player1_id, self.player2_id = match.player1_id, match.player2_id
        self.status, self.winner_id, self.table = match.status, match.winner_id, match.table
        self.called_at = match.called_at


@dataclass
class BracketRows:
    """A tournament's bracket matches for the operations: the plan, and each slot's row
    as plain values (no model instances). A `SlotRow` is made only for the slots a
    resolve reads or writes."""

    tournament_id: int
    plan: draw.DrawPlan
    slot_of: dict[int, draw.Slot]
    pk_of: dict[draw.Slot, int]
    values: dict[int, tuple]  # pk -> (player1, player2, status, winner, table, called_at)
    _rows: dict[draw.Slot, SlotRow] = field(default_factory=dict, repr=False)
    _withdrawn: frozenset[int] | None = field(default=None, repr=False)

    def at(self, slot: draw.Slot) -> SlotRow:
        row = self._rows.get(slot)
        if row is None:
            pk = self.pk_of[slot]
            row = self._rows[slot] = SlotRow(pk, slot, *self.values[pk])
        return row

    def row(self, match: Match) -> SlotRow:
        return self.at(self.slot_of[match.pk])

    def withdrawn(self) -> frozenset[int]:
        """The players who have withdrawn, read when first asked: only a match made
        ready needs them (its walkover), and most decisions make none."""
        if self._withdrawn is None:
            self._withdrawn = frozenset(
                Entry.objects.filter(tournament_id=self.tournament_id, withdrawn=True)
                .order_by()
                .values_list("player_id", flat=True)
            )
        return self._withdrawn

    def dependents(self, match: Match) -> list[SlotRow]:
        """The later matches whose players depend on this one's result, in order."""
        return [self.at(slot) for slot in draw.dependents(self.plan, self.slot_of[match.pk])]

    def resolve(self, changed: Iterable[draw.Slot] | None = None) -> dict:
        """Slot -> resolution: of every match (`changed` None), or of the matches
        downstream of those whose result changed, from the rows of the rest."""
        if changed is None:
            slots = [match.slot for match in self.plan.matches()]
        else:
            slots = draw.downstream(self.plan, changed)
        outcomes = {}
        for slot in slots:
            row = self.at(slot)
            if row.status == Match.Status.DECIDED:
                outcomes[slot] = row.winner_side
        if changed is None:
            return draw.resolve(self.plan, outcomes)
        known = {slot: self.at(slot).resolution() for slot in draw.feeders(self.plan, slots)}
        return draw.resolve_downstream(self.plan, outcomes, known, changed)


def load_rows(tournament: Tournament) -> BracketRows | None:
    """The tournament's bracket matches in one query of plain values; None without a
    draw."""
    values = list(
        Match.objects.filter(tournament=tournament, bracket__isnull=False)
        .order_by("pk")
        .values_list(
            "pk",
            "bracket__kind",
            "round",
            "position",
            "source1_kind",
            "source1_match_id",
            "source2_kind",
            "source2_match_id",
            "player1_id",
            "player2_id",
            "status",
            "winner_id",
            "table",
            "called_at",
        )
    )
    if not values:
        return None
    plan, slot_of, pk_of = _plan(
        True, _settings(tournament), _structure(value[:10] for value in values)
    )
    rows = BracketRows(
        tournament.pk, plan, slot_of, pk_of, {value[0]: value[8:] for value in values}
    )
    # The writers' lock says whether anyone has withdrawn (operations.locks): without a
    # withdrawal there is nobody to look up.
    if getattr(tournament, "any_withdrawn", None) is False:
        rows._withdrawn = frozenset()
    return rows
