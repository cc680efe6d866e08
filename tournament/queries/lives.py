"""A Swiss with lives as its pages, its workbook and the league read it: the players
still in with their lives left, then those out in order of elimination, each with the
place the core gives (`core.lives.places`). Once the rounds are over nobody is "still
in" them: the last player left is the winner, and with a knockout of the last N its
players have gone on to it."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from ..core import league, swiss_cut
from ..core import lives as core
from ..models import Match, Player, Tournament
from ..models.lives_state import lives_state


@dataclass
class LivesRow:
    place: int
    tied: bool
    player: Player | int
    still_in: bool  # in the rounds still to be paired (not the winner, not gone on)
    lives_left: int  # the lives they have (or finished with), 0 once out
    losses: int
    wins: int
    byes: int
    out_round: int | None
    reentered: bool
    withdrawn: bool
    won: bool = False  # the last player left: the event's winner by its rounds
    went_on: bool = False  # gone on to the knockout of the last N, the rounds over

    @property
    def place_label(self) -> str:
        return league.place_label(self.place, tied=self.tied)


def _tuples(rows: Iterable) -> list[tuple]:
    return [
        (row.round, row.player1_id, row.player2_id, row.status, row.winner_id)
        for row in rows
        if row.bracket_id is None and row.round is not None
    ]


def state_of(tournament: Tournament, rows: Iterable, entries=None) -> core.State:
    """The replay of rows already read (Match instances or the standings' MatchRows):
    one query for the re-entries and withdrawals, unless `entries` has them."""
    return lives_state(tournament, rows=_tuples(rows), entries=entries)


def standings(
    tournament: Tournament, matches: list[Match], players: dict, went_on: Collection = ()
) -> list[LivesRow]:
    """Every player ranked (`players`: id -> Player, those of the matches; `went_on`:
    the knockout's players, once it is drawn)."""
    event = state_of(tournament, matches)
    ranked = core.places(event)
    counts = [place for place, _record in ranked]
    rows = []
    for place, record in ranked:
        won = record.player == event.winner
        gone = event.rounds_over and record.player in went_on
        rows.append(
            LivesRow(
                place=place,
                tied=counts.count(place) > 1,
                player=players.get(record.player, record.player),
                still_in=record.still_in() and not won and not gone,
                lives_left=event.lives_left(record.player) if record.still_in() else 0,
                losses=record.losses,
                wins=record.wins,
                byes=record.byes,
                out_round=record.out_round,
                reentered=record.reentered,
                withdrawn=record.withdrawn,
                won=won,
                went_on=gone,
            )
        )
    return rows


def final_places(
    tournament: Tournament, rows: list, entries=None, went_on: Collection = ()
) -> dict[int, tuple[int, int]]:
    """Each player's final place once one player is left (none before): player id ->
    (best, worst) of the place they share. Ending in a knockout of the last N
    (`went_on`: its players, once drawn): the others' places, after the knockout's, in
    the lives order (the order of elimination); the knockout's are its bracket's."""
    event = state_of(tournament, rows, entries)
    ranked = core.places(event)
    if went_on and event.rounds_over:
        pairs = [(record.player, place) for place, record in ranked]
        return swiss_cut.places_after_cut(pairs, list(went_on))
    if not event.finished:
        return {}
    counts = [place for place, _record in ranked]
    return {record.player: (place, place + counts.count(place) - 1) for place, record in ranked}
