"""The standings of a Swiss or round-robin field, with its tie-breaks in order: wins,
then fewer losses, then Median-Buchholz (the opponents' wins without the best and the
worst, as Challonge counts it), then Buchholz (all the opponents' wins), then points won
minus lost, then head-to-head among the players still tied.

Fewer losses comes right after the wins so that the order always agrees with the record
shown beside it: during a round some players have played it and others not yet, and a
1-1 must not rank above a 1-0 on a Buchholz that only counts one more opponent. When
everyone has played every round the losses follow from the wins and change nothing.

Pure Python: the pages, the workbook and the league points rank a club night here, so
they never disagree. A bye is a win worth the match length (as clubs count it) and has
no opponent: it adds to the player's wins and points, to nobody's Buchholz.

Under Win + Skill (`core.win_skill`) the first key is the points, the win and the skill
point of every match (a bye: the win alone), instead of the wins; with the average-PR
tie-break the players' decision-weighted average GNUBG PR (lower is better; a player
without an analysed match after those with one) comes right after fewer losses. The
Buchholz counts the opponents' wins either way.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

from . import win_skill
from .win_skill import Figures, Scoring

Key = Hashable


@dataclass(frozen=True)
class Result:
    """One decided match: `winner` is `a` or `b`, or None when both lost (a league
    match nobody played by the deadline); points as scored (capped)."""

    a: Key
    b: Key
    winner: Key | None
    points_a: int
    points_b: int
    # The match's analysis (`a`'s figures first), None when it has none.
    figures: tuple[Figures, Figures] | None = None


@dataclass(frozen=True)
class Bye:
    player: Key
    length: int


@dataclass
class Row:
    player: Key
    place: int = 0
    wins: int = 0
    losses: int = 0
    median_buchholz: int = 0
    buchholz: int = 0
    points_difference: int = 0
    opponents: list = field(default_factory=list)
    beat: set = field(default_factory=set)
    scoring: Scoring = field(default_factory=Scoring)
    skill: int = 0  # Win + Skill: the skill points, in hundredths
    error_total: float = 0.0  # over the analysed matches (EMG, gnubg's sign)
    decisions: int = 0

    @property
    def points(self) -> int:
        """Win + Skill points in hundredths: a win is 100, the skill points on top."""
        return self.wins * win_skill.WHOLE + self.skill

    @property
    def average_pr(self) -> float | None:
        return win_skill.average_pr(self.error_total, self.decisions)

    @property
    def sort_key(self) -> tuple:
        """Higher is better: wins (or Win + Skill points), fewer losses, then the
        tie-breaks (the average PR first when chosen)."""
        first = self.points if self.scoring.win_skill else self.wins
        key: tuple = (first, -self.losses)
        if self.scoring.average_pr:
            pr = self.average_pr
            key += ((0, 0.0) if pr is None else (1, -pr),)
        return (
            *key,
            self.median_buchholz,
            self.buchholz,
            self.points_difference,
        )


def standings(
    players: Iterable[Key],
    results: Iterable[Result],
    byes: Iterable[Bye] = (),
    scoring: Scoring = Scoring(),
) -> list[Row]:
    """Every player's row, best first; players tied on every tie-break share a place."""
    rows = {player: Row(player, scoring=scoring) for player in players}
    for result in results:
        first, second = rows[result.a], rows[result.b]
        first.opponents.append(result.b)
        second.opponents.append(result.a)
        _add_figures(first, second, result.figures)
        first.points_difference += result.points_a - result.points_b
        second.points_difference += result.points_b - result.points_a
        if result.winner is None:
            # A double loss: they met, and neither won.
            first.losses += 1
            second.losses += 1
            continue
        winner, loser = (first, second) if result.winner == result.a else (second, first)
        if result.winner not in (result.a, result.b):
            raise ValueError(f"the winner of {result.a!r} v {result.b!r} is neither")
        winner.wins += 1
        loser.losses += 1
        winner.beat.add(loser.player)
    for bye in byes:
        rows[bye.player].wins += 1
        rows[bye.player].points_difference += bye.length
    for row in rows.values():
        faced = sorted(rows[opponent].wins for opponent in row.opponents)
        row.buchholz = sum(faced)
        # Without the best and the worst: one lucky or unlucky pairing weighs less.
        row.median_buchholz = sum(faced[1:-1])
    ordered = _ranked(list(rows.values()))
    _place(ordered)
    return ordered


def _add_figures(first: Row, second: Row, figures: tuple[Figures, Figures] | None) -> None:
    """A match's analysis: its skill point shared, and each player's error and decisions
    added for their average PR. None (not analysed): nothing, for either."""
    if figures is None:
        return
    shares = win_skill.skill_points(figures[0].pr, figures[1].pr)
    for row, own, share in zip((first, second), figures, shares or (0, 0), strict=True):
        row.skill += share
        row.error_total += own.error_total
        row.decisions += own.decisions


def _ranked(rows: list[Row]) -> list[Row]:
    groups: dict[tuple, list[Row]] = defaultdict(list)
    for row in rows:
        groups[row.sort_key].append(row)
    ordered: list[Row] = []
    for key in sorted(groups, reverse=True):
        ordered.extend(_head_to_head(groups[key]))
    return ordered


def _head_to_head(tied: list[Row]) -> list[Row]:
    """Among players tied on everything else: the wins they took from each other (a
    mini-league of the tied players; for two, who beat whom)."""
    if len(tied) == 1:
        return tied
    members = {row.player for row in tied}
    score = {row.player: len(row.beat & members) for row in tied}
    return sorted(tied, key=lambda row: -score[row.player])


def _place(ordered: list[Row]) -> None:
    previous = None
    for index, row in enumerate(ordered, start=1):
        members_key = (row.sort_key, _h2h_of(row, ordered))
        row.place = previous[1] if previous and previous[0] == members_key else index
        previous = (members_key, row.place)


def _h2h_of(row: Row, ordered: list[Row]) -> int:
    tied = {other.player for other in ordered if other.sort_key == row.sort_key}
    return len(row.beat & tied)
