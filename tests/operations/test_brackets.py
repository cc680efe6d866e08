"""Whole cups played through the operations, game by game, to a champion in every
bracket; walkovers, withdrawals, and corrections that re-open later matches."""

import random
from dataclasses import replace

import pytest
from django.db.models import Q

import builders
from tournament import operations
from tournament.core import draw, sample_games
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, Game, Match, Tournament
from tournament.models import stored_draw as brackets


def make_cup(season, size, consolation=draw.NO_CONSOLATION, last_chance=False, seeds=0, k=2):
    """Not drawn: the tests draw it."""
    return builders.cup(
        season,
        size,
        name=f"Copa {size} {consolation} {last_chance}",
        date=None,
        brackets={draw.MAIN: "3,3,5,5,7,7", draw.CONSOLATION: "3", draw.LAST_CHANCE: "1"},
        seeds=seeds,
        rng_seed=None,
        consolation=consolation,
        last_chance=last_chance,
        progressive_rounds=k,
    )


def assert_consistent(tournament):
    stored = brackets.load(tournament)
    assert stored.problems() == []
    for match in tournament.matches.filter(
        status__in=["live", "decided"], decided_by__in=["", "games"]
    ):
        state = match.replay()
        assert match.score == state.score


def play_to_the_end(tournament, rng, check_every=1):
    """Enter random legal games on random open matches until nothing is open."""
    steps = 0
    while True:
        open_matches = list(
            tournament.matches.filter(status__in=["ready", "live"]).select_related(
                "tournament__season"
            )
        )
        if not open_matches:
            break
        match = rng.choice(open_matches)
        state = match.replay()
        operations.record_game(match, sample_games.next_game(state, rng))
        steps += 1
        if steps % check_every == 0:
            assert_consistent(tournament)
    assert_consistent(tournament)
    return steps


def champions(tournament):
    stored = brackets.load(tournament)
    return {bracket.kind: stored.champion_id(bracket.kind) for bracket in stored.plan.brackets}


# Among the suite's slowest (6 s for 64 in one process on 2 busy cores): a 64-player cup
# played to its champion in every bracket, checked every 7 matches
@pytest.mark.parametrize(
    ("size", "consolation", "last_chance", "seeds"),
    [
        (13, draw.FIRST_ROUND, False, 4),
        (16, draw.PROGRESSIVE, True, 0),
        (27, draw.PROGRESSIVE, True, 8),
        (64, draw.FIRST_ROUND, True, 16),
    ],
)
def test_a_whole_cup_to_a_champion_in_every_bracket(season, size, consolation, last_chance, seeds):
    tournament = make_cup(season, size, consolation, last_chance, seeds)
    plan = operations.make_draw(tournament, rng_seed=size)
    operations.start_tournament(tournament)
    play_to_the_end(tournament, random.Random(size), check_every=7)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    found = champions(tournament)
    assert set(found) == {bracket.kind for bracket in plan.brackets}
    assert all(found.values()), found
    # The main champion won every match they played and never lost one.
    winner = found[draw.MAIN]
    main = tournament.matches.filter(bracket__kind=draw.MAIN, status="decided")
    assert not main.exclude(winner_id=winner).filter(player1_id=winner).exists()
    assert not main.exclude(winner_id=winner).filter(player2_id=winner).exists()
    # Every entrant has a final place in the main bracket, 1 for the champion only.
    places = brackets.load(tournament).places(draw.MAIN)
    assert len(places) == size and places[winner] == (1, 1)
    assert sorted(place for place in places.values() if place == (1, 1)) == [(1, 1)]

    # A correction of an early match that changes its winner: the mirror of its games.
    early = (
        tournament.matches.filter(bracket__kind=draw.MAIN, round=1, decided_by="games")
        .order_by("position")
        .first()
    )
    mirrored = [replace(result, winner=1 - result.winner) for result in early.game_results()]
    new_winner = early.player2_id if early.winner_id == early.player1_id else early.player1_id
    with pytest.raises(operations.NeedsConfirmation) as asked:
        operations.replace_games(early, mirrored)
    listed = {match.pk for match in asked.value.matches}
    onward = tournament.matches.get(
        Q(source1_match=early, source1_kind="winner")
        | Q(source2_match=early, source2_kind="winner")
    )
    assert onward.pk in listed
    assert all(
        match.status in ("live", "decided") for match in asked.value.matches
    )  # only what had started is listed
    operations.replace_games(early, mirrored, confirm=True)
    assert AuditEntry.objects.filter(action="match_reopened").count() == len(listed)
    assert_consistent(tournament)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    onward.refresh_from_db()
    assert new_winner in (onward.player1_id, onward.player2_id)
    play_to_the_end(tournament, random.Random(size + 1), check_every=11)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert all(champions(tournament).values())


def test_the_same_seed_gives_the_same_draw_and_remaking_is_allowed_until_play(season):
    tournament = make_cup(season, 12, draw.FIRST_ROUND)
    operations.make_draw(tournament, rng_seed=7)
    first = list(tournament.matches.values_list("player1", "player2", "round", "position"))
    operations.make_draw(tournament, rng_seed=8)
    operations.make_draw(tournament, rng_seed=7)
    again = list(tournament.matches.values_list("player1", "player2", "round", "position"))
    assert sorted(first, key=str) == sorted(again, key=str)
    tournament.refresh_from_db()
    assert tournament.draw_seed == 7
    assert AuditEntry.objects.filter(action="draw_made").count() == 3
    operations.start_tournament(tournament)
    match = tournament.matches.filter(status="ready").first()
    operations.record_game(match, GameResult(0))
    with pytest.raises(operations.OperationError, match="cannot be made again"):
        operations.make_draw(tournament, rng_seed=9)
    assert tournament.matches.filter(pk=match.pk).exists()


def test_byes_and_lengths_per_round(season):
    tournament = make_cup(season, 5)
    operations.make_draw(tournament, rng_seed=1)
    round1 = tournament.matches.filter(round=1).order_by("position")
    assert [match.status for match in round1] == ["bye", "ready", "bye", "bye"]
    assert all(match.length == 3 for match in round1)
    final = tournament.matches.get(round=3)
    assert final.length == 5
    # The byes already carried their players into round 2.
    round2 = tournament.matches.filter(round=2).order_by("position")
    assert round2[1].status == "ready" and round2[0].status == "pending"


def decide(match, winner):
    match.refresh_from_db()
    while match.status != "decided":
        operations.record_game(match, GameResult(winner, "backgammon", cube=2))
        match.refresh_from_db()


def test_a_correction_lists_the_later_matches_and_reopens_them_once_confirmed(season, director):
    tournament = make_cup(season, 8, draw.FIRST_ROUND)
    operations.make_draw(tournament, rng_seed=3)
    operations.start_tournament(tournament)
    first = tournament.matches.get(bracket__kind="main", round=1, position=1)
    decide(first, 0)
    second = tournament.matches.get(bracket__kind="main", round=1, position=2)
    decide(second, 1)
    semi = tournament.matches.get(bracket__kind="main", round=2, position=1)
    assert semi.player1_id == first.player1_id
    operations.record_game(semi, GameResult(0))  # the semi-final has started
    consolation = tournament.matches.get(bracket__kind="consolation", player1=first.player2)
    assert consolation.player1_id == first.player2_id  # the loser went to the consolation

    first.refresh_from_db()
    with pytest.raises(operations.NeedsConfirmation) as asked:
        operations.undo_last_game(first, user=director)
    assert [match.pk for match in asked.value.matches] == [semi.pk]
    assert semi.games.count() == 1  # nothing changed yet
    first.refresh_from_db()
    assert first.status == "decided"

    operations.undo_last_game(first, user=director, confirm=True)
    semi.refresh_from_db()
    consolation.refresh_from_db()
    assert semi.games.count() == 0 and semi.status == "pending" and semi.player1_id is None
    assert consolation.player1_id is None and consolation.status == "pending"
    reopened = AuditEntry.objects.get(action="match_reopened", match=semi)
    assert len(reopened.before["games"]) == 1  # the semi-final's game kept in the history
    assert reopened.user == director
    assert_consistent(tournament)

    # Now the other player wins game by game, and the bracket follows.
    first.refresh_from_db()
    decide(first, 1)
    semi.refresh_from_db()
    consolation = tournament.matches.get(bracket__kind="consolation", player1=first.player1)
    assert semi.player1_id == first.player2_id
    assert_consistent(tournament)


def test_changing_the_winner_through_replace_games(season):
    tournament = make_cup(season, 4)
    operations.make_draw(tournament, rng_seed=1)
    operations.start_tournament(tournament)
    first = tournament.matches.get(round=1, position=1)
    decide(first, 0)
    final = tournament.matches.get(round=2)
    assert final.player1_id == first.player1_id
    operations.replace_games(first, [GameResult(1), GameResult(1, "gammon")])
    final.refresh_from_db()
    assert final.player1_id == first.player2_id  # nothing had started: no question asked
    assert_consistent(tournament)


def test_walkover_and_retirement_move_the_bracket(season, director):
    tournament = make_cup(season, 4)
    operations.make_draw(tournament, rng_seed=1)
    operations.start_tournament(tournament)
    first, second = tournament.matches.filter(round=1).order_by("position")
    operations.walkover(first, 1, user=director)
    operations.record_game(second, GameResult(0))
    operations.retire(second, 0, user=director)
    final = tournament.matches.get(round=2)
    assert (final.player1_id, final.player2_id) == (first.player2_id, second.player2_id)
    second.refresh_from_db()
    assert second.decided_by == "retirement" and second.games.count() == 1
    assert AuditEntry.objects.filter(action__in=["walkover", "retirement"]).count() == 2
    with pytest.raises(operations.MatchClosed):
        operations.record_game(first, GameResult(0))
    operations.reopen(first, user=director)
    final.refresh_from_db()
    assert final.player1_id is None
    assert_consistent(tournament)


def test_a_withdrawn_player_loses_their_later_matches_by_walkover(season):
    tournament = make_cup(season, 8, draw.FIRST_ROUND)
    operations.make_draw(tournament, rng_seed=5)
    operations.start_tournament(tournament)
    first = tournament.matches.get(bracket__kind="main", round=1, position=1)
    quitter = first.player2
    operations.withdraw(tournament, quitter)
    first.refresh_from_db()
    assert first.decided_by == "walkover" and first.winner_id == first.player1_id
    # As a first-round loser they drop into the consolation, and lose that by walkover
    # as soon as their opponent there is known.
    consolation = tournament.matches.get(bracket__kind="consolation", player1=quitter)
    assert consolation.status in ("pending", "decided")
    opponent_match = tournament.matches.get(bracket__kind="main", round=1, position=4)
    decide(opponent_match, 0)
    consolation.refresh_from_db()
    assert consolation.decided_by == "walkover" and consolation.winner_id != quitter.pk
    assert_consistent(tournament)


def test_a_finished_cup_is_running_again_after_a_correction(season):
    tournament = make_cup(season, 2)
    operations.make_draw(tournament, rng_seed=1)
    operations.start_tournament(tournament)
    final = tournament.matches.get()
    decide(final, 0)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    operations.undo_last_game(final)
    tournament.refresh_from_db()
    assert tournament.status == "running"


def test_no_game_in_a_match_whose_players_are_unknown(season):
    tournament = make_cup(season, 4)
    operations.make_draw(tournament, rng_seed=1)
    final = tournament.matches.get(round=2)
    with pytest.raises(operations.MatchClosed):
        operations.record_game(final, GameResult(0))
    assert Game.objects.count() == 0


def test_starting_needs_a_draw(season):
    tournament = make_cup(season, 4)
    with pytest.raises(operations.OperationError):
        operations.start_tournament(tournament)
    operations.make_draw(tournament, rng_seed=1)
    operations.start_tournament(tournament)
    tournament.refresh_from_db()
    assert tournament.status == "running"


def test_a_match_played_by_players_the_plan_does_not_have_is_refused(season):
    tournament = make_cup(season, 4)
    operations.make_draw(tournament, rng_seed=1)
    operations.start_tournament(tournament)
    first = tournament.matches.get(round=1, position=1)
    decide(first, 0)
    final = tournament.matches.get(round=2)
    operations.record_game(tournament.matches.get(round=1, position=2), GameResult(0))
    # Someone put the wrong player into the final behind the operations' back.
    Match.objects.filter(pk=final.pk).update(player1=first.player2, status="live")
    with pytest.raises(operations.BracketInconsistent):
        operations.record_game(
            tournament.matches.get(round=1, position=2), GameResult(0, "backgammon", cube=2)
        )


def test_on_a_day_without_tables_a_match_readied_by_a_result_is_called_then(season):
    """Its clock on the wall starts when the result readies it (the desk's "running
    over" counts from there), and stops counting when the result is taken back."""
    cup = builders.cup(season, 4, start=True, brackets={draw.MAIN: "1,1"})
    assert not cup.tables
    first, second = cup.matches.filter(round=1).order_by("position")
    operations.record_game(first, GameResult(winner=0))
    final = cup.matches.get(round=2)
    assert final.status == Match.Status.PENDING and final.called_at is None
    operations.record_game(second, GameResult(winner=0))
    final.refresh_from_db()
    assert final.status == Match.Status.READY
    assert final.called_at is not None
    operations.undo_last_game(second, confirm=True)
    final.refresh_from_db()
    assert (final.status, final.called_at) == (Match.Status.PENDING, None)
