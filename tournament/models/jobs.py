"""A background job: one piece of work (a kind, such as a transcript's analysis, and a
work key naming what it works on), run by `manage.py worker` outside any request.

The row is the queue's whole state (docs/jobs.md): its status, how many attempts were
made and why each failed, and the lease of the worker running it. At most one live
(pending or running) job per work key: the same work is never queued or run twice at
once, and a constraint of the database says so, for every server sharing it."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class JobStatus(models.TextChoices):
    PENDING = "pending", _("waiting")
    RUNNING = "running", _("running")
    DONE = "done", _("done")
    FAILED = "failed", _("failed")


LIVE = (JobStatus.PENDING, JobStatus.RUNNING)


class Job(models.Model):
    kind = models.CharField(max_length=40)
    # What the job works on ("analysis:<transcript id>"): one live job per key.
    key = models.CharField(max_length=200)
    # The task's arguments (JSON), as the tasks API takes them.
    args = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=10, choices=JobStatus.choices, default=JobStatus.PENDING)
    # Attempts started so far; reset when a director retries a failed job.
    attempts = models.PositiveIntegerField(default=0)
    # Seconds a run may take; the lease lasts this plus settings.JOBS_LEASE_GRACE.
    time_limit = models.PositiveIntegerField(default=60)
    # The worker holding the job, and until when: past it, another worker takes it.
    worker = models.CharField(max_length=100, blank=True)
    lease_until = models.DateTimeField(null=True, blank=True)
    # A failed attempt's job waits until then before it is tried again
    # (settings.JOBS_RETRY_DELAY); None: at once.
    not_before = models.DateTimeField(null=True, blank=True)
    # Why each failed attempt failed: [{"attempt", "worker", "at", "error"}], oldest first.
    errors = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["key"], condition=Q(status__in=LIVE), name="job_one_live_per_key"
            ),
        ]
        indexes = [models.Index(fields=["status", "id"], name="job_status_idx")]

    def __str__(self) -> str:
        return f"{self.kind} {self.key} ({self.status})"

    @property
    def last_error(self) -> str:
        return self.errors[-1]["error"] if self.errors else ""
