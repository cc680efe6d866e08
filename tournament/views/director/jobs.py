"""The background jobs at the director's desk: the recent ones named by their work
(queries.jobs: the players and the tournament of a match analysed), with their status,
how many attempts, the last error, and a Retry button for a failed one (operations.jobs)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from ...models import JobStatus
from ...operations import OperationError
from ...operations import jobs as job_operations
from ...queries.director_pages import newest_jobs
from ...queries.jobs import job_lines
from ...web.access import director_required

RECENT = 100


@director_required
@require_GET
def jobs(request):
    """Template: director/jobs.html; context: jobs (queries.jobs.JobLine: the job and its
    work in words; the newest first; the club's only), statuses (JobStatus, to compare a
    job's with)."""
    # The club's jobs, for the federation's administrator too: another club's Retry
    # is that club's page's (web.access refuses it here).
    recent = job_lines(newest_jobs(RECENT, request.club_id))
    return render(request, "director/jobs.html", {"jobs": recent, "statuses": JobStatus})


@director_required
@require_POST
def retry(request, pk):
    try:
        job_operations.retry(pk)
    except OperationError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, gettext("The job will be tried again."))
    return redirect("director-jobs")
