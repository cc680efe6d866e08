"""The BMAB grade bands and the average PR over several matches (core.skill_grades):
a band's limit belongs to it, and a long match weighs more than a short one."""

import pytest

from tournament.core.skill_grades import average_pr, grade_for


@pytest.mark.parametrize(
    ("pr", "grade"),
    [
        (0.0, "super_grand_master"),
        (2.5, "super_grand_master"),
        (2.51, "grand_master"),
        (4.0, "grand_master"),
        (4.01, "master"),
        (6.5, "master"),
        (10.0, "advanced"),
        (10.01, "intermediate"),
        (16.0, "intermediate"),
    ],
)
def test_each_band_ends_at_its_limit(pr, grade):
    assert grade_for(pr).key == grade


def test_above_the_last_band_and_without_a_pr_there_is_no_band():
    assert grade_for(16.01) is None
    assert grade_for(None) is None


def test_the_average_is_weighted_by_decisions_not_by_matches():
    # A 60-decision match at PR 3 and a 20-decision one at PR 11: the error is
    # 3 x 60 + 11 x 20 = 400 over 80 decisions, PR 5 (a plain mean would say 7).
    assert average_pr([(3.0, 60), (11.0, 20)]) == pytest.approx(5.0)
    assert average_pr([(7.5, 40)]) == pytest.approx(7.5)


def test_no_decision_no_average():
    assert average_pr([]) is None
    assert average_pr([(4.0, 0)]) is None
