"""Ratings kept in O(what changed): a decision appends its two players' new ratings, a
correction of an earlier result rates again from that point on, and either way the
stored ratings are exactly what a rebuild from the first rated match writes. A
decision's rating work is the same few queries whatever the club's history."""

import random
import threading
from datetime import timedelta
from unittest import mock

import pytest
from django.db import connection
from django.db.models import Q
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

import builders
from tournament import operations
from tournament.core import draw, sample_games
from tournament.core.ratings import RatedMatch, rate_all
from tournament.core.scoring import GameResult
from tournament.models import Match, Player, RatingChange, Season, Tournament
from tournament.operations import ratings

ROW_FIELDS = (
    "sequence",
    "match_id",
    "player_id",
    "opponent_id",
    "won",
    "length",
    "before",
    "after",
    "experience_before",
    "experience_after",
    "at",
)


def snapshot():
    rows = list(RatingChange.objects.order_by("sequence", "-won").values_list(*ROW_FIELDS))
    players = list(Player.objects.order_by("pk").values_list("pk", "rating", "rating_experience"))
    # What the ratings page reads of each player, kept beside the rating.
    records = list(
        Player.objects.order_by("pk").values_list(
            "pk", "rated_matches", "rated_won", "last_rated_at"
        )
    )
    return rows, players, records


def assert_same_as_a_rebuild():
    """The stored rows and every player's rating, to the last bit, against a rebuild;
    and the ratings against the pure formula over the rated matches in order."""
    incremental = snapshot()
    ratings.refresh(rebuild=True)
    assert snapshot() == incremental
    matches = [
        RatedMatch(pk, winner, second if winner == first else first, length)
        for pk, winner, first, second, length in ratings.rated_matches().values_list(
            "pk", "winner_id", "player1_id", "player2_id", "length"
        )
    ]
    expected, _changes = rate_all(matches)
    for pk, value, experience in incremental[1]:
        if pk in expected:
            assert (value, experience) == (expected[pk].value, expected[pk].experience)
        else:
            assert (value, experience) == (1500.0, 0)
    assert [row[0] for row in incremental[0]] == [n // 2 for n in range(len(incremental[0]))]
    counted = {}
    for _sequence, _match, player, _opponent, won, *_rest, at in incremental[0]:
        matches, wins, _last = counted.get(player, (0, 0, None))
        counted[player] = (matches + 1, wins + won, at)
    for pk, matches, wins, last in incremental[2]:
        assert (matches, wins, last) == counted.get(pk, (0, 0, None))


def make_cup(season, name, players, seed, lengths="3,3,5"):
    return builders.cup(
        season,
        players,
        name=name,
        date=None,
        brackets={draw.MAIN: lengths, draw.CONSOLATION: "3"},
        rng_seed=seed,
        consolation="first_round",
    )


def finish(match, rng, winner=None):
    odds = 0.5 if winner is None else (1.0 if winner == 0 else 0.0)
    for result in sample_games.games_to_finish(match.replay(), rng, odds):
        operations.record_game(match, result)


def in_play(cups, *statuses):
    return list(
        Match.objects.filter(tournament__in=cups, status__in=statuses)
        .exclude(player1=None)
        .exclude(player2=None)
        .order_by("pk")
    )


class Steps:
    """Random decisions, undos, corrections, walkovers, retirements and matches rated
    late (decided a moment before one already rated, as two servers can) over cups that
    share players, so that one player's ratings run through several tournaments."""

    def __init__(self, cups, rng):
        self.cups, self.rng = cups, rng

    def decide(self):
        ready = in_play(self.cups, "ready", "live")
        if ready:
            finish(self.rng.choice(ready), self.rng)

    def late(self):
        ready = in_play(self.cups, "ready")
        latest = RatingChange.objects.order_by("-sequence").first()
        if not ready or latest is None:
            return self.decide()
        match = self.rng.choice(ready)
        results = list(sample_games.games_to_finish(match.replay(), self.rng))
        for result in results[:-1]:
            operations.record_game(match, result)
        earlier = latest.at - timedelta(microseconds=self.rng.randint(1, 5))
        with mock.patch("tournament.operations.results.timezone.now", return_value=earlier):
            operations.record_game(match, results[-1])
        assert ratings.rated_matches().filter(pk=match.pk).exists()

    def undo(self):
        decided = [m for m in in_play(self.cups, "decided") if m.decided_by == "games"]
        if decided:
            operations.undo_last_game(self.rng.choice(decided), confirm=True)

    def correct(self):
        decided = [m for m in in_play(self.cups, "decided") if m.decided_by == "games"]
        if not decided:
            return
        match = self.rng.choice(decided)
        other = 1 - match.side_of(match.winner)
        odds = 1.0 if other == 0 else 0.0
        games = list(sample_games.games_to_finish(match.replay_games([]), self.rng, odds))
        operations.replace_games(match, games, confirm=True)
        match.refresh_from_db()
        assert match.winner_id == match.players[other].pk

    def without_games(self):
        ready = in_play(self.cups, "ready")
        if not ready:
            return
        match = self.rng.choice(ready)
        if self.rng.random() < 0.5:
            operations.walkover(match, self.rng.randint(0, 1))
        else:
            operations.record_game(match, GameResult(self.rng.randint(0, 1)))
            operations.retire(match, self.rng.randint(0, 1))

    def take_back(self):
        taken = [
            m for m in in_play(self.cups, "decided") if m.decided_by in ("walkover", "retirement")
        ]
        if taken:
            operations.reopen(self.rng.choice(taken), confirm=True)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_decisions_and_corrections_rate_exactly_as_a_rebuild(season, seed):
    rng = random.Random(seed)
    club = [Player.objects.create(name=f"Member {number}") for number in range(12)]
    cups = [make_cup(season, f"Copa {n}", rng.sample(club, 8), seed * 10 + n) for n in range(3)]
    steps = Steps(cups, rng)
    actions = [steps.decide] * 6 + [
        steps.late,
        steps.undo,
        steps.correct,
        steps.without_games,
        steps.take_back,
    ]
    kinds = set()
    for _ in range(45):
        action = rng.choice(actions)
        action()
        kinds.add(action.__name__)
        assert_same_as_a_rebuild()
    assert RatingChange.objects.exists()
    assert kinds == {"decide", "late", "undo", "correct", "without_games", "take_back"}


def test_an_old_correction_changes_the_later_ratings_of_those_it_reaches(season):
    """Correcting the first match of the day changes every later rating of both its
    players and of those they met after, and nobody else's."""
    rng = random.Random(9)
    club = [Player.objects.create(name=f"Member {number}") for number in range(8)]
    cup = make_cup(season, "Copa", club, 5)
    while ready := in_play([cup], "ready"):
        finish(ready[0], rng)
    first = RatingChange.objects.get(sequence=0, won=True).match
    untouched = {
        pk: rating
        for pk, *rating in Player.objects.exclude(
            pk__in=[first.player1_id, first.player2_id]
        ).values_list("pk", "rating", "rating_experience")
    }
    winner_before = Player.objects.get(pk=first.winner_id).rating
    loser = first.players[1 - first.side_of(first.winner)]
    odds = 1.0 if first.side_of(loser) == 0 else 0.0
    games = list(sample_games.games_to_finish(first.replay_games([]), rng, odds))
    operations.replace_games(first, games, confirm=True)  # re-opens the later ones too
    assert Player.objects.get(pk=first.winner_id).rating != winner_before
    assert_same_as_a_rebuild()
    # With the later matches re-opened, only the two players' ratings differ.
    now = dict(
        (pk, [value, experience])
        for pk, value, experience in Player.objects.values_list("pk", "rating", "rating_experience")
    )
    met_later = set(
        RatingChange.objects.filter(match__tournament=cup)
        .exclude(match=first)
        .values_list("player_id", flat=True)
    )
    for pk, rating in untouched.items():
        if pk not in met_later:
            assert now[pk] == rating


def history(season, players, count):
    """`count` rated matches decided before today among `players`, as the club's past:
    written in bulk, then rated once by a rebuild."""
    past = Tournament.objects.create(season=season, name="Earlier seasons")
    rng = random.Random(count)
    start = timezone.now() - timedelta(days=400)
    matches = []
    for number in range(count):
        first, second = rng.sample(players, 2)
        matches.append(
            Match(
                tournament=past,
                round=1 + number // 50,
                position=1 + number % 50,
                player1=first,
                player2=second,
                length=5,
                status="decided",
                decided_by="games",
                winner=rng.choice((first, second)),
                decided_at=start + timedelta(hours=number),
            )
        )
    Match.objects.bulk_create(matches)
    assert ratings.refresh(rebuild=True) == count


def count_rating_queries(monkeypatch) -> list[int]:
    """The queries of each ratings refresh from now on, in a list that fills up."""
    counted = []
    refresh = ratings.refresh

    def measured(*args, **kwargs):
        with CaptureQueriesContext(connection) as queries:
            refresh(*args, **kwargs)
        counted.append(len(queries))

    monkeypatch.setattr(ratings, "refresh", measured)
    return counted


@pytest.mark.parametrize("earlier", [10, 200])
def test_a_decision_rates_in_the_same_queries_whatever_the_history(season, monkeypatch, earlier):
    club = [Player.objects.create(name=f"Member {number}") for number in range(8)]
    history(season, club, earlier)
    cup = make_cup(season, "Copa", club, 3, lengths="3,3,3")
    match = in_play([cup], "ready")[0]
    before = (match.player1.rating, match.player2.rating)
    assert 1500.0 not in before  # both players have a history to start from
    operations.record_game(match, GameResult(0, "gammon"))
    counted = count_rating_queries(monkeypatch)
    # The 3-point match is decided by one more game: its two players' ratings appended.
    operations.record_game(match, GameResult(0))
    assert counted == [5]
    assert RatingChange.objects.count() == 2 * (earlier + 1)
    # Its undo takes them off again, as the latest rows: as few queries.
    operations.undo_last_game(match)
    assert counted == [5, 5]
    monkeypatch.undo()
    assert RatingChange.objects.count() == 2 * earlier
    assert_same_as_a_rebuild()


def test_a_decision_that_rates_nothing_leaves_the_ratings_alone(season, monkeypatch):
    club = [Player.objects.create(name=f"Member {number}") for number in range(8)]
    history(season, club, 10)
    cup = make_cup(season, "Copa", club, 3)
    stored = snapshot()
    operations.walkover(in_play([cup], "ready")[0], 0)
    assert snapshot() == stored
    assert ratings.refresh(cup) == 0


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="concurrent writers need PostgreSQL's row locks"
)
@pytest.mark.django_db(transaction=True)
def test_two_decisions_at_once_for_one_player_lose_no_rating():
    """One player in two cups run by two directors: both decisions land, in either order,
    and her rating has both matches in it."""
    season = Season.from_preset(2002, "qgammon-2002")
    season.save()
    shared = Player.objects.create(name="Núria Puig")
    others = [Player.objects.create(name=f"Member {number}") for number in range(14)]
    cups, matches = [], []
    for number in range(2):
        field = [shared, *others[number * 7 : number * 7 + 7]]
        cups.append(make_cup(season, f"Copa {number}", field, 1, lengths="3"))
        matches.append(
            Match.objects.get(
                Q(player1=shared) | Q(player2=shared), tournament=cups[-1], status="ready"
            )
        )
    for match in matches:
        operations.record_game(match, GameResult(match.side_of(shared), "gammon"))
    barrier = threading.Barrier(2)
    errors = []

    def decide(match):
        try:
            barrier.wait()
            operations.record_game(match, GameResult(match.side_of(shared)))
        except Exception as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=decide, args=(match,)) for match in matches]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    shared.refresh_from_db()
    assert shared.rating_experience == 6
    assert RatingChange.objects.filter(player=shared).count() == 2
    assert_same_as_a_rebuild()
