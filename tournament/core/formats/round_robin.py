"""A round robin of the whole field or of groups (`core.club_nights`): every round drawn
at once, scored on wins or Win + Skill; the groups' best may go on to a knockout.

Pure Python: no Django import and no I/O.
"""

from __future__ import annotations

from ..messages import _
from . import rules
from .base import Format, Settings

KEY = "round_robin"


def knockout_of(settings: Settings) -> int:
    return settings.knockout


def problems(settings: Settings) -> dict[str, str]:
    found = {
        **rules.no_consolation(settings, rules.CLUB_NIGHT_CONSOLATION),
        **rules.top_knockout_needs_swiss(settings),
    }
    if not settings.group_size:
        found.update(rules.knockout_needs_groups(settings))
    return found


FORMAT = Format(
    key=KEY,
    label=_("round robin"),
    in_rounds=True,
    scored=True,
    settings=("round_lengths", "group_size", "knockout", "scoring", "tie_break"),
    knockout_of=knockout_of,
    problems=problems,
    moves_on="rounds",
    draws="rounds",
    places="rounds",
    page="club_night",
    sheets=("club_night",),
    desk=("rounds",),
    knockout_from="groups",
    group_knockout=True,
    apart="everyone_meets",
    pairing="drawn_at_once",
)
