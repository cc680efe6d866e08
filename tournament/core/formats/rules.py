"""The settings' rules more than one format shares: which formats a consolation, a
knockout of groups and a knockout of the top players belong to. Each format's
`problems` puts together the ones that apply to it.

Pure Python: no Django import and no I/O.
"""

from __future__ import annotations

from ..draw import DOUBLE, NO_CONSOLATION
from ..messages import _
from .base import Settings


def no_consolation(settings: Settings, message: str) -> dict[str, str]:
    if settings.consolation != NO_CONSOLATION:
        return {"consolation": message}
    return {}


def knockout_needs_groups(settings: Settings) -> dict[str, str]:
    """A knockout of group places follows only a round robin played in groups."""
    if settings.knockout:
        return {"knockout": _("A knockout follows a round robin played in groups.")}
    return {}


def top_knockout_needs_swiss(settings: Settings) -> dict[str, str]:
    """A knockout of the top players follows only a Swiss (or a Swiss with lives, whose
    end game it may be)."""
    if settings.swiss_knockout:
        return {"swiss_knockout": _("A knockout of the top players follows a Swiss.")}
    return {}


def double_has_no_last_chance(settings: Settings) -> dict[str, str]:
    # Its losers' bracket is the second chance; a third would be a triple elimination.
    if settings.consolation == DOUBLE and settings.last_chance:
        return {"last_chance": _("A double elimination has no last chance bracket.")}
    return {}


CLUB_NIGHT_CONSOLATION = _("A Swiss or a round robin has no consolation bracket.")
