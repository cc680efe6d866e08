"""A season's rules in plain, translated words: the presets' names and the sentences the
season page, the score sheet and the spreadsheet show.

The rules themselves live in `core.rules`; this module only words them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from .core.rules import RuleSet

PRESET_LABELS = {
    "standard": _("Standard match rules"),
    "qgammon-1999": _("Q-gammon, to 1999"),
    "qgammon-2000": _("Q-gammon, 2000-2001"),
    "qgammon-2002": _("Q-gammon, from 2002"),
}


@dataclass(frozen=True)
class RuleText:
    topic: str
    text: str


def describe_rules(rules: RuleSet) -> list[RuleText]:
    """Every rule a player may ask about, in the order a director would explain them."""
    texts = [
        RuleText(
            _("Backgammons"),
            _("A backgammon counts three times the cube.")
            if rules.backgammon_multiplier == 3
            else _("A backgammon counts twice the cube, the same as a gammon."),
        ),
        RuleText(
            _("Crawford rule"),
            _(
                "In force: when a player first comes within one point of winning the match, "
                "the cube may not be used in the next game (the Crawford game). After it the "
                "cube is live again."
            )
            if rules.crawford
            else _("Not in force: the cube may be used in every game."),
        ),
    ]
    if rules.holland:
        texts.append(
            RuleText(
                _("Holland rule"),
                _(
                    "After the Crawford game the trailer may not double until each side has "
                    "rolled at least twice."
                ),
            )
        )
    if not rules.beavers:
        beaver_text = _("No beavers in match play.")
    elif rules.beaver_refusable:
        beaver_text = _(
            "Allowed in match play: a player who takes a double may at once redouble and keep "
            "the cube; the doubler may refuse the beaver and lose the points they had offered."
        )
    else:
        beaver_text = _(
            "Allowed in match play: a player who takes a double may at once redouble and keep "
            "the cube, and the doubler may not refuse the beaver."
        )
    texts.append(RuleText(_("Beavers"), beaver_text))
    if rules.raccoons:
        texts.append(
            RuleText(
                _("Raccoons"),
                _("The doubler may redouble a beaver at once; the beaverer keeps the cube."),
            )
        )
    if rules.automatic_doubles:
        if rules.automatic_doubles_limit:
            limit = ngettext_lazy(
                "at most %(count)d per game",
                "at most %(count)d per game",
                rules.automatic_doubles_limit,
            ) % {"count": rules.automatic_doubles_limit}
        else:
            limit = _("with no limit")
        texts.append(
            RuleText(
                _("Automatic doubles"),
                format_lazy(
                    "{} ({}).",
                    _("A tied opening roll turns the cube, which stays in the middle"),
                    limit,
                ),
            )
        )
    else:
        texts.append(RuleText(_("Automatic doubles"), _("None in match play.")))
    if rules.jacoby:
        texts.append(
            RuleText(_("Jacoby rule"), _("Money play only: it never changes a match's points."))
        )
    if rules.irregularities == "2002":
        texts.append(
            RuleText(
                _("Irregular moves"),
                _(
                    "A turn ends when the dice are picked up. The opponent may accept an illegal "
                    "or miscounted move or have it corrected; starting one's turn accepts the "
                    "previous move. Spectators stay silent (rule 2)."
                ),
            )
        )
        texts.append(
            RuleText(
                _("Rolling or doubling early"),
                _(
                    "A roll or a double made before the opponent has finished stands; the "
                    "player who was moving may accept it or have it started again (rule 3). "
                    "It does not apply when the move was forced or there is no contact."
                ),
            )
        )
    else:
        texts.append(
            RuleText(
                _("Irregular moves"),
                _(
                    "The opponent and the spectators may point out an illegal or miscounted "
                    "move and have it corrected."
                ),
            )
        )
        texts.append(
            RuleText(
                _("Rolling or doubling early"),
                _(
                    "A roll made before the opponent has finished is void and is repeated in "
                    "its turn (rule 3B). It does not apply when the move was forced or there is "
                    "no contact."
                ),
            )
        )
    texts.append(
        RuleText(
            _("Dice"),
            _(
                "A dice cup is not compulsory. A roll is valid on either side of the board, "
                "without notice, as long as both dice land on the same side."
            ),
        )
    )
    return texts


def rules_in_one_line(rules: RuleSet) -> str:
    """The rules a score sheet needs at the table, in one line."""
    parts = [
        _("Crawford") if rules.crawford else _("no Crawford"),
        _("backgammon x3") if rules.backgammon_multiplier == 3 else _("backgammon x2"),
    ]
    if rules.beavers:
        parts.append(_("beavers") if rules.beaver_refusable else _("beavers, not refusable"))
    if rules.holland:
        parts.append(_("Holland"))
    if rules.automatic_doubles:
        parts.append(_("automatic doubles"))
    return ", ".join(str(part) for part in parts)
