"""The background jobs' queue with real worker processes (`manage.py worker`) on the test
database, SQLite or PostgreSQL: a worker killed mid-job leaves the job to another, two
workers never run one job, a failing job is tried again then failed, and one work key
makes one live job, a failed attempt waits its delay, a job that cannot succeed fails at
once, old finished jobs are pruned. Leases are short here (JOBS_LEASE_GRACE=1) and a
failed job is tried again at once (JOBS_RETRY_DELAY=0) unless a test says otherwise, to
keep it quick."""

from __future__ import annotations

import signal
import subprocess
import time
from collections import Counter
from datetime import timedelta

import pytest
import workers
from django.utils import timezone
from workers import finish

from tournament.jobs.kinds import TASKS
from tournament.models import Job, JobStatus
from tournament.operations import jobs

MAX_ATTEMPTS = 3

pytestmark = pytest.mark.django_db(transaction=True)


def start_worker(*args: str, **settings: str) -> subprocess.Popen:
    return workers.start_worker(
        *args,
        **{
            "JOBS_LEASE_GRACE": "1",
            "JOBS_POLL_INTERVAL": "0.1",
            "JOBS_MAX_ATTEMPTS": str(MAX_ATTEMPTS),
            "JOBS_RETRY_DELAY": "0",
            **settings,
        },
    )


def wait_for(condition, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_every_kind_has_its_task_imported_under_the_name_its_rows_keep():
    """The operations give each kind its time limit, the worker's registry its task (an
    import, not a dotted path): the same names, the ones stored in the jobs' rows."""
    assert (
        set(TASKS)
        == set(jobs.KINDS)
        == {
            "check",
            "analysis",
            "final_analysis",
            "announcement",
            "push",
            "ratings_rebuild",
        }
    )
    assert all(task.module_path.startswith("tournament.jobs.") for task in TASKS.values())


def test_one_key_while_pending_makes_one_job():
    first = jobs.enqueue("check", "check:same", [0])
    again = jobs.enqueue("check", "check:same", [0])
    assert again.pk == first.pk
    assert Job.objects.filter(key="check:same").count() == 1
    # Once done, the same work may be queued anew.
    Job.objects.filter(pk=first.pk).update(status=JobStatus.DONE)
    assert jobs.enqueue("check", "check:same", [0]).pk != first.pk


# Among the suite's slowest (6 s in one process on 2 busy cores): two real worker processes,
# the job's lease (2 s and 1 s of grace) left to run out
def test_a_worker_killed_during_a_job_leaves_it_to_another(tmp_path):
    note = tmp_path / "note"
    job = jobs.enqueue("check", "check:killed", [1.5, False, str(note), "killed"], time_limit=2)
    first = start_worker()
    try:
        wait_for(lambda: Job.objects.get(pk=job.pk).status == JobStatus.RUNNING)
        first.send_signal(signal.SIGKILL)
        first.wait(10)
    finally:
        first.kill()
        first.communicate()
    assert not note.exists()
    assert Job.objects.get(pk=job.pk).status == JobStatus.RUNNING  # stranded, not lost

    # The lease (2 s limit + 1 s grace) runs out; the next worker takes the job again.
    second = start_worker()
    try:
        wait_for(lambda: Job.objects.get(pk=job.pk).status == JobStatus.DONE)
    finally:
        second.send_signal(signal.SIGTERM)
        finish(second)
    job.refresh_from_db()
    assert job.attempts == 2
    assert "stopped answering" in job.errors[0]["error"]
    assert note.read_text().split()[0] == "killed"
    assert int(note.read_text().split()[1]) == second.pid


def test_two_workers_never_run_the_same_job(tmp_path):
    note = tmp_path / "note"
    keys = [f"check:{n}" for n in range(40)]
    for key in keys:
        jobs.enqueue("check", key, [0.02, False, str(note), key])
    workers = [start_worker("--until-empty"), start_worker("--until-empty")]
    for worker in workers:
        finish(worker)

    runs = [line.split() for line in note.read_text().splitlines()]
    assert Counter(key for key, _ in runs) == Counter(keys)  # each ran once
    assert set(Job.objects.values_list("status", flat=True)) == {JobStatus.DONE}
    assert set(Job.objects.values_list("attempts", flat=True)) == {1}
    # Both took part (not a proof of the claim's atomicity, which the once above is).
    by_worker = Counter(pid for _, pid in runs)
    assert len(by_worker) == 2, by_worker


def test_a_failing_job_is_tried_again_then_failed_with_its_reason():
    job = jobs.enqueue("check", "check:fails", [0, True, "", "fails"])
    finish(start_worker("--until-empty"))
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert job.attempts == MAX_ATTEMPTS
    assert [error["attempt"] for error in job.errors] == [1, 2, 3]
    assert job.last_error == "RuntimeError: the check fails failed as asked"

    jobs.retry(job.pk)
    finish(start_worker("--until-empty"))
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert len(job.errors) == 2 * MAX_ATTEMPTS  # run again, every reason kept


def test_a_run_past_its_time_limit_is_stopped_and_tried_again():
    job = jobs.enqueue("check", "check:slow", [5], time_limit=1)
    finish(start_worker("--until-empty"))
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert job.attempts == MAX_ATTEMPTS
    assert "ran past its limit of 1 s" in job.last_error


def test_a_failed_attempt_waits_its_delay_before_the_next(tmp_path):
    job = jobs.enqueue("check", "check:delayed", [0, True, "", "delayed"])
    worker = start_worker(JOBS_RETRY_DELAY="2,60")
    try:
        wait_for(lambda: len(Job.objects.get(pk=job.pk).errors) == 1)
        failed_at = time.monotonic()
        waiting = Job.objects.get(pk=job.pk)
        assert waiting.status == JobStatus.PENDING
        assert waiting.not_before is not None
        # The worker is idle meanwhile: the job is not taken before its time...
        time.sleep(1)
        assert Job.objects.get(pk=job.pk).attempts == 1
        # ...and taken once it has come: the second failure then waits 60 s.
        wait_for(lambda: len(Job.objects.get(pk=job.pk).errors) == 2, timeout=20)
        assert time.monotonic() - failed_at >= 1.5
        second = Job.objects.get(pk=job.pk)
        wait = second.not_before - timezone.now()
        assert timedelta(seconds=50) < wait <= timedelta(seconds=60)
    finally:
        worker.send_signal(signal.SIGTERM)
        finish(worker)
    assert Job.objects.get(pk=job.pk).attempts == 2

    # A director's retry does not wait.
    Job.objects.filter(pk=job.pk).update(status=JobStatus.FAILED)
    jobs.retry(job.pk)
    assert Job.objects.get(pk=job.pk).not_before is None


def test_retry_delays_grow_and_the_last_repeats(settings):
    settings.JOBS_RETRY_DELAY = [10, 60, 300]
    assert [jobs.retry_delay(n).total_seconds() for n in (1, 2, 3, 4, 9)] == [
        10,
        60,
        300,
        300,
        300,
    ]


def test_a_job_that_cannot_succeed_fails_at_once_with_its_reason():
    """gnubg not installed: no attempt can do better, so no second one is spent."""
    job = jobs.enqueue("check", "check:hopeless", [0, False, "", "hopeless", True])
    finish(start_worker("--until-empty"))
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert job.attempts == 1
    assert job.last_error == "the check hopeless cannot run, as asked"


def test_old_finished_jobs_are_pruned_by_the_worker():
    now = timezone.now()
    ages = {"done-old": 31, "done-new": 29, "failed-old": 91, "failed-new": 89}
    for key, days in ages.items():
        job = jobs.enqueue("check", f"check:{key}", [0])
        status = JobStatus.DONE if key.startswith("done") else JobStatus.FAILED
        Job.objects.filter(pk=job.pk).update(status=status, finished_at=now - timedelta(days=days))
    # Waiting (its retry a day away): never pruned, however old.
    waiting = jobs.enqueue("check", "check:waiting", [0])
    Job.objects.filter(pk=waiting.pk).update(
        created_at=now - timedelta(days=400), not_before=now + timedelta(days=1)
    )
    finish(start_worker("--until-empty", JOBS_KEEP_DAYS="30", JOBS_KEEP_FAILED_DAYS="90"))
    left = set(Job.objects.values_list("key", flat=True))
    assert left == {"check:done-new", "check:failed-new", "check:waiting"}
