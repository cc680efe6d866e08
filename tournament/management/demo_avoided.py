"""The demo club's cup with pairs kept apart: a family cup drawn and not started, whose
director marked a married couple and two players who came in one car before the draw,
which keeps them apart in round 1 (docs/avoided-pairs.md). Loaded once, looked up by name; every
write goes through the operations."""

from __future__ import annotations

from datetime import date, timedelta

from .. import operations
from ..models import Player, Season, Tournament

# Players of few matches elsewhere, so that the demo's busiest player stays who it was.
FIELD = (
    "Jordi Puig", "Montserrat Vila", "Pere Soler", "Gemma Torrent",
    "Pau Camps", "Roger Mas", "Carmen García", "José Martínez",
)  # fmt: skip
# A seed whose draw, without the marks, would pair both couples in round 1 (the demo
# club made afresh: its players numbered in the order load_demo lists them).
RNG_SEED = 2814
# (first, second, reason, note)
PAIRS = (
    ("Jordi Puig", "Montserrat Vila", "household", "matrimoni"),
    ("Carmen García", "José Martínez", "travelled", "vénen en un cotxe des de Lleida"),
)


def load(season: Season, today: date, players: dict[str, Player]) -> bool:
    """Make the cup unless the season has it already; True if it was made."""
    name = f"Copa de les Famílies {season.year}"
    if Tournament.objects.filter(season=season, name=name).exists():
        return False
    day = min(max(today + timedelta(days=7), season.start), season.end)
    tournament = operations.create_tournament({"season": season, "name": name, "date": day}, {})
    for player in FIELD:
        operations.add_entry(tournament, players[player], checked_in=True)
    for first, second, reason, note in PAIRS:
        operations.add_avoided_pair(
            tournament, players[first], players[second], reason=reason, note=note
        )
    operations.make_draw(tournament, rng_seed=RNG_SEED)
    return True
