"""The director's "Background jobs" page: a failed job shown with its attempts and its
last error, and its Retry button running it again; the page and the button are the
directors' alone (403 otherwise, CSRF on the button)."""

import pytest
from django.template.defaultfilters import time as time_format
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from director_checks import assert_protected
from tournament.jobs.runner import run_one
from tournament.models import Job, JobStatus
from tournament.operations import jobs

pytestmark = pytest.mark.django_db


def run_jobs() -> int:
    """The worker's loop in this process (the test's transaction stays open)."""
    done = 0
    while run_one("page-worker"):
        done += 1
    return done


def test_a_failed_job_is_shown_with_its_reason_and_retried(director_client, settings):
    settings.JOBS_MAX_ATTEMPTS = 2
    settings.JOBS_RETRY_DELAY = [0]
    job = jobs.enqueue("check", "check:page", [0, True, "", "page"])
    jobs.enqueue("check", "check:fine", [0])
    assert run_jobs() == 3  # two failed attempts, one success

    page = director_client.get(reverse("director-jobs"))
    assert page.status_code == 200
    text = page.content.decode()
    assert "check:page" in text and "check:fine" in text
    assert "RuntimeError: the check page failed as asked" in text
    retry_url = reverse("director-job-retry", args=[job.pk])
    assert text.count('action="/director/jobs/') == 1  # only the failed one has Retry
    assert f'action="{retry_url}"' in text

    answer = director_client.post(retry_url, follow=True)
    assert "The job will be tried again." in answer.content.decode()
    job.refresh_from_db()
    assert (job.status, job.attempts) == (JobStatus.PENDING, 0)
    assert run_jobs() == 2  # run again: two more attempts
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert len(job.errors) == 4

    # A job not failed cannot be retried: said, nothing changed.
    done = Job.objects.get(key="check:fine")
    answer = director_client.post(reverse("director-job-retry", args=[done.pk]), follow=True)
    assert "Only a failed job can be retried." in answer.content.decode()
    done.refresh_from_db()
    assert done.status == JobStatus.DONE


def test_the_page_is_the_directors_alone(director):
    assert_protected(director, reverse("director-jobs"), method="get", wrong_method="post")
    job = jobs.enqueue("check", "check:guarded", [0])
    assert_protected(director, reverse("director-job-retry", args=[job.pk]))


def test_the_page_in_catalan_and_its_queries(director, django_assert_num_queries):
    for n in range(5):
        jobs.enqueue("check", f"check:{n}", [0])
    client = Client(headers={"accept-language": "ca"})
    client.force_login(director)
    # The session, the user, their permissions (own and group), the jobs: whatever their number.
    with django_assert_num_queries(5):
        page = client.get(reverse("director-jobs"))
    text = page.content.decode()
    assert "Feines en segon pla" in text and "en espera" in text


def test_the_desk_links_to_the_page(director_client):
    assert (
        reverse("director-jobs") in director_client.get(reverse("director-desk")).content.decode()
    )


def test_a_job_waiting_to_be_tried_again_says_from_when(director_client, settings):
    settings.JOBS_RETRY_DELAY = [600]
    job = jobs.enqueue("check", "check:later", [0, True, "", "later"])
    assert run_jobs() == 1  # failed once; not taken again before its time
    job.refresh_from_db()
    assert job.status == JobStatus.PENDING
    text = director_client.get(reverse("director-jobs")).content.decode()
    # The page's English time format (on the hour it reads "5 a.m.", not "5:00"):
    # the job's own next time, in ten minutes.
    with translation.override("en"):
        when = time_format(timezone.localtime(job.not_before), "TIME_FORMAT")
    assert f"tried again from {when}" in text
