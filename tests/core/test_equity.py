"""Match winning chances from the Kazaross-XG2 table shipped in tournament/data/met/."""

import re
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.core.equity import MAX_AWAY, TABLE_FILE, equity_pair, match_winning_chance

MET_DIR = Path(__file__).resolve().parents[2] / "tournament" / "data" / "met"


def _read_tables_by_regex() -> tuple[list[list[float]], list[float]]:
    """The two tables read from the raw text, without xml.etree: a second route."""
    text = TABLE_FILE.read_text(encoding="utf-8")
    text = re.sub(r"<!--.*?-->", "", text, flags=re.DOTALL)
    pre = re.search(r"<pre-crawford-table[^>]*>(.*?)</pre-crawford-table>", text, re.DOTALL)
    post = re.search(r"<post-crawford-table[^>]*>(.*?)</post-crawford-table>", text, re.DOTALL)
    assert pre and post

    def rows(block: str) -> list[list[float]]:
        return [
            [float(value) for value in re.findall(r"<me>\s*([0-9.]+)\s*</me>", row)]
            for row in re.findall(r"<row>(.*?)</row>", block, re.DOTALL)
        ]

    (post_row,) = rows(post.group(1))
    return rows(pre.group(1)), post_row


PRE, POST = _read_tables_by_regex()
AWAYS = st.integers(min_value=1, max_value=MAX_AWAY)


class TestTheDataFile:
    def test_is_shipped_with_its_notice(self):
        xml = (MET_DIR / "Kazaross-XG2.xml").read_text(encoding="utf-8")
        notice = (MET_DIR / "NOTICE").read_text(encoding="utf-8")
        permission = "provided the copyright\n     notice and this notice are preserved."
        assert "Copyright (C) 2011 Neil Kazaross" in xml
        assert permission in xml
        assert "Copyright (C) 2011 Neil Kazaross" in notice
        assert permission in notice
        assert "gnubg-data" in notice
        assert "/usr/share/gnubg/met/Kazaross-XG2.xml" in notice

    def test_has_two_25_point_tables(self):
        assert len(PRE) == MAX_AWAY
        assert all(len(row) == MAX_AWAY for row in PRE)
        assert len(POST) == MAX_AWAY


class TestValuesLookedUpInTheFile:
    # Line numbers in tournament/data/met/Kazaross-XG2.xml (gnubg-data 1.07.001-1).
    @pytest.mark.parametrize(
        ("away", "opponent_away", "expected"),
        [
            (1, 2, 0.67736),  # line 35: row 1, second <me>
            (2, 1, 0.32264),  # line 62: row 2, first <me>
            (3, 10, 0.870638),  # line 99: row 3, tenth <me>
            (25, 11, 0.09378),  # line 716: row 25, eleventh <me>
            (1, 1, 0.5),  # line 34
            (25, 25, 0.5),  # line 730
        ],
    )
    def test_pre_crawford(self, away, opponent_away, expected):
        assert match_winning_chance(away, opponent_away) == expected

    def test_post_crawford_trailer(self):
        assert match_winning_chance(2, 1, post_crawford=True) == 0.48803  # line 738
        assert match_winning_chance(3, 1, post_crawford=True) == 0.32264  # line 739
        assert match_winning_chance(25, 1, post_crawford=True) == 0.001230  # line 761


class TestAgreesWithTheFileReadAnotherWay:
    def test_every_pre_crawford_entry(self):
        for away in range(1, MAX_AWAY + 1):
            for opponent_away in range(1, MAX_AWAY + 1):
                expected = PRE[away - 1][opponent_away - 1]
                assert match_winning_chance(away, opponent_away) == expected
                assert match_winning_chance(away, opponent_away, crawford=away == 1) == expected

    def test_every_post_crawford_entry_is_the_trailers(self):
        for trailer_away in range(1, MAX_AWAY + 1):
            expected = POST[trailer_away - 1]
            assert match_winning_chance(trailer_away, 1, post_crawford=True) == expected
            leader = match_winning_chance(1, trailer_away, post_crawford=True)
            assert leader == pytest.approx(1 - expected, abs=1e-15)


class TestProperties:
    @given(AWAYS, AWAYS)
    def test_pre_crawford_chances_are_complementary(self, a, b):
        assert match_winning_chance(a, b) + match_winning_chance(b, a) == pytest.approx(
            1.0, abs=1e-12
        )

    @given(AWAYS)
    def test_post_crawford_chances_are_complementary(self, a):
        total = match_winning_chance(a, 1, post_crawford=True) + match_winning_chance(
            1, a, post_crawford=True
        )
        assert total == pytest.approx(1.0, abs=1e-12)

    def test_one_away_each_is_even(self):
        assert match_winning_chance(1, 1) == 0.5
        assert match_winning_chance(1, 1, crawford=True) == 0.5
        assert match_winning_chance(1, 1, post_crawford=True) == 0.5

    @given(AWAYS)
    def test_even_scores_are_even(self, a):
        assert match_winning_chance(a, a) == 0.5

    @pytest.mark.parametrize("opponent_away", range(1, MAX_AWAY + 1))
    def test_chances_fall_as_away_grows(self, opponent_away):
        chances = [match_winning_chance(a, opponent_away) for a in range(1, MAX_AWAY + 1)]
        assert all(x > y for x, y in pairwise(chances))

    def test_chances_rise_as_the_opponent_needs_more(self):
        for away in range(1, MAX_AWAY + 1):
            chances = [match_winning_chance(away, b) for b in range(1, MAX_AWAY + 1)]
            assert all(x < y for x, y in pairwise(chances))

    def test_post_crawford_chances_fall_as_the_trailer_needs_more(self):
        chances = [match_winning_chance(a, 1, post_crawford=True) for a in range(1, 26)]
        assert all(x > y for x, y in pairwise(chances))

    @given(AWAYS, AWAYS)
    def test_chances_are_probabilities(self, a, b):
        assert 0.0 < match_winning_chance(a, b) < 1.0


class TestCrawford:
    def test_post_crawford_differs_from_the_crawford_game(self):
        # The trailer at 2-away: 0.32264 in the Crawford game (line 62), 0.48803 after it
        # (line 738), when the cube is back and the leader cannot use it.
        assert match_winning_chance(2, 1, crawford=True) == 0.32264
        assert match_winning_chance(2, 1) == 0.32264
        assert match_winning_chance(2, 1, post_crawford=True) == 0.48803
        assert match_winning_chance(1, 2, crawford=True) == 0.67736
        assert match_winning_chance(1, 2, post_crawford=True) == pytest.approx(0.51197)

    def test_the_crawford_flag_does_not_change_the_pre_crawford_entry(self):
        for b in range(1, MAX_AWAY + 1):
            assert match_winning_chance(1, b, crawford=True) == match_winning_chance(1, b)
            assert match_winning_chance(b, 1, crawford=True) == match_winning_chance(b, 1)


class TestFinishedMatches:
    def test_a_side_that_needs_nothing_has_won(self):
        assert match_winning_chance(0, 3) == 1.0
        assert match_winning_chance(3, 0) == 0.0
        assert match_winning_chance(0, 1, post_crawford=True) == 1.0
        assert match_winning_chance(1, 0, crawford=True) == 0.0

    def test_both_sides_cannot_have_won(self):
        with pytest.raises(ValueError, match="both"):
            match_winning_chance(0, 0)


class TestBadInput:
    @pytest.mark.parametrize(("away", "opponent_away"), [(26, 3), (3, 26), (100, 100)])
    def test_beyond_the_table(self, away, opponent_away):
        with pytest.raises(ValueError, match="only goes to 25-away"):
            match_winning_chance(away, opponent_away)

    @pytest.mark.parametrize(("away", "opponent_away"), [(-1, 3), (3, -2)])
    def test_negative(self, away, opponent_away):
        with pytest.raises(ValueError, match="negative"):
            match_winning_chance(away, opponent_away)

    def test_crawford_and_post_crawford_together(self):
        with pytest.raises(ValueError, match="both the Crawford game and post-Crawford"):
            match_winning_chance(1, 3, crawford=True, post_crawford=True)

    @pytest.mark.parametrize("flag", ["crawford", "post_crawford"])
    def test_crawford_flags_need_a_side_at_1_away(self, flag):
        with pytest.raises(ValueError, match="neither player needs 1 point"):
            match_winning_chance(2, 3, **{flag: True})

    def test_not_an_integer(self):
        with pytest.raises(TypeError):
            match_winning_chance(2.5, 3)


class TestEquityPair:
    def test_a_seven_point_match(self):
        # 3-5 to 7: 4-away v 2-away, row 4, second <me> (line 119): 0.33130.
        assert equity_pair(7, (3, 5), crawford=False, post_crawford=False) == pytest.approx(
            (0.33130, 0.66870)
        )

    def test_the_start_of_a_match(self):
        assert equity_pair(7, (0, 0), crawford=False, post_crawford=False) == (0.5, 0.5)
        assert equity_pair(1, (0, 0), crawford=False, post_crawford=False) == (0.5, 0.5)

    def test_crawford_and_post_crawford(self):
        crawford = equity_pair(7, (6, 5), crawford=True, post_crawford=False)
        after = equity_pair(7, (6, 5), crawford=False, post_crawford=True)
        assert crawford == pytest.approx((0.67736, 0.32264))
        assert after == pytest.approx((0.51197, 0.48803))

    def test_a_finished_match_and_a_score_past_the_length(self):
        assert equity_pair(7, (7, 3), crawford=False, post_crawford=False) == (1.0, 0.0)
        assert equity_pair(7, (5, 9), crawford=False, post_crawford=True) == (0.0, 1.0)

    def test_a_long_match_late_on(self):
        # 31 points at 20-25: 11-away v 6-away is in the table.
        expected = PRE[10][5]
        assert equity_pair(31, (20, 25), crawford=False, post_crawford=False) == pytest.approx(
            (expected, 1 - expected)
        )

    @given(
        st.integers(min_value=1, max_value=MAX_AWAY),
        st.integers(min_value=0, max_value=30),
        st.integers(min_value=0, max_value=30),
        st.booleans(),
    )
    def test_sums_to_one(self, length, first, second, post_crawford):
        first, second = min(first, length - 1), min(second, length)
        one_away = 1 in (length - first, length - second)
        pair = equity_pair(
            length, (first, second), crawford=False, post_crawford=post_crawford and one_away
        )
        assert pair[0] + pair[1] == 1.0
        assert all(0.0 <= chance <= 1.0 for chance in pair)

    def test_is_symmetric_in_the_players(self):
        a = equity_pair(11, (4, 8), crawford=False, post_crawford=False)
        b = equity_pair(11, (8, 4), crawford=False, post_crawford=False)
        assert a == pytest.approx(b[::-1])

    @pytest.mark.parametrize(
        ("length", "score", "message"),
        [
            (0, (0, 0), "at least 1"),
            (7, (-1, 2), "negative"),
            (7, (7, 7), "both"),
            (31, (0, 0), "only goes to 25-away"),
            (7, (2, 3), "neither player needs 1 point"),
        ],
    )
    def test_bad_input(self, length, score, message):
        post_crawford = message.startswith("neither")
        with pytest.raises(ValueError, match=message):
            equity_pair(length, score, crawford=False, post_crawford=post_crawford)
