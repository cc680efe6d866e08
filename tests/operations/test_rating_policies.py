"""A club's rating policy changed through the one door (`operations.set_rating_policy`):
refused when it would rate what the federation's floor does not, when it is not a
policy, or by another club's director; otherwise stored, audited, and every rating
computed again under it by a background job queued once the change commits (nothing
rebuilt in the caller's transaction)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from workers import run_here

import builders
from tournament.core.rating_policy import RatingPolicy
from tournament.models import (
    AuditEntry,
    Club,
    ClubRole,
    Federation,
    Job,
    RatingChange,
)
from tournament.models.clubs import FEDERATION_ID
from tournament.operations import OperationError, set_rating_policy


@pytest.fixture
def club(db):
    return Club.objects.create(slug="gammon-bcn", name="Gammon BCN")


@pytest.fixture
def floor(db):
    """A federation that lets its clubs rate walkovers and 1-point matches."""
    Federation.objects.update_or_create(
        pk=FEDERATION_ID, defaults={"rating_policy": {"walkovers": True, "min_length": 1}}
    )


@pytest.fixture
def walkover(club):
    """A walkover in the club's cup, decided, and rated by nobody yet."""
    return builders.decided_walkover(club)


def test_a_policy_looser_than_the_federations_is_refused_and_nothing_changes(club):
    with pytest.raises(OperationError) as refused:
        set_rating_policy(club, {"walkovers": True, "friendlies": "agreed", "min_length": 2})
    assert str(refused.value.message) == (
        "The federation's policy does not rate walkovers, friendlies: a club may rate "
        "fewer matches than the federation allows, never more."
    )
    club.refresh_from_db()
    assert club.rating_policy == {}
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.RATING_POLICY).exists()


@pytest.mark.parametrize(
    "policy",
    [{"walkover": False}, {"min_length": 0}, {"friendlies": "sometimes"}, {"online": "no"}],
)
def test_what_is_not_a_policy_is_refused(club, policy):
    with pytest.raises(OperationError, match="This is not a rating policy"):
        set_rating_policy(club, policy)
    club.refresh_from_db()
    assert club.rating_policy == {}


def test_a_stricter_policy_is_stored_whole_and_audited(club):
    stored = set_rating_policy(club, {"online": False, "min_length": 3})
    assert stored == RatingPolicy(online=False, min_length=3)
    club.refresh_from_db()
    assert club.rating_policy == stored.as_dict()
    entry = AuditEntry.objects.get(action=AuditEntry.Action.RATING_POLICY)
    assert entry.subject == "Gammon BCN"
    assert entry.summary == "Rating policy of Gammon BCN changed"
    assert entry.before == RatingPolicy().as_dict()
    assert entry.after == stored.as_dict()
    # The same policy again changes nothing and says nothing.
    set_rating_policy(club, stored.as_dict())
    assert AuditEntry.objects.filter(action=AuditEntry.Action.RATING_POLICY).count() == 1


def test_the_ratings_are_computed_again_under_the_new_policy(
    floor, club, walkover, django_capture_on_commit_callbacks
):
    anna = walkover.player1
    assert not RatingChange.objects.filter(match=walkover).exists()
    with django_capture_on_commit_callbacks(execute=True):
        set_rating_policy(club, {"walkovers": True})
    assert [job.kind for job in run_here()] == ["ratings_rebuild"]
    assert RatingChange.objects.filter(match=walkover).count() == 2
    anna.refresh_from_db()
    assert anna.rating > 1500 and anna.rated_matches == 1
    # And back: the walkover no longer counts, as if it never had.
    with django_capture_on_commit_callbacks(execute=True):
        set_rating_policy(club, {})
    assert [job.kind for job in run_here()] == ["ratings_rebuild"]
    assert not RatingChange.objects.filter(match=walkover).exists()
    anna.refresh_from_db()
    assert anna.rating == 1500 and anna.rated_matches == 0


def test_nothing_is_rebuilt_in_the_change_and_one_job_is_queued_after_its_commit(
    floor, club, walkover, django_capture_on_commit_callbacks
):
    anna = walkover.player1
    with django_capture_on_commit_callbacks() as queued:
        set_rating_policy(club, {"walkovers": True})
    # Inside the change's transaction: the policy stored, no job yet (a worker could
    # take it and read the policy before the commit), no rating touched.
    assert len(queued) == 1
    club.refresh_from_db()
    assert club.rating_policy["walkovers"] is True
    assert not Job.objects.exists()
    for callback in queued:
        callback()
    # After the commit: one job, and still no rating touched until a worker runs it.
    job = Job.objects.get()
    assert (job.kind, job.status, job.args) == ("ratings_rebuild", "pending", [])
    assert not RatingChange.objects.filter(match=walkover).exists()
    anna.refresh_from_db()
    assert anna.rating == 1500 and anna.rated_matches == 0
    # A second change while it waits joins it: the job reads the policy when it runs.
    with django_capture_on_commit_callbacks(execute=True):
        set_rating_policy(club, {"walkovers": True, "online": False})
    assert Job.objects.get() == job
    assert len(run_here()) == 1
    job.refresh_from_db()
    assert job.status == "done"
    assert RatingChange.objects.filter(match=walkover).count() == 2
    # A change that stores nothing new queues nothing.
    with django_capture_on_commit_callbacks(execute=True):
        set_rating_policy(club, {"walkovers": True, "online": False})
    assert Job.objects.count() == 1


def test_a_refused_change_queues_nothing(club, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(OperationError):
        set_rating_policy(club, {"walkovers": True})
    assert not Job.objects.exists()


def test_another_clubs_director_is_refused_and_the_clubs_own_may(floor, club):
    outsider = User.objects.create_user("outsider")
    ClubRole.objects.create(club=Club.founding(), user=outsider)
    with pytest.raises(OperationError, match="Only the club's directors"):
        set_rating_policy(club, {"min_length": 3}, user=outsider)
    insider = User.objects.create_user("insider")
    ClubRole.objects.create(club=club, user=insider)
    set_rating_policy(club, {"min_length": 3}, user=insider)
    entry = AuditEntry.objects.get(action=AuditEntry.Action.RATING_POLICY)
    assert entry.user == insider
