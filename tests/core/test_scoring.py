"""The scoring core: a match replayed game by game, and every game the rules refuse."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core.rules import PRESETS, RuleSet
from tournament.core.scoring import GameResult, IllegalGame, replay

WORKED_EXAMPLE = [  # RULES.md, seeds 000 and 003: White = 0, Black = 1, to 5 points
    GameResult(0, "gammon"),
    GameResult(1),
    GameResult(0, "gammon"),
    GameResult(1),
    GameResult(1, cube=2),
    GameResult(0, cube=2),
]


class TestWorkedExample:
    def test_scores_before_each_game(self):
        state = replay(5, WORKED_EXAMPLE)
        assert [game.score_before for game in state.games] == [
            (0, 0),
            (2, 0),
            (2, 1),
            (4, 1),
            (4, 2),
            (4, 4),
        ]
        assert [game.points for game in state.games] == [2, 1, 2, 1, 2, 2]

    def test_game_4_is_the_crawford_game_and_5_6_are_post_crawford(self):
        state = replay(5, WORKED_EXAMPLE)
        assert [game.crawford for game in state.games] == [False, False, False, True, False, False]
        assert [game.post_crawford for game in state.games] == [
            False,
            False,
            False,
            False,
            True,
            True,
        ]
        assert state.crawford_game == 4

    def test_final_score_is_capped_and_the_real_total_kept(self):
        state = replay(5, WORKED_EXAMPLE)
        assert state.score == (5, 4)
        assert state.raw_score == (6, 4)
        assert state.finished
        assert state.winner == 0

    def test_after_game_3_the_next_game_is_crawford(self):
        state = replay(5, WORKED_EXAMPLE[:3])
        assert state.next_is_crawford
        assert not state.cube_allowed
        assert state.crawford_game is None  # not played yet
        assert state.away == (1, 4)

    def test_after_the_crawford_game_the_cube_is_live(self):
        state = replay(5, WORKED_EXAMPLE[:4])
        assert not state.next_is_crawford
        assert state.post_crawford
        assert state.cube_allowed


class TestCrawford:
    def test_no_crawford_game_when_a_player_jumps_past_one_away(self):
        state = replay(5, [GameResult(0), GameResult(0, "gammon", cube=2)])
        assert state.finished
        assert state.crawford_game is None
        assert not any(game.crawford for game in state.games)

    def test_double_match_point_is_not_a_crawford_game(self):
        # 3-point match: 2-0 makes game 2 Crawford; at 2-2 after it nothing more is.
        state = replay(3, [GameResult(0, "gammon"), GameResult(1, "gammon"), GameResult(1)])
        assert state.crawford_game == 2
        assert [game.crawford for game in state.games] == [False, True, False]

    def test_one_point_match_has_no_crawford_game(self):
        state = replay(1, [GameResult(1)])
        assert state.crawford_game is None
        assert state.winner == 1 and state.score == (0, 1)

    def test_at_most_one_crawford_game(self):
        # 5 points: 4-0, Crawford game to 4-1, then 4-2, 4-3, 4-4: no second Crawford game.
        games = [GameResult(0, "gammon", cube=2)] + [GameResult(1)] * 4 + [GameResult(0)]
        state = replay(5, games)
        assert [game.crawford for game in state.games].count(True) == 1
        assert state.score == (5, 4)

    def test_without_the_crawford_rule_the_cube_is_always_live(self):
        rules = RuleSet(crawford=False)
        state = replay(5, [GameResult(0, "gammon", cube=2), GameResult(1, cube=2)], rules)
        assert state.crawford_game is None
        assert state.raw_score == (4, 2)

    def test_resigned_single_in_the_crawford_game_is_legal(self):
        state = replay(3, [GameResult(0, "gammon"), GameResult(1, "gammon", how="resigned")])
        assert state.games[1].crawford and state.raw_score == (2, 2)


def raises(length, games, rules=RuleSet()):
    with pytest.raises(IllegalGame) as caught:
        replay(length, games, rules)
    return caught.value


class TestIllegalGames:
    def test_a_game_after_the_match_is_decided(self):
        error = raises(3, [GameResult(0, "backgammon"), GameResult(1)])
        assert error.game_number == 2
        assert "after the match was decided" in str(error)

    @pytest.mark.parametrize("cube", [3, 6, 12, 100])
    def test_a_cube_that_is_not_a_power_of_two(self, cube):
        error = raises(5, [GameResult(0), GameResult(1, cube=cube)])
        assert error.game_number == 2
        assert f"cube of {cube}" in str(error)

    @pytest.mark.parametrize("cube", [0, -2])
    def test_a_cube_below_1(self, cube):
        error = raises(5, [GameResult(0, cube=cube)])
        assert error.game_number == 1
        assert "below 1" in str(error)

    @pytest.mark.parametrize("cube", [2.0, "2", None, True])
    def test_a_cube_that_is_not_a_whole_number(self, cube):
        error = raises(5, [GameResult(0, cube=cube)])
        assert error.game_number == 1
        assert "whole number" in str(error)

    def test_a_cube_above_1_in_the_crawford_game(self):
        error = raises(5, [*WORKED_EXAMPLE[:3], GameResult(1, cube=2)])
        assert error.game_number == 4
        assert "Crawford game" in str(error) and "cube" in str(error)

    def test_a_drop_in_the_crawford_game(self):
        error = raises(5, [*WORKED_EXAMPLE[:3], GameResult(0, how="dropped")])
        assert error.game_number == 4
        assert "Crawford game" in str(error) and "dropped" in str(error)

    def test_a_beaver_in_the_crawford_game(self):
        rules = PRESETS["qgammon-1999"]
        error = raises(5, [*WORKED_EXAMPLE[:3], GameResult(1, cube=4, beaver=True)], rules)
        assert error.game_number == 4
        assert "Crawford game" in str(error) and "beaver" in str(error)

    def test_a_beaver_where_the_season_allows_none(self):
        error = raises(7, [GameResult(0), GameResult(1, cube=4, beaver=True)])
        assert error.game_number == 2
        assert "without beavers" in str(error)

    def test_a_refused_beaver_where_beavers_cannot_be_refused(self):
        rules = PRESETS["qgammon-1999"]
        error = raises(7, [GameResult(0, cube=2, how="beaver_dropped")], rules)
        assert error.game_number == 1
        assert "cannot be refused" in str(error)

    def test_a_refused_beaver_where_the_season_has_no_beavers(self):
        error = raises(7, [GameResult(0, cube=2, how="beaver_dropped")])
        assert error.game_number == 1
        assert "without beavers" in str(error)

    @pytest.mark.parametrize(
        ("field", "value", "words"),
        [
            ("kind", "triple", "kind of win"),
            ("how", "timeout", "way a game ends"),
            ("winner", 2, "first or the second player"),
            ("winner", -1, "first or the second player"),
            ("winner", True, "first or the second player"),
            ("beaver", "yes", "beaver mark"),
        ],
    )
    def test_unknown_values(self, field, value, words):
        game = GameResult(**{"winner": 0, field: value})
        error = raises(5, [GameResult(1), game])
        assert error.game_number == 2
        assert words in str(error)

    @pytest.mark.parametrize("length", [0, -1, 2.5, None])
    def test_a_length_below_1(self, length):
        error = raises(length, [])
        assert error.game_number is None
        assert "1 point or more" in str(error)

    def test_a_dropped_gammon(self):
        error = raises(5, [GameResult(0, "gammon", how="dropped")])
        assert error.game_number == 1
        assert "cannot be a gammon" in str(error)

    def test_a_beaver_on_a_cube_below_4(self):
        error = raises(7, [GameResult(0, cube=2, beaver=True)], PRESETS["qgammon-1999"])
        assert error.game_number == 1
        assert "at least 4" in str(error)

    def test_the_first_offending_game_is_reported(self):
        error = raises(9, [GameResult(0), GameResult(1, cube=3), GameResult(0, cube=5)])
        assert error.game_number == 2

    def test_the_message_can_be_translated(self):
        error = raises(5, [GameResult(0, cube=3)])
        catalan = {error.template: "joc %(number)s: un dau doblador a %(cube)s és impossible"}
        assert error.message(catalan.get) == "joc 1: un dau doblador a 3 és impossible"


class TestPresets:
    def test_1999_a_backgammon_on_a_2_cube_is_worth_4(self):
        state = replay(7, [GameResult(0, "backgammon", cube=2)], PRESETS["qgammon-1999"])
        assert state.raw_score == (4, 0)

    def test_from_2000_a_backgammon_on_a_2_cube_is_worth_6(self):
        for preset in ("qgammon-2000", "qgammon-2002", "standard"):
            state = replay(7, [GameResult(0, "backgammon", cube=2)], PRESETS[preset])
            assert state.raw_score == (6, 0), preset

    def test_1999_a_beaver_is_legal_and_a_refused_beaver_is_not(self):
        rules = PRESETS["qgammon-1999"]
        state = replay(7, [GameResult(1, cube=4, beaver=True)], rules)
        assert state.raw_score == (0, 4)
        with pytest.raises(IllegalGame, match="cannot be refused"):
            replay(7, [GameResult(1, cube=2, how="beaver_dropped")], rules)

    def test_a_refused_beaver_costs_the_offered_value_where_refusable(self):
        rules = RuleSet(beavers=True, beaver_refusable=True)
        state = replay(7, [GameResult(1, cube=2, how="beaver_dropped")], rules)
        assert state.raw_score == (0, 2)

    @pytest.mark.parametrize("preset", ["qgammon-2000", "qgammon-2002"])
    def test_from_2000_no_beavers_in_matches(self, preset):
        with pytest.raises(IllegalGame, match="without beavers"):
            replay(7, [GameResult(1, cube=4, beaver=True)], PRESETS[preset])

    def test_jacoby_never_changes_a_match_game(self):
        state = replay(7, [GameResult(0, "gammon")], RuleSet(jacoby=True))
        assert state.raw_score == (2, 0)


# --- properties over random legal matches ------------------------------------------


@st.composite
def legal_matches(draw):
    """A match length and a random sequence of games that replay() accepts."""
    rules = draw(st.sampled_from(list(PRESETS.values())))
    length = draw(st.integers(min_value=1, max_value=15))
    games = []
    state = replay(length, games, rules)
    for _ in range(draw(st.integers(min_value=0, max_value=30))):
        if state.finished:
            break
        winner = draw(st.integers(0, 1))
        if state.next_is_crawford:
            options = [
                GameResult(winner, kind)
                for kind in ("single", "gammon", "backgammon")
                for _ in (0,)
            ] + [GameResult(winner, "gammon", how="resigned")]
        else:
            cube = draw(st.sampled_from([1, 1, 2, 4, 8]))
            options = [
                GameResult(winner, draw(st.sampled_from(["single", "gammon", "backgammon"])), cube),
                GameResult(winner, cube=cube, how="dropped"),
                GameResult(winner, draw(st.sampled_from(["single", "gammon"])), cube, "resigned"),
            ]
            if rules.beavers:
                options.append(GameResult(winner, cube=max(cube, 4), beaver=True))
        game = draw(st.sampled_from(options))
        games.append(game)
        state = replay(length, games, rules)
    return length, games, rules


@settings(max_examples=300, deadline=None)
@given(legal_matches())
def test_property_capped_score_never_exceeds_the_length(match):
    length, games, rules = match
    state = replay(length, games, rules)
    assert all(0 <= points <= length for points in state.score)
    assert sum(state.raw_score) == sum(game.points for game in state.games)


@settings(max_examples=300, deadline=None)
@given(legal_matches())
def test_property_at_most_one_crawford_game_and_only_with_the_rule(match):
    length, games, rules = match
    state = replay(length, games, rules)
    crawford_games = [game.number for game in state.games if game.crawford]
    assert len(crawford_games) <= 1
    if crawford_games:
        number = crawford_games[0]
        assert rules.crawford
        assert state.crawford_game == number
        before = state.games[number - 1].score_before
        assert sorted(before)[1] == length - 1 and sorted(before)[0] < length - 1
        assert all(game.post_crawford for game in state.games[number:])
    else:
        assert not any(game.post_crawford for game in state.games)


@settings(max_examples=300, deadline=None)
@given(legal_matches())
def test_property_finished_exactly_when_a_capped_score_equals_the_length(match):
    length, games, rules = match
    state = replay(length, games, rules)
    assert state.finished == (length in state.score)
    assert (state.winner is None) == (not state.finished)
    if state.finished:
        assert state.score[state.winner] == length


@settings(max_examples=300, deadline=None)
@given(legal_matches(), st.data())
def test_property_replaying_a_prefix_agrees_with_the_prefix_of_the_replay(match, data):
    length, games, rules = match
    whole = replay(length, games, rules)
    cut = data.draw(st.integers(min_value=0, max_value=len(games)))
    prefix = replay(length, games[:cut], rules)
    assert prefix.games == whole.games[:cut]
    expected_raw = whole.games[cut].score_before if cut < len(games) else whole.raw_score
    assert prefix.raw_score == expected_raw


class TestWhatTheNextGameMayBe:
    def test_the_crawford_game_offers_no_cube_no_drop_no_beaver(self):
        state = replay(5, WORKED_EXAMPLE[:3], PRESETS["qgammon-1999"])
        assert state.next_game.cube is False
        assert state.next_game.hows == ("played", "resigned")
        assert state.next_game.beaver is False

    def test_1999_offers_a_beaver_but_not_refusing_it(self):
        state = replay(7, [], PRESETS["qgammon-1999"])
        assert state.next_game.cube and state.next_game.beaver
        assert state.next_game.hows == ("played", "resigned", "dropped")

    def test_a_refusable_beaver_season_offers_the_refusal(self):
        state = replay(7, [], RuleSet(beavers=True, beaver_refusable=True))
        assert "beaver_dropped" in state.next_game.hows

    def test_from_2002_no_beaver_at_all(self):
        state = replay(7, [GameResult(0)], PRESETS["qgammon-2002"])
        assert not state.next_game.beaver
        assert "beaver_dropped" not in state.next_game.hows

    def test_nothing_after_the_end(self):
        state = replay(5, WORKED_EXAMPLE)
        assert state.next_game.hows == () and not state.next_game.cube


@settings(max_examples=200, deadline=None)
@given(legal_matches(), st.data())
def test_property_a_game_made_of_what_is_offered_is_accepted(match, data):
    length, games, rules = match
    state = replay(length, games, rules)
    offered = state.next_game
    if state.finished:
        assert offered.hows == ()
        return
    how = data.draw(st.sampled_from(offered.hows))
    cube = data.draw(st.sampled_from([1, 2, 4] if offered.cube else [1]))
    if how == "beaver_dropped":
        cube = max(cube, 2)
    kind = "single" if how in ("dropped", "beaver_dropped") else "gammon"
    beaver = offered.beaver and how != "beaver_dropped" and data.draw(st.booleans())
    game = GameResult(
        data.draw(st.integers(0, 1)), kind, max(cube, 4) if beaver else cube, how, beaver
    )
    replay(length, [*games, game], rules)  # raises IllegalGame if the offer was wrong


def test_crawford_next_from_a_rows_cache_agrees_with_the_replay():
    """What a bracket card reads from a match's row (raw score, Crawford played) gives
    the same answer as replaying the games, whatever the games."""
    import itertools

    from tournament.core.rules import RuleSet
    from tournament.core.scoring import GameResult, crawford_next, replay

    for rules in (RuleSet(), RuleSet(crawford=False)):
        for winners in itertools.product((0, 1), repeat=6):
            games = []
            for winner in winners:
                state = replay(5, games, rules)
                if state.finished:
                    break
                assert (
                    crawford_next(5, state.raw_score, state.crawford_game is not None, rules)
                    == state.next_is_crawford
                )
                games.append(GameResult(winner))


def test_allows_says_what_the_next_game_may_be_without_recording_it():
    state = replay(3, [GameResult(0, cube=2)])  # 2-0 to 3: game 2 is the Crawford game
    assert state.next_is_crawford
    assert state.allows(GameResult(1, kind="gammon"))
    assert not state.allows(GameResult(1, cube=2))
    assert not state.allows(GameResult(1, how="dropped"))
    open_game = replay(5, [GameResult(0)])
    assert open_game.allows(GameResult(1, cube=2, how="dropped"))
    assert not open_game.allows(GameResult(1, kind="gammon", how="dropped"))
    assert not replay(1, [GameResult(0)]).allows(GameResult(1))  # the match is over
