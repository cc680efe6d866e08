"""A Swiss that goes on to a knockout of its top K: drawn by itself when the last round
is settled, seeded by Swiss place, taken back and drawn again when a Swiss result
changes before it starts, refused once it has; its final finishes the tournament, and
every player has a final place (the knockout's, then the Swiss order)."""

import pytest

import builders
from tournament import operations
from tournament.core import club_nights
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, Match
from tournament.models.rounds import swiss_cut_of
from tournament.queries.standings import tournament_standings


def make(season, count=8, *, cut=4, rounds=3, **settings):
    tournament, players = builders.club_night(
        season,
        count,
        format=club_nights.SWISS,
        rounds=rounds,
        swiss_knockout=cut,
        rng_seed=5,
        start=True,
        **settings,
    )
    tournament.refresh_from_db()  # the draw seed the draw stored: the cut's lot
    return tournament, players


def play_swiss(tournament, rounds=3):
    for number in range(1, rounds + 1):
        builders.play_round(tournament, number)


def knockout(tournament):
    return tournament.matches.filter(bracket__isnull=False)


def play_knockout(tournament):
    while (match := knockout(tournament).open().order_by("round", "position").first()) is not None:
        builders.win(match)


@pytest.mark.django_db
class TestSwissThenKnockout:
    def test_the_knockout_waits_for_the_last_round_then_seeds_by_swiss_place(self, season):
        tournament, _players = make(season)
        builders.play_round(tournament, 1)
        builders.play_round(tournament, 2)
        assert not knockout(tournament).exists()
        play_swiss(tournament)
        cut = swiss_cut_of(tournament, tournament.matches.in_rounds())
        top = cut.qualifiers
        place = dict(cut.ranked)
        assert [place[player] for player in top] == sorted(place[player] for player in top)
        assert max(place[player] for player in top) <= min(
            place[player] for player in place if player not in top
        )
        first = knockout(tournament).filter(round=1).order_by("position")
        pairs = [{m.player1_id, m.player2_id} for m in first]
        # Seeds 1..4 by Swiss place: 1 v 4 and 2 v 3, the best two meet only in the final.
        assert sorted(pairs, key=sorted) == sorted([{top[0], top[3]}, {top[1], top[2]}], key=sorted)
        assert knockout(tournament).count() == 3  # two semi-finals and the final
        tournament.refresh_from_db()
        assert tournament.is_running
        assert AuditEntry.objects.filter(
            tournament=tournament, action=AuditEntry.Action.DRAW_MADE
        ).exists()

    def test_the_final_finishes_it_with_a_place_for_everyone(self, season):
        tournament, _players = make(season, 10)
        play_swiss(tournament)
        play_knockout(tournament)
        tournament.refresh_from_db()
        assert tournament.is_finished
        standings = tournament_standings(tournament)
        places = sorted(place.place for place in standings.places)
        # The knockout's 1, 2, 3-4 (its semi-final losers), then the Swiss order from 5.
        assert places[:4] == [(1, 1), (2, 2), (3, 4), (3, 4)]
        assert len(places) == 10 and all(best >= 5 for best, _worst in places[4:])
        champion = knockout(tournament).get(round=2).winner_id
        assert [p.player.pk for p in standings.places if p.place == (1, 1)] == [champion]

    def test_the_swiss_alone_finishes_nothing_while_the_knockout_is_to_play(self, season):
        tournament, _players = make(season)
        play_swiss(tournament)
        tournament.refresh_from_db()
        assert not tournament.is_finished
        # Those left out have their places already; the knockout's players have none yet.
        places = tournament_standings(tournament).places
        assert sorted(place.place[0] for place in places) == [5, 6, 7, 8]

    def test_fewer_players_than_the_cut_send_everyone_with_byes_to_the_top(self, season):
        tournament, players = make(season, 6, cut=8)
        play_swiss(tournament)
        first = knockout(tournament).filter(round=1)
        assert first.count() == 4
        byes = [m for m in first if m.status == Match.Status.BYE]
        assert len(byes) == 2  # seeds 1 and 2 have the byes of a bracket of 8
        seated = {p for m in first for p in (m.player1_id, m.player2_id) if p}
        assert seated == {player.pk for player in players}

    def test_a_swiss_result_undone_takes_back_a_knockout_not_started(self, season):
        tournament, _players = make(season)
        play_swiss(tournament)
        assert knockout(tournament).exists()
        last = tournament.matches.in_rounds().decided().order_by("-decided_at").first()
        operations.undo_last_game(last)
        assert not knockout(tournament).exists()
        # Decided the other way, the knockout is drawn again from the standings now.
        builders.win(last, side=1 - (last.winner_side or 0))
        assert knockout(tournament).exists()
        cut = swiss_cut_of(tournament, tournament.matches.in_rounds())
        seated = {
            p for m in knockout(tournament).filter(round=1) for p in (m.player1_id, m.player2_id)
        }
        assert seated == set(cut.qualifiers)

    def test_a_swiss_result_cannot_change_once_the_knockout_started(self, season):
        tournament, _players = make(season)
        play_swiss(tournament)
        semi = knockout(tournament).filter(round=1).first()
        operations.record_game(semi, GameResult(0))
        last = tournament.matches.in_rounds().decided().order_by("-decided_at").first()
        with pytest.raises(operations.OperationError, match="knockout has started"):
            operations.undo_last_game(last)
        last.refresh_from_db()
        assert last.is_decided

    def test_a_withdrawn_player_does_not_go_on(self, season):
        tournament, _players = make(season)
        builders.play_round(tournament, 1)
        builders.play_round(tournament, 2)
        ranked = swiss_cut_of(tournament, tournament.matches.in_rounds()).ranked
        leader = ranked[0][0]
        operations.withdraw(tournament, tournament.entries.get(player_id=leader).player)
        play_swiss(tournament)
        seated = {p for m in knockout(tournament) for p in (m.player1_id, m.player2_id) if p}
        assert leader not in seated and len(seated) == 4

    def test_a_qualifier_who_withdraws_keeps_the_seat_and_gives_a_walkover(self, season):
        tournament, _players = make(season)
        play_swiss(tournament)
        semi, other = knockout(tournament).filter(round=1).order_by("position")
        operations.record_game(other, GameResult(0))  # the knockout has started
        drawn = {(m.pk, m.player1_id, m.player2_id) for m in knockout(tournament)}
        operations.withdraw(tournament, semi.player1)  # not refused: it is no result
        semi.refresh_from_db()
        assert semi.is_decided and semi.winner_id == semi.player2_id
        assert semi.decided_by == Match.DecidedBy.WALKOVER
        assert {m.pk for m in knockout(tournament)} == {pk for pk, _a, _b in drawn}

    def test_a_cut_of_two_is_a_final_and_the_rest_follow_from_third(self, season):
        tournament, _players = make(season, 7, cut=2)
        play_swiss(tournament)
        final = knockout(tournament).get()
        builders.win(final, side=1)
        tournament.refresh_from_db()
        assert tournament.is_finished
        places = {p.player.pk: p.place for p in tournament_standings(tournament).places}
        assert places[final.player2_id] == (1, 1) and places[final.player1_id] == (2, 2)
        assert sorted(best for best, _worst in places.values())[2] == 3


@pytest.mark.django_db
def test_the_operations_refuse_a_swiss_knockout_on_another_format(season):
    fields = {"season": season, "name": "Nit", "date": "2002-03-01", "format": "round_robin"}
    with pytest.raises(operations.OperationError, match="follows a Swiss"):
        operations.create_tournament({**fields, "swiss_knockout": 4}, {})
    swiss = {**fields, "format": "swiss", "swiss_knockout": 4}
    tournament = operations.create_tournament(swiss, {})
    assert tournament.swiss_knockout == 4 and tournament.knockout_follows


def test_the_knockout_sizes_offered_are_the_cores():
    from tournament.core import swiss_cut
    from tournament.models import Tournament

    offered = [value for value, _label in Tournament.SWISS_KNOCKOUT_CHOICES if value]
    assert tuple(offered) == swiss_cut.SIZES
