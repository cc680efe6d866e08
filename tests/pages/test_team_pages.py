"""The page of a team event: its teams in board order, the group table with its
tie-breaks explained, the team matches with their boards, the knockout; live, at a
cost that does not grow with the event."""

import pytest
import sheet_tables
from django.urls import reverse

import builders
from tournament.models import TeamMatch


def play_groups(tournament, teams):
    """The team made first wins each of its team matches 2-1, the others 3-0 for the
    team made earlier."""
    order = {team.pk: index for index, team in enumerate(teams)}
    for team_match in tournament.team_matches.filter(stage=TeamMatch.GROUP):
        better = min((team_match.team1, team_match.team2), key=lambda team: order[team.pk])
        for match in team_match.boards.order_by("board"):
            first_side = 0 if match.board % 2 == 1 else 1
            side = first_side if team_match.team1_id == better.pk else 1 - first_side
            builders.win(match, side)


@pytest.mark.django_db
def test_the_page_shows_the_teams_the_table_and_the_boards(client, season):
    tournament, teams = builders.team_event(season, 4, 3, start=True)
    play_groups(tournament, teams)
    html = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert "Equip A" in html and "A 1" in html
    assert "Group table" in html and "Team match points" in html
    assert "Ranked by team match points" in html  # the tie-breaks, explained
    assert "Board 3" in html
    assert "Final" in html  # the two best teams go on
    # The table: A won its three team matches (6 points), D none.
    rows = html.split("team-table")[1].split("</table>")[0]
    assert rows.index("Equip A") < rows.index("Equip B") < rows.index("Equip D")


@pytest.mark.django_db
@pytest.mark.parametrize("count", [4, 8])
def test_the_page_costs_the_same_for_4_and_8_teams(
    client, season, count, django_assert_num_queries
):
    tournament, _teams = builders.team_event(season, count, 3, start=True, group_size=4)
    # The tournament, its teams, their players, the individual matches, the team matches.
    with django_assert_num_queries(5):
        response = client.get(reverse("tournament", args=[tournament.pk]))
    assert response.status_code == 200
    with django_assert_num_queries(1):
        client.get(reverse("tournament", args=[tournament.pk]) + "?partial=brackets")


@pytest.mark.django_db
def test_the_json_has_the_teams_the_table_and_the_boards(client, season):
    tournament, teams = builders.team_event(season, 4, 3, start=True, public=True)
    play_groups(tournament, teams)
    data = client.get(reverse("api-tournament", args=[tournament.pk])).json()
    event = data["team_event"]
    assert [p["name"] for p in event["teams"][0]["players"]] == ["A 1", "A 2", "A 3"]
    table = event["groups"][0]["table"]
    assert [row["team"] for row in table] == ["Equip A", "Equip B", "Equip C", "Equip D"]
    assert table[0]["match_points"] == 6 and table[0]["match_wins"] == 9
    group_match = event["groups"][0]["team_matches"][0]
    assert len(group_match["boards"]) == 3 and group_match["decided_by"] == "wins"
    (final,) = event["knockout"]
    assert set(final["teams"]) == {"Equip A", "Equip B"} and final["status"] == "playing"
    assert event["champion"] is None


@pytest.mark.django_db
def test_the_results_page_gives_each_player_the_team_place(client, season):
    tournament, teams = builders.team_event(season, 4, 2, start=True, public=True)
    play_groups(tournament, teams)
    final = tournament.team_matches.get(stage=TeamMatch.KNOCKOUT)
    for match in final.boards.all():
        builders.win(match, 0)  # board 1: team 1's player first; board 2: team 2's
    html = client.get(reverse("results", args=[tournament.pk])).content.decode()
    assert html.count("A 1") >= 1 and "D 2" in html
    assert "=1" in html  # each player of the champion team shares first place


@pytest.mark.django_db
def test_the_workbook_has_the_team_tables_and_every_board_with_names_as_text(client, season):
    import io

    import openpyxl

    from tournament import operations

    tournament, _teams = builders.team_event(season, 4, 3, rng_seed=None, public=True)
    operations.save_team(
        tournament,
        name="=SUM(A1:A2)",
        players=[builders.Player.objects.create(name=f"F {n}").pk for n in range(3)],
    )
    operations.make_draw(tournament, rng_seed=2)
    operations.start_tournament(tournament)
    response = client.get(reverse("results-xlsx", args=[tournament.pk]))
    book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    table = sheet_tables.table(book["Team tables"], values_only=True)
    assert table[0][:3] == ("Group", "Place", "Team") and len(table) == 6  # 5 teams
    formula = [row for row in table if row[2] and "SUM" in row[2]]
    assert (
        formula and book["Team tables"].cell(table.index(formula[0]) + 1, 3).data_type == "s"
    )  # text, not a formula
    boards = list(book["Team matches"].iter_rows(values_only=True))
    assert len(boards) == 1 + 10 * 3  # 5 teams meet once: 10 team matches of 3 boards
