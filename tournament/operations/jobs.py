"""The background jobs' writes (docs/jobs.md): enqueue a piece of work, a worker's claim,
its success or failure, the sweep of the jobs whose worker died, a director's retry.

The claim is one conditional UPDATE (`WHERE id = ... AND status = 'pending'`) checked by
its row count, atomic on SQLite (one writer at a time) and on PostgreSQL (a second
UPDATE of the row waits for the first and re-reads the condition): two workers never
take one job, on one machine or on several. A claim holds a lease, the job's time limit
plus settings.JOBS_LEASE_GRACE; the worker stops a run at its time limit itself, so a
lease only runs out when the worker died or hangs, and then the sweep (every worker
runs it in its loop) hands the job to another attempt. Each failure's reason is kept;
a failed attempt's job waits (settings.JOBS_RETRY_DELAY, growing) before it is tried
again; after settings.JOBS_MAX_ATTEMPTS attempts, or at once when the task says trying
again cannot help (`NotRetryable`), the job is failed, for a director to see and retry.
Every later write of a run is conditional on the same worker and attempt, so a run whose
lease was taken over can no longer change the job. Finished jobs are pruned after some
days (`prune`, which the workers run now and then).

A job kind is a name, kept in the job's row ("analysis"); here it has its time limit.
Its task (a `@task` of the tasks API) is imported by the worker's registry,
jobs.kinds.TASKS, under the same name: this module imports none, the tasks being
callers of the operations like any other."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ..models import Job, JobStatus
from ..models.jobs import LIVE
from .errors import OperationError


class NotRetryable(Exception):
    """Raised by a task when trying again cannot help (gnubg is not installed): the job
    fails at once with this reason instead of spending its attempts. A crash or a time
    out is not one of these: it is tried again."""


@dataclass(frozen=True)
class Kind:
    time_limit: int  # seconds a run may take before it is stopped and counted failed


# The kinds of work, by the names the jobs' rows keep. To add one: a `@task` in
# tournament/jobs/, its entry here and in jobs.kinds.TASKS (its task, imported), and an
# `enqueue(kind, key, args)` where the work arises (docs/jobs.md).
KINDS = {
    # Harmless: shows that a worker runs (the tests and a director checking the queue).
    "check": Kind(time_limit=60),
    # GNU Backgammon's analysis of a match's transcript: about a second at 0-ply, some
    # 15 s for a 7-point match at 2-ply on one core (docs/skill.md).
    "analysis": Kind(time_limit=120),
    # The final of a main bracket again, at the finals' depth (2-ply): measured here on
    # one core of a busy machine, 17 s for a 5-point match of 4 games and 96 s for an
    # 11-point match of 9 long games (some 10 s a game), so a 25-point final of 30 games
    # takes five minutes or more: half an hour leaves room.
    "final_analysis": Kind(time_limit=1800),
    # A finished tournament's results mailed to its players who agreed (a few seconds).
    "announcement": Kind(time_limit=300),
    # Push notifications to browsers (docs/push.md): at most operations.push.BATCH a job,
    # each given settings.PUSH_TIMEOUT (10 s) by its push service.
    "push": Kind(time_limit=300),
    # Every rating computed again after a rating policy changed (operations.
    # ratings_rebuild): roughly a minute for a federation of 100 clubs and 390,000
    # rated matches (780,000 rows rewritten); a quarter of an hour leaves room.
    "ratings_rebuild": Kind(time_limit=900),
}


def enqueue(kind: str, key: str, args: list | tuple = (), time_limit: int | None = None) -> Job:
    """Queue `kind` on `key`, or answer the job already waiting or running on that key.

    Runs in the caller's transaction: a job queued with the row it works on is seen by
    the workers when that row is (a rolled back recording queues nothing)."""
    if kind not in KINDS:
        raise ValueError(f"unknown job kind {kind!r}")
    live = Job.objects.filter(key=key, status__in=LIVE).first()
    if live is not None:
        return live
    limit = KINDS[kind].time_limit if time_limit is None else time_limit
    try:
        with transaction.atomic():
            return Job.objects.create(kind=kind, key=key, args=list(args), time_limit=limit)
    except IntegrityError:
        # Another process queued the same key meanwhile: theirs is the one.
        return Job.objects.get(key=key, status__in=LIVE)


def claim(worker: str, now: datetime | None = None) -> Job | None:
    """The oldest waiting job, taken by `worker` (None when there is none). A job
    waiting for its retry delay to pass is not taken before its time."""
    now = now or timezone.now()
    due = Q(not_before__isnull=True) | Q(not_before__lte=now)
    waiting = Job.objects.filter(due, status=JobStatus.PENDING).order_by("id")
    for job_id, time_limit in waiting.values_list("id", "time_limit")[:10]:
        taken = Job.objects.filter(id=job_id, status=JobStatus.PENDING).update(
            status=JobStatus.RUNNING,
            worker=worker,
            attempts=F("attempts") + 1,
            started_at=now,
            finished_at=None,
            lease_until=now + timedelta(seconds=time_limit + settings.JOBS_LEASE_GRACE),
        )
        if taken:
            return Job.objects.get(id=job_id)
    return None


def _held(job: Job):
    """The job as this run holds it: nothing is written once another run took it over."""
    return Job.objects.filter(
        id=job.id, status=JobStatus.RUNNING, worker=job.worker, attempts=job.attempts
    )


def finish(job: Job, now: datetime | None = None) -> bool:
    return bool(
        _held(job).update(
            status=JobStatus.DONE, finished_at=now or timezone.now(), lease_until=None
        )
    )


def retry_delay(attempt: int) -> timedelta:
    """How long a job waits after its `attempt`-th failed attempt (1-based)."""
    delays = settings.JOBS_RETRY_DELAY or [0]
    return timedelta(seconds=delays[min(attempt, len(delays)) - 1])


def _failed(job: Job, error: str, now: datetime, final: bool = False) -> dict:
    """The job's status and errors after this attempt failed: tried again after its
    delay, or failed (after its last attempt, or at once when `final`)."""
    errors = [
        *job.errors,
        {"attempt": job.attempts, "worker": job.worker, "at": now.isoformat(), "error": error},
    ]
    if final or job.attempts >= settings.JOBS_MAX_ATTEMPTS:
        return {"status": JobStatus.FAILED, "errors": errors, "finished_at": now}
    return {
        "status": JobStatus.PENDING,
        "errors": errors,
        "not_before": now + retry_delay(job.attempts),
    }


def fail(job: Job, error: str, now: datetime | None = None, final: bool = False) -> bool:
    """This run failed with `error`: the job waits for another attempt, or has failed
    (at once when `final`: the task said trying again cannot help)."""
    now = now or timezone.now()
    return bool(_held(job).update(lease_until=None, **_failed(job, error, now, final)))


def sweep(now: datetime | None = None) -> int:
    """The running jobs whose lease ran out (their worker died or hangs): each attempt
    counted failed, so the job is tried again or has failed. Answers how many."""
    now = now or timezone.now()
    swept = 0
    for job in Job.objects.filter(status=JobStatus.RUNNING, lease_until__lt=now):
        ended = f"{job.lease_until:%H:%M:%S}"
        error = f"worker {job.worker} stopped answering (its lease ended at {ended} UTC)"
        swept += (
            _held(job)
            .filter(lease_until=job.lease_until)
            .update(lease_until=None, **_failed(job, error, now))
        )
    return swept


def retry(job_id: int) -> Job:
    """A director's retry of a failed job: all its attempts again, its errors kept."""
    job = Job.objects.filter(id=job_id).first()
    if job is None or job.status != JobStatus.FAILED:
        raise OperationError(_("Only a failed job can be retried."))
    try:
        with transaction.atomic():
            Job.objects.filter(id=job_id, status=JobStatus.FAILED).update(
                status=JobStatus.PENDING,
                attempts=0,
                worker="",
                finished_at=None,
                not_before=None,
            )
    except IntegrityError:
        raise OperationError(_("The same work is already waiting or running.")) from None
    job.refresh_from_db()
    return job


def prune(now: datetime | None = None) -> int:
    """Delete the finished jobs kept long enough: done ones settings.JOBS_KEEP_DAYS
    after they finished, failed ones (not retried) JOBS_KEEP_FAILED_DAYS after. Waiting
    and running jobs are never touched. Answers how many went."""
    now = now or timezone.now()
    done = Q(status=JobStatus.DONE, finished_at__lt=now - timedelta(days=settings.JOBS_KEEP_DAYS))
    failed = Q(
        status=JobStatus.FAILED,
        finished_at__lt=now - timedelta(days=settings.JOBS_KEEP_FAILED_DAYS),
    )
    deleted, _by_model = Job.objects.filter(done | failed).delete()
    return deleted
