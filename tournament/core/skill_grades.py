"""The Backgammon Masters Awarding Body's grades by PR, and a player's average PR over
several matches: pure, so the player's page, the season's table and its workbook grade
alike (docs/skill.md, "The player and the season").

The bands, as BMAB publishes them (its "General BMAB Grading Structure", quoted by the
USBGF at https://usbgf.org/results/awards-recognition/backgammon-masters-awarding-body-bmab/
and at https://bgmastersab.com/): Super Grand Master at PR 2.5 or lower, Grand Master
4, Master 6.5, Advanced 10, Intermediate 16. Above 16, no band.

An indication only, and the pages say so: BMAB awards its grades on a large number of
verified, clocked tournament matches analysed by eXtreme Gammon under its own rules,
and the figure here is GNUBG PR (gnubg counts the decisions slightly differently)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .messages import _


@dataclass(frozen=True)
class Grade:
    key: str
    label: str  # marked with `_`, translated where shown
    limit: float  # the band's highest PR, inclusive


GRADES = (
    Grade("super_grand_master", _("Super Grand Master"), 2.5),
    Grade("grand_master", _("Grand Master"), 4.0),
    Grade("master", _("Master"), 6.5),
    Grade("advanced", _("Advanced"), 10.0),
    Grade("intermediate", _("Intermediate"), 16.0),
)


def grade_for(pr: float | None) -> Grade | None:
    """The best band whose limit `pr` is within (a limit belongs to its band: PR 4.0
    is Grand Master); None above the last band or without a PR."""
    if pr is None:
        return None
    for grade in GRADES:
        if pr <= grade.limit:
            return grade
    return None


def average_pr(matches: Iterable[tuple[float, int]]) -> float | None:
    """The PR over several matches, each (its PR, its decisions), weighted by decisions
    as BMAB and eXtreme Gammon average: the total error over the total decisions,
    halved. Since a match's PR is its error over its decisions, halved, that is the
    matches' PRs weighted by their decisions. None without a decision."""
    total_error = total_decisions = 0.0
    for pr, decisions in matches:
        total_error += pr * decisions
        total_decisions += decisions
    if not total_decisions:
        return None
    return total_error / total_decisions
