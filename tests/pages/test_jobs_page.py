"""The director's "Background jobs" page: each job named by its work (a match's players
and tournament, not a key or an id), a failed job shown with its attempts and its last
error, and its Retry button running it again; the page and the button are the
directors' alone (403 otherwise, CSRF on the button)."""

import pytest
from django.template.defaultfilters import time as time_format
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

import builders
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
    assert "A check that a worker runs: page" in text and "A check that a worker runs<" in text
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
    # The session, the user, their club roles, the jobs: whatever their number.
    with django_assert_num_queries(4):
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


def queue_the_cups_work(
    players=("Anna Bosch", "Xavier Roca", "Carla Puig", "Dolors Mas"), name="Spring Cup"
):
    """A Spring Cup's matches each queued for analysis, its final for the deeper one,
    and its results for the mail."""
    cup = builders.cup(builders.the_season(), players, name=name)
    matches = list(cup.matches.filter(player1__isnull=False, player2__isnull=False))
    for match in matches:
        jobs.enqueue("analysis", f"analysis:{match.pk}", [match.pk])
    jobs.enqueue("final_analysis", f"final_analysis:{matches[0].pk}", [matches[0].pk])
    entrants = list(cup.entries.values_list("player_id", flat=True))
    jobs.enqueue("announcement", f"announcement:{cup.pk}", [cup.pk, entrants])
    return matches


def test_each_job_is_named_by_its_players_and_tournament(director_client):
    matches = queue_the_cups_work()
    first = matches[0]
    gone = jobs.enqueue("analysis", "analysis:999999", [999999])
    text = director_client.get(reverse("director-jobs")).content.decode()
    assert f"Analysis of {first.player1.name} v {first.player2.name}, Spring Cup" in text
    assert "Analysis of Anna Bosch v " in text or " v Anna Bosch, Spring Cup" in text
    assert (
        f"Deeper analysis of the final {first.player1.name} v {first.player2.name}, Spring Cup"
        in text
    )
    assert "Results of Spring Cup mailed to 4 players" in text
    assert "Analysis of a match that is no longer there" in text
    # Neither the work's key nor a match's id stands for the work.
    for job in Job.objects.all():
        assert job.key not in text
    assert f"analysis:{gone.args[0]}" not in text


def test_naming_the_jobs_costs_the_same_for_few_and_many(director, django_assert_num_queries):
    """The session, the user, their club roles, the jobs, the matches analysed (with
    their players and tournament) and the tournaments announced: six queries, however
    many jobs."""
    client = Client(headers={"accept-language": "en"})  # a browser: it names its language
    client.force_login(director)
    for size in (2, 8):
        players = builders.new_players(size, prefix=f"Jugador {size}")
        queue_the_cups_work(players, name=f"Cup of {size}")
        with django_assert_num_queries(6):
            page = client.get(reverse("director-jobs"))
        assert page.content.decode().count("Analysis of Jugador") >= size // 2
