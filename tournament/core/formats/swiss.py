"""A Swiss of a set number of rounds, each paired from the results before it
(`core.swiss`), scored on wins or Win + Skill; its top players may go on to a knockout.

Pure Python: no Django import and no I/O.
"""

from __future__ import annotations

from ..messages import _
from . import rules
from .base import Format, Settings

KEY = "swiss"


def knockout_of(settings: Settings) -> int:
    return settings.swiss_knockout


def problems(settings: Settings) -> dict[str, str]:
    return {
        **rules.no_consolation(settings, rules.CLUB_NIGHT_CONSOLATION),
        **rules.knockout_needs_groups(settings),
    }


FORMAT = Format(
    key=KEY,
    label=_("Swiss"),
    in_rounds=True,
    pairs_by_results=True,
    fixed_rounds=True,
    pairs_again=True,
    late_joins=True,
    scored=True,
    settings=("rounds", "round_lengths", "swiss_knockout", "scoring", "tie_break"),
    knockout_of=knockout_of,
    problems=problems,
    moves_on="rounds",
    draws="rounds",
    places="rounds",
    page="club_night",
    json=("swiss",),
    sheets=("club_night",),
    desk=("rounds",),
    knockout_from="standings",
    bye_is_a_win=True,
    apart="every_round",
    pairing="by_wins",
)
