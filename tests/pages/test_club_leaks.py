"""A club's director reads their club's rows only (issue 40, roles): the lists that read
rows of no club scope of their own (reports, jobs, the sweep's players, the admin's
player filter, the directors' notifications) list the club's, never another club's.
The walk (test_club_roles_walk.py) refuses another club's rows by their address; this
is what one's own club's pages list."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from two_clubs import client_of, two_clubs

import builders
from push_service import notices, run_queue, subscribe_director
from tournament.core.scoring import GameResult
from tournament.models import GameReport, Job
from tournament.models.club_owners import job_clubs
from tournament.operations import jobs, reports


@pytest.fixture
def clubs(db):
    return two_clubs()


def test_the_reports_queue_lists_the_clubs_reports_only(clubs, django_assert_num_queries):
    for me, other in (clubs, clubs[::-1]):
        client = client_of(me.director)
        # The session, the user, their club roles, the club (by its address's name), the
        # club's reports with their matches, their games and penalties (two
        # prefetches): the club's filter costs no query.
        with django_assert_num_queries(7 if me.prefix else 6):
            page = client.get(f"{me.prefix}/director/reports/")
        text = page.content.decode()
        assert me.cup.name in text and other.cup.name not in text, me.club.slug
        desk = client.get(f"{me.prefix}/director/").content.decode()
        assert "1 reported game waiting" in desk


def test_the_jobs_page_lists_the_clubs_jobs_only(clubs):
    founding, second = clubs
    site_work = jobs.enqueue("check", "check:leaks", [0, 0, 0, "leaks"])
    for me, theirs in ((founding, {founding.values["job"], site_work.pk}),):
        listed = client_of(me.director).get(f"{me.prefix}/director/jobs/").context["jobs"]
        assert {line.job.pk for line in listed} == theirs
    listed = client_of(second.director).get("/clubs/dos/director/jobs/").context["jobs"]
    assert [line.job.pk for line in listed] == [second.values["job"]]
    assert "Copa B" in listed[0].work


def test_a_jobs_club_is_its_rows_and_the_founding_clubs_without_one(clubs):
    founding, second = clubs
    gone = jobs.enqueue("analysis", "analysis:gone", [10**9])
    announced = jobs.enqueue("announcement", f"announcement:{second.cup.pk}", [second.cup.pk, []])
    pushed = jobs.enqueue("push", "push:1", [[1, 2]])
    assert job_clubs(founding.values["job"]) == {founding.club.pk}
    assert job_clubs(second.values["job"]) == {second.club.pk}
    assert job_clubs(announced.pk) == {second.club.pk}
    assert job_clubs(gone.pk) == job_clubs(pushed.pk) == {founding.club.pk}
    assert Job.objects.count() == 5


def test_the_sweep_offers_the_clubs_members_only(clubs):
    for me, other in (clubs, clubs[::-1]):
        page = client_of(me.director).get(f"{me.prefix}/director/tournaments/{me.draft.pk}/")
        offered = {player.name for player, *_ in page.context["sweep_rows"]}
        assert {player.name for player in me.members} <= offered
        assert not offered & {player.name for player in other.members}, me.club.slug


def test_the_admins_player_filter_lists_the_clubs_players_only(clubs):
    founding, second = clubs
    url = "/admin/tournament/match/"
    for me, other in ((founding, second), (second, founding)):
        text = client_of(me.director).get(url).content.decode()
        assert me.members[0].name in text and other.members[0].name not in text
    root = User.objects.create_superuser("root", password="x")
    text = client_of(root).get(url).content.decode()
    assert founding.members[0].name in text and second.members[0].name in text


@pytest.mark.usefixtures("vapid", "offline")
def test_a_dispute_is_told_to_its_clubs_directors_at_their_clubs_page(clubs, service):
    founding, second = clubs
    root = User.objects.create_superuser("root", password="x")
    phones = {
        "a": subscribe_director(founding.director, service, "a"),
        "b": subscribe_director(second.director, service, "b"),
        "root": subscribe_director(root, service, "root"),
    }
    # The report the second club's cup waits on, disputed.
    match = GameReport.objects.get(pk=second.values["report"]).match
    reports.dispute_report(match, match.player2, GameResult(1))
    run_queue()
    told = notices(service, phones)
    assert set(told) == {"b", "root"}
    assert told["b"][0]["url"] == "/clubs/dos/director/reports/"


@pytest.mark.usefixtures("vapid", "offline")
def test_a_match_running_over_is_told_to_its_clubs_directors(clubs, service):
    from tournament.operations import push_events

    founding, second = clubs
    phones = {
        "a": subscribe_director(founding.director, service, "a"),
        "b": subscribe_director(second.director, service, "b"),
    }
    match = second.match
    builders.called_minutes_ago(match, match.expected_minutes + 5)
    assert push_events.running_over() == 1
    run_queue()
    told = notices(service, phones)
    assert list(told) == ["b"]
    path = f"/clubs/dos/director/tournaments/{second.cup.pk}/matches/{match.pk}/"
    assert told["b"][0]["url"] == path
