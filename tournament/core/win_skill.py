"""Win + Skill: the scoring of the WBIF's national leagues (docs/skill.md, "Win + Skill"),
and the average GNUBG PR as a tie-break.

A match is worth a point for the win and a skill point for the better GNUBG PR of the
match, shared as the WBIF shares it: the whole point to the player whose PR is lower by
1 or more, else 0.5 + (the opponent's PR - your PR) / 2 each (equal PRs: half each).
The PRs are compared as the site shows them (one decimal), so a skill point is always a
multiple of 0.05 and points are kept in hundredths, as integers, never as floats: the
standings, the ties and the Swiss pairing add and compare them exactly.

A match without an analysis gives no skill point to either player: the win alone counts.
A match played out by its games may still get one (its transcript handed in, gnubg's
analysis to come): until it does, its skill point is waiting (`awaits_analysis`), the
standings say so, and a Swiss pairs its next round only once none of the round's is.

Pure Python: no Django import and no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from .actions import GAMES

WINS, WIN_SKILL = "wins", "win_skill"
SCORINGS = (WINS, WIN_SKILL)
STANDARD, AVERAGE_PR = "standard", "average_pr"
TIE_BREAKS = (STANDARD, AVERAGE_PR)

# A point in hundredths: the win is worth WHOLE, a skill point 0 to WHOLE.
WHOLE = 100


@dataclass(frozen=True)
class Scoring:
    """How a Swiss's or round robin's standings score and break ties."""

    scoring: str = WINS
    tie_break: str = STANDARD

    @property
    def win_skill(self) -> bool:
        return self.scoring == WIN_SKILL

    @property
    def average_pr(self) -> bool:
        return self.tie_break == AVERAGE_PR

    @property
    def needs_analyses(self) -> bool:
        return self.win_skill or self.average_pr


@dataclass(frozen=True)
class Figures:
    """One player's analysed figures in one match: the GNUBG PR, gnubg's total error
    (EMG, its sign: 0 or negative) and the decisions analysed."""

    pr: float
    error_total: float
    decisions: int


def _tenths(pr: float) -> int:
    """The PR in tenths, rounded as the pages show it (half up)."""
    return int(Decimal(repr(pr)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP) * 10)


def skill_points(pr1: float | None, pr2: float | None) -> tuple[int, int] | None:
    """The skill point of a match shared by its two players' PRs (hundredths), the first
    player's share first; None when the match has no analysis."""
    if pr1 is None or pr2 is None:
        return None
    better_by = _tenths(pr2) - _tenths(pr1)  # tenths of PR the first player was better by
    first = min(WHOLE, max(0, WHOLE // 2 + better_by * 5))
    return first, WHOLE - first


def match_points(winner: int | None, pr1: float | None, pr2: float | None) -> tuple[int, int]:
    """Each player's Win + Skill points from one match (hundredths): `winner` is 1 or 2
    (None: nobody won, a double loss), the PRs None when the match is not analysed."""
    points = [WHOLE if winner == 1 else 0, WHOLE if winner == 2 else 0]
    skill = skill_points(pr1, pr2)
    if skill is not None:
        points = [points[0] + skill[0], points[1] + skill[1]]
    return points[0], points[1]


def awaits_analysis(decided_by: str, analysed: bool) -> bool:
    """A decided match whose skill point is still to come: played out by its games (the
    file of its moves can be analysed) and not analysed yet. A walkover, a retirement, a
    loss on time, a double loss or a bye counts its win alone at once: nothing is waited
    for. When no file will come, the director pairs without waiting."""
    return decided_by == GAMES and not analysed


def average_pr(error_total: float, decisions: int) -> float | None:
    """The average GNUBG PR over several matches, weighted by their decisions: the total
    error (EMG, gnubg's sign) over the total decisions, in thousandths, halved; None
    without a decision analysed. Rounded to two decimals, as shown, so that what ties
    on the page ties in the ranking."""
    if not decisions:
        return None
    return round(-1000 * error_total / decisions / 2, 2)


def as_points(hundredths: int) -> float | int:
    """Hundredths as the pages and the workbook give a score: 3 for 300, 2.45 for 245."""
    whole, part = divmod(hundredths, WHOLE)
    return whole if not part else hundredths / WHOLE
