"""The federation's league of club teams (core.federation_league): the double round
robin, a fixture's result and its walkover, the division's table, and promotion and
relegation at the season's end (docs/league.md)."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core import federation_league as league
from tournament.core.teams import Board

SETTINGS = league.LeagueSettings(boards=4, match_length=7)


def played_sides(rounds, team):
    """The team's homes and aways, in order, byes left out."""
    return [
        "H" if fixture.home == team else "A"
        for one in rounds
        for fixture in one.fixtures
        if team in (fixture.home, fixture.away)
    ]


# --- the double round robin -------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=2, max_value=20))
def test_every_pair_meets_twice_once_at_each_home(count):
    rounds = league.double_round_robin(list(range(count)))
    venues = Counter((f.home, f.away) for one in rounds for f in one.fixtures)
    assert all(venues[(a, b)] == 1 for a in range(count) for b in range(count) if a != b)
    assert sum(venues.values()) == count * (count - 1)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=2, max_value=20))
def test_no_team_twice_in_a_round_and_the_byes_shared(count):
    rounds = league.double_round_robin([f"team {n}" for n in range(count)])
    assert [one.number for one in rounds] == list(range(1, len(rounds) + 1))
    assert len(rounds) == 2 * (count - 1 + count % 2)
    for one in rounds:
        seen = [team for f in one.fixtures for team in (f.home, f.away)]
        seen += [one.bye] if one.bye is not None else []
        assert len(seen) == len(set(seen)) == count
        assert all(f.round == one.number for f in one.fixtures)
    byes = Counter(one.bye for one in rounds if one.bye is not None)
    assert byes == (Counter({f"team {n}": 2 for n in range(count)}) if count % 2 else Counter())


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=3, max_value=24))
def test_home_and_away_balanced_never_three_in_a_row(count):
    rounds = league.double_round_robin(list(range(count)))
    for team in range(count):
        sides = played_sides(rounds, team)
        assert Counter(sides) == {"H": count - 1, "A": count - 1}
        assert "HHH" not in "".join(sides) and "AAA" not in "".join(sides)


@pytest.mark.parametrize("count", [3, 4, 5, 6, 9, 10])
def test_no_pair_meets_in_two_rounds_running(count):
    rounds = league.double_round_robin(list(range(count)))
    met = {}
    for one in rounds:
        for f in one.fixtures:
            met.setdefault(frozenset((f.home, f.away)), []).append(one.number)
    assert all(later - first > 1 for first, later in met.values())


def test_a_division_of_one_or_a_team_twice_is_refused():
    with pytest.raises(league.LeagueError):
        league.double_round_robin(["A"])
    with pytest.raises(league.LeagueError):
        league.double_round_robin(["A", "B", "A"])


# --- a fixture's result -----------------------------------------------------------------


def board(winner, points=None, decided=True):
    points = points or ((7, 3) if winner == 0 else (3, 7))
    return Board(decided, winner if decided else None, points if decided else (0, 0))


def test_a_fixture_is_won_on_boards_and_level_on_boards_is_a_draw():
    won = league.fixture_result([board(0), board(0), board(1), board(0)])
    assert (won.boards, won.decided, won.winner) == ((3, 1), True, league.HOME)
    assert won.match_points(SETTINGS) == (2, 0)
    level = league.fixture_result([board(0, (7, 0)), board(0), board(1), board(1)])
    assert level.points == (20, 17)  # more points won does not decide a league fixture
    assert (level.decided, level.winner) == (True, None)
    assert level.match_points(SETTINGS) == (1, 1)


def test_a_fixture_with_a_board_still_playing_is_not_decided():
    open_ = league.fixture_result([board(0), board(0), board(0), board(None, decided=False)])
    assert (open_.decided, open_.boards_left, open_.match_points(SETTINGS)) == (False, 1, (0, 0))


def test_a_walkover_counts_every_board_to_the_team_there():
    absent_home = league.walkover(league.HOME, SETTINGS)
    assert absent_home.boards == (0, 4) and absent_home.points == (0, 28)
    assert (absent_home.winner, absent_home.walkover, absent_home.absent) == (1, True, 0)
    assert absent_home.match_points(SETTINGS) == (0, 2)
    set_points = league.LeagueSettings(boards=3, walkover_points=1)
    assert league.walkover(league.AWAY, set_points).points == (3, 0)
    with pytest.raises(league.LeagueError):
        league.walkover(2, SETTINGS)


def test_the_match_points_are_settings():
    three = league.LeagueSettings(win_points=3, draw_points=1, loss_points=0)
    result = league.fixture_result([board(1), board(1)])
    assert result.match_points(three) == (0, 3)
    assert league.LeagueSettings(win_points=1, draw_points=1).problems()
    assert league.LeagueSettings(boards=9).problems()
    assert not SETTINGS.problems()


# --- the table --------------------------------------------------------------------------

results = st.sampled_from(
    [
        league.fixture_result([board(0), board(0), board(0), board(1)]),
        league.fixture_result([board(0), board(1), board(0), board(1)]),
        league.fixture_result([board(1), board(1), board(1), board(1)]),
        league.fixture_result([board(0), board(1), board(1), board(1)]),
        league.walkover(league.AWAY, SETTINGS),
        league.fixture_result([board(0), board(None, decided=False), board(1), board(1)]),
    ]
)


@st.composite
def seasons(draw):
    count = draw(st.integers(min_value=2, max_value=7))
    teams = [f"T{n}" for n in range(count)]
    fixtures = [f for one in league.double_round_robin(teams) for f in one.fixtures]
    played = [
        league.Played(f.home, f.away, draw(results))
        for f in fixtures[: draw(st.integers(min_value=0, max_value=len(fixtures)))]
    ]
    return teams, played


@settings(max_examples=120, deadline=None)
@given(seasons())
def test_the_table_orders_by_match_points_then_board_points(season):
    teams, played = season
    table = league.standings(teams, played, SETTINGS)
    assert sorted(row.team for row in table) == sorted(teams)
    keys = [(row.match_points, row.boards_won) for row in table]
    assert keys == sorted(keys, reverse=True)
    decided = [p for p in played if p.result.decided]
    assert sum(row.played for row in table) == 2 * len(decided)
    assert sum(row.match_points for row in table) == sum(
        sum(p.result.match_points(SETTINGS)) for p in decided
    )
    assert sum(row.boards_won for row in table) == sum(row.boards_lost for row in table)
    for earlier, later in pairwise(table):
        assert earlier.place <= later.place
        assert (earlier.place == later.place) == (earlier.shared and later.shared and (
            earlier.match_points, earlier.boards_won, earlier.head_to_head,
            earlier.board_difference, earlier.points_difference,
        ) == (
            later.match_points, later.boards_won, later.head_to_head,
            later.board_difference, later.points_difference,
        ))  # fmt: skip


def test_head_to_head_separates_teams_level_on_points_and_boards():
    b_wins = league.fixture_result([board(1), board(1), board(1), board(0)])
    a_wins = league.fixture_result([board(0), board(0), board(0), board(0)])
    c_wins = league.fixture_result([board(1), board(0), board(1), board(0), board(1)])
    played = [
        league.Played("A", "B", b_wins),  # B beat A 3-1 at A's home
        league.Played("A", "C", a_wins),
        league.Played("B", "C", c_wins),
    ]
    table = league.standings(["A", "B", "C"], played, SETTINGS)
    # A and B: 2 match points and 5 boards each; B won their fixture.
    assert [(row.team, row.match_points, row.boards_won) for row in table] == [
        ("B", 2, 5),
        ("A", 2, 5),
        ("C", 2, 3),
    ]
    assert [row.place for row in table] == [1, 2, 3]
    assert (table[0].head_to_head, table[1].head_to_head) == ((2, 3), (0, 1))


def test_teams_level_on_everything_share_the_place_in_the_division_order():
    table = league.standings(["B", "A"], [], SETTINGS)
    assert [(row.team, row.place, row.shared) for row in table] == [
        ("B", 1, True),
        ("A", 1, True),
    ]


# --- the season's end -------------------------------------------------------------------


@st.composite
def ladders(draw):
    sizes = draw(st.lists(st.integers(min_value=1, max_value=9), min_size=1, max_size=5))
    tables = [[f"L{level}T{n}" for n in range(size)] for level, size in enumerate(sizes)]
    promote = draw(st.integers(min_value=0, max_value=3))
    equal = draw(st.booleans())
    relegate = promote if equal else draw(st.integers(min_value=0, max_value=3))
    playoffs = draw(st.integers(min_value=0, max_value=2))
    rules = league.LeagueSettings(promote=promote, relegate=relegate, playoffs=playoffs)
    found = league.moves(tables, rules)
    winners = {pair: draw(st.sampled_from([pair.upper, pair.lower])) for pair in found.playoffs}
    return tables, rules, winners


def level_of(divisions):
    return {team: level for level, teams in enumerate(divisions) for team in teams}


@settings(max_examples=300, deadline=None)
@given(ladders())
def test_promotion_and_relegation(ladder):
    tables, rules, winners = ladder
    end = league.season_end(tables, rules, winners)
    before, after = level_of(tables), level_of(end.divisions)
    # Every team is in exactly one division next season, one level away at most.
    assert sorted(after) == sorted(before)
    assert sum(len(teams) for teams in end.divisions) == len(before)
    assert all(abs(after[team] - before[team]) <= 1 for team in before)
    # Never promoted from the top division nor relegated from the bottom one.
    assert not end.promoted & set(tables[0])
    assert not end.relegated & set(tables[-1])
    # A promoted team ends in the division above, a relegated one in the division below.
    assert all(after[team] == before[team] - 1 for team in end.promoted)
    assert all(after[team] == before[team] + 1 for team in end.relegated)
    moved = end.promoted | end.relegated
    assert all(after[team] == before[team] for team in before if team not in moved)
    # Equal counts: every division keeps its size.
    if rules.promote == rules.relegate:
        assert [len(teams) for teams in end.divisions] == [len(teams) for teams in tables]
    # A playoff's winner plays in the upper division, its loser in the lower.
    for pair, winner in winners.items():
        loser = pair.lower if winner == pair.upper else pair.upper
        assert after[winner] == pair.level - 1 and after[loser] == pair.level


@settings(max_examples=200, deadline=None)
@given(ladders())
def test_the_top_of_each_division_goes_up_when_it_can(ladder):
    tables, rules, winners = ladder
    end = league.season_end(tables, rules, winners)
    for level, teams in enumerate(tables[1:], start=1):
        above = len(tables[level - 1])
        direct = min(rules.promote, len(teams))
        if rules.promote == rules.relegate:
            direct = min(direct, rules.relegate, above)
        if level == 1 or rules.promote != rules.relegate:
            assert set(teams[:direct]) <= end.promoted


def test_a_ladder_of_three_with_a_playoff():
    tables = [["E1", "E2", "E3", "E4"], ["F1", "F2", "F3", "F4"], ["G1", "G2", "G3"]]
    rules = league.LeagueSettings(promote=1, relegate=1, playoffs=1)
    found = league.moves(tables, rules)
    assert found.promoted == {"F1", "G1"} and found.relegated == {"E4", "F4"}
    assert found.playoffs == (league.Playoff(1, "E3", "F2"), league.Playoff(2, "F3", "G2"))
    winners = {found.playoffs[0]: "F2", found.playoffs[1]: "F3"}
    end = league.season_end(tables, rules, winners, newcomers=["New"])
    assert end.divisions == [
        ["E1", "E2", "F1", "F2"],
        ["E3", "E4", "F3", "G1"],
        ["F4", "G2", "G3", "New"],
    ]


def test_an_undecided_playoff_is_refused():
    tables = [["E1", "E2", "E3"], ["F1", "F2", "F3"]]
    rules = league.LeagueSettings(promote=1, relegate=1, playoffs=1)
    with pytest.raises(league.LeagueError, match="no winner"):
        league.season_end(tables, rules, {})


def test_a_squad_names_each_player_once_enough_for_the_boards_all_members():
    league.check_squad([1, 2, 3], 3, members=[1, 2, 3], captain=2)
    broken = {
        "A player is listed twice in the squad.": ([1, 2, 2], 2, [1, 2], None),
        "A squad has at least 3 players, one for each board.": ([1, 2], 3, [1, 2], None),
        "Every player of the squad is a member of the club.": ([1, 2, 3], 3, [1, 2], None),
        "The captain is one of the squad.": ([1, 2, 3], 3, [1, 2, 3], 4),
    }
    for said, (squad, boards, members, captain) in broken.items():
        with pytest.raises(league.LeagueError) as refused:
            league.check_squad(squad, boards, members=members, captain=captain)
        assert str(refused.value) == said


def test_a_line_up_fields_different_players_of_the_squad_one_a_board():
    assert league.line_up("Girona", [1, 2, 3, 4], None, 3) == [1, 2, 3]
    assert league.line_up("Girona", [1, 2, 3, 4], [4, 1, 2], 3) == [4, 1, 2]
    for chosen in ([1, 1, 2], [1, 2]):
        with pytest.raises(league.LeagueError, match="Girona fields 3 different players"):
            league.line_up("Girona", [1, 2, 3, 4], chosen, 3)
    with pytest.raises(league.LeagueError, match="players of its squad only"):
        league.line_up("Girona", [1, 2, 3, 4], [1, 2, 9], 3)
