"""Swiss and round-robin tournaments through the operations: the draw stores round 1
(a Swiss) or every round (a round robin), the next Swiss round is paired when the last
match of the round is decided, withdrawals and late arrivals, and the finish."""

from itertools import combinations

import pytest

import builders
from tournament import operations
from tournament.core import club_nights
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, Game, GameReport, Match, Player
from tournament.operations.reports import report_game


@pytest.mark.django_db
class TestSwiss:
    def test_the_draw_pairs_round_one_only_with_a_bye_for_an_odd_field(self, season):
        tournament, players = builders.club_night(season, 11, rng_seed=7)
        matches = list(tournament.matches.all())
        assert {match.round for match in matches} == {1}
        byes = [match for match in matches if match.status == Match.Status.BYE]
        assert len(byes) == 1 and byes[0].winner_id == byes[0].player1_id
        seated = [p for match in matches for p in (match.player1_id, match.player2_id) if p]
        assert sorted(seated) == sorted(player.pk for player in players)
        assert all(match.bracket_id is None for match in matches)

    def test_the_same_seed_gives_the_same_round_one(self, season):
        tournament, _players = builders.club_night(season, 8)
        first = operations.preview_club_draw(tournament, 99)
        assert operations.preview_club_draw(tournament, 99) == first
        assert operations.preview_club_draw(tournament, 100) != first

    def test_seeds_meet_the_lower_half_in_round_one(self, season):
        tournament, players = builders.club_night(season, 8)
        entry = {e.player_id: e.pk for e in tournament.entries.all()}
        operations.set_seeds(tournament, {entry[players[5].pk]: 1, entry[players[2].pk]: 2})
        made = operations.preview_club_draw(tournament, 1)
        pairs = made.rounds[0].pairs
        assert pairs[0][0] == players[5].pk and pairs[1][0] == players[2].pk
        assert {players[5].pk, players[2].pk} not in [set(pair) for pair in pairs]

    def test_the_next_round_is_paired_when_the_last_match_is_decided(self, season):
        tournament, _players = builders.club_night(season, 8, rng_seed=3, start=True)
        first = list(tournament.matches.filter(round=1))
        for match in first[:-1]:
            builders.win(match)
        assert not tournament.matches.filter(round=2).exists()
        builders.win(first[-1])
        second = list(tournament.matches.filter(round=2))
        assert len(second) == 4
        winners = {match.winner_id for match in first}
        # Winners meet winners: with 4 winners of 8 every pair is of equal wins.
        for match in second:
            assert (match.player1_id in winners) == (match.player2_id in winners)
        met = {frozenset((m.player1_id, m.player2_id)) for m in first}
        assert not met & {frozenset((m.player1_id, m.player2_id)) for m in second}
        assert AuditEntry.objects.filter(action=AuditEntry.Action.ROUND_PAIRED).count() == 1

    def test_the_tournament_finishes_after_its_rounds_and_reopens_on_undo(self, season):
        tournament, _players = builders.club_night(season, 6, rounds=3, rng_seed=3, start=True)
        for number in (1, 2, 3):
            builders.play_round(tournament, number)
        tournament.refresh_from_db()
        assert tournament.is_finished
        assert not tournament.matches.filter(round=4).exists()
        last = tournament.matches.filter(round=3).first()
        operations.undo_last_game(last)
        tournament.refresh_from_db()
        assert tournament.is_running

    def test_no_second_bye_while_someone_has_none(self, season):
        tournament, players = builders.club_night(season, 5, rounds=5, rng_seed=11, start=True)
        for number in range(1, 6):
            builders.play_round(tournament, number)
        byes = list(
            tournament.matches.filter(status=Match.Status.BYE).values_list("player1", flat=True)
        )
        assert sorted(byes) == sorted(player.pk for player in players)

    def test_a_withdrawn_player_loses_the_open_match_and_is_not_paired_again(self, season):
        tournament, players = builders.club_night(season, 6, rng_seed=5, start=True)
        leaver = players[0]
        operations.withdraw(tournament, leaver)
        mine = tournament.matches.filter(round=1).involving(leaver).get()
        assert mine.is_decided and mine.by_walkover and mine.winner_id != leaver.pk
        builders.play_round(tournament, 1)
        second = tournament.matches.filter(round=2)
        assert not second.involving(leaver).exists()
        assert second.filter(status=Match.Status.BYE).count() == 1  # 5 players left

    def test_a_late_arrival_joins_the_next_round_with_no_wins(self, season):
        tournament, _players = builders.club_night(season, 6, rng_seed=5, start=True)
        first = tournament.matches.filter(round=1).first()
        builders.win(first)
        late = Player.objects.create(name="Núria Puig")
        changed = operations.add_entry(tournament, late, checked_in=True)
        assert not changed.draw_discarded
        assert operations.draw_problems(tournament) == []
        builders.play_round(tournament, 1)
        assert tournament.matches.filter(round=2).involving(late).exists()

    def test_the_director_pairs_a_round_again_before_it_starts(self, season):
        tournament, _players = builders.club_night(season, 6, rng_seed=5, start=True)
        builders.play_round(tournament, 1)
        late = Player.objects.create(name="Núria Puig")
        operations.add_entry(tournament, late, checked_in=True)
        assert not tournament.matches.filter(round=2).involving(late).exists()
        operations.pair_round_again(tournament)
        assert tournament.matches.filter(round=2).involving(late).exists()
        builders.win(tournament.matches.filter(round=2).open().first())
        with pytest.raises(operations.OperationError, match="has started"):
            operations.pair_round_again(tournament)

    def test_pairing_by_hand_is_refused_while_the_round_is_played(self, season):
        tournament, _players = builders.club_night(season, 6, rng_seed=5)
        with pytest.raises(operations.OperationError, match="still being played"):
            operations.pair_next_round(tournament)

    def test_round_lengths_follow_the_schedule(self, season):
        tournament, _players = builders.club_night(
            season, 4, round_lengths="3,5,7", rounds=3, rng_seed=5, start=True
        )
        builders.play_round(tournament, 1)
        builders.play_round(tournament, 2)
        lengths = dict(tournament.matches.values_list("round", "length").distinct())
        assert lengths == {1: 3, 2: 5, 3: 7}

    def test_club_night_matches_are_rated(self, season):
        tournament, _players = builders.club_night(season, 4, rng_seed=5, start=True)
        builders.play_round(tournament, 1)
        assert set(operations.ratings.rated_matches()) == set(
            tournament.matches.filter(round=1).decided()
        )


@pytest.mark.django_db
class TestRoundRobin:
    def test_every_round_of_every_group_is_stored_at_the_draw(self, season):
        tournament, _players = builders.club_night(
            season, 10, format=club_nights.ROUND_ROBIN, group_size=5, rng_seed=2
        )
        rounds = builders.rounds_of(tournament)
        assert sorted({group for group, _number in rounds}) == [1, 2]
        for group in (1, 2):
            matches = [m for (g, _n), ms in rounds.items() if g == group for m in ms]
            pairs = [frozenset((m.player1_id, m.player2_id)) for m in matches if m.player2_id]
            members = {m.player1_id for m in matches}
            assert len(members) == 5
            assert sorted(pairs, key=sorted) == sorted(
                (frozenset(pair) for pair in combinations(members, 2)), key=sorted
            )
            assert sum(1 for m in matches if m.status == Match.Status.BYE) == 5

    def test_the_whole_field_plays_everyone_once(self, season):
        tournament, _players = builders.club_night(
            season, 4, format=club_nights.ROUND_ROBIN, rng_seed=2
        )
        assert tournament.matches.count() == 6
        assert set(tournament.matches.values_list("group", flat=True)) == {0}

    def test_the_round_robin_finishes_when_every_match_is_decided(self, season):
        tournament, _players = builders.club_night(
            season, 4, format=club_nights.ROUND_ROBIN, rng_seed=2, start=True
        )
        for number in (1, 2, 3):
            builders.play_round(tournament, number)
        tournament.refresh_from_db()
        assert tournament.is_finished

    def test_a_player_is_called_to_one_match_at_a_time(self, season):
        tournament, _players = builders.club_night(season, 4, format=club_nights.ROUND_ROBIN)
        tournament.tables = ["1", "2", "3", "4"]
        tournament.save()
        operations.make_draw(tournament, rng_seed=2)
        operations.start_tournament(tournament)
        ready = tournament.matches.open()
        assert set(ready.values_list("round", flat=True)) == {1}
        assert ready.count() == 2 and all(match.table for match in ready)
        first, second = tournament.matches.filter(round=1)
        builders.win(first)
        # Round 2 waits until both of its players are free.
        for match in tournament.matches.filter(round=2):
            busy = {second.player1_id, second.player2_id} & {match.player1_id, match.player2_id}
            assert match.status == (Match.Status.PENDING if busy else Match.Status.READY)
        operations.undo_last_game(first)
        assert set(tournament.matches.open().values_list("round", flat=True)) == {1}

    def test_a_match_takes_games_only_when_it_is_called(self, season):
        """Round 2 waits for round 1: neither the director nor a player's link records
        a game on it (which would leave both players in two open matches) before
        both its players have finished their round-1 match."""
        tournament, _players = builders.club_night(
            season, 4, format=club_nights.ROUND_ROBIN, rng_seed=2, start=True
        )
        first, second = tournament.matches.filter(round=1)
        builders.win(first)
        waiting = tournament.matches.filter(round=2).first()
        assert waiting.status == Match.Status.PENDING
        reason = "Round 2 starts when both players have finished their round-1 match."
        with pytest.raises(operations.MatchClosed, match=reason):
            operations.record_game(waiting, GameResult(0))
        with pytest.raises(operations.MatchClosed, match=reason):
            report_game(waiting, waiting.player1, GameResult(0))
        with pytest.raises(operations.MatchClosed, match=reason):
            operations.award_penalty(waiting, 0, 1)
        assert not Game.objects.filter(match=waiting).exists()
        assert not GameReport.objects.exists()
        builders.win(second)
        operations.record_game(waiting, GameResult(0))
        waiting.refresh_from_db()
        assert waiting.is_live

    def test_a_friendly_given_its_second_player_takes_its_games(self, season, players):
        """Only a round robin's match waits to be called: a friendly made while its
        second player was unknown takes games once it has one."""
        tournament, _players = builders.club_night(
            season, 4, format=club_nights.ROUND_ROBIN, rng_seed=2
        )
        friendly = operations.create_match(tournament, players[0], None, 3)
        operations.correct_friendly(friendly, players[0], players[1], 3, [GameResult(0)])
        assert friendly.games.count() == 1

    def test_a_withdrawn_player_loses_every_match_left(self, season):
        tournament, players = builders.club_night(
            season, 4, format=club_nights.ROUND_ROBIN, rng_seed=2, start=True
        )
        operations.withdraw(tournament, players[0])
        mine = tournament.matches.involving(players[0])
        assert all(match.by_walkover for match in mine)
        assert mine.count() == 3

    def test_a_late_arrival_cannot_join_a_round_robin_under_way(self, season):
        tournament, _players = builders.club_night(
            season, 4, format=club_nights.ROUND_ROBIN, rng_seed=2, start=True
        )
        builders.win(tournament.matches.open().first())
        with pytest.raises(operations.OperationError):
            operations.add_entry(tournament, Player.objects.create(name="Tard"), checked_in=True)


@pytest.mark.django_db
def test_changing_the_format_discards_a_draw_with_no_results(season):
    tournament, _players = builders.club_night(season, 4, rng_seed=2)
    changed = operations.change_tournament(tournament, {"format": club_nights.ROUND_ROBIN}, {})
    assert changed.draw_discarded
    assert not tournament.matches.exists()


@pytest.mark.django_db
class TestKnockoutAfterGroups:
    def make(self, season, knockout=2):
        tournament, players = builders.club_night(
            season,
            8,
            format=club_nights.ROUND_ROBIN,
            group_size=4,
            knockout=knockout,
            rng_seed=6,
            start=True,
        )
        return tournament, players

    def play_groups(self, tournament):
        for number in (1, 2, 3):
            builders.play_round(tournament, number)

    def test_the_knockout_is_drawn_when_the_groups_are_played(self, season):
        tournament, _players = self.make(season)
        assert not tournament.matches.filter(bracket__isnull=False).exists()
        self.play_groups(tournament)
        places = operations.club_nights.group_places(tournament)
        first = tournament.matches.filter(bracket__isnull=False, round=1).order_by("position")
        pairs = [{m.player1_id, m.player2_id} for m in first]
        # Seeds from the group places: each winner meets the other group's runner-up.
        assert sorted(pairs, key=sorted) == sorted(
            [{places[0][0], places[1][1]}, {places[1][0], places[0][1]}], key=sorted
        )
        tournament.refresh_from_db()
        assert tournament.is_running

    def test_the_knockout_final_finishes_the_tournament_with_places_for_all(self, season):
        from tournament.queries.standings import tournament_standings

        tournament, _players = self.make(season)
        self.play_groups(tournament)
        for _step in range(3):
            for match in tournament.matches.filter(bracket__isnull=False).open():
                builders.win(match)
        tournament.refresh_from_db()
        assert tournament.is_finished
        places = sorted(place.place for place in tournament_standings(tournament).places)
        assert places == [(1, 1), (2, 2), (3, 4), (3, 4), (5, 6), (5, 6), (7, 8), (7, 8)]

    def test_a_group_result_undone_takes_back_a_knockout_not_started(self, season):
        tournament, _players = self.make(season, knockout=1)
        self.play_groups(tournament)
        assert tournament.matches.filter(bracket__isnull=False).exists()
        last = tournament.matches.in_rounds().decided().order_by("-decided_at").first()
        operations.undo_last_game(last)
        assert not tournament.matches.filter(bracket__isnull=False).exists()
        builders.win(last, side=last.winner_side or 0)
        assert tournament.matches.filter(bracket__isnull=False).exists()

    def test_a_group_result_cannot_change_once_the_knockout_started(self, season):
        tournament, _players = self.make(season, knockout=1)
        self.play_groups(tournament)
        final = tournament.matches.get(bracket__isnull=False)
        operations.record_game(final, GameResult(0))
        last = tournament.matches.in_rounds().decided().order_by("-decided_at").first()
        with pytest.raises(operations.OperationError, match="knockout has started"):
            operations.undo_last_game(last)
        last.refresh_from_db()
        assert last.is_decided

    def test_one_group_sending_its_winner_alone_has_no_knockout(self, season):
        from tournament.queries.standings import tournament_standings

        tournament, _players = builders.club_night(
            season,
            4,
            format=club_nights.ROUND_ROBIN,
            group_size=4,
            knockout=1,
            rng_seed=6,
            start=True,
        )
        self.play_groups(tournament)
        tournament.refresh_from_db()
        assert tournament.is_finished
        assert not tournament.matches.filter(bracket__isnull=False).exists()
        assert min(place.place for place in tournament_standings(tournament).places) == (1, 1)

    def test_one_group_sending_winner_and_runner_up_plays_a_final(self, season):
        from tournament.queries.standings import tournament_standings

        tournament, _players = builders.club_night(
            season,
            4,
            format=club_nights.ROUND_ROBIN,
            group_size=4,
            knockout=2,
            rng_seed=6,
            start=True,
        )
        self.play_groups(tournament)
        final = tournament.matches.get(bracket__isnull=False)
        builders.win(final)
        places = sorted(place.place for place in tournament_standings(tournament).places)
        assert places == [(1, 1), (2, 2), (3, 3), (4, 4)]


@pytest.mark.django_db
def test_a_rounds_match_is_not_a_friendly_to_rewrite_or_delete(season):
    tournament, players = builders.club_night(season, 4, rng_seed=2)
    match = tournament.matches.filter(round=1).first()
    assert match.from_draw and not operations.may_delete_match(match)
    with pytest.raises(operations.OperationError, match="pairing"):
        operations.correct_friendly(match, players[0], players[1], 7, [])
    match.refresh_from_db()
    assert match.length == 5


@pytest.mark.django_db
def test_a_finished_swiss_given_another_round_pairs_it_and_runs_again(season):
    tournament, _players = builders.club_night(season, 6, rounds=2, rng_seed=3, start=True)
    builders.play_round(tournament, 1)
    builders.play_round(tournament, 2)
    tournament.refresh_from_db()
    assert tournament.is_finished
    operations.change_tournament(tournament, {"rounds": 3}, {})
    tournament.refresh_from_db()
    assert tournament.is_running
    assert tournament.matches.filter(round=3).count() == 3
    with pytest.raises(operations.OperationError, match="at least 3 rounds"):
        operations.change_tournament(tournament, {"rounds": 2}, {})


@pytest.mark.django_db
def test_the_operations_refuse_a_format_the_core_calls_unsound(season):
    """Not only the form: any caller of the operations (the demo, a command) hears it."""
    fields = {"season": season, "name": "Nit", "date": "2002-03-01", "format": "swiss"}
    with pytest.raises(operations.OperationError, match="no consolation"):
        operations.create_tournament({**fields, "consolation": "first_round"}, {})
    with pytest.raises(operations.OperationError, match="round robin played in groups"):
        operations.create_tournament({**fields, "knockout": 1}, {})
    tournament = operations.create_tournament(fields, {})
    with pytest.raises(operations.OperationError, match="no consolation"):
        operations.change_tournament(tournament, {"consolation": "progressive"}, {})
    tournament.refresh_from_db()
    assert tournament.consolation == "none"


@pytest.mark.django_db
def test_a_round_robins_played_rounds_keep_their_length_and_the_rest_follow(season):
    tournament, _players = builders.club_night(
        season, 4, format=club_nights.ROUND_ROBIN, round_lengths="3,5,7", rng_seed=2, start=True
    )
    builders.play_round(tournament, 1)
    with pytest.raises(operations.OperationError, match="Round 1 already has results, at 3"):
        operations.change_tournament(tournament, {"round_lengths": "5"}, {})
    # "3,5,7" to "3,5,9": round 3 is still to play, its matches take the new length.
    operations.change_tournament(tournament, {"round_lengths": "3,5,9"}, {})
    lengths = dict(tournament.matches.between_two().values_list("round", "length").distinct())
    assert lengths == {1: 3, 2: 5, 3: 9}
