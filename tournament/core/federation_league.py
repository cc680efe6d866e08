"""The federation's league of club teams (docs/league.md cites the rules): divisions of
club teams, each playing a double round robin of home and away fixtures; a fixture is a
team match of N boards (the team events' boards, `core.teams`); the division's table;
promotion, relegation and their playoffs at the season's end.

(`core.league` is another thing: a club's season standings of its players.)

Pure Python: no Django import and no I/O.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from . import swiss, teams
from .messages import CoreError, _

Key = Hashable
HOME, AWAY = 0, 1


class LeagueError(CoreError):
    """A league's settings, divisions or results that cannot be played or settled."""


@dataclass(frozen=True)
class LeagueSettings:
    """A league season's settings: the fixture (boards, the boards' match length), the
    table's match points, the season's end (promotion, relegation, playoffs) and what a
    walkover counts."""

    boards: int = 4
    match_length: int = 7
    win_points: int = 2
    draw_points: int = 1
    loss_points: int = 0
    promote: int = 1
    relegate: int = 1
    playoffs: int = 0  # playoff pairs between two divisions, after the direct moves
    walkover_points: int | None = None  # points won a board in a walkover; None: the length

    def problems(self) -> list[str]:
        """What is wrong with these settings, each a marked message (empty: none)."""
        found = []
        if not teams.MIN_TEAM <= self.boards <= teams.MAX_TEAM:
            found.append(_("A fixture has 2 to 8 boards."))
        if self.match_length < 1:
            found.append(_("A board is a match to 1 point or more."))
        if not self.win_points > self.draw_points >= self.loss_points >= 0:
            found.append(_("A win counts more than a draw, and a draw no less than a loss."))
        if min(self.promote, self.relegate, self.playoffs) < 0:
            found.append(_("Promotions, relegations and playoffs are 0 or more."))
        if self.walkover_points is not None and self.walkover_points < 0:
            found.append(_("A walkover's points are 0 or more."))
        return found

    @property
    def points_a_walkover_board(self) -> int:
        return self.match_length if self.walkover_points is None else self.walkover_points


# --- the double round robin -------------------------------------------------------------


@dataclass(frozen=True)
class Fixture:
    """One fixture of the schedule: its round (1-based), the home team, the away team."""

    round: int
    home: Key
    away: Key


@dataclass(frozen=True)
class Round:
    number: int
    fixtures: tuple[Fixture, ...]
    bye: Key | None = None  # the team that sits the round out (an odd division)


def double_round_robin(division: Sequence[Key]) -> list[Round]:
    """Every round of a division's season: each pair of teams meets twice, once at each
    home. The first half is Berger's tables (`swiss.round_robin`, the first-named side at
    home), whose sides alternate; the second half plays the first half's rounds again with
    home and away swapped, from its second round on and its first round last. The plain
    mirror (round 1 again first) gives some teams three homes or three aways in a row at
    the turn; this order gives none, and no pair meets in two rounds running (with three
    teams or more). An odd division: one team sits out each round, twice in the season."""
    division = list(division)
    if len(division) < 2:
        raise LeagueError(_("A division needs at least two teams."))
    if len(set(division)) != len(division):
        raise LeagueError(_("A team is listed twice in the division."))
    first = swiss.round_robin(division)
    second = [[(b, a) if b is not None else (a, b) for a, b in pairs] for pairs in first]
    second = second[1:] + second[:1]
    rounds = []
    for number, pairs in enumerate([*first, *second], start=1):
        fixtures = tuple(Fixture(number, a, b) for a, b in pairs if b is not None)
        byes = [a for a, b in pairs if b is None]
        rounds.append(Round(number, fixtures, byes[0] if byes else None))
    return rounds


# --- a fixture's result -----------------------------------------------------------------


@dataclass(frozen=True)
class FixtureResult:
    """A fixture's result, home first: boards won, points won on them (capped scores),
    boards still to finish, whether it is decided, the winning side (HOME, AWAY, or None
    for a draw or while undecided), and whether it was a walkover (and whose)."""

    boards: tuple[int, int]
    points: tuple[int, int]
    boards_left: int
    decided: bool
    winner: int | None
    absent: int | None = None  # the side that did not turn up (a walkover)

    @property
    def walkover(self) -> bool:
        return self.absent is not None

    def match_points(self, settings: LeagueSettings) -> tuple[int, int]:
        """The table's match points each side takes (none while undecided)."""
        if not self.decided:
            return (0, 0)
        if self.winner is None:
            return (settings.draw_points, settings.draw_points)
        win, loss = settings.win_points, settings.loss_points
        return (win, loss) if self.winner == HOME else (loss, win)


def check_squad(
    squad: Sequence[Key], boards: int, *, members: Iterable[Key], captain: Key | None = None
) -> None:
    """A club's squad for a league season: its players in board order, each once, at
    least one for each board, every one a member of the club (`members`: those of the
    squad who are), the captain one of them. LeagueError with the first rule broken."""
    if len(set(squad)) != len(squad):
        raise LeagueError(_("A player is listed twice in the squad."))
    if len(squad) < boards:
        raise LeagueError(
            _("A squad has at least %(boards)d players, one for each board."), boards=boards
        )
    if set(squad) - set(members):
        raise LeagueError(_("Every player of the squad is a member of the club."))
    if captain is not None and captain not in squad:
        raise LeagueError(_("The captain is one of the squad."))


def line_up(
    team: str, squad: Sequence[Key], chosen: Sequence[Key] | None, boards: int
) -> list[Key]:
    """A team's players of the day in board order: those chosen, or its squad's first
    `boards`; `boards` different players, all of its squad. LeagueError otherwise."""
    chosen = list(squad[:boards] if chosen is None else chosen)
    if len(chosen) != boards or len(set(chosen)) != boards:
        raise LeagueError(
            _("%(team)s fields %(boards)d different players, one a board."),
            team=team,
            boards=boards,
        )
    if not set(chosen) <= set(squad):
        raise LeagueError(_("%(team)s fields players of its squad only."), team=team)
    return chosen


def fixture_result(boards: Sequence[teams.Board]) -> FixtureResult:
    """The fixture from its boards (board 1 first, sides turned to the teams': 0 the home
    team's player, as `models.teams.board_of` reads them). The boards are counted by the
    team events' rule (`teams.team_result`: matches won, points won); a league's fixture
    is won on boards won alone, and a fixture level on boards is drawn (the table takes
    draws; only a knockout needs the team events' points and highest-board tie-breaks)."""
    counted = teams.team_result(boards)
    if not counted.decided:
        return FixtureResult(counted.wins, counted.points, counted.boards_left, False, None)
    home, away = counted.wins
    winner = None if home == away else HOME if home > away else AWAY
    return FixtureResult(counted.wins, counted.points, 0, True, winner)


def walkover(absent: int, settings: LeagueSettings) -> FixtureResult:
    """A team that did not turn up loses by walkover: every board is counted won by the
    team that was there, each with the setting's points (the match length by default, a
    board won to its length against nothing), and none to the absent team."""
    if absent not in (HOME, AWAY):
        raise LeagueError(_("A walkover is given against the home or the away team."))
    present = 1 - absent
    boards = [0, 0]
    points = [0, 0]
    boards[present] = settings.boards
    points[present] = settings.boards * settings.points_a_walkover_board
    return FixtureResult(tuple(boards), tuple(points), 0, True, present, absent)


# --- the table --------------------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    """A fixture the table counts: its two teams and its result."""

    home: Key
    away: Key
    result: FixtureResult


@dataclass(frozen=True)
class Standing:
    team: Key
    played: int
    won: int
    drawn: int
    lost: int
    match_points: int
    boards_won: int
    boards_lost: int
    points_won: int
    points_lost: int
    head_to_head: tuple[int, int]  # match points, then boards won, among the teams level
    place: int  # shared by teams level on every tie-break (shown "=2")
    shared: bool

    @property
    def board_difference(self) -> int:
        return self.boards_won - self.boards_lost

    @property
    def points_difference(self) -> int:
        return self.points_won - self.points_lost


def standings(
    division: Sequence[Key], played: Sequence[Played], settings: LeagueSettings
) -> list[Standing]:
    """The division's table: match points (a win, a draw, a loss as the settings count
    them), then board points (boards won), then head to head among the teams level on
    both (their match points in the fixtures between them, then their boards won there),
    then the board difference, then the points difference. Teams level on all of them
    share the place, listed in the division's order (last season's ranking)."""
    figures = {team: [0] * 9 for team in division}
    for fixture in played:
        result = fixture.result
        if not result.decided:
            continue
        taken = result.match_points(settings)
        for side, team in enumerate((fixture.home, fixture.away)):
            row = figures[team]
            row[0] += 1
            row[1 if result.winner == side else 2 if result.winner is None else 3] += 1
            row[4] += taken[side]
            row[5] += result.boards[side]
            row[6] += result.boards[1 - side]
            row[7] += result.points[side]
            row[8] += result.points[1 - side]

    def first_keys(team: Key) -> tuple[int, int]:
        return (figures[team][4], figures[team][5])

    level: dict[tuple[int, int], set[Key]] = {}
    for team in division:
        level.setdefault(first_keys(team), set()).add(team)
    head: dict[Key, list[int]] = {team: [0, 0] for team in division}
    for fixture in played:
        among = level[first_keys(fixture.home)]
        if fixture.result.decided and fixture.away in among and len(among) > 1:
            taken = fixture.result.match_points(settings)
            for side, team in enumerate((fixture.home, fixture.away)):
                head[team][0] += taken[side]
                head[team][1] += fixture.result.boards[side]

    def full(team: Key) -> tuple[int, ...]:
        row = figures[team]
        return (row[4], row[5], *head[team], row[5] - row[6], row[7] - row[8])

    order = {team: index for index, team in enumerate(division)}
    ranked = sorted(division, key=lambda team: (tuple(-v for v in full(team)), order[team]))
    table = []
    for team in ranked:
        same = [other for other in ranked if full(other) == full(team)]
        row = figures[team]
        table.append(
            Standing(
                team, row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8],
                tuple(head[team]), ranked.index(same[0]) + 1, len(same) > 1,
            )
        )  # fmt: skip
    return table


# --- the season's end -------------------------------------------------------------------


@dataclass(frozen=True)
class Playoff:
    """A playoff between two divisions: a team of the upper division (`level`, 1 = the
    top) defending its place against a team of the division below. The winner plays in
    the upper division next season, the loser in the lower."""

    level: int
    upper: Key
    lower: Key


@dataclass(frozen=True)
class Moves:
    """Who goes where at the season's end, before the playoffs are played."""

    promoted: frozenset = field(default_factory=frozenset)
    relegated: frozenset = field(default_factory=frozenset)
    playoffs: tuple[Playoff, ...] = ()


def moves(tables: Sequence[Sequence[Key]], settings: LeagueSettings) -> Moves:
    """The direct moves and the playoffs from the final tables (`tables`: the divisions,
    the top first, each its teams in their final order). The top `promote` of each
    division but the top go up, the bottom `relegate` of each but the bottom go down.
    A division too small for both keeps its promotions and relegates fewer; with equal
    counts each exchange between two divisions is one for one, so every division keeps
    its size. Then `playoffs` pairs between each two divisions: the upper division's
    last team not relegated against the lower's first not promoted, then the next pair
    inwards, never a team that already moves or plays another playoff."""
    sizes = [len(teams_) for teams_ in tables]
    ups = [0] * len(tables)
    downs = [0] * len(tables)
    for upper in range(len(tables) - 1):
        lower = upper + 1
        down = min(settings.relegate, sizes[upper] - ups[upper])
        up = min(settings.promote, sizes[lower])
        if settings.promote == settings.relegate:
            down = up = min(down, up)
        downs[upper], ups[lower] = down, up
    promoted = {team for level, teams_ in enumerate(tables) for team in teams_[: ups[level]]}
    relegated = {
        team for level, teams_ in enumerate(tables) for team in teams_[len(teams_) - downs[level] :]
    }
    busy = promoted | relegated
    playoffs = []
    for upper in range(len(tables) - 1):
        above = [team for team in tables[upper] if team not in busy]
        below = [team for team in tables[upper + 1] if team not in busy]
        for _pair in range(settings.playoffs):
            if not above or not below:
                break
            pair = Playoff(upper + 1, above.pop(), below.pop(0))
            busy |= {pair.upper, pair.lower}
            playoffs.append(pair)
    return Moves(frozenset(promoted), frozenset(relegated), tuple(playoffs))


@dataclass(frozen=True)
class SeasonEnd:
    """Next season's divisions (the top first, each in its ranking order), and who went
    up and down, playoffs included."""

    divisions: list[list[Key]]
    promoted: frozenset
    relegated: frozenset


def season_end(
    tables: Sequence[Sequence[Key]],
    settings: LeagueSettings,
    playoff_winners: Mapping[Playoff, Key] | None = None,
    newcomers: Sequence[Key] = (),
) -> SeasonEnd:
    """Next season's divisions from the final tables and the playoffs' winners (every
    playoff of `moves` must have one). Each division is ranked as last season ended
    (the federation's ranking): the teams from the division above first, then those
    who stayed, then those from below, each in their final order; `newcomers` (new
    teams) start at the bottom of the lowest division."""
    playoff_winners = dict(playoff_winners or {})
    found = moves(tables, settings)
    promoted, relegated = set(found.promoted), set(found.relegated)
    for pair in found.playoffs:
        winner = playoff_winners.get(pair)
        if winner not in (pair.upper, pair.lower):
            raise LeagueError(
                _("The playoff %(upper)s v %(lower)s has no winner yet."),
                upper=pair.upper,
                lower=pair.lower,
            )
        if winner == pair.lower:
            promoted.add(pair.lower)
            relegated.add(pair.upper)
    where: dict[Key, tuple[int, int, int]] = {}
    for level, teams_ in enumerate(tables):
        for place, team in enumerate(teams_):
            goes = level - 1 if team in promoted else level + 1 if team in relegated else level
            where[team] = (goes, level, place)
    divisions: list[list[Key]] = [[] for _level in tables]
    for team, (goes, _level, _place) in sorted(where.items(), key=lambda item: item[1][1:]):
        divisions[goes].append(team)
    if divisions:
        divisions[-1].extend(team for team in newcomers if team not in where)
    return SeasonEnd(divisions, frozenset(promoted), frozenset(relegated))
