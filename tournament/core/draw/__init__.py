"""Knockout draws: plan a cup's brackets (main, consolation, last chance) and resolve them.

Pure Python: no Django import and no I/O. `make_plan()` turns a field of entrants into a
`DrawPlan` (every match slot with the *source* of each of its two players), and
`resolve()` carries the decided results through that plan: who plays where, which
matches are byes, who is champion. The random part of a draw uses only
`random.Random(rng_seed)`, so a stored seed reproduces the draw.
"""

# A package since the module outgrew 450 lines: `plan` (kinds, data classes, the order of
# the matches), `seeding` (inputs, seeds, the main bracket, `make_plan`), `consolation`
# (the brackets fed by losers), `words` (the rounds and matches named), `resolution`
# (results carried through a plan, or from a change through what lies downstream of
# it) and `paths` (a player's way through a resolved plan). Every name the rest of the
# project uses is re-exported here, so `draw.X` keeps working.

from __future__ import annotations

from .consolation import drop_in_side
from .paths import OUT, STILL_IN, WON, Path, path_after
from .plan import (
    BRACKET_KINDS,
    BYE,
    CONSOLATION,
    CONSOLATION_FORMATS,
    DECIDED,
    DOUBLE,
    ENTRANT,
    ENTRY_LOSER,
    FIRST_LOSER,
    FIRST_LOSS_KINDS,
    FIRST_ROUND,
    GRAND_FINAL,
    LAST_CHANCE,
    LOSER,
    MAIN,
    MATCH_SOURCE_KINDS,
    MATCH_STATUSES,
    MAX_ENTRANTS,
    MIN_ENTRANTS,
    NO_CONSOLATION,
    PENDING,
    PROGRESSIVE,
    READY,
    RESET_KINDS,
    RESET_LOSER,
    RESET_WINNER,
    SOURCE_KINDS,
    VOID,
    WINNER,
    BracketPlan,
    DrawError,
    DrawPlan,
    PlannedMatch,
    Slot,
    Source,
    Translate,
    ends_in_grand_final,
)
from .resolution import (
    MatchResolution,
    bracket_places,
    champion,
    dependents,
    downstream,
    event_places,
    feeders,
    final_places,
    played,
    resolve,
    resolve_downstream,
    stored_resolution,
)
from .seeding import (
    check_seeds,
    make_plan,
    seed_positions,
)
from .words import BRACKET_TITLES, DOUBLE_TITLES, Names, names_of

__all__ = [
    "BRACKET_KINDS",
    "BRACKET_TITLES",
    "BYE",
    "CONSOLATION",
    "CONSOLATION_FORMATS",
    "DECIDED",
    "DOUBLE",
    "DOUBLE_TITLES",
    "ENTRANT",
    "ENTRY_LOSER",
    "FIRST_LOSER",
    "FIRST_LOSS_KINDS",
    "FIRST_ROUND",
    "GRAND_FINAL",
    "LAST_CHANCE",
    "LOSER",
    "MAIN",
    "MATCH_SOURCE_KINDS",
    "MATCH_STATUSES",
    "MAX_ENTRANTS",
    "MIN_ENTRANTS",
    "NO_CONSOLATION",
    "OUT",
    "PENDING",
    "PROGRESSIVE",
    "READY",
    "RESET_KINDS",
    "RESET_LOSER",
    "RESET_WINNER",
    "SOURCE_KINDS",
    "STILL_IN",
    "VOID",
    "WINNER",
    "WON",
    "BracketPlan",
    "DrawError",
    "DrawPlan",
    "MatchResolution",
    "Names",
    "Path",
    "PlannedMatch",
    "Slot",
    "Source",
    "Translate",
    "bracket_places",
    "champion",
    "check_seeds",
    "dependents",
    "downstream",
    "drop_in_side",
    "ends_in_grand_final",
    "event_places",
    "feeders",
    "final_places",
    "make_plan",
    "names_of",
    "path_after",
    "played",
    "resolve",
    "resolve_downstream",
    "seed_positions",
    "stored_resolution",
]
