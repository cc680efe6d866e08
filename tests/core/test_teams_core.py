"""The pure core of a team event: a team match's result from its boards, the group
table, the groups' rounds and the knockout of the best teams."""

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core import draw, teams
from tournament.core.teams import Board, Played


@st.composite
def decided_boards(draw_, size=None):
    count = size or draw_(st.integers(1, 8))
    made = []
    for _ in range(count):
        winner = draw_(st.sampled_from([0, 1, None]))
        loser_points = draw_(st.integers(0, 6))
        length = 7
        if winner is None:  # a double loss: nobody reached the length
            points = (draw_(st.integers(0, 6)), loser_points)
        else:
            points = (length, loser_points) if winner == 0 else (loser_points, length)
        made.append(Board(True, winner, points))
    return made


@given(decided_boards(), st.booleans())
def test_a_team_match_result_agrees_with_its_boards(boards, knockout):
    result = teams.team_result(boards, knockout=knockout)
    wins = (sum(b.winner == 0 for b in boards), sum(b.winner == 1 for b in boards))
    assert result.decided and result.wins == wins
    if wins[0] != wins[1]:
        # More match wins wins the team match, whatever the points say.
        assert result.winner == (0 if wins[0] > wins[1] else 1)
    elif result.points[0] != result.points[1]:
        assert result.winner == (0 if result.points[0] > result.points[1] else 1)
    elif any(b.winner is not None for b in boards):
        top = next(b for b in boards if b.winner is not None)
        assert result.winner == top.winner and result.by == teams.BY_BOARD
    else:
        assert result.winner == (0 if knockout else None)
    if knockout:
        assert result.winner is not None  # a knockout always sends one team on
    assert sum(result.match_points) == 2  # a decided team match hands out two points


def test_level_on_wins_the_points_decide_then_board_one():
    by_points = teams.team_result([Board(True, 0, (5, 4)), Board(True, 1, (0, 5))])
    assert (by_points.winner, by_points.by) == (1, teams.BY_POINTS)  # 5 v 9
    by_board = teams.team_result([Board(True, 0, (5, 3)), Board(True, 1, (3, 5))])
    assert (by_board.winner, by_board.by) == (0, teams.BY_BOARD)


def test_a_team_match_is_decided_only_when_every_board_is_over():
    result = teams.team_result([Board(True, 0, (5, 0)), Board(True, 0, (5, 0)), Board(False)])
    assert not result.decided and result.winner is None and result.boards_left == 1
    assert result.match_points == (0, 0)


@st.composite
def groups_played(draw_):
    count = draw_(st.integers(2, 7))
    keys = list(range(count))
    played = []
    for fixture in teams.fixtures([keys]):
        if draw_(st.booleans()):
            boards = draw_(decided_boards(size=3))
            played.append(Played(fixture.teams, teams.team_result(boards)))
    return keys, played


@settings(max_examples=200, deadline=None)
@given(groups_played())
def test_a_group_table_ranks_every_team_once_in_its_order(group):
    keys, played = group
    rows = teams.group_table(keys, played)
    assert sorted(row.team for row in rows) == keys
    assert sum(row.match_points for row in rows) == 2 * len(played)
    assert sum(row.match_wins for row in rows) == sum(row.match_losses for row in rows)
    for better, worse in itertools.pairwise(rows):
        assert (better.match_points, better.match_wins, better.points_won) >= (
            worse.match_points,
            worse.match_wins,
            worse.points_won,
        )
        assert better.place <= worse.place
        assert (better.place == worse.place) == (
            better.shared
            and worse.shared
            and (better.match_points, better.match_wins, better.points_won, better.head_to_head)
            == (worse.match_points, worse.match_wins, worse.points_won, worse.head_to_head)
        )


@given(st.integers(2, 20), st.one_of(st.none(), st.integers(3, 8)))
def test_every_team_plays_once_a_round_or_sits_out_and_meets_its_group_once(count, size):
    groups = teams.groups_of(list(range(count)), size)
    made = teams.fixtures(groups)
    for number, group in enumerate(groups, start=1):
        mine = [f for f in made if f.group == number]
        met = Counter(frozenset(f.teams) for f in mine)
        assert met == Counter(frozenset(p) for p in itertools.combinations(group, 2))
        for round_number in {f.round for f in mine}:
            seated = Counter(t for f in mine if f.round == round_number for t in f.teams)
            assert all(times == 1 for times in seated.values())
            assert len(group) - len(seated) <= 1  # one team sits out an odd group's round


def test_boards_alternate_the_first_seat_and_board_side_says_whose_player():
    pairs = teams.boards(["a1", "a2", "a3"], ["b1", "b2", "b3"])
    assert pairs == [("a1", "b1"), ("b2", "a2"), ("a3", "b3")]
    for board, pair in enumerate(pairs, start=1):
        for side, player in enumerate(pair):
            assert teams.board_side(board, side) == (0 if player.startswith("a") else 1)


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 16), st.integers(0, 2**31), st.randoms(use_true_random=False))
def test_the_knockout_finishes_with_one_champion_team(count, seed, rng):
    entrants = [f"team{n}" for n in range(count)]
    plan = teams.knockout_plan(entrants, seed)
    outcomes = {}
    while True:
        state = teams.knockout_state(plan, outcomes)
        ready = [slot for slot, s in state.items() if s.status == draw.READY]
        if not ready:
            break
        for slot in ready:
            outcomes[slot] = rng.choice([0, 1])
    champion = teams.knockout_champion(plan, state)
    assert champion in entrants
    places = draw.final_places(plan, state, draw.MAIN)
    assert set(places) == set(entrants) and places[champion] == (1, 1)


def test_the_group_winners_are_seeded_first_and_meet_in_the_final():
    seeds = teams.qualifiers([["A1", "A2", "A3"], ["B1", "B2", "B3"]], 2)
    assert seeds == ["A1", "B1", "A2", "B2"]
    plan = teams.knockout_plan(seeds, 7)
    first_round = plan.bracket(draw.MAIN).round_matches(1)
    for match in first_round:
        pair = {source.entrant for source in match.sources}
        assert not pair <= {"A1", "B1"}


def test_final_places_put_the_knockout_first_then_group_places():
    rows_a = teams.group_table(["A1", "A2", "A3"], [])
    rows_b = teams.group_table(["B1", "B2", "B3"], [])
    places = teams.final_places([rows_a, rows_b], {"A1": (1, 1), "B1": (2, 2)})
    assert places == {
        "A1": (1, 1),
        "B1": (2, 2),
        "A2": (3, 4),
        "B2": (3, 4),
        "A3": (5, 6),
        "B3": (5, 6),
    }


def test_teams_are_checked():
    teams.check_teams({"A": [1, 2], "B": [3, 4]}, 2)
    with pytest.raises(teams.TeamError):
        teams.check_teams({"A": [1, 2], "B": [2, 4]}, 2)
    with pytest.raises(teams.TeamError):
        teams.check_teams({"A": [1, 2], "B": [3]}, 2)
    with pytest.raises(teams.TeamError):
        teams.check_teams({"A": [1, 2]}, 2)
