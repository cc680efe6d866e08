"""What counts in the standings: which results are a match won or lost, and what league
points a final place and a match won earn, by the club's scale (`league`), by master
points (`master_points`), or by Win + Skill (`win_skill`: each match's win and skill
points, and no place earns any).

Points won and lost are the match's score as the club writes it, capped at the match
length (`league.POINTS_AS_WRITTEN`): a 5-point match that ends 6-4 counts 5-4, as a
Swiss's points difference and a team's points won count it.

Pure Python. The standings query reads the rows and hands each match and each final
place here, so the pages, the tournament results and the spreadsheet count alike.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from decimal import Decimal

from . import master_points, win_skill
from .actions import DOUBLE_LOSS, WALKOVER
from .league import MAIN, PlayerRecord, points_for

# A match won earns master points when it was played: not a walkover (a bye is never a
# decided match, so it earns none either).
NO_MATCH_POINTS = (WALKOVER,)
# Master points for a final place: a cup's main bracket (and a Swiss or a round robin,
# whose places count as a main bracket's); a consolation's or last chance's earn none.
MASTER_PLACES = (MAIN,)


def earns_match_points(decided_by: str) -> bool:
    """A match won this way earns master points (a decided match between two players)."""
    return decided_by not in NO_MATCH_POINTS


def place_points(
    scale: Mapping[str, Sequence[int]],
    masters: bool,
    kind: str,
    place: tuple[int, int],
    field_size: int,
) -> int | Decimal:
    """What a final place (best, worst) in a bracket of `kind` earns: the season's
    scale by its best place, or (`masters`) master points for the place in a field of
    `field_size` players, rounded as shown."""
    if not masters:
        return points_for(scale, kind, place[0])
    if kind not in MASTER_PLACES:
        return 0
    return master_points.rounded(master_points.place_points(field_size, *place))


class Tally:
    """Each player's record over a season's (or one tournament's) results, counted
    match by match and place by place; `new_record` makes a player's record the first
    time they count (the caller's key in, a `PlayerRecord` out). The records come out
    in the order the players first counted."""

    def __init__(
        self,
        scale: Mapping[str, Sequence[int]],
        masters: bool,
        new_record: Callable[[Hashable], PlayerRecord],
        *,
        skill: bool = False,
    ) -> None:
        self.scale, self.masters, self._new_record = scale, masters, new_record
        self.skill = skill
        self.records: dict[Hashable, PlayerRecord] = {}
        # Master points for matches won, per player: rounded once, on the whole season.
        self._match_points: Counter[Hashable] = Counter()
        # Points won and lost (capped scores), per player: added to the records of the
        # players who count once every match is in (`finish`).
        self._points_won: Counter[Hashable] = Counter()
        self._points_lost: Counter[Hashable] = Counter()
        # Win + Skill: the decided matches whose skill point waits for an analysis.
        self.awaiting_analysis = 0

    def record(self, player: Hashable) -> PlayerRecord:
        if player not in self.records:
            self.records[player] = self._new_record(player)
        return self.records[player]

    def count_match(
        self,
        *,
        decided: bool,
        players: tuple[Hashable | None, Hashable | None],
        winner: Hashable | None,
        decided_by: str,
        length: int,
        figures: tuple[win_skill.Figures, win_skill.Figures] | None = None,
        score: tuple[int, int] = (0, 0),
    ) -> None:
        """One match: decided between two players, it is won by one and lost by the
        other; a double loss is lost by both; a bye, a void or a match still to play
        counts for nobody. `figures`: its analysis (the first player's first), for Win
        + Skill. `score`: the match's score as written (capped at its length, the first
        player's first), the points won and lost of any match between two players (one
        under way too: its score so far)."""
        first, second = players
        if first is not None and second is not None:
            for player, won, lost in ((first, *score), (second, *reversed(score))):
                self._points_won[player] += won
                self._points_lost[player] += lost
        if decided and first is not None and second is not None:
            loser = second if winner == first else first
            self.record(winner).matches_won += 1
            self.record(loser).matches_lost += 1
            if earns_match_points(decided_by):
                self._match_points[winner] += master_points.match_points(length)
            self._win_skill((first, second), 1 if winner == first else 2, figures)
            if self.skill and win_skill.awaits_analysis(decided_by, figures is not None):
                self.awaiting_analysis += 1
        elif decided_by == DOUBLE_LOSS:
            self.record(first).matches_lost += 1
            self.record(second).matches_lost += 1
            self._win_skill((first, second), None, figures)

    def _win_skill(self, players: tuple, winner: int | None, figures) -> None:
        """A season scored Win + Skill: the match's win and skill points (hundredths)
        as league points."""
        if not self.skill:
            return
        prs = (figures[0].pr, figures[1].pr) if figures else (None, None)
        for player, points in zip(players, win_skill.match_points(winner, *prs), strict=True):
            self.record(player).league_points += Decimal(points) / win_skill.WHOLE

    def count_place(
        self,
        player: Hashable,
        kind: str,
        place: tuple[int, int],
        field_size: int,
        *,
        tournament: object = None,
    ) -> int | Decimal:
        """A final place (best, worst) in a bracket of `kind`, in a tournament of
        `field_size` players; returns the league points it earned. With `tournament`,
        the place is kept on the record too (one tournament's standings rank by it)."""
        if self.skill:
            points = 0  # Win + Skill counts matches alone
        else:
            points = place_points(self.scale, self.masters, kind, place, field_size)
        record = self.record(player)
        record.league_points += points
        if tournament is not None:
            record.places.append((tournament, kind, place))
        return points

    def finish(self) -> dict[Hashable, PlayerRecord]:
        """The records, with the master points of the matches won added (a season of
        the club's scale counts places alone), and the points won and lost of those who
        count (a player with only a match under way, in no entry, is not listed for
        it); once, after every match and place."""
        if self.masters:
            for player, points in self._match_points.items():
                self.record(player).league_points += master_points.rounded(points)
        self._match_points.clear()
        for player, record in self.records.items():
            record.points_won += self._points_won[player]
            record.points_lost += self._points_lost[player]
        self._points_won.clear()
        self._points_lost.clear()
        return self.records
