"""The standings of a club night: wins, fewer losses, then Median-Buchholz, Buchholz,
points won minus lost and head-to-head, each deciding only where the ones before it tie;
and a Swiss in the middle of a round, ranked as its record reads on every page."""

import io
import itertools
import re

import openpyxl
import pytest
from django.urls import reverse
from sheet_tables import table

import builders
from tournament.core.swiss_standings import Bye, Result, standings
from tournament.queries.club_nights import club_night


def win(a, b, points=(5, 0)):
    return Result(a, b, a, *points)


def by_player(rows):
    return {row.player: row for row in rows}


def test_wins_decide_first_then_points_when_opponents_are_alike():
    rows = standings(
        "ABCD",
        [win("A", "B", (5, 2)), win("C", "D"), win("A", "C", (5, 3)), win("B", "D", (5, 4))],
    )
    # B and C both won once against the same opponents' wins: points decide (C +3, B -2).
    assert [row.player for row in rows] == ["A", "C", "B", "D"]
    assert [row.place for row in rows] == [1, 2, 3, 4]
    assert by_player(rows)["A"].wins == 2


def test_median_buchholz_drops_the_best_and_the_worst_opponent():
    results = [
        win("P", "X1"), win("X2", "P"), win("X3", "P"),
        win("Q", "Y1"), win("Y2", "Q"), win("Y3", "Q"),
    ]  # fmt: skip
    byes = [Bye("X2", 5)] * 3 + [Bye("Y2", 5), Bye("Y3", 5)]
    rows = by_player(standings(["P", "Q", "X1", "X2", "X3", "Y1", "Y2", "Y3"], results, byes))
    p, q = rows["P"], rows["Q"]
    assert (p.wins, p.points_difference) == (q.wins, q.points_difference) == (1, -5)
    # P met 0, 1 and 4 wins; Q met 0, 2 and 2: Q's middle opponent is the stronger.
    assert (p.median_buchholz, p.buchholz) == (1, 5)
    assert (q.median_buchholz, q.buchholz) == (2, 4)
    assert q.place < p.place


def test_head_to_head_breaks_the_last_tie_and_a_bye_is_a_win_worth_the_length():
    results = [win("A", "B", (5, 3)), win("C", "A", (5, 3)), win("B", "D", (5, 3))]
    # Listed B first: only the head-to-head can put A ahead.
    rows = by_player(standings("BADC", results, [Bye("D", 5)]))
    a, b = rows["A"], rows["B"]
    assert a.sort_key == b.sort_key == (1, -1, 0, 2, 0)  # a win and a loss each
    assert a.place < b.place
    assert (rows["D"].wins, rows["D"].points_difference) == (1, 3)


def test_players_tied_on_everything_share_a_place():
    cycle = [win("A", "B", (5, 3)), win("B", "C", (5, 3)), win("C", "A", (5, 3))]
    rows = standings("ABC", cycle)
    assert [row.place for row in rows] == [1, 1, 1]


def test_fewer_losses_rank_first_among_equal_wins_whatever_the_buchholz():
    """Mid-round: B beat A and C has had a bye (both 1-0 so far, one round played); A
    lost to B and then beat D (1-1): A's Buchholz counts one more opponent, and still a
    1-1 does not rank above a 1-0."""
    rows = standings("ABCD", [win("B", "A"), win("A", "D")], [Bye("C", 5)])
    order = [row.player for row in rows]
    assert order.index("B") < order.index("A") and order.index("C") < order.index("A")
    assert by_player(rows)["A"].losses == 1 and by_player(rows)["B"].losses == 0


def test_a_double_loss_is_a_loss_for_both():
    rows = by_player(standings("AB", [Result("A", "B", None, 0, 0)]))
    assert (rows["A"].wins, rows["A"].losses) == (rows["B"].wins, rows["B"].losses) == (0, 1)


# --- A Swiss mid-round, as every page, the JSON and the workbook show it ----------------


@pytest.fixture
def swiss_mid_round(season):
    """The tournament day's Swiss: 11 players (a bye each round) over four rounds, round 1
    played, round 2 paired (its bye counts from now on) and only its bottom boards
    decided, so that some players are 1-1 while others are still 1-0."""
    tournament, _players = builders.club_night(
        season, 11, rounds=4, public=True, rng_seed=1, start=True
    )
    builders.play_round(tournament, 1)
    for match in list(tournament.matches.filter(round=2).open().order_by("position"))[3:]:
        builders.win(match, 0)
    return tournament


def assert_ranked_as_recorded(records):
    """(place, wins, losses) best first: a record never ranks above a better one."""
    for (place, wins, losses), (next_place, next_wins, next_losses) in itertools.pairwise(records):
        assert (wins, -losses) >= (next_wins, -next_losses), records
        assert place <= next_place


@pytest.mark.django_db
def test_mid_round_every_view_ranks_the_record_it_shows(client, swiss_mid_round):
    tournament = swiss_mid_round
    (group,) = club_night(tournament).groups
    rows = group.standings
    assert_ranked_as_recorded([(row.place, row.wins, row.losses) for row in rows])
    # Some players are 1-1 (the round-2 bye among them: it counts once paired) while
    # others are still 1-0: all the 1-0s come first.
    records = {(row.wins, row.losses) for row in rows}
    assert {(1, 0), (1, 1)} <= records
    bye = tournament.matches.get(round=2, status="bye").player1
    mine = next(row for row in rows if row.player == bye)
    assert (mine.wins, mine.losses, mine.byes) == (1, 1, 1)
    # The page, its live part, the JSON and the workbook: the same rows, in that order.
    page = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    shown = re.findall(
        r'<td class="rank"[^>]*>([^<]+)</td>\s*<td class="lead"><a [^>]*>([^<]+)</a>.*?'
        r'<td class="number"[^>]*>(\d+)</td>\s*<td class="number"[^>]*>(\d+)</td>',
        page,
        re.S,
    )
    expected = [(row.place_label, row.player.name, str(row.wins), str(row.losses)) for row in rows]
    assert shown == expected
    data = client.get(reverse("api-tournament", args=[tournament.pk])).json()
    (json_rows,) = [standings["rows"] for standings in data["standings"]]
    assert [(r["player"], r["wins"], r["losses"]) for r in json_rows] == [
        (row.player.name, row.wins, row.losses) for row in rows
    ]
    response = client.get(reverse("results-xlsx", args=[tournament.pk]))
    book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    sheet = [[cell.value for cell in row] for row in table(book["Club night standings"])]
    assert [(r[0], r[1], r[2], r[3]) for r in sheet[1:]] == [
        (row.place_label, row.player.name, row.wins, row.losses) for row in rows
    ]
