"""A Swiss with lives as the core sees it: the stored rounds and re-entries handed to
`core.lives.replay`, for the operations (what to pair next) and the pages (standings,
places) alike."""

from __future__ import annotations

from ..core import lives as core
from .matches import Match
from .tournaments import Tournament


def lives_state(tournament: Tournament, rows=None, entries=None) -> core.State:
    """The event as the core replays it from the stored rounds (two queries; none for
    what the caller gives: `rows`, (round, player1_id, player2_id, status, winner_id)
    tuples; `entries`, (player_id, withdrawn, reentered_after) of those checked in)."""
    if entries is None:
        entries = list(
            tournament.entries.filter(checked_in=True).values_list(
                "player_id", "withdrawn", "reentered_after"
            )
        )
    if rows is None:
        rows = tournament.matches.in_rounds().values_list(
            "round", "player1_id", "player2_id", "status", "winner_id"
        )
    games, players = [], {player for player, _w, _r in entries}
    for number, first, second, status, winner in rows:
        if status == Match.Status.BYE:
            games.append(core.Game(number, first, None, first))
            players.add(first)
        elif first is not None and second is not None:
            settled = status in Match.SETTLED_STATUSES
            games.append(core.Game(number, first, second, winner if settled else None))
            players.update((first, second))
    return core.replay(
        sorted(players),
        games,
        tournament.lives,
        tournament.playoff,
        reentries={player: after for player, _w, after in entries if after is not None},
        withdrawn=[player for player, withdrawn, _r in entries if withdrawn],
        knockout_of=tournament.swiss_knockout,
    )
