"""A Swiss paired on the rating: a set number of rounds, each paired on the club's rating
list alone (players of the nearest rating meet, nobody twice while that can be avoided),
whatever they won, and ranked on wins as a Swiss is. A club night where every player
gets even games all evening; the walkthrough of docs/adding-a-format.md.

Pure Python: no Django import and no I/O.
"""

from __future__ import annotations

from ..messages import _
from . import rules
from .base import Format, Settings

KEY = "rating_swiss"


def problems(settings: Settings) -> dict[str, str]:
    return {
        **rules.no_consolation(settings, rules.CLUB_NIGHT_CONSOLATION),
        **rules.knockout_needs_groups(settings),
        **rules.top_knockout_needs_swiss(settings),
    }


FORMAT = Format(
    key=KEY,
    label=_("Swiss paired on the rating"),
    in_rounds=True,
    pairs_by_results=True,
    fixed_rounds=True,
    pairs_again=True,
    late_joins=True,
    scored=True,
    settings=("rounds", "round_lengths", "scoring", "tie_break"),
    problems=problems,
    moves_on="rounds",
    draws="rounds",
    places="rounds",
    page="club_night",
    json=("swiss",),
    sheets=("club_night",),
    desk=("rounds",),
    pairs_on="rating",
    bye_is_a_win=True,
    apart="every_round",
    pairing="by_rating",
)
