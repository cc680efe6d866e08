"""A team event: teams meet in groups, team matches of boards, then a knockout
(`core.teams`, which owns how a team match is settled and the teams' places).

Pure Python: no Django import and no I/O.
"""

from __future__ import annotations

from ..messages import _
from . import rules
from .base import Format, Settings

KEY = "teams"


def knockout_of(settings: Settings) -> int:
    # A team event's knockout may follow a single group (its best two meet in a final).
    return settings.knockout


def problems(settings: Settings) -> dict[str, str]:
    return {
        **rules.no_consolation(settings, _("A team event has no consolation bracket.")),
        **rules.top_knockout_needs_swiss(settings),
    }


FORMAT = Format(
    key=KEY,
    label=_("team event"),
    teams=True,
    settings=("round_lengths", "group_size", "knockout", "team_size"),
    knockout_of=knockout_of,
    problems=problems,
    moves_on="teams",
    draws="teams",
    places="teams",
    page="team_event",
    json=("teams",),
    sheets=("teams",),
    desk=("teams",),
    knockout_from="groups",
    group_knockout=True,
)
