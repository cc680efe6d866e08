"""A Swiss with lives: out at the Nth loss, rounds paired among the players still in
until one is left, or an end game (`core.lives`, which owns its rules and places).

Pure Python: no Django import and no I/O.
"""

from __future__ import annotations

from .. import lives as lives_rules
from ..messages import _
from . import rules
from .base import Format, Settings

KEY = "lives"


def knockout_of(settings: Settings) -> int:
    """Its knockout is an end game: of the last N still in."""
    return settings.swiss_knockout if settings.playoff == lives_rules.KNOCKOUT else 0


def problems(settings: Settings) -> dict[str, str]:
    found = {
        **rules.no_consolation(settings, rules.CLUB_NIGHT_CONSOLATION),
        **rules.knockout_needs_groups(settings),
    }
    # Its knockout is an end game (`core.lives.KNOCKOUT`): of the last 4, 8 or 16.
    if settings.playoff == lives_rules.KNOCKOUT:
        if settings.swiss_knockout not in lives_rules.KNOCKOUT_SIZES:
            found["swiss_knockout"] = _("A knockout of the last players is of 4, 8 or 16.")
    elif settings.swiss_knockout:
        found["swiss_knockout"] = _(
            "A Swiss with lives goes on to a knockout only when that is its end game."
        )
    return found


FORMAT = Format(
    key=KEY,
    label=_("Swiss with lives"),
    in_rounds=True,
    pairs_by_results=True,
    lives=True,
    settings=("round_lengths", "swiss_knockout", "lives", "playoff", "reentry_fee"),
    knockout_of=knockout_of,
    problems=problems,
    moves_on="lives",
    draws="rounds",
    places="rounds",
    page="club_night",
    json=("lives",),
    sheets=("club_night",),
    desk=("rounds", "reentry"),
    knockout_from="standings",
    bye_is_a_win=True,
    # Its rounds keep pairs apart too, but its pages have always said the draw's words
    # (round 1): kept so, as the pages were.
    pairing="by_losses",
)
