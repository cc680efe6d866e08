"""The ratings' rebuild as a background job (operations.ratings_rebuild): queued once
for any number of policy changes while it waits, once more for a change while one runs
(that one may have read the old policy), and consistent with the matches decided while
it waits: their incremental refresh under the new policy keeps the stored history whole
(rows numbered without a gap, each player's cached rating their last row's), and the
rebuild then gives exactly what it gives alone."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from workers import run_here

from tournament.core import draw
from tournament.models import (
    Bracket,
    Club,
    Federation,
    Job,
    JobStatus,
    Match,
    Player,
    RatingChange,
    Season,
    Tournament,
)
from tournament.models.clubs import FEDERATION_ID
from tournament.operations import jobs, set_rating_policy
from tournament.operations.ratings import refresh
from tournament.operations.ratings_rebuild import KIND, enqueue_rebuild

START = timezone.now() - timedelta(days=10)


@pytest.fixture
def club(db):
    Federation.objects.update_or_create(
        pk=FEDERATION_ID, defaults={"rating_policy": {"walkovers": True, "min_length": 1}}
    )
    return Club.objects.create(slug="gammon-bcn", name="Gammon BCN")


@pytest.fixture
def cups(club):
    season = Season.from_preset(2002, "qgammon-2002", name="2002", club=club)
    season.save()
    return [
        Tournament.objects.create(season=season, name=name, date="2002-06-01")
        for name in ("Copa", "Lliga")
    ]


@pytest.fixture
def players(db):
    return [Player.objects.create(name=name) for name in ("Anna", "Bernat", "Carla", "David")]


def decide(tournament, position, winner, loser, hours, walkover=False, length=5) -> Match:
    bracket, _made = Bracket.objects.get_or_create(tournament=tournament, kind=draw.MAIN)
    return Match.objects.create(
        tournament=tournament,
        bracket=bracket,
        round=1,
        position=position,
        player1=winner,
        player2=loser,
        winner=winner,
        status=Match.Status.DECIDED,
        decided_by=Match.DecidedBy.WALKOVER if walkover else Match.DecidedBy.GAMES,
        decided_at=START + timedelta(hours=hours),
        length=length,
    )


def stored() -> tuple[list[tuple], list[tuple]]:
    """Every stored rating row and every player's cached rating and record."""
    rows = list(
        RatingChange.objects.order_by("sequence", "player_id").values_list(
            "sequence", "match_id", "player_id", "won", "before", "after", "experience_after"
        )
    )
    kept = list(
        Player.objects.order_by("pk").values_list(
            "pk", "rating", "rating_experience", "rated_matches", "rated_won", "last_rated_at"
        )
    )
    return rows, kept


def assert_whole() -> None:
    """The stored history as the incremental refresh keeps it: two rows a rated match,
    numbered from 0 without a gap, each player's cached rating their last row's."""
    sequences = list(RatingChange.objects.order_by("sequence").values_list("sequence", flat=True))
    assert sequences == [number for number in range(len(sequences) // 2) for _ in (0, 1)]
    for player in Player.objects.all():
        last = RatingChange.objects.filter(player=player).order_by("-sequence").first()
        expected = 1500 if last is None else last.after
        assert player.rating == pytest.approx(expected)


def test_matches_decided_while_the_rebuild_waits_then_the_rebuild_gives_what_it_gives_alone(
    club, cups, players, django_capture_on_commit_callbacks
):
    copa, lliga = cups
    anna, bernat, carla, david = players
    decide(copa, 1, anna, bernat, 1)
    walkover = decide(copa, 2, carla, david, 2, walkover=True)
    decide(copa, 3, anna, carla, 3)
    decide(lliga, 1, david, bernat, 4)
    refresh(rebuild=True)
    assert not RatingChange.objects.filter(match=walkover).exists()
    before = stored()

    # Walkovers rated from now on: the policy saved, the rebuild queued, nothing else.
    with django_capture_on_commit_callbacks(execute=True):
        set_rating_policy(club, {"walkovers": True})
    assert stored() == before
    assert Job.objects.filter(kind=KIND, status=JobStatus.PENDING).count() == 1

    # Meanwhile matches are decided and refreshed as every decision is: a walkover in
    # the Lliga after the last rated match (appended), and a match of the Copa decided
    # between two stored ones (it slots in, and the Copa's old walkover, rated under
    # the new policy, with it).
    late_walkover = decide(lliga, 2, bernat, anna, 5, walkover=True)
    refresh(lliga)
    slotted = decide(copa, 4, david, anna, 2.5)
    refresh(copa)
    assert_whole()
    for match in (late_walkover, slotted, walkover):
        assert RatingChange.objects.filter(match=match).count() == 2

    ran = run_here()
    assert [(job.kind, job.status) for job in Job.objects.all()] == [(KIND, JobStatus.DONE)]
    assert len(ran) == 1
    assert_whole()
    after_job = stored()
    assert len(after_job[0]) == 2 * 6  # every match rated, the two walkovers with them

    # The rebuild alone, from nothing stored: the same rows and the same players.
    RatingChange.objects.all().delete()
    Player.objects.update(rating=1500, rating_experience=0, rated_matches=0, rated_won=0)
    Player.objects.update(last_rated_at=None)
    refresh(rebuild=True)
    assert stored() == after_job


def test_a_change_while_the_rebuild_runs_queues_another(club):
    waiting = enqueue_rebuild()
    assert enqueue_rebuild() == waiting  # joined while it waits
    taken = jobs.claim("worker-1")
    assert taken == waiting and taken.status == JobStatus.RUNNING
    # It may have read the policies already: a change now needs a rebuild of its own,
    # and a further change joins that one while it waits.
    second = enqueue_rebuild()
    assert second != waiting and second.status == JobStatus.PENDING
    assert enqueue_rebuild() == second
    # Both running (two workers): a change waits for neither.
    assert jobs.claim("worker-2") == second
    third = enqueue_rebuild()
    assert third not in (waiting, second)
    assert Job.objects.filter(kind=KIND).count() == 3
