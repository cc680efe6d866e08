"""A Swiss with lives through the operations: rounds paired by themselves until one
player is left, a player out at the Nth loss and never paired again, a round taken back
when a result before it is undone, the re-entry with its fee in the cash box."""

from decimal import Decimal

import pytest

import builders
from tournament import operations
from tournament.core import club_nights
from tournament.core import lives as core
from tournament.models import AuditEntry, Bracket, Match, Payment
from tournament.operations import lives
from tournament.operations.errors import OperationError
from tournament.queries.cash_box import tournament_cash


def lives_night(season, count, **settings):
    tournament, players = builders.club_night(
        season, count, format=club_nights.LIVES, rng_seed=5, start=True, **settings
    )
    return tournament, players


def losses_of(tournament):
    """Each player's losses as the rows say (byes are no loss)."""
    losses = {}
    for match in tournament.matches.in_rounds().between_two().filter(winner__isnull=False):
        loser = match.player2_id if match.winner_id == match.player1_id else match.player1_id
        losses[loser] = losses.get(loser, 0) + 1
    return losses


@pytest.mark.django_db
class TestPlayedOut:
    def test_it_plays_until_one_is_left_and_nobody_plays_after_their_last_life(self, season):
        tournament, players = lives_night(season, 7, lives=2)
        builders.play_out(tournament, pick=lambda match: match.pk % 2)
        assert tournament.is_finished
        event = lives.state(tournament)
        assert event.winner is not None
        losses = losses_of(tournament)
        assert losses.get(event.winner, 0) < 2
        for player in players:
            if player.pk == event.winner:
                continue
            assert losses[player.pk] == 2  # out exactly at the second loss
            out = event.records[player.pk].out_round
            later = tournament.matches.filter(round__gt=out).involving(player.pk)
            assert not later.exists()
        # Every round: each player still in plays once or has the bye.
        for number in range(1, event.last_round + 1):
            seated = [
                p
                for m in tournament.matches.filter(round=number)
                for p in (m.player1_id, m.player2_id)
                if p
            ]
            assert len(seated) == len(set(seated))
        paired = AuditEntry.objects.filter(action=AuditEntry.Action.ROUND_PAIRED).count()
        assert paired == event.last_round - 1

    def test_a_single_final_ends_it_whatever_the_losses(self, season):
        tournament, _players = lives_night(season, 2, lives=3, playoff=core.SINGLE_FINAL)
        (final,) = tournament.matches.all()
        builders.win(final)
        tournament.refresh_from_db()
        assert tournament.is_finished
        assert tournament.matches.count() == 1


@pytest.mark.django_db
class TestTakenBack:
    def test_a_round_not_started_goes_when_a_result_before_it_is_undone(self, season):
        tournament, _players = lives_night(season, 4, lives=2)
        builders.play_round(tournament, 1)
        assert tournament.matches.filter(round=2).count() == 2
        last = tournament.matches.filter(round=1).order_by("-pk").first()
        operations.undo_last_game(last, confirm=True)
        assert not tournament.matches.filter(round=2).exists()
        # Decided again the other way: round 2 is paired anew.
        builders.win(last, 1)
        assert tournament.matches.filter(round=2).count() == 2

    def test_the_tournament_runs_again_when_the_last_result_is_undone(self, season):
        tournament, _players = lives_night(season, 2, lives=2, playoff=core.SINGLE_FINAL)
        (final,) = tournament.matches.all()
        builders.win(final)
        operations.undo_last_game(final)
        tournament.refresh_from_db()
        assert tournament.is_running


@pytest.mark.django_db
class TestReentry:
    def _out_after_two_rounds(self, season, **settings):
        tournament, _players = lives_night(season, 8, lives=2, **settings)
        Bracket.objects.get_or_create(tournament=tournament, kind="main")
        builders.play_round(tournament, 1)
        builders.play_round(tournament, 2)
        event = lives.state(tournament)
        out = [key for key, record in event.records.items() if record.out_round == 2]
        return tournament, out

    def test_an_eliminated_player_buys_back_in_once_with_one_life(self, season):
        tournament, out = self._out_after_two_rounds(season, reentry_fee=Decimal("5.00"))
        entry = tournament.entries.get(player_id=out[0])
        operations.reenter(tournament, entry, method="cash")
        event = lives.state(tournament)
        assert event.records[out[0]].still_in() and event.lives_left(out[0]) == 1
        assert AuditEntry.objects.filter(action=AuditEntry.Action.REENTRY).count() == 1
        payment = Payment.objects.get(entry=entry, reentry=True)
        assert payment.amount == Decimal("5.00") and payment.bracket == "main"
        # The fee is in the cash box's main pool, as an entry fee is.
        cash = tournament_cash(tournament)
        assert cash.box.taken.amount == Decimal("5.00")
        with pytest.raises(OperationError):
            operations.reenter(tournament, entry, method="cash")
        # They are paired in the next round (round 3 is paired after round 2 settled:
        # the re-entry comes after it, so they join round 4).
        builders.play_round(tournament, 3)
        assert tournament.matches.filter(round=4).involving(out[0]).exists()

    def test_no_reentry_unless_the_tournament_allows_it(self, season):
        tournament, out = self._out_after_two_rounds(season)
        with pytest.raises(OperationError):
            operations.reenter(tournament, tournament.entries.get(player_id=out[0]), method="cash")
        assert not Match.objects.filter(round=4).exists()

    def test_a_player_still_in_cannot_reenter(self, season):
        tournament, out = self._out_after_two_rounds(season, reentry_fee=Decimal("0"))
        still_in = tournament.entries.exclude(player_id__in=out).first()
        with pytest.raises(OperationError):
            operations.reenter(tournament, still_in, method=None)
        assert not AuditEntry.objects.filter(action=AuditEntry.Action.REENTRY).exists()


@pytest.mark.django_db
class TestWithdrawalAndSettings:
    def test_a_withdrawn_player_loses_by_walkover_and_is_not_paired_again(self, season):
        tournament, _players = lives_night(season, 6, lives=3)
        builders.play_round(tournament, 1)
        leaving = tournament.matches.filter(round=2).between_two().first().player1
        operations.withdraw(tournament, leaving)
        walkover = tournament.matches.filter(round=2).involving(leaving.pk).get()
        assert walkover.decided_by == Match.DecidedBy.WALKOVER
        builders.play_out(tournament)
        assert tournament.is_finished
        later = tournament.matches.filter(round__gt=2).involving(leaving.pk)
        assert not later.exists()
        event = lives.state(tournament)
        assert event.records[leaving.pk].withdrawn and event.winner != leaving.pk

    @pytest.mark.parametrize(
        ("settings", "said"),
        [
            ({"lives": 1}, "2 to 5 lives"),
            ({"lives": 6}, "2 to 5 lives"),
            ({"playoff": "knockout"}, "4, 8 or 16"),
            ({"playoff": "sudden"}, "not a valid choice"),
            ({"reentry_fee": -1}, "A fee cannot be below zero."),
        ],
    )
    def test_unsound_settings_are_refused_and_nothing_is_saved(self, season, settings, said):
        from tournament.models import Tournament

        fields = {
            "season": season,
            "name": "Més suís",
            "date": "2002-11-09",
            "format": club_nights.LIVES,
            **settings,
        }
        with pytest.raises(OperationError) as refused:
            operations.create_tournament(fields, {})
        assert said in str(refused.value)
        assert not Tournament.objects.filter(name="Més suís").exists()
