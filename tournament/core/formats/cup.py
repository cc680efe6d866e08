"""A knockout cup: a main bracket, with a consolation (first-round losers, progressive,
double elimination) and a last chance where set (`core.draw`, which owns the brackets
and their places).

Pure Python: no Django import and no I/O.
"""

from __future__ import annotations

from ..messages import _
from . import rules
from .base import Format, Settings

KEY = "cup"


def problems(settings: Settings) -> dict[str, str]:
    return {
        **rules.double_has_no_last_chance(settings),
        **rules.top_knockout_needs_swiss(settings),
        **rules.knockout_needs_groups(settings),
    }


FORMAT = Format(
    key=KEY,
    label=_("knockout cup"),
    brackets=True,
    settings=("consolation", "progressive_rounds", "last_chance"),
    problems=problems,
)
