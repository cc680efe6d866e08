"""Every rating computed again from scratch, as a background job ("ratings_rebuild"),
queued when a rating policy changes (operations.rating_policies): on a federation of
some 400,000 rated matches the rebuild rewrites some 800,000 rows, a minute of work
that no request may wait for (docs/jobs.md).

The job is queued after the policy's commit, never inside it: a worker could otherwise
take a job already waiting and read the policies before the new one is committed. So
a job that is still waiting reads the policies after every change that joined it, and
one change joins it however many come before a worker takes it. A job already running
may have read the old policy: a change then queues one more, which waits for the first
to let go of the ratings' lock (operations.ratings: RatingsLock) and computes again.

Until it has run, the stored ratings are those of the old policy; a match decided
meanwhile is rated on them incrementally (`ratings.refresh(tournament)`, under the new
policy for its tournament, behind the same lock), and the rebuild, which starts from
nothing, gives what it would have given alone (tests/operations/test_ratings_rebuild.py)."""

from __future__ import annotations

from django.db import transaction

from ..models import Job, JobStatus
from . import jobs

KIND = "ratings_rebuild"


def queue_rebuild() -> None:
    """Queue the rebuild once the caller's transaction has committed (at once outside
    one); a failure to queue after the commit is logged, the policy being saved."""
    transaction.on_commit(enqueue_rebuild, robust=True)


def enqueue_rebuild() -> Job:
    """The rebuild that will read the policies as they are now: the one waiting, else a
    new one (its key names the newest one running, which may have read them before)."""
    waiting = Job.objects.filter(kind=KIND, status=JobStatus.PENDING).order_by("id").first()
    if waiting is not None:
        return waiting
    running = (
        Job.objects.filter(kind=KIND, status=JobStatus.RUNNING)
        .order_by("-id")
        .values_list("id", flat=True)
        .first()
    )
    # Two changes committed at once, none waiting, name the same key: the database's
    # one live job per key makes them one job.
    return jobs.enqueue(KIND, f"{KIND}:after:{running or 0}")
