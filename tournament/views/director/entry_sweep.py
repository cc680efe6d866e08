"""Entries in one sweep, on the tournament desk: what the desk shows of it (the club's
active members to tick, the last tournament's players of the season first, filtered as
one types; the earlier tournaments to copy the entries of; the seeds from the club's
ratings). The views that act on it are `entry_sweep_actions`'s: the desk imports this
module, they import the desk."""

from __future__ import annotations

from ...forms.entry_sweep import SeedsFromRatingsForm, SweepForm
from ...models import Tournament
from ...queries.director_desk import active_players, earlier_tournaments, players_entered_in

# The earlier tournaments offered to copy from: the most recent, enough for a season.
EARLIER_OFFERED = 40


def sweep_context(tournament: Tournament, entries) -> dict:
    """What the desk's sweep shows (director/includes/entry_sweep.html): sweep_rows
    ((player, entered, regular) for each active player: `regular` for a player of the
    season's last tournament before this one, listed first), regulars_from (that
    tournament, or None), earlier (the tournaments to copy the entries of), seeds_form.
    Three queries at most, however many players."""
    earlier = earlier_tournaments(tournament, EARLIER_OFFERED)
    last = next((t for t in earlier if t.season_id == tournament.season_id), None)
    regulars = players_entered_in(last) if last else set()
    entered = {entry.player_id for entry in entries}
    players = active_players(tournament)
    rows = [(player, player.pk in entered, player.pk in regulars) for player in players]
    # Stable: by name within each part.
    rows.sort(key=lambda row: not row[2])
    return {
        "sweep_rows": rows,
        "regulars_from": last if regulars else None,
        "earlier": earlier,
        "ratings_seeds_form": SeedsFromRatingsForm(),
        "sweep_form": SweepForm(),
    }
