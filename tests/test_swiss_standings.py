"""The standings of a club night: wins, then Median-Buchholz, Buchholz, points won minus
lost and head-to-head, each deciding only where the ones before it tie."""

from tournament.core.swiss_standings import Bye, Result, standings


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
    assert a.sort_key == b.sort_key == (1, 0, 2, 0)
    assert a.place < b.place
    assert (rows["D"].wins, rows["D"].points_difference) == (1, 3)


def test_players_tied_on_everything_share_a_place():
    cycle = [win("A", "B", (5, 3)), win("B", "C", (5, 3)), win("C", "A", (5, 3))]
    rows = standings("ABC", cycle)
    assert [row.place for row in rows] == [1, 1, 1]
