"""The worker's loop: sweep the jobs whose worker died, claim one, run its task, record
how it went (operations.jobs holds every write), and again.

Why our own runner rather than django-tasks-db's `db_worker`: that worker leaves a job
whose worker died RUNNING for ever (no lease), never tries a failed task again, has no
time limit, and knows no work key (the same transcript could be queued twice and run by
two workers at once). The tasks API still carries the work: a kind is a `@task`, run by
its `call()` here. The backend stays the default for a plain `task.enqueue()`.

A run past its job's time limit is stopped by a timer signal (SIGALRM, in the main
thread) raising `TimeLimitExceeded` in the task: counted failed and tried again like any
error. A task that waits on a child process (gnubg) should give it the same limit."""

from __future__ import annotations

import logging
import os
import signal
import socket
import time
from contextlib import contextmanager

from django.conf import settings
from django.db import OperationalError, close_old_connections

from ..models import Job
from ..operations import jobs as job_operations
from ..operations import pending_uploads, push, push_events, receipts
from . import master_points
from .kinds import TASKS

logger = logging.getLogger(__name__)

# How often the loop looks for finished tournaments whose master points wait (seconds),
# and how many it counts at a time: a little at a time, between the jobs.
POINTS_INTERVAL = 60
POINTS_AT_A_TIME = 20


class TimeLimitExceeded(Exception):
    pass


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


@contextmanager
def time_limit(seconds: int):
    def stop(signum, frame):
        raise TimeLimitExceeded(f"ran past its limit of {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_one(worker: str) -> Job | None:
    """Sweep, then claim and run one job; None when no job was waiting."""
    job_operations.sweep()
    job = job_operations.claim(worker)
    if job is None:
        return None
    logger.info("job %s (%s %s) attempt %s", job.id, job.kind, job.key, job.attempts)
    try:
        task = TASKS[job.kind]
        with time_limit(job.time_limit):
            task.call(*job.args)
    except job_operations.NotRetryable as error:
        logger.warning("job %s failed for good: %s", job.id, error)
        job_operations.fail(job, str(error), final=True)
    except Exception as error:
        logger.warning("job %s failed: %s", job.id, error)
        job_operations.fail(job, f"{type(error).__name__}: {error}")
    else:
        job_operations.finish(job)
    return job


class Worker:
    """One worker process. SIGTERM or SIGINT lets the job running finish, then stops."""

    def __init__(self, name: str | None = None, poll: float | None = None):
        self.name = name or worker_name()
        self.poll = settings.JOBS_POLL_INTERVAL if poll is None else poll
        self.running = True
        self.pruned_at: float | None = None  # time.monotonic() of the last prune
        self.overdue_at: float | None = None  # and of the last look for matches running over
        self.points_at: float | None = None  # and of the last count of master points

    def prune(self) -> None:
        """Delete the old finished jobs when the worker starts, then every
        settings.JOBS_PRUNE_INTERVAL seconds (several workers may: it is harmless)."""
        now = time.monotonic()
        if self.pruned_at is not None and now - self.pruned_at < settings.JOBS_PRUNE_INTERVAL:
            return
        self.pruned_at = now
        pruned = job_operations.prune()
        if pruned:
            logger.info("worker %s pruned %s finished jobs", self.name, pruned)
        push.prune()
        receipts.prune()
        pending_uploads.prune()

    def look_for_overdue(self) -> None:
        """Every settings.PUSH_OVERDUE_INTERVAL seconds, the directors who allowed it are
        told of the matches running over (operations.push_events.running_over: once per
        match, whichever worker looks first). In the loop rather than as a job of its
        own: a job a minute would bury the director's Background jobs page."""
        if not push.enabled():
            return
        now = time.monotonic()
        if self.overdue_at is not None and now - self.overdue_at < settings.PUSH_OVERDUE_INTERVAL:
            return
        self.overdue_at = now
        try:
            queued = push_events.running_over()
        except OperationalError:
            raise  # the database busy or gone: the loop looks again later
        except Exception:
            # Never the end of the worker: the jobs go on; the next look may do better.
            logger.exception("worker %s: the look for matches running over failed", self.name)
            return
        if queued:
            logger.info("worker %s: %s notices of matches running over", self.name, queued)

    def count_points(self) -> None:
        """Every POINTS_INTERVAL seconds, the master points of the tournaments finished
        or changed since are counted for the federation's ranking (jobs.master_points):
        in the loop, like the look for matches running over, not a job per event."""
        now = time.monotonic()
        if self.points_at is not None and now - self.points_at < POINTS_INTERVAL:
            return
        self.points_at = now
        try:
            counted = master_points.count_waiting(POINTS_AT_A_TIME)
        except OperationalError:
            raise
        except Exception:
            logger.exception("worker %s: counting the master points failed", self.name)
            return
        if counted:
            logger.info("worker %s: master points of %s tournaments counted", self.name, counted)

    def stop(self, signum, frame) -> None:
        self.running = False

    def work(self, until_empty: bool = False) -> int:
        """Run jobs until stopped (or, with until_empty, until none is waiting)."""
        previous = {
            signum: signal.signal(signum, self.stop) for signum in (signal.SIGTERM, signal.SIGINT)
        }
        try:
            return self._work(until_empty)
        finally:
            for signum, handler in previous.items():
                signal.signal(signum, handler)

    def _work(self, until_empty: bool) -> int:
        done = 0
        while self.running:
            close_old_connections()
            try:
                self.prune()
                self.look_for_overdue()
                self.count_points()
                job = run_one(self.name)
            except OperationalError as error:
                # The database busy or gone for a moment: look again later.
                logger.warning("worker %s: %s", self.name, error)
                job = None
            if job is not None:
                done += 1
                continue
            if until_empty:
                break
            # Short sleeps, so a stop signal is answered quickly.
            deadline = time.monotonic() + self.poll
            while self.running and time.monotonic() < deadline:
                time.sleep(min(0.1, self.poll))
        close_old_connections()
        return done
