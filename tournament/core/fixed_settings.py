"""What a tournament's draw, results and finish fix of its settings: the season once
drawn, the format once results are recorded, the money once it is finished (a played
round's match length is `schedule.check_played_rounds`'s to say).

Pure Python. The director's form, the admin and every other caller of the
operations hear the same refusal, with the same message.
"""

from __future__ import annotations

from .messages import _

SEASON = "season"
# The settings a stored draw was made for.
DRAW_SETTINGS = (
    "format",
    "group_size",
    "knockout",
    "swiss_knockout",
    "team_size",
    "consolation",
    "progressive_rounds",
    "last_chance",
    # A Swiss with lives: who is out, and how it ends, are read from these.
    "lives",
    "playoff",
    "grand_final_reset",
)
# A bracket's money: what was paid in and how the pool is shared.
MONEY_SETTINGS = ("fee", "side_pool_fee", "payouts", "club_cut")


SEASON_FIXED = _("The season of a tournament cannot change once its draw is made.")
FORMAT_FIXED = _("The format cannot change once results have been recorded.")
MONEY_FIXED = _(
    "The fees and payouts of a finished tournament cannot change: its prizes were paid from them."
)


def fixed_settings(*, drawn: bool, has_results: bool, finished: bool) -> dict[str, str]:
    """The settings that may no longer change, each with why (a message template).

    The season's rules score the draw's games; the draw was made for the format; a
    finished tournament's prizes were paid from its fees and payouts. While it runs,
    fees and payouts may still change (a fee typed wrong at the door): each pool is
    what was actually paid, and no prize is shared before the final places."""
    fixed: dict[str, str] = {}
    if drawn:
        fixed[SEASON] = SEASON_FIXED
    if has_results:
        fixed.update(dict.fromkeys(DRAW_SETTINGS, FORMAT_FIXED))
    if finished:
        fixed.update(dict.fromkeys(MONEY_SETTINGS, MONEY_FIXED))
    return fixed
