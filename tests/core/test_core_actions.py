"""What the core says may be done with a match, a round's length from a bracket's
schedule, the Crawford leader and the most games of a match: the rules the director's
pages used to decide by themselves."""

import pytest

from tournament.core import actions, fixed_settings, schedule
from tournament.core.scoring import GameResult, max_games, replay


def situation(players_known=True, decided_by="", games=(), length=5):
    return actions.MatchSituation.of(players_known, decided_by, replay(length, list(games)))


def test_a_match_ready_to_start_takes_a_game_or_a_walkover():
    allowed = actions.allowed(situation())
    assert allowed.game and allowed.walkover
    assert not (allowed.retirement or allowed.undo or allowed.reopen)


def test_a_match_under_way_takes_a_game_a_retirement_or_an_undo():
    allowed = actions.allowed(situation(games=[GameResult(0)]))
    assert allowed.game and allowed.retirement and allowed.undo
    assert not (allowed.walkover or allowed.reopen)


def test_a_match_decided_by_its_games_takes_only_an_undo_or_a_correction():
    allowed = actions.allowed(situation(games=[GameResult(0, "backgammon", cube=2)]))
    assert allowed == actions.Allowed(
        game=False, undo=True, walkover=False, retirement=False, reopen=False, correct=True
    )


@pytest.mark.parametrize("how", ["walkover", "retirement"])
def test_a_walkover_or_retirement_can_only_be_taken_back(how):
    games = [GameResult(0)] if how == "retirement" else []
    allowed = actions.allowed(situation(decided_by=how, games=games))
    assert allowed == actions.Allowed(
        game=False, undo=False, walkover=False, retirement=False, reopen=True
    )


def test_a_draft_tournaments_match_takes_no_game_until_it_starts():
    # Drawn, both players known, the tournament a draft dated next week: no game, no
    # penalty point, no clock, whoever sends it (the sheet, a report, a file).
    state = replay(5, [])
    draft = actions.MatchSituation.of(True, "", state, clock_policy="allowed", started=False)
    allowed = actions.allowed(draft)
    assert not (allowed.game or allowed.penalty or allowed.clock or allowed.correct)
    assert allowed.walkover  # a player who will not come is no game
    started = actions.MatchSituation.of(True, "", state, clock_policy="allowed", started=True)
    assert actions.allowed(started).game and actions.allowed(started).penalty


def test_any_game_of_a_match_played_by_its_games_may_be_corrected():
    under_way = actions.allowed(situation(games=[GameResult(0), GameResult(1)]))
    assert under_way.correct
    assert not actions.allowed(situation()).correct  # no game yet
    retired = actions.allowed(situation(decided_by="retirement", games=[GameResult(0)]))
    assert not retired.correct  # decided without its games: taken back first


def test_a_match_waiting_for_a_player_allows_nothing():
    allowed = actions.allowed(situation(players_known=False))
    assert not any(vars(allowed).values())


def test_the_crawford_leader_is_the_player_one_point_away():
    # The worked example: 4-1 after game 3, White (side 0) leads into the Crawford game.
    state = replay(5, [GameResult(0, "gammon"), GameResult(1), GameResult(0, "gammon")])
    assert state.next_is_crawford and state.crawford_leader == 0
    state = replay(5, [GameResult(1, "gammon", cube=2)])
    assert state.next_is_crawford and state.crawford_leader == 1
    assert replay(5, [GameResult(0)]).crawford_leader is None


@pytest.mark.parametrize("length", [1, 2, 5, 11])
def test_the_most_games_of_a_match_can_be_played(length):
    # Alternating single wins reach (length - 1, length - 1), then one more decides.
    games = [GameResult(number % 2) for number in range(2 * (length - 1))]
    games.append(GameResult(0))
    state = replay(length, games)
    assert state.finished and len(state.games) == max_games(length)


def test_a_schedule_gives_each_rounds_length():
    lengths = schedule.parse_lengths(" 5, 5;7 9 ")
    assert lengths == (5, 5, 7, 9)
    assert [schedule.length_for_round(lengths, number) for number in (1, 3, 4, 7)] == [5, 7, 9, 9]
    assert schedule.normalize("5, 5 ,7") == "5,5,7"
    assert schedule.length_for_round((), 3) == 5


@pytest.mark.parametrize("text", ["", "5,abc", "0", "100", "5,-3", "٥", ",".join(["5"] * 13)])
def test_a_bad_schedule_is_refused_with_a_reason(text):
    with pytest.raises(schedule.ScheduleError) as refused:
        schedule.parse_lengths(text)
    assert refused.value.message()


def test_a_match_not_called_yet_takes_no_game_nor_penalty_but_a_walkover():
    """A round robin's match whose players still play an earlier round: no game and no
    lateness yet; a walkover (a withdrawn player's later matches) and a double loss
    (nobody came by the deadline) stay possible."""
    waiting = actions.MatchSituation.of(True, "", replay(5, []), in_rounds=True, called=False)
    allowed = actions.allowed(waiting)
    assert not (allowed.game or allowed.penalty or allowed.clock or allowed.on_time)
    assert allowed.walkover and allowed.double_loss


@pytest.mark.parametrize(
    ("new", "played", "refused"),
    [
        ((5, 5, 9), {1, 2}, None),  # round 3 still to play: any length
        ((5, 5, 9), {1, 2, 3}, 3),  # round 3 played at 7
        ((5, 5, 7, 9), {1, 2, 3}, None),  # round 4 and on, not played yet, at 9
        ((5, 5, 7, 9), {4}, 4),  # round 4 was played at 7, the last length
        ((7,), {1}, 1),
        ((5, 5, 7), set(), None),
    ],
)
def test_a_played_rounds_length_is_fixed(new, played, refused):
    if refused is None:
        schedule.check_played_rounds((5, 5, 7), new, played)
        return
    with pytest.raises(schedule.ScheduleError) as error:
        schedule.check_played_rounds((5, 5, 7), new, played)
    assert error.value.params["number"] == refused


def test_what_the_draw_the_results_and_the_finish_fix():
    assert fixed_settings.fixed_settings(drawn=False, has_results=False, finished=False) == {}
    drawn = fixed_settings.fixed_settings(drawn=True, has_results=False, finished=False)
    assert set(drawn) == {"season"}
    running = fixed_settings.fixed_settings(drawn=True, has_results=True, finished=False)
    assert "consolation" in running and "fee" not in running  # fees may still be taken
    finished = fixed_settings.fixed_settings(drawn=True, has_results=True, finished=True)
    assert {"fee", "side_pool_fee", "payouts", "club_cut"} <= set(finished)
