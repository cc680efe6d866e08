"""The brackets a cup's settings play beside its main bracket need their match lengths:
a consolation (first-round losers, progressive, a double elimination's losers' bracket)
and a last chance. The one home of the rule: the setup form says it beside the field,
and the operation that saves a tournament refuses it too.

Pure Python: no Django import and no I/O.
"""

from __future__ import annotations

from collections.abc import Collection

from .draw import CONSOLATION, LAST_CHANCE, NO_CONSOLATION
from .messages import _


def missing(consolation: str, last_chance: bool, given: Collection[str]) -> dict[str, str]:
    """The brackets these settings play that have no match lengths among `given` (the
    kinds of the brackets that have them), each with its message to translate; empty
    when none is missing."""
    found = {}
    if consolation != NO_CONSOLATION and CONSOLATION not in given:
        found[CONSOLATION] = _("Give the consolation's match lengths.")
    if last_chance and LAST_CHANCE not in given:
        found[LAST_CHANCE] = _("Give the last chance's match lengths.")
    return found
