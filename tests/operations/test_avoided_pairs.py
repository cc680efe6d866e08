"""Pairs the director keeps apart, through the operations: marked and unmarked (audited,
the pages' mark moved), refused when they make no sense, and read by the draw of a cup
and by every Swiss round, which say when a pair had to meet."""

import pytest
from django.utils import translation

import builders
from tournament import operations
from tournament.models import AuditEntry, AvoidedPair, Tournament
from tournament.operations.errors import OperationError


def round_one_pairs(tournament):
    return {
        frozenset((match.player1_id, match.player2_id))
        for match in tournament.matches.filter(round=1, player2__isnull=False)
        if match.player1_id
    }


@pytest.mark.django_db
class TestMarking:
    def test_a_pair_is_stored_once_lower_id_first_audited_and_the_page_mark_moves(self, season):
        tournament = builders.cup(season, ["Ana", "Joan", "Pau", "Rita"], rng_seed=None)
        ana, joan = (entry.player for entry in tournament.entries.order_by("pk")[:2])
        before = Tournament.objects.get(pk=tournament.pk).mark
        pair = operations.add_avoided_pair(tournament, joan, ana, reason="family", note=" twins ")
        assert (pair.first_player_id, pair.second_player_id) == (ana.pk, joan.pk)
        assert pair.note == "twins"
        entry = AuditEntry.objects.get(action=AuditEntry.Action.AVOIDED_PAIR_ADDED)
        with translation.override("en"):
            assert entry.summary_text == "Ana and Joan kept apart early"
        assert Tournament.objects.get(pk=tournament.pk).mark != before
        operations.remove_avoided_pair(tournament, pair)
        assert not AvoidedPair.objects.exists()
        assert AuditEntry.objects.filter(action=AuditEntry.Action.AVOIDED_PAIR_REMOVED).exists()

    @pytest.mark.parametrize("case", ["same", "stranger", "twice", "reason", "finished"])
    def test_a_pair_that_makes_no_sense_is_refused_and_nothing_is_saved(self, season, case):
        tournament = builders.cup(season, ["Ana", "Joan", "Pau", "Rita"], rng_seed=None)
        ana, joan = (entry.player for entry in tournament.entries.order_by("pk")[:2])
        stranger = builders.new_players(1, prefix="Fora")[0]
        reason = "household"
        first, second = ana, joan
        if case == "same":
            second = ana
        elif case == "stranger":
            second = stranger
        elif case == "twice":
            operations.add_avoided_pair(tournament, ana, joan, reason="family")
            first, second = joan, ana
        elif case == "reason":
            reason = "grudge"
        else:
            Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
        count = AvoidedPair.objects.count()
        with pytest.raises(OperationError):
            operations.add_avoided_pair(tournament, first, second, reason=reason)
        assert AvoidedPair.objects.count() == count

    def test_a_pair_of_another_tournament_cannot_be_removed_here(self, season):
        one = builders.cup(season, ["Ana", "Joan", "Pau", "Rita"], rng_seed=None)
        other = builders.cup(season, ["Eva", "Max"], name="Altra", rng_seed=None)
        ana, joan = (entry.player for entry in one.entries.order_by("pk")[:2])
        pair = operations.add_avoided_pair(one, ana, joan, reason="family")
        with pytest.raises(OperationError):
            operations.remove_avoided_pair(other, pair)
        assert AvoidedPair.objects.filter(pk=pair.pk).exists()


@pytest.mark.django_db
class TestCupDraw:
    def test_a_couple_the_plain_draw_would_pair_is_kept_apart(self, season):
        tournament = builders.cup(season, 8, rng_seed=None)
        seed = next(
            seed
            for seed in range(200)
            if operations.preview_draw(tournament, seed).bracket("main").matches
            and _meets(operations.preview_draw(tournament, seed))
        )
        couple = _meets(operations.preview_draw(tournament, seed))
        first, second = sorted(couple)
        operations.add_avoided_pair(tournament, first, second, reason="household")
        operations.make_draw(tournament, rng_seed=seed)
        assert couple not in round_one_pairs(tournament)
        entry = AuditEntry.objects.filter(action=AuditEntry.Action.DRAW_MADE).latest("pk")
        assert "unkept" not in entry.after

    def test_two_players_alone_meet_and_the_history_says_so(self, season):
        tournament = builders.cup(season, ["Ana", "Joan"], rng_seed=None)
        ana, joan = (entry.player for entry in tournament.entries.order_by("pk"))
        operations.add_avoided_pair(tournament, ana, joan, reason="travelled")
        plan = operations.make_draw(tournament, rng_seed=3)
        assert plan.unkept == (frozenset((ana.pk, joan.pk)),)
        entry = AuditEntry.objects.filter(action=AuditEntry.Action.DRAW_MADE).latest("pk")
        assert "Ana and Joan meet in round 1: no draw keeps them apart" in str(entry.summary)
        assert entry.after["unkept"] == [sorted((ana.pk, joan.pk))]


def _meets(plan):
    """The first round-1 pair of entrants in a plan (the couple to mark)."""
    for match in plan.bracket("main").round_matches(1):
        first, second = match.sources
        if first.entrant is not None and second.entrant is not None:
            return frozenset((first.entrant, second.entrant))
    return None


@pytest.mark.django_db
class TestSwiss:
    def test_round_one_keeps_a_marked_pair_apart(self, season):
        tournament, _players = builders.club_night(season, 6)
        plain = operations.preview_club_draw(tournament, 5).rounds[0].pairs
        first, second = plain[0]
        operations.add_avoided_pair(tournament, first, second, reason="family")
        made = operations.preview_club_draw(tournament, 5).rounds[0]
        assert frozenset((first, second)) not in {frozenset(pair) for pair in made.pairs}
        assert made.unkept == ()

    def test_a_later_round_keeps_the_score_groups_and_says_who_meets(self, season):
        tournament, _players = builders.club_night(season, 4, rng_seed=2, start=True)
        first_round = list(tournament.matches.filter(round=1))
        winners = [match.player1_id for match in first_round]
        operations.add_avoided_pair(tournament, *winners, reason="household")
        for match in first_round:
            builders.win(match)
        second = round_one_pairs_of(tournament, 2)
        # The two winners are the only players on one win: they meet, and it is said.
        assert frozenset(winners) in second
        entry = AuditEntry.objects.filter(action=AuditEntry.Action.ROUND_PAIRED).latest("pk")
        assert "meet: the rematch and score-group rules left no other pairing" in str(entry.summary)
        assert entry.after["unkept"] == [sorted(winners)]


def round_one_pairs_of(tournament, number):
    return {
        frozenset((match.player1_id, match.player2_id))
        for match in tournament.matches.filter(round=number, player2__isnull=False)
    }
