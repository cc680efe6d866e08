"""record_game / undo_last_game / replace_games keep the cached score equal to replay()."""

import pytest

from tournament import operations
from tournament.core.scoring import GameResult, IllegalGame, replay
from tournament.models import AuditEntry, Game, Match

WORKED_EXAMPLE = [
    GameResult(0, "gammon"),
    GameResult(1),
    GameResult(0, "gammon"),
    GameResult(1),
    GameResult(1, cube=2),
    GameResult(0, cube=2),
]


def assert_cache_matches_replay(match):
    match.refresh_from_db()
    state = replay(match.length, match.game_results(), match.rules)
    assert (match.score1, match.score2) == state.score
    assert (match.raw_score1, match.raw_score2) == state.raw_score
    assert match.crawford_game == state.crawford_game
    expected_winner = match.players[state.winner] if state.finished else None
    assert match.winner == expected_winner
    assert [g.crawford for g in match.games.all()] == [o.crawford for o in state.games]
    assert [g.points for g in match.games.all()] == [o.points for o in state.games]
    return state


def test_recording_the_worked_example(match, director):
    for number, result in enumerate(WORKED_EXAMPLE, start=1):
        game = operations.record_game(match, result, user=director)
        assert game.number == number
        assert_cache_matches_replay(match)
    match.refresh_from_db()
    assert match.score == (5, 4)
    assert (match.raw_score1, match.raw_score2) == (6, 4)
    assert match.crawford_game == 4
    assert match.status == Match.Status.DECIDED and match.decided_by == "games"
    assert match.winner == match.player1
    assert match.decided_at is not None
    assert Game.objects.get(match=match, number=4).crawford
    assert match.version == 6


def test_an_illegal_game_is_refused_and_nothing_changes(match):
    for result in WORKED_EXAMPLE[:3]:
        operations.record_game(match, result)
    match.refresh_from_db()
    version, entries = match.version, AuditEntry.objects.count()
    with pytest.raises(IllegalGame, match="Crawford game"):
        operations.record_game(match, GameResult(1, cube=2))
    match.refresh_from_db()
    assert match.games.count() == 3
    assert match.version == version
    assert AuditEntry.objects.count() == entries
    assert_cache_matches_replay(match)


def test_a_game_after_the_match_is_decided_is_refused(match):
    for result in WORKED_EXAMPLE:
        operations.record_game(match, result)
    with pytest.raises(IllegalGame, match="after the match was decided"):
        operations.record_game(match, GameResult(1))
    assert match.games.count() == 6


def test_undo_reopens_a_decided_match(match, director):
    for result in WORKED_EXAMPLE:
        operations.record_game(match, result)
    removed = operations.undo_last_game(match, user=director)
    assert removed.number == 6
    state = assert_cache_matches_replay(match)
    assert not state.finished
    match.refresh_from_db()
    assert match.status == Match.Status.LIVE and match.winner is None
    assert match.decided_at is None and match.decided_by == ""
    entry = AuditEntry.objects.filter(action="game_undone").get()
    assert entry.user == director
    assert len(entry.before["games"]) == 6 and len(entry.after["games"]) == 5
    assert entry.before["games"][-1]["cube"] == 2


def test_undo_back_to_the_start(match):
    operations.record_game(match, GameResult(0))
    operations.undo_last_game(match)
    match.refresh_from_db()
    assert match.status == Match.Status.READY
    assert match.score == (0, 0)
    with pytest.raises(operations.MatchClosed):
        operations.undo_last_game(match)


def test_a_stale_version_is_refused(match):
    operations.record_game(match, GameResult(0))
    with pytest.raises(operations.StaleMatch):
        operations.record_game(match, GameResult(1), expected_version=0)
    match.refresh_from_db()
    operations.record_game(match, GameResult(1), expected_version=match.version)
    assert match.games.count() == 2


def test_no_games_before_both_players_are_known(tournament, players):
    match = Match.objects.create(tournament=tournament, player1=players[0], length=3)
    with pytest.raises(operations.MatchClosed):
        operations.record_game(match, GameResult(0))
    assert match.games.count() == 0


def test_every_change_is_audited_with_before_and_after(match, director):
    operations.record_game(match, GameResult(0, "gammon"), user=director)
    entry = AuditEntry.objects.get()
    assert entry.action == "game_recorded"
    assert entry.match == match and entry.tournament == match.tournament
    assert entry.before["score"] == [0, 0] and entry.after["score"] == [2, 0]
    assert "Anna Bosch" in entry.summary


def test_replace_games_checks_the_whole_list_first(match):
    for result in WORKED_EXAMPLE[:4]:
        operations.record_game(match, result)
    bad = [*WORKED_EXAMPLE[:2], GameResult(0, cube=3)]
    with pytest.raises(IllegalGame):
        operations.replace_games(match, bad)
    assert match.games.count() == 4
    operations.replace_games(match, WORKED_EXAMPLE)
    state = assert_cache_matches_replay(match)
    assert state.finished and match.games.count() == 6


def test_season_rules_apply_1999_backgammon_counts_double(season_1999, players):
    from tournament.models import Tournament

    tournament = Tournament.objects.create(season=season_1999, name="Copa 1999", status="running")
    match = Match.objects.create(
        tournament=tournament, player1=players[0], player2=players[1], length=7
    )
    game = operations.record_game(match, GameResult(1, "backgammon", cube=2))
    assert game.points == 4
    operations.record_game(match, GameResult(0, cube=4, beaver=True))
    match.refresh_from_db()
    assert match.score == (4, 4)
