"""A Swiss or a round robin scored Win + Skill, or breaking ties by average PR, on its
pages: the points and skill points as columns and the sentence that explains them, the
JSON and the workbook with the same figures, one query more for the analyses whatever
the field's size, and the standings following an analysis that arrives after the
results (the tournament's page and the season's kept content alike)."""

import io
import re

import openpyxl
import pytest
from analyses import analysed
from django.urls import reverse

import builders
from tournament import operations
from tournament.core import club_nights, win_skill

ROW = re.compile(r"<tr[^>]*>(.*?)</tr>", re.S)
CELL = re.compile(r'<td[^>]*data-label="([^"]+)"[^>]*>(.*?)</td>', re.S)
NAME = re.compile(r'<td class="lead"><a [^>]*>([^<]*)</a>')
TAG = re.compile(r"<[^>]+>")


def standings_rows(response) -> dict[str, dict[str, str]]:
    """The club night's standings, player name -> {column: cell text}."""
    html = response.content.decode()
    body = html[html.index("<tbody") : html.index("</tbody>")]
    return {
        NAME.search(row).group(1): {
            label: TAG.sub("", cell).strip() for label, cell in CELL.findall(row)
        }
        for row in ROW.findall(body)
    }


def round_robin(season, count=4, **settings):
    tournament, players = builders.club_night(
        season, count, format=club_nights.ROUND_ROBIN, rng_seed=1, start=True, **settings
    )
    return tournament, players


def play_analysed_round_one(tournament):
    """Round 1 of 4, each match won by its first player: the first match analysed with
    its winner better by 3 PR (2 points to 0), the second with equal PRs (1.5 to 0.5)."""
    first, second = tournament.matches.filter(round=1).between_two().order_by("position")
    builders.win(first)
    builders.win(second)
    analysed(first, -4.0, -10.0)
    analysed(second, -10.0, -10.0)
    return first, second


def page(client, tournament):
    return client.get(reverse("tournament", args=[tournament.pk]))


@pytest.mark.django_db
def test_the_standings_show_points_and_skill_points_and_say_what_they_are(client, season):
    tournament, _players = round_robin(season, scoring=win_skill.WIN_SKILL)
    first, second = play_analysed_round_one(tournament)
    response = page(client, tournament)
    rows = standings_rows(response)
    assert [(row["Points"], row["Wins"], row["Skill points"]) for row in rows.values()] == [
        ("2", "1", "1"),
        ("1.5", "1", "0.5"),
        ("0.5", "0", "0.5"),
        ("0", "0", "0"),
    ]
    assert list(rows)[:2] == [first.player1.name, second.player1.name]
    html = response.content.decode()
    assert "Win + Skill" in html and "GNUBG PR" in html
    assert "A match without an analysis (a walkover, a Swiss’s bye) counts the win alone" in html


@pytest.mark.django_db
def test_a_tournament_scored_by_wins_shows_no_skill_column_nor_sentence(client, season):
    tournament, _players = round_robin(season)
    play_analysed_round_one(tournament)
    html = page(client, tournament).content.decode()
    assert "win-skill-note" not in html and 'data-label="Skill points"' not in html
    assert 'data-label="Points"' not in html and 'data-label="GNUBG PR"' not in html


@pytest.mark.django_db
def test_the_average_pr_column_and_sentence_with_that_tie_break(client, season):
    tournament, _players = round_robin(season, tie_break=win_skill.AVERAGE_PR)
    play_analysed_round_one(tournament)
    response = page(client, tournament)
    rows = standings_rows(response)
    # The winners are level on wins and Buchholz: the better average PR first.
    assert [row["GNUBG PR"] for row in rows.values()] == ["2.00", "5.00", "5.00", "5.00"]
    assert "Ties are broken first by the average GNUBG PR" in response.content.decode()
    assert "Skill points" not in [label for row in rows.values() for label in row]


@pytest.mark.django_db
@pytest.mark.parametrize("count", [4, 8])
def test_the_analyses_cost_one_query_whatever_the_field(
    client, season, count, django_assert_num_queries
):
    tournament, _players = round_robin(season, count, scoring=win_skill.WIN_SKILL)
    for match in tournament.matches.filter(round=1).between_two():
        builders.win(match)
        analysed(match, -5.0, -9.0)
    # The tournament with its season and marks, its matches, its brackets, the analyses.
    with django_assert_num_queries(4):
        response = page(client, tournament)
    assert len(standings_rows(response)) == count


@pytest.mark.django_db
def test_an_analysis_after_the_round_was_paired_moves_the_standings_not_the_pairing(client, season):
    tournament, _players = builders.club_night(
        season, 4, rounds=2, rng_seed=3, start=True, scoring=win_skill.WIN_SKILL
    )
    builders.play_round(tournament, 1)
    # Round 2 waits for round 1's analyses: the director pairs it without waiting.
    operations.pair_next_round(tournament)
    paired = sorted(tournament.matches.filter(round=2).values_list("player1", "player2"))
    assert len(paired) == 2
    before = standings_rows(page(client, tournament))  # and kept for the next visitor
    match = tournament.matches.filter(round=1).order_by("position").first()
    loser = match.player2.name
    assert before[loser]["Points"] == "0"

    analysed(match, -12.0, -3.0)  # the loser played better by 4.5 PR

    after = standings_rows(page(client, tournament))
    assert (after[loser]["Points"], after[loser]["Skill points"]) == ("1", "1")
    assert sorted(tournament.matches.filter(round=2).values_list("player1", "player2")) == paired


@pytest.mark.django_db
def test_the_season_standings_follow_an_analysis_of_a_finished_round_robin(client, season):
    # Three players who each beat one other: level on everything, sharing first place,
    # until an analysis gives the first match's winner its skill point and first place.
    tournament, players = round_robin(season, 3, scoring=win_skill.WIN_SKILL)
    beats = {
        frozenset((players[0].pk, players[1].pk)): players[0].pk,
        frozenset((players[1].pk, players[2].pk)): players[1].pk,
        frozenset((players[0].pk, players[2].pk)): players[2].pk,
    }
    builders.play_out(
        tournament,
        lambda m: 0 if beats[frozenset((m.player1_id, m.player2_id))] == m.player1_id else 1,
    )
    # Its places wait for the analyses; the director finishes it without waiting.
    assert not tournament.is_finished
    operations.go_on_without_waiting(tournament)
    tournament.refresh_from_db()
    assert tournament.is_finished
    url = reverse("standings", args=[season.year])

    def league_points():
        html = client.get(url).content.decode()
        body = html[html.index("<tbody") : html.index("</tbody>")]
        found = {}
        for row in ROW.findall(body):
            cells = dict(CELL.findall(row))
            name = next(p.name for p in players if p.name in row)
            found[name] = TAG.sub("", cells["League points"]).strip()
        return found

    before = league_points()
    assert len(set(before.values())) == 1
    match = tournament.matches.get(player1__in=players[:2], player2__in=players[:2])
    side_of_winner = 1 if match.player1 == players[0] else 2
    analysed(match, *((-2.0, -9.0) if side_of_winner == 1 else (-9.0, -2.0)))
    assert before[players[0].name] == "10"  # 1st place shared by all three
    # Now first alone on 2 points; the other two level on 1, the second beat the third.
    assert league_points() == {players[0].name: "10", players[1].name: "7", players[2].name: "5"}


def workbook_standings(client, tournament):
    response = client.get(reverse("results-xlsx", args=[tournament.pk]))
    book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    return [[cell.value for cell in row] for row in book["Club night standings"].iter_rows()]


@pytest.mark.django_db
def test_the_workbook_and_the_json_carry_the_points_when_the_option_is_on(client, season):
    tournament, _players = round_robin(
        season, scoring=win_skill.WIN_SKILL, tie_break=win_skill.AVERAGE_PR
    )
    first, _second = play_analysed_round_one(tournament)
    sheet = workbook_standings(client, tournament)
    assert sheet[0][:6] == ["Place", "Player", "Points", "Wins", "Skill points", "Losses"]
    assert sheet[0][6] == "GNUBG PR"
    assert sheet[1][1:7] == [first.player1.name, 2, 1, 1, 0, 2.0]
    assert sheet[3][2:5] == [0.5, 0, 0.5]

    data = client.get(reverse("api-tournament", args=[tournament.pk])).json()
    assert (data["scoring"], data["tie_break"]) == ("win_skill", "average_pr")
    top = data["standings"][0]["rows"][0]
    assert (top["points"], top["skill_points"], top["average_pr"]) == (2, 1, 2.0)


@pytest.mark.django_db
def test_the_workbook_and_the_json_are_as_before_when_the_option_is_off(client, season):
    tournament, _players = round_robin(season)
    play_analysed_round_one(tournament)
    assert workbook_standings(client, tournament)[0] == [
        "Place",
        "Player",
        "Wins",
        "Losses",
        "Byes",
        "Median-Buchholz",
        "Buchholz",
        "Points +/−",
    ]
    data = client.get(reverse("api-tournament", args=[tournament.pk])).json()
    assert "scoring" not in data
    assert "points" not in data["standings"][0]["rows"][0]


@pytest.mark.django_db
def test_the_standings_speak_catalan_with_a_decimal_comma(season):
    from django.test import Client

    tournament, _players = round_robin(season, scoring=win_skill.WIN_SKILL)
    play_analysed_round_one(tournament)
    response = Client(headers={"accept-language": "ca"}).get(
        reverse("tournament", args=[tournament.pk])
    )
    rows = standings_rows(response)
    assert [row["Punts"] for row in rows.values()] == ["2", "1,5", "0,5", "0"]
    assert "com puntuen les lligues de la WBIF" in response.content.decode()
