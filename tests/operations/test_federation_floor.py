"""The federation's floor changed through the one door (`operations.set_federation_floor`):
refused when it is not a policy or when the user does not administer the federation;
otherwise stored, audited, and every rating computed again by a background job queued
once the change commits (nothing rebuilt in the caller's transaction). A club's stored
policy is
never rewritten: the floor narrows it as every reader takes it (`core.effective`), and
a floor loosened again gives the club back what it wrote."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission, User
from workers import run_here

import builders
from tournament.core.rating_policy import RatingPolicy
from tournament.models import (
    AuditEntry,
    Club,
    ClubRole,
    Federation,
    Job,
    Match,
    RatingChange,
)
from tournament.models.clubs import FEDERATION_ID
from tournament.models.rating_policies import effective_policies, federation_policy
from tournament.operations import OperationError, set_federation_floor, set_rating_policy

FLOOR = AuditEntry.Action.FEDERATION_POLICY


@pytest.fixture
def club(db):
    return Club.objects.create(slug="gammon-bcn", name="Gammon BCN")


@pytest.fixture
def administrator(db):
    user = User.objects.create_user("fedadmin")
    user.user_permissions.add(Permission.objects.get(codename="administer_federation"))
    return User.objects.get(pk=user.pk)  # the permissions read afresh


@pytest.fixture
def walkover(club):
    """A walkover in the club's cup, decided: rated by no policy by default."""
    return builders.decided_walkover(club)


def test_the_floor_is_stored_whole_and_audited(administrator):
    stored = set_federation_floor({"walkovers": True, "min_length": 1}, user=administrator)
    assert stored == RatingPolicy(walkovers=True, min_length=1)
    assert Federation.objects.get(pk=FEDERATION_ID).rating_policy == stored.as_dict()
    assert federation_policy() == stored
    entry = AuditEntry.objects.get(action=FLOOR)
    assert entry.user == administrator
    assert entry.summary == "The federation's rating policy changed"
    assert entry.before == RatingPolicy().as_dict()
    assert entry.after == stored.as_dict()
    # The same floor again changes nothing and says nothing.
    set_federation_floor(stored.as_dict(), user=administrator)
    assert AuditEntry.objects.filter(action=FLOOR).count() == 1


def test_a_clubs_director_is_refused_and_nothing_changes(club):
    director = User.objects.create_user("director")
    ClubRole.objects.create(club=club, user=director)
    with pytest.raises(OperationError, match="Only the federation's administrator"):
        set_federation_floor({"walkovers": True}, user=director)
    assert federation_policy() == RatingPolicy()
    assert not AuditEntry.objects.filter(action=FLOOR).exists()


@pytest.mark.parametrize("policy", [{"walkover": True}, {"min_length": 0}, {"online": "yes"}])
def test_what_is_not_a_policy_is_refused(db, policy):
    with pytest.raises(OperationError, match="This is not a rating policy"):
        set_federation_floor(policy)
    assert not Federation.objects.filter(rating_policy__has_key="online").exists()
    assert not AuditEntry.objects.filter(action=FLOOR).exists()


def test_a_stricter_floor_narrows_a_clubs_policy_without_rewriting_it(
    club, walkover, django_capture_on_commit_callbacks
):
    # A loose floor, and a club that rates walkovers inside it: one job for the two.
    with django_capture_on_commit_callbacks(execute=True):
        set_federation_floor({"walkovers": True})
        set_rating_policy(club, {"walkovers": True})
    assert [job.kind for job in run_here()] == ["ratings_rebuild"]
    assert RatingChange.objects.filter(match=walkover).count() == 2
    # The floor tightened: not refused though the club's policy is looser now; the
    # walkover no longer counts once the job has run, and the club's policy is kept
    # as the club wrote it.
    with django_capture_on_commit_callbacks(execute=True):
        set_federation_floor({})
    assert RatingChange.objects.filter(match=walkover).count() == 2  # not in the request
    assert len(run_here()) == 1
    assert not RatingChange.objects.filter(match=walkover).exists()
    walkover.player1.refresh_from_db()
    assert walkover.player1.rating == 1500 and walkover.player1.rated_matches == 0
    club.refresh_from_db()
    assert club.rating_policy["walkovers"] is True
    assert effective_policies()[club.pk].walkovers is False
    decision = Match.objects.get(pk=walkover.pk).rating_decision()
    assert decision.reasons == (("walkover", "federation"),)
    # Loosened again: the club's own policy applies as it wrote it.
    with django_capture_on_commit_callbacks(execute=True):
        set_federation_floor({"walkovers": True})
    assert len(run_here()) == 1
    assert RatingChange.objects.filter(match=walkover).count() == 2
    # A club's own change is held to the floor of the day.
    with django_capture_on_commit_callbacks(execute=True):
        set_federation_floor({})
    with pytest.raises(OperationError, match="does not rate walkovers"):
        set_rating_policy(club, {"walkovers": True, "online": False})
    assert Job.objects.filter(status="pending").count() == 1


def test_the_floor_changed_rebuilds_nothing_in_its_transaction(
    club, walkover, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as queued:
        set_federation_floor({"walkovers": True, "min_length": 1})
        set_rating_policy(club, {"walkovers": True})
    assert len(queued) == 2 and not Job.objects.exists()
    assert not RatingChange.objects.filter(match=walkover).exists()
    for callback in queued:
        callback()
    # Two changes, one job; nothing rated until it runs.
    job = Job.objects.get()
    assert (job.kind, job.status) == ("ratings_rebuild", "pending")
    assert not RatingChange.objects.filter(match=walkover).exists()
    run_here()
    job.refresh_from_db()
    assert job.status == "done"
    assert RatingChange.objects.filter(match=walkover).count() == 2
