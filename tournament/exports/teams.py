"""A team event's sheets for the tournament workbook: each group's table with every
tie-break as a column, and the team matches with their boards, a row per individual
match. Both read `queries.teams`, as the page and the JSON do, so they never disagree.
Team names are the director's text: the workbook writes them as text, never a formula.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from ..core import league, tables
from ..models import Match
from ..queries.teams import TeamEvent
from .workbook import Sheet, fit


def team_table_sheet(event: TeamEvent) -> Sheet:
    headers = [
        _("Group"),
        _("Place"),
        _("Team"),
        _("Played"),
        _("Team match points"),
        _("Match wins"),
        _("Match losses"),
        _("Points won"),
        _("Points lost"),
        _("Head-to-head"),
    ]
    rows = [
        (
            group.number,
            line.place_label,
            line.team.name,
            line.row.played,
            line.row.match_points,
            line.row.match_wins,
            line.row.match_losses,
            line.row.points_won,
            line.row.points_lost,
            line.row.head_to_head,
        )
        for group in event.groups
        for line in group.table
    ]
    notes = [_(league.POINTS_AS_WRITTEN)]
    return Sheet(_("Team tables"), headers, rows, fit(headers, rows), notes=notes)


def team_matches_sheet(event: TeamEvent) -> Sheet:
    headers = [
        _("Stage"),
        _("Group"),
        _("Round"),
        _("Team 1"),
        _("Team 2"),
        _("Board"),
        _("Table"),
        _("Player 1"),
        _("Score 1"),
        _("Score 2"),
        _("Player 2"),
        _("Status"),
    ]
    statuses = {key: str(label) for key, label in Match.Status.choices}
    rounds = [(group.number, r) for group in event.groups for r in group.rounds]
    rounds += [(None, r) for r in event.knockout]
    rows = [
        (
            round_.label if group is None else _("Groups"),
            group,
            round_.number,
            view.teams[0].name if view.teams[0] else "",
            view.teams[1].name if view.teams[1] else "",
            match.board,
            tables.as_value(match.table),
            match.player1.name if match.player1 else "",
            match.score1,
            match.score2,
            match.player2.name if match.player2 else "",
            statuses[match.status],
        )
        for group, round_ in rounds
        for view in round_.matches
        for match in view.boards
    ]
    return Sheet(_("Team matches"), headers, rows, fit(headers, rows))


def team_event_sheets(event: TeamEvent) -> list[Sheet]:
    return [team_table_sheet(event), team_matches_sheet(event)]
