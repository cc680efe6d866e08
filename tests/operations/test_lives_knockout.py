"""A Swiss with lives that ends in a knockout of the last N: no round is paired once a
settled round leaves at most N still in; those players go on to a knockout seeded by
their lives place, taken back and drawn again when a lives result changes before it
starts, refused once it has; its final finishes the tournament, and every player has a
final place (the knockout's, then the order of elimination)."""

import pytest

import builders
from tournament import operations
from tournament.core import club_nights
from tournament.core import lives as core
from tournament.core.scoring import GameResult
from tournament.models import Match
from tournament.operations import lives
from tournament.queries.standings import tournament_standings


def make(season, count=8, *, size=4, number_of_lives=2, **settings):
    tournament, players = builders.club_night(
        season,
        count,
        format=club_nights.LIVES,
        lives=number_of_lives,
        playoff=core.KNOCKOUT,
        swiss_knockout=size,
        rng_seed=5,
        start=True,
        **settings,
    )
    tournament.refresh_from_db()  # the draw seed the draw stored: the seeds' lot
    return tournament, players


def knockout(tournament):
    return tournament.matches.filter(bracket__isnull=False)


def play_rounds(tournament, pick=lambda match: match.pk % 2):
    """Every round won (by the side `pick` names) until no round is paired."""
    while (match := tournament.matches.in_rounds().open().order_by("pk").first()) is not None:
        builders.win(match, pick(match))
    tournament.refresh_from_db()


def play_knockout(tournament):
    while (match := knockout(tournament).open().order_by("round", "position").first()) is not None:
        builders.win(match)
    tournament.refresh_from_db()


def _games(tournament):
    return [
        core.Game(m.round, m.player1_id, m.player2_id, m.winner_id)
        for m in tournament.matches.in_rounds()
    ]


def seated(tournament):
    return {
        p for m in knockout(tournament).filter(round=1) for p in (m.player1_id, m.player2_id) if p
    }


@pytest.mark.django_db
class TestLivesThenKnockout:
    def test_rounds_stop_at_n_still_in_and_they_all_go_on_seeded_by_lives_place(self, season):
        tournament, _players = make(season)
        play_rounds(tournament)
        event = lives.state(tournament)
        left = event.still_in()
        assert 2 <= len(left) <= 4 and event.rounds_over
        # The round before the last left more than four still in: the last was paired.
        before = core.replay(
            event.records,
            [g for g in _games(tournament) if g.round < event.last_round],
            2,
            core.KNOCKOUT,
            knockout_of=4,
        )
        assert len(before.still_in()) > 4
        assert seated(tournament) == set(left)
        assert not tournament.is_finished
        # Seeded by lives place: seed 1 (fewest losses) meets the last seed first.
        seeds = core.knockout_seeds(event, rng_seed=tournament.draw_seed or 0)
        losses = [event.records[key].losses for key in seeds]
        assert losses == sorted(losses)
        first = knockout(tournament).filter(round=1).order_by("position")
        if len(seeds) == 4:
            pairs = sorted((frozenset((m.player1_id, m.player2_id)) for m in first), key=sorted)
            want = [frozenset((seeds[0], seeds[3])), frozenset((seeds[1], seeds[2]))]
            assert pairs == sorted(want, key=sorted)
        # No further round of the lives is paired, and nobody may re-enter now.
        assert not tournament.matches.in_rounds().filter(round=event.last_round + 1).exists()

    def test_the_final_finishes_it_with_a_place_for_everyone(self, season):
        tournament, players = make(season, 10)
        play_rounds(tournament)
        went_on = seated(tournament)
        event = lives.state(tournament)
        play_knockout(tournament)
        assert tournament.is_finished
        places = {p.player.pk: p.place for p in tournament_standings(tournament).places}
        assert set(places) == {player.pk for player in players}
        final = knockout(tournament).order_by("-round").first()
        assert places[final.winner_id] == (1, 1)
        # The knockout's players first, then the others by the order of elimination.
        assert max(places[p][1] for p in went_on) == len(went_on)
        others = [p for p in places if p not in went_on]
        assert all(places[p][0] > len(went_on) for p in others)
        for a in others:
            for b in others:
                if event.records[a].out_round > event.records[b].out_round:
                    assert places[a][0] < places[b][0]

    def test_the_final_undone_runs_it_again_and_decided_finishes_it(self, season):
        tournament, _players = make(season)
        play_rounds(tournament)
        play_knockout(tournament)
        assert tournament.is_finished
        final = knockout(tournament).order_by("-round").first()
        operations.undo_last_game(final)
        tournament.refresh_from_db()
        assert tournament.is_running
        builders.win(final, side=1)
        tournament.refresh_from_db()
        assert tournament.is_finished

    def test_fewer_than_n_in_the_knockout_give_the_top_seeds_byes(self, season):
        tournament, _players = make(season, 10, size=8)
        play_rounds(tournament)
        left = lives.state(tournament).still_in()
        assert 2 <= len(left) <= 8
        assert seated(tournament) == set(left)
        if len(left) < 8:
            byes = knockout(tournament).filter(round=1, status=Match.Status.BYE)
            assert knockout(tournament).filter(round=1).count() == 4
            assert byes.count() == 8 - len(left)

    def test_a_result_undone_takes_back_a_knockout_not_started(self, season):
        tournament, _players = make(season)
        play_rounds(tournament)
        assert knockout(tournament).exists()
        last = tournament.matches.in_rounds().decided().order_by("-decided_at").first()
        operations.undo_last_game(last)
        assert not knockout(tournament).exists()
        # Decided again, the knockout is drawn again from the lives as they now stand.
        builders.win(last, side=1 - (last.winner_side or 0))
        play_rounds(tournament)
        assert knockout(tournament).exists()
        assert seated(tournament) == set(lives.state(tournament).still_in())

    def test_a_result_cannot_change_once_the_knockout_started(self, season):
        tournament, _players = make(season)
        play_rounds(tournament)
        first = knockout(tournament).filter(round=1).exclude(status=Match.Status.BYE).first()
        operations.record_game(first, GameResult(0))
        last = tournament.matches.in_rounds().decided().order_by("-decided_at").first()
        with pytest.raises(operations.OperationError, match="knockout has started"):
            operations.undo_last_game(last)
        last.refresh_from_db()
        assert last.is_decided

    def test_a_seated_player_who_withdraws_keeps_the_seat_and_gives_a_walkover(self, season):
        tournament, _players = make(season)
        play_rounds(tournament)
        drawn = {(m.pk, m.player1_id, m.player2_id) for m in knockout(tournament)}
        first = knockout(tournament).filter(round=1).exclude(status=Match.Status.BYE)
        first = first.order_by("position")
        started, *rest = first
        operations.record_game(started, GameResult(0))  # the knockout has started
        leaving = (rest[0] if rest else started).player1
        operations.withdraw(tournament, leaving)  # not refused: it is no result
        # Not drawn again: the same matches, the same players in the first round.
        assert {m.pk for m in knockout(tournament)} == {pk for pk, _a, _b in drawn}
        again = knockout(tournament).filter(round=1)
        assert {(m.pk, m.player1_id, m.player2_id) for m in again} <= drawn
        walkover = knockout(tournament).filter(round=1).involving(leaving.pk).get()
        if rest:
            assert walkover.decided_by == Match.DecidedBy.WALKOVER
            assert walkover.winner_id != leaving.pk


@pytest.mark.django_db
def test_the_knockout_size_must_be_4_8_or_16(season):
    fields = {
        "season": season,
        "name": "Més suís",
        "date": "2002-11-09",
        "format": club_nights.LIVES,
        "playoff": core.KNOCKOUT,
    }
    with pytest.raises(operations.OperationError, match="4, 8 or 16"):
        operations.create_tournament({**fields, "swiss_knockout": 2}, {})
    with pytest.raises(operations.OperationError, match="only when that is its end game"):
        operations.create_tournament(
            {**fields, "playoff": core.SINGLE_FINAL, "swiss_knockout": 4}, {}
        )
    tournament = operations.create_tournament({**fields, "swiss_knockout": 8}, {})
    assert tournament.knockout_follows
