"""A team event through the operations: teams in board order, the draw of the groups
(team matches and their individual matches), team matches settled by their boards,
the knockout drawn from the group table and played to one champion team."""

import pytest
from django.utils import translation

import builders
from tournament import operations
from tournament.core import club_nights
from tournament.models import AuditEntry, Entry, Match, Player, TeamMatch, Tournament
from tournament.operations.errors import OperationError
from tournament.operations.teams import group_tables, results


def boards_of(team_match: TeamMatch) -> list[Match]:
    return list(team_match.boards.order_by("board"))


def team_wins(team_match: TeamMatch, team, count: int) -> None:
    """`team` wins the first `count` boards of the team match, the other team the rest."""
    for match in boards_of(team_match):
        from_first = match.board % 2 == 1
        first_team_side = 0 if from_first else 1  # board 2's first player is team 2's
        team_side = first_team_side if team_match.team1_id == team.pk else 1 - first_team_side
        builders.win(match, team_side if match.board <= count else 1 - team_side)


@pytest.mark.django_db
class TestTeams:
    def test_a_team_is_its_players_in_board_order_each_registered(self, season):
        tournament, teams = builders.team_event(season, rng_seed=None)
        first = teams[0]
        assert [m.player.name for m in first.members.order_by("board")] == ["A 1", "A 2", "A 3"]
        assert Entry.objects.filter(tournament=tournament, checked_in=True).count() == 12
        assert AuditEntry.objects.filter(action=AuditEntry.Action.TEAM_CHANGED).count() == 4

    def test_a_player_plays_in_one_team_and_a_team_has_its_size(self, season):
        tournament, teams = builders.team_event(season, rng_seed=None)
        a1 = teams[0].members.get(board=1).player_id
        extra = [Player.objects.create(name=f"X{n}").pk for n in range(2)]
        with pytest.raises(OperationError, match="another team"):
            operations.save_team(tournament, name="Equip X", players=[a1, *extra])
        with pytest.raises(OperationError, match="3 different players"):
            operations.save_team(tournament, name="Equip X", players=extra)
        assert tournament.teams.count() == 4

    def test_the_draw_makes_every_team_match_with_board_against_board(self, season):
        tournament, teams = builders.team_event(season, 4, 3)
        group = tournament.team_matches.filter(stage=TeamMatch.GROUP)
        assert group.count() == 6  # 4 teams meet each other once
        assert tournament.matches.count() == 18  # 3 boards each
        for team_match in group:
            lines = {
                team.pk: list(team.members.order_by("board").values_list("player_id", flat=True))
                for team in (team_match.team1, team_match.team2)
            }
            for match in boards_of(team_match):
                pair = {match.player1_id, match.player2_id}
                assert pair == {
                    lines[team_match.team1_id][match.board - 1],
                    lines[team_match.team2_id][match.board - 1],
                }
        # Each team plays once a round: 3 rounds of 2 team matches.
        for round_ in (1, 2, 3):
            played = group.filter(round=round_)
            seated = [t for m in played for t in (m.team1_id, m.team2_id)]
            assert sorted(seated) == sorted(team.pk for team in teams)

    def test_a_player_is_called_to_one_board_at_a_time(self, season):
        tournament, _teams = builders.team_event(season, 4, 3)
        ready = tournament.matches.filter(status=Match.Status.READY)
        assert set(ready.values_list("round", flat=True)) == {1}

    def test_the_team_match_settles_on_match_wins_and_the_table_follows(self, season):
        tournament, _teams = builders.team_event(season, 4, 3)
        team_match = tournament.team_matches.get(stage=TeamMatch.GROUP, round=1, position=1)
        winner = team_match.team2
        team_wins(team_match, winner, 2)
        team_match.refresh_from_db()
        assert team_match.status == TeamMatch.Status.DECIDED
        assert team_match.winner_id == winner.pk and team_match.decided_by == "wins"
        found = results(tournament)[team_match.pk]
        assert found.wins == ((1, 2) if team_match.team1_id != winner.pk else (2, 1))
        table = group_tables(tournament)[1]
        top = table[0]
        assert top.team == winner.pk and top.match_points == 2 and top.match_wins == 2

    def test_played_through_the_groups_then_a_final_one_champion(self, season):
        tournament, teams = builders.team_event(season, 4, 3, start=True)
        strength = {team.pk: rank for rank, team in enumerate(teams)}  # A beats B beats ...
        for team_match in tournament.team_matches.filter(stage=TeamMatch.GROUP).order_by(
            "round", "position"
        ):
            better = min((team_match.team1, team_match.team2), key=lambda t: strength[t.pk])
            team_wins(team_match, better, 2)
        assert not tournament.team_matches.filter(
            stage=TeamMatch.GROUP, status=TeamMatch.Status.PLAYING
        ).exists()
        final = tournament.team_matches.get(stage=TeamMatch.KNOCKOUT)
        assert {final.team1_id, final.team2_id} == {teams[0].pk, teams[1].pk}
        assert final.boards.count() == 3
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.RUNNING
        team_wins(final, teams[1], 3)
        final.refresh_from_db()
        tournament.refresh_from_db()
        assert final.winner_id == teams[1].pk
        assert tournament.status == Tournament.Status.FINISHED

    def test_a_group_result_changed_before_the_final_starts_draws_it_again(self, season):
        tournament, _teams = builders.team_event(season, 4, 2)
        for team_match in tournament.team_matches.filter(stage=TeamMatch.GROUP):
            team_wins(team_match, team_match.team1, 2)
        assert tournament.team_matches.filter(stage=TeamMatch.KNOCKOUT).count() == 1
        match = tournament.matches.filter(team_match__stage=TeamMatch.GROUP).first()
        operations.undo_last_game(match)
        assert not tournament.team_matches.filter(stage=TeamMatch.KNOCKOUT).exists()

    def test_teams_are_fixed_once_drawn(self, season):
        _tournament, teams = builders.team_event(season)
        with pytest.raises(OperationError, match="discard the draw"):
            operations.remove_team(teams[0])

    def test_a_round_robin_is_not_a_team_event(self, season):
        tournament, _players = builders.club_night(season, 4, format=club_nights.ROUND_ROBIN)
        with pytest.raises(OperationError, match="not a team event"):
            operations.save_team(tournament, name="X", players=[])


@pytest.mark.django_db
def test_every_player_of_a_team_takes_its_place_in_the_league(season):
    from tournament.queries.standings import season_standings
    from tournament.queries.teams import team_places

    tournament, teams = builders.team_event(season, 4, 3, start=True)
    order = {team.pk: index for index, team in enumerate(teams)}
    for team_match in tournament.team_matches.filter(stage=TeamMatch.GROUP):
        better = min((team_match.team1, team_match.team2), key=lambda t: order[t.pk])
        team_wins(team_match, better, 3)
    assert team_places(tournament) == {}  # not before the event is finished
    final = tournament.team_matches.get(stage=TeamMatch.KNOCKOUT)
    team_wins(final, teams[1], 2)
    tournament.refresh_from_db()
    assert team_places(tournament) == {
        teams[1].pk: (1, 1),
        teams[0].pk: (2, 2),
        teams[2].pk: (3, 3),
        teams[3].pk: (4, 4),
    }
    standings = season_standings(season, with_places=True)
    by_name = {place.player.name: place.place for place in standings.places}
    assert by_name["B 1"] == by_name["B 3"] == (1, 1)
    assert by_name["A 2"] == (2, 2) and by_name["D 1"] == (4, 4)
    points = {record.name: record.league_points for record in standings.records}
    assert points["B 2"] > points["A 2"] > points["C 2"] >= points["D 2"]


@pytest.mark.django_db
def test_a_finished_players_next_line_gives_the_team_place(season):
    from tournament.queries.onward import where_next

    tournament, teams = builders.team_event(season, 4, 2, start=True)
    order = {team.pk: index for index, team in enumerate(teams)}
    for team_match in tournament.team_matches.filter(stage=TeamMatch.GROUP):
        better = min((team_match.team1, team_match.team2), key=lambda t: order[t.pk])
        team_wins(team_match, better, 2)
    final = tournament.team_matches.get(stage=TeamMatch.KNOCKOUT)
    team_wins(final, teams[0], 2)
    rows = tournament.matches.filter(team_match__stage=TeamMatch.GROUP, round=3)
    last_group_match = next(
        match
        for match in rows.select_related("tournament", "player1", "player2")
        if any(player.name.startswith("D") for player in match.players)
    )
    with translation.override("en"):
        lines = {line.player.name: line.ended for line in where_next(last_group_match)}
    d_player = next(name for name in lines if name.startswith("D"))
    assert "finished in place 4" in lines[d_player]  # the team's place: D lost every match
