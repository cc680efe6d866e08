"""A team event as its pages read it: the teams and their boards, each group's table
with its tie-breaks, the group rounds' team matches with their individual matches, and
the knockout. Five queries, whatever the size of the event."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from ..core import draw
from ..core import teams as core
from ..models import Match, Team, TeamMatch, TeamMember, Tournament
from ..models.teams import board_of


@dataclass
class TeamView:
    team: Team
    players: list = field(default_factory=list)  # Player, board 1 first

    @property
    def pk(self) -> int:
        return self.team.pk

    @property
    def name(self) -> str:
        return self.team.name


@dataclass
class TeamMatchView:
    row: TeamMatch
    teams: tuple[TeamView | None, TeamView | None]
    boards: list[Match]
    result: core.TeamResult | None

    @property
    def decided_by(self) -> str:
        """How the team match was decided, in words (empty while it is not)."""
        if self.result is None or not self.result.decided:
            return ""
        return _(core.DECIDED_BY[self.result.by])

    @property
    def winner(self) -> TeamView | None:
        if self.result is None or self.result.winner is None or not self.result.decided:
            return None
        return self.teams[self.result.winner]


@dataclass
class TableLine:
    row: core.TableRow
    team: TeamView

    @property
    def place_label(self) -> str:
        return f"={self.row.place}" if self.row.shared else str(self.row.place)


@dataclass
class RoundView:
    number: int
    label: str
    length: int
    matches: list[TeamMatchView]


@dataclass
class GroupView:
    number: int
    label: str
    table: list[TableLine]
    rounds: list[RoundView]


@dataclass
class TeamEvent:
    teams: list[TeamView]
    groups: list[GroupView]
    knockout: list[RoundView]
    champion: TeamView | None
    by_player: dict[int, TeamView]  # player id -> their team


def _knockout_label(number: int, rounds: int) -> str:
    from_end = rounds - number
    if from_end == 0:
        return _("Final")
    if from_end == 1:
        return _("Semi-finals")
    if from_end == 2:
        return _("Quarter-finals")
    return _("Knockout round %(number)d") % {"number": number}


def team_event(tournament: Tournament) -> TeamEvent:
    teams = {team.pk: TeamView(team) for team in Team.objects.filter(tournament=tournament)}
    by_player = {}
    for member in (
        TeamMember.objects.filter(tournament=tournament).select_related("player").order_by("board")
    ):
        teams[member.team_id].players.append(member.player)
        by_player[member.player_id] = teams[member.team_id]
    boards: dict[int, list[Match]] = {}
    for match in (
        tournament.matches.filter(team_match__isnull=False)
        .select_related("player1", "player2", "winner")
        .order_by("board")
    ):
        boards.setdefault(match.team_match_id, []).append(match)
    views = []
    for row in tournament.team_matches.order_by("stage", "group", "round", "position"):
        mine = boards.get(row.pk, [])
        result = (
            core.team_result([board_of(m) for m in mine], knockout=row.is_knockout)
            if mine
            else None
        )
        pair = (teams.get(row.team1_id), teams.get(row.team2_id))
        views.append(TeamMatchView(row, pair, mine, result))
    lengths = {
        (view.row.stage, view.row.round): view.boards[0].length for view in views if view.boards
    }
    groups = _groups(tournament, teams, views, lengths)
    knockout_rows = [view for view in views if view.row.is_knockout]
    rounds = max((view.row.round for view in knockout_rows), default=0)
    knockout = [
        RoundView(
            number,
            _knockout_label(number, rounds),
            lengths.get((TeamMatch.KNOCKOUT, number), 0),
            [view for view in knockout_rows if view.row.round == number],
        )
        for number in range(1, rounds + 1)
    ]
    final = knockout[-1].matches[0] if knockout and knockout[-1].matches else None
    champion = final.winner if final else None
    return TeamEvent(list(teams.values()), groups, knockout, champion, by_player)


def _groups(tournament, teams, views, lengths) -> list[GroupView]:
    numbers = sorted({view.team.group for view in teams.values() if view.team.group})
    groups = []
    for number in numbers:
        mine = [view for view in views if not view.row.is_knockout and view.row.group == number]
        played = [
            core.Played((view.row.team1_id, view.row.team2_id), view.result)
            for view in mine
            if view.result is not None
        ]
        members = [pk for pk, view in teams.items() if view.team.group == number]
        table = [TableLine(row, teams[row.team]) for row in core.group_table(members, played)]
        round_numbers = sorted({view.row.round for view in mine})
        rounds = [
            RoundView(
                round_number,
                _("Round %(number)d") % {"number": round_number},
                lengths.get((TeamMatch.GROUP, round_number), 0),
                [view for view in mine if view.row.round == round_number],
            )
            for round_number in round_numbers
        ]
        label = _("Group %(number)d") % {"number": number} if len(numbers) > 1 else ""
        groups.append(GroupView(number, label, table, rounds))
    return groups


def team_places(tournament: Tournament) -> dict[int, tuple[int, int]]:
    """Each team's final place (best, worst), once the event is finished (none before):
    the knockout's places, then the others by group place (`core.final_places`). Three
    queries (teams, team matches, boards), whatever the size of the event: the season's
    standings read it for every team event."""
    if not tournament.is_finished:
        return {}
    teams = list(
        Team.objects.filter(tournament=tournament).values_list("pk", "group", "knockout_seed")
    )
    rows = list(TeamMatch.objects.filter(tournament=tournament))
    boards: dict[int, list[Match]] = {}
    for match in Match.objects.filter(tournament=tournament, team_match__isnull=False).only(
        "pk", "tournament", "team_match", "board", "status", "decided_by", "winner",
        "player1", "player2", "score1", "score2",
    ):  # fmt: skip
        boards.setdefault(match.team_match_id, []).append(match)
    found = {
        row.pk: core.team_result(
            [board_of(m) for m in sorted(boards[row.pk], key=lambda m: m.board)],
            knockout=row.is_knockout,
        )
        for row in rows
        if row.pk in boards
    }
    tables = []
    for number in sorted({group for _pk, group, _seed in teams if group}):
        members = [pk for pk, group, _seed in teams if group == number]
        played = [
            core.Played((row.team1_id, row.team2_id), found[row.pk])
            for row in rows
            if not row.is_knockout and row.group == number and row.pk in found
        ]
        tables.append(core.group_table(members, played))
    seeded = [pk for pk, _group, seed in sorted(teams, key=lambda t: t[2] or 0) if seed]
    knockout = {}
    if len(seeded) >= 2:
        plan = core.knockout_plan(seeded, tournament.draw_seed or 0)
        outcomes = {
            draw.Slot(draw.MAIN, row.round, row.position): 0 if row.winner_id == row.team1_id else 1
            for row in rows
            if row.is_knockout and row.status == TeamMatch.Status.DECIDED and row.winner_id
        }
        knockout = draw.final_places(plan, core.knockout_state(plan, outcomes), draw.MAIN)
    return core.final_places(tables, knockout)


def player_places(tournament: Tournament) -> dict[int, tuple[int, int]]:
    """Each player's final place: their team's (every player of a team shares it)."""
    places = team_places(tournament)
    if not places:
        return {}
    return {
        player: places[team]
        for team, player in TeamMember.objects.filter(tournament=tournament).values_list(
            "team_id", "player_id"
        )
        if team in places
    }
