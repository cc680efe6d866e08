"""Win + Skill as the WBIF's leagues score it, and the average-PR tie-break: the skill
point of a match, shared by the PRs as shown; the standings ranked on the points; the
players without an analysed match after those with one."""

import pytest

from tournament.core import swiss_standings, win_skill
from tournament.core.swiss_standings import Bye, Result
from tournament.core.win_skill import Figures, Scoring

WIN_SKILL = Scoring(win_skill.WIN_SKILL)
BY_PR = Scoring(win_skill.WINS, win_skill.AVERAGE_PR)


@pytest.mark.parametrize(
    ("pr1", "pr2", "shares"),
    [
        (3.0, 4.0, (100, 0)),  # better by a whole PR: the whole point
        (9.6, 2.1, (0, 100)),
        (5.0, 5.0, (50, 50)),  # equal: half each
        (5.0, 5.4, (70, 30)),  # within 1: 0.5 + 0.4 / 2
        (6.3, 5.5, (10, 90)),
        # Compared as the page shows them (one decimal): 4.04 and 4.0 read 4.0 and 4.0.
        (4.04, 4.0, (50, 50)),
        (4.05, 4.0, (45, 55)),
    ],
)
def test_the_skill_point_goes_to_the_better_pr_shared_within_one(pr1, pr2, shares):
    assert win_skill.skill_points(pr1, pr2) == shares


def test_a_match_without_an_analysis_has_no_skill_point_and_counts_the_win_alone():
    assert win_skill.skill_points(None, 4.0) is None
    assert win_skill.match_points(1, None, None) == (100, 0)
    assert win_skill.match_points(2, 3.0, 6.0) == (100, 100)  # the loser played better
    assert win_skill.match_points(None, 5.0, 5.0) == (50, 50)  # a double loss, analysed


def test_the_average_pr_weighs_each_match_by_its_decisions():
    # 40 decisions at PR 10 (error rate -20) and 160 at PR 5 (-10): (0.8 + 1.6) / 200 / 2.
    assert win_skill.average_pr(-0.8 - 1.6, 200) == 6.0
    assert win_skill.average_pr(0.0, 0) is None


def test_points_read_as_the_pages_write_them():
    assert win_skill.as_points(300) == 3
    assert win_skill.as_points(245) == 2.45


def analysed(a, b, winner, pr_a, pr_b, decisions=40):
    figures = (
        Figures(pr_a, -2 * pr_a * decisions / 1000, decisions),
        Figures(pr_b, -2 * pr_b * decisions / 1000, decisions),
    )
    return Result(a, b, winner, 5 if winner == a else 2, 5 if winner == b else 2, figures)


def test_win_skill_ranks_on_the_points_not_the_wins():
    # Ana beats Bel playing worse by 6 PR: Ana 1 (the win), Bel 1 (the skill point) and
    # 1 more for beating Dan, so Bel leads alone; Cai won unanalysed: the win alone.
    results = [
        analysed("Ana", "Bel", "Ana", 9.0, 3.0),
        Result("Bel", "Dan", "Bel", 5, 0),
        Result("Cai", "Dan", "Cai", 5, 1),
    ]
    rows = swiss_standings.standings(["Ana", "Bel", "Cai", "Dan"], results, scoring=WIN_SKILL)
    assert [(row.player, row.points, row.skill) for row in rows] == [
        ("Bel", 200, 100),
        ("Ana", 100, 0),
        ("Cai", 100, 0),
        ("Dan", 0, 0),
    ]
    # Scored by wins the same results rank Ana and Bel level on wins.
    plain = swiss_standings.standings(["Ana", "Bel", "Cai", "Dan"], results)
    assert {row.player: row.wins for row in plain} == {"Ana": 1, "Bel": 1, "Cai": 1, "Dan": 0}


def test_a_bye_counts_the_win_alone_under_win_skill():
    rows = swiss_standings.standings(["Ana"], [], [Bye("Ana", 5)], scoring=WIN_SKILL)
    assert (rows[0].points, rows[0].skill) == (100, 0)


def test_shared_skill_points_keep_players_level_and_apart_exactly():
    results = [analysed("Ana", "Bel", "Ana", 5.0, 5.4), analysed("Cai", "Dan", "Cai", 5.4, 5.0)]
    rows = swiss_standings.standings(["Ana", "Bel", "Cai", "Dan"], results, scoring=WIN_SKILL)
    assert [(row.player, row.points) for row in rows] == [
        ("Ana", 170),
        ("Cai", 130),
        ("Dan", 70),
        ("Bel", 30),
    ]


def test_the_average_pr_breaks_ties_before_buchholz_and_unanalysed_players_come_last():
    # Four winners of one match each, on equal Buchholz: the lower average PR first;
    # Eli and Fay (their match not analysed) after every analysed winner.
    results = [
        analysed("Ana", "Bob", "Ana", 7.0, 8.0),
        analysed("Cai", "Dan", "Cai", 4.0, 9.0),
        Result("Eli", "Fay", "Eli", 5, 2),
        analysed("Gus", "Hal", "Gus", 5.5, 3.0),
    ]
    players = ["Ana", "Bob", "Cai", "Dan", "Eli", "Fay", "Gus", "Hal"]
    rows = swiss_standings.standings(players, results, scoring=BY_PR)
    assert [row.player for row in rows[:4]] == ["Cai", "Gus", "Ana", "Eli"]
    assert [row.player for row in rows[4:]] == ["Hal", "Bob", "Dan", "Fay"]
    assert rows[0].average_pr == 4.0 and rows[3].average_pr is None
    assert len({row.place for row in rows}) == 8  # nobody shares a place
