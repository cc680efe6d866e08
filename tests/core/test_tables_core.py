"""The core's calling order for free tables (core.tables.assign), without a database: a
match under way first, then the brackets by their priority (the main bracket first
unless the director says otherwise), then round and position; the lowest free tables
first, and the matches left over wait."""

import pytest

from tournament.core import draw, tables
from tournament.core.tables import Waiting


def main(key, round_number, position=1, priority=1):
    return Waiting(key, priority=priority, kind=draw.MAIN, round=round_number, position=position)


def consolation(key, round_number, position=1, priority=2):
    return Waiting(
        key, priority=priority, kind=draw.CONSOLATION, round=round_number, position=position
    )


def last_chance(key, round_number, position=1, priority=3):
    return Waiting(
        key, priority=priority, kind=draw.LAST_CHANCE, round=round_number, position=position
    )


def test_the_main_bracket_goes_first_by_default_even_in_a_later_round():
    # A consolation's first round and the main bracket's third are ready together: with
    # one table free, the main bracket's players are called (their final is waited for).
    waiting = [consolation("c1", 1), last_chance("l1", 1), main("m3", 3)]
    assert tables.assign(["1", "2", "3"], {"2"}, waiting) == {"m3": "1", "c1": "3"}
    assert tables.DEFAULT_PRIORITY == {draw.MAIN: 1, draw.CONSOLATION: 2, draw.LAST_CHANCE: 3}


def test_a_bracket_given_priority_goes_first():
    # The director puts the consolation first (its players have waited longest).
    waiting = [main("m3", 3, priority=2), consolation("c1", 1, priority=1)]
    assert tables.assign(["1"], set(), waiting) == {"c1": "1"}


def test_within_a_bracket_by_round_then_position_and_at_equal_priority_main_first():
    waiting = [
        main("m2-1", 2, 1),
        consolation("c1-1", 1, 1, priority=1),
        main("m1-2", 1, 2),
        main("m1-1", 1, 1),
    ]
    assert tables.assign(["1", "2", "3", "4"], set(), waiting) == {
        "m1-1": "1",
        "m1-2": "2",
        "m2-1": "3",
        "c1-1": "4",
    }


def test_a_match_under_way_without_a_table_is_called_before_the_ready_ones():
    waiting = [main("ready", 1), Waiting("live", under_way=True, kind=draw.LAST_CHANCE, round=4)]
    assert tables.assign(["1"], set(), waiting) == {"live": "1"}


def test_the_lowest_free_tables_in_the_list_order_and_the_rest_wait():
    waiting = [main("a", 1, 1), main("b", 1, 2), main("c", 1, 3)]
    assert tables.assign(["Bar", "Taula 1", "Taula 2"], {"Taula 1"}, waiting) == {
        "a": "Bar",
        "b": "Taula 2",
    }
    assert tables.assign(["1"], {"1"}, waiting) == {}


@pytest.mark.parametrize("priority", [0, 10, -1, "1", 1.5, True, None])
def test_a_priority_outside_1_to_9_is_refused_with_a_reason(priority):
    with pytest.raises(tables.TableError) as refused:
        tables.check_priority(priority)
    assert "from 1 to 9" in refused.value.message()


def test_a_priority_from_1_to_9_is_taken():
    assert [tables.check_priority(number) for number in (1, 5, 9)] == [1, 5, 9]
