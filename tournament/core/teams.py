"""A team event: teams of N players meet team against team; a team match is N
individual matches, board 1 against board 1 and so on, each an ordinary match to the
event's length. Teams play a round robin in groups, then the best of each group go on
to a knockout, as clubs' team championships run (docs/teams.md cites the rules).

What lives here: a team match's result from its boards, the group table and its
tie-breaks, the groups' rounds (`swiss.round_robin` over team keys) and the knockout
(`draw.make_plan` over team keys, `draw.resolve` with the team matches' outcomes).

Pure Python: no Django import and no I/O.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from . import draw, swiss
from .club_nights import knockout_seeds, split_groups
from .messages import CoreError, _

Key = Hashable

MIN_TEAM, MAX_TEAM = 2, 8
# Team match points in a group table: two for a win, one for a level match, none for a
# loss (the poule points of group-then-knockout events, and chess's match points).
WIN_POINTS, DRAW_POINTS = 2, 1

# How a team match was decided, for the page to say (templates to translate).
BY_WINS, BY_POINTS, BY_BOARD, BY_SEED, LEVEL = "wins", "points", "board", "seed", "level"
DECIDED_BY = {
    BY_WINS: _("on match wins"),
    BY_POINTS: _("level on match wins: on total points won"),
    BY_BOARD: _("level on wins and points: on the highest board won"),
    BY_SEED: _("level on wins, points and boards: the team named first goes on"),
    LEVEL: _("level: a drawn team match"),
}


class TeamError(CoreError):
    """A team event's settings or teams that cannot be played."""


@dataclass(frozen=True)
class Board:
    """One individual match of a team match as the team result reads it: which side won
    (0 = the first-named team's player, 1 = the other's, None = nobody: not decided, or a
    double loss), whether it is over, and the capped score of each side."""

    decided: bool
    winner: int | None = None
    points: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class TeamResult:
    """A team match's result from its boards."""

    wins: tuple[int, int]  # individual matches won by each team
    points: tuple[int, int]  # total points won (capped match scores) by each team
    boards_left: int  # individual matches still to finish
    decided: bool  # every board is over
    winner: int | None  # 0, 1, or None (not decided, or level in a group)
    by: str  # BY_WINS, BY_POINTS, BY_BOARD, BY_SEED or LEVEL ("" while undecided)

    @property
    def match_points(self) -> tuple[int, int]:
        """The team match points each side takes in its group table."""
        if not self.decided:
            return (0, 0)
        if self.winner is None:
            return (DRAW_POINTS, DRAW_POINTS)
        return (WIN_POINTS, 0) if self.winner == 0 else (0, WIN_POINTS)


def team_result(boards: Sequence[Board], *, knockout: bool = False) -> TeamResult:
    """The team match from its boards (board 1 first). It is decided when every board
    is over; the team with more match wins wins it; level on wins, the team with more
    points won (capped scores) does; still level, the team that won the highest board
    (board 1 first: teams list their strongest player first); still level (double
    losses throughout), a group match is drawn and a knockout match goes to the team
    named first (in a first round, the better seed)."""
    if not boards:
        raise TeamError(_("A team match has at least one board."))
    wins = (
        sum(1 for board in boards if board.winner == 0),
        sum(1 for board in boards if board.winner == 1),
    )
    points = (sum(board.points[0] for board in boards), sum(board.points[1] for board in boards))
    left = sum(1 for board in boards if not board.decided)
    if left:
        return TeamResult(wins, points, left, False, None, "")
    if wins[0] != wins[1]:
        return TeamResult(wins, points, 0, True, 0 if wins[0] > wins[1] else 1, BY_WINS)
    if points[0] != points[1]:
        return TeamResult(wins, points, 0, True, 0 if points[0] > points[1] else 1, BY_POINTS)
    for board in boards:
        if board.winner is not None:
            return TeamResult(wins, points, 0, True, board.winner, BY_BOARD)
    if knockout:
        return TeamResult(wins, points, 0, True, 0, BY_SEED)
    return TeamResult(wins, points, 0, True, None, LEVEL)


# --- the groups -------------------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    """A decided team match of a group, for its table."""

    teams: tuple[Key, Key]
    result: TeamResult


@dataclass(frozen=True)
class TableRow:
    team: Key
    played: int
    won: int
    drawn: int
    lost: int
    match_points: int  # 2 a win, 1 a draw
    match_wins: int  # individual matches won
    match_losses: int
    points_won: int  # capped scores of the individual matches
    points_lost: int
    head_to_head: int  # team match points against the teams level on all the above
    place: int  # shared by teams level on everything (shown "=2")
    shared: bool


def group_table(teams: Sequence[Key], played: Sequence[Played]) -> list[TableRow]:
    """Every team of the group ranked: team match points, then individual match wins,
    then total points won, then the team match points among the teams still level
    (head-to-head); teams level on all four share the place. `teams` in draw order."""
    figures = {team: [0, 0, 0, 0, 0, 0, 0, 0, 0] for team in teams}
    for match in played:
        if not match.result.decided:
            continue
        for side, team in enumerate(match.teams):
            row = figures[team]
            mine = match.result.match_points[side]
            row[0] += 1
            row[1 if mine == WIN_POINTS else 2 if mine == DRAW_POINTS else 3] += 1
            row[4] += mine
            row[5] += match.result.wins[side]
            row[6] += match.result.wins[1 - side]
            row[7] += match.result.points[side]
            row[8] += match.result.points[1 - side]

    def key(team: Key) -> tuple[int, int, int]:
        row = figures[team]
        return (row[4], row[5], row[7])

    level: dict[tuple[int, int, int], list[Key]] = {}
    for team in teams:
        level.setdefault(key(team), []).append(team)
    head = {team: 0 for team in teams}
    for tied in level.values():
        if len(tied) < 2:
            continue
        among = set(tied)
        for match in played:
            if match.result.decided and set(match.teams) <= among:
                for side, team in enumerate(match.teams):
                    head[team] += match.result.match_points[side]
    order = {team: index for index, team in enumerate(teams)}
    ranked = sorted(teams, key=lambda team: (*(-v for v in key(team)), -head[team], order[team]))
    rows = []
    for team in ranked:
        full = (*key(team), head[team])
        first = next(i for i, other in enumerate(ranked) if (*key(other), head[other]) == full)
        shared = sum(1 for other in ranked if (*key(other), head[other]) == full) > 1
        row = figures[team]
        rows.append(
            TableRow(
                team, row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8],
                head[team], first + 1, shared,
            )
        )  # fmt: skip
    return rows


def check_teams(teams: Mapping[Key, Sequence[Key]], size: int) -> None:
    """Every team has exactly `size` players, and no player is in two teams."""
    if not MIN_TEAM <= size <= MAX_TEAM:
        raise TeamError(_("A team has 2 to 8 players, not %(size)d."), size=size)
    if len(teams) < 2:
        raise TeamError(_("A team event needs at least two teams."))
    seen: set[Key] = set()
    for team, players in teams.items():
        if len(players) != size:
            raise TeamError(
                _("Team %(team)s has %(count)d players; each team has %(size)d."),
                team=team,
                count=len(players),
                size=size,
            )
        if seen & set(players) or len(set(players)) != len(players):
            raise TeamError(_("A player plays in one team only."))
        seen.update(players)


@dataclass(frozen=True)
class Fixture:
    """A group's team match: group (1-based), round, position in the round, the two
    teams (the first named takes the odd boards' first side)."""

    group: int
    round: int
    position: int
    teams: tuple[Key, Key]


def groups_of(order: Sequence[Key], size: int | None) -> list[list[Key]]:
    """The teams dealt into groups of at most `size` in a snake by draw order."""
    return split_groups(order, size)


def fixtures(groups: Sequence[Sequence[Key]]) -> list[Fixture]:
    """Every group's round robin by Berger tables: each team plays once a round, or sits
    out one round when the group is odd."""
    made = []
    for number, group in enumerate(groups, start=1):
        for index, matches in enumerate(swiss.round_robin(group), start=1):
            pairs = [pair for pair in matches if pair[1] is not None]
            made.extend(
                Fixture(number, index, position, (first, second))
                for position, (first, second) in enumerate(pairs, start=1)
            )
    return made


def boards(first: Sequence[Key], second: Sequence[Key]) -> list[tuple[Key, Key]]:
    """The individual matches of a team match: board i against board i. The sides
    alternate (board 1's first player from the first-named team, board 2's from the
    other) so that neither team always takes the first seat."""
    if len(first) != len(second):
        raise TeamError(_("Both teams field the same number of players."))
    pairs = enumerate(zip(first, second, strict=True))
    return [(a, b) if index % 2 == 0 else (b, a) for index, (a, b) in pairs]


def board_side(board: int, side: int) -> int:
    """Which team (0 = first named) the player of `side` on board `board` (1-based)
    plays for: the sides alternate by board (`boards`)."""
    return side if board % 2 == 1 else 1 - side


# --- the knockout -----------------------------------------------------------------------


def qualifiers(group_places: Sequence[Sequence[Key]], per_group: int) -> list[Key]:
    """The teams that go on, in seed order: every group winner, then every runner-up."""
    return knockout_seeds(group_places, per_group)


def knockout_plan(teams: Sequence[Key], rng_seed: int) -> draw.DrawPlan:
    """The knockout of the qualified teams, seeded in the order given (so two group
    winners meet only in the final when there are two groups), drawn as the cups are."""
    return draw.make_plan(
        list(teams),
        seeds={team: number for number, team in enumerate(teams, start=1)},
        rng_seed=rng_seed,
    )


def knockout_state(
    plan: draw.DrawPlan, outcomes: Mapping[draw.Slot, int]
) -> dict[draw.Slot, draw.MatchResolution]:
    """Every knockout team match from the decided ones (slot -> winning side)."""
    return draw.resolve(plan, outcomes)


def knockout_champion(
    plan: draw.DrawPlan, resolutions: Mapping[draw.Slot, draw.MatchResolution]
) -> Key | None:
    return draw.champion(plan, resolutions, draw.MAIN)


def final_places(
    group_tables: Sequence[Sequence[TableRow]],
    knockout: Mapping[Key, tuple[int, int]] | None = None,
) -> dict[Key, tuple[int, int]]:
    """Each team's final place as (best, worst): the knockout's places first (its
    losers sharing their round's), then the other teams by group place, the teams of
    one group place sharing the places left (two groups' thirds share 5th-6th after a
    knockout of four)."""
    knockout = dict(knockout or {})
    places = dict(knockout)
    taken = len(knockout)
    depth = max((len(rows) for rows in group_tables), default=0)
    for rank in range(depth):
        tier = [
            rows[rank].team
            for rows in group_tables
            if rank < len(rows) and rows[rank].team not in knockout
        ]
        for team in tier:
            places[team] = (taken + 1, taken + len(tier))
        taken += len(tier)
    return places
