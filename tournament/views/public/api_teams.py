"""A team event in the tournament's JSON: its teams in board order, each group's table
(every tie-break a field), and the team matches (groups and knockout) with their
boards, each an individual match as the rest of the JSON writes one."""

from __future__ import annotations

from django.urls import reverse

from ...core import tables
from ...queries.teams import TeamEvent, TeamMatchView

MATCH_STATUS = {
    "pending": "pending",
    "ready": "ready",
    "live": "live",
    "decided": "decided",
    "bye": "bye",
    "void": "bye",  # as the rest of the JSON says it (api.STATUS)
}


def _team_match(view: TeamMatchView) -> dict:
    result = view.result
    return {
        "id": view.row.pk,
        "stage": view.row.stage,
        "group": view.row.group or None,
        "round": view.row.round,
        "position": view.row.position,
        "teams": [team.name if team else None for team in view.teams],
        "team_ids": [team.pk if team else None for team in view.teams],
        "status": view.row.status,
        "match_wins": list(result.wins) if result else [0, 0],
        "points": list(result.points) if result else [0, 0],
        "winner": result.winner if result and result.decided else None,
        "decided_by": result.by if result and result.decided else None,
        "boards": [
            {
                "board": match.board,
                "id": match.pk,
                "url": reverse("api-match", args=[match.pk]),
                "players": [player.name if player else None for player in match.players],
                "score": [match.score1, match.score2],
                "status": MATCH_STATUS.get(match.status, match.status),
                "winner": match.winner_side,
                "length": match.length,
                "table": tables.as_value(match.table),
            }
            for match in view.boards
        ],
    }


def team_event_json(event: TeamEvent) -> dict:
    return {
        "teams": [
            {
                "id": team.pk,
                "name": team.name,
                "club": team.team.club,
                "group": team.team.group or None,
                "players": [
                    {"board": n, "name": p.name, "player_id": p.pk}
                    for n, p in enumerate(team.players, start=1)
                ],
            }
            for team in event.teams
        ],
        "groups": [
            {
                "number": group.number,
                "table": [
                    {
                        "place": line.row.place,
                        "tied": line.row.shared,
                        "team": line.team.name,
                        "team_id": line.team.pk,
                        "played": line.row.played,
                        "won": line.row.won,
                        "drawn": line.row.drawn,
                        "lost": line.row.lost,
                        "match_points": line.row.match_points,
                        "match_wins": line.row.match_wins,
                        "match_losses": line.row.match_losses,
                        "points_won": line.row.points_won,
                        "points_lost": line.row.points_lost,
                        "head_to_head": line.row.head_to_head,
                    }
                    for line in group.table
                ],
                "team_matches": [
                    _team_match(view) for round_ in group.rounds for view in round_.matches
                ],
            }
            for group in event.groups
        ],
        "knockout": [_team_match(view) for round_ in event.knockout for view in round_.matches],
        "champion": event.champion.name if event.champion else None,
    }
