"""The rating policies' pages (issue 40, item 5): a club's directors write its policy at
`director/rating-policy/` (the floor's forbidden choices greyed out and explained, a
looser policy refused with its reason, a 400 and nothing saved); the federation's
administrator writes the floor at `/federation/rating-policy/`. Another club's director
gets a 403, a visitor the login. Saving says the ratings are computed again in the
background: a job queued after the commit (operations.ratings_rebuild), named in words
on the founding club's Background jobs page, the whole federation's work."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Permission, User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from workers import run_here

from conftest import directors_group
from tournament import operations
from tournament.core.rating_policy import RatingPolicy
from tournament.models import AuditEntry, Club, ClubRole, Job, JobStatus
from tournament.models.rating_policies import federation_policy
from tournament.operations import jobs

pytestmark = pytest.mark.django_db

PAGE = "/director/rating-policy/"
FLOOR_PAGE = "/federation/rating-policy/"
# A stricter policy than the default floor, every knob as the form posts it.
STRICTER = {"retirements": "on", "min_length": "3", "friendlies": "never"}


def english() -> Client:
    return Client(headers={"accept-language": "en"})


def logged_in(user) -> Client:
    client = english()
    client.force_login(user)
    return client


@pytest.fixture
def dos():
    directors_group()
    Club.founding()
    return operations.create_club("dos", "Club Dos")


def director_of(club: Club, name: str) -> User:
    user = User.objects.create_user(name, is_staff=True)
    operations.appoint_director(club, user)
    return user


@pytest.fixture
def administrator(dos):
    user = User.objects.create_user("fedadmin", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="administer_federation"))
    return user


def policy_entries() -> int:
    return AuditEntry.objects.filter(action=AuditEntry.Action.RATING_POLICY).count()


def tag(html: str, name: str) -> str:
    """The form control named `name`, as the page writes it."""
    found = re.search(rf'<(?:input|select)[^>]*name="{name}"[^>]*>', html)
    assert found, name
    return found.group(0)


def option(html: str, value: str) -> str:
    found = re.search(rf'<option value="{value}"[^>]*>', html)
    assert found, value
    return found.group(0)


# --- the club's page


def test_the_desk_links_to_the_page(dos):
    client = logged_in(director_of(dos, "marta"))
    desk = client.get("/clubs/dos/director/").content.decode()
    assert 'href="/clubs/dos/director/rating-policy/"' in desk


def test_the_page_shows_the_policy_and_greys_out_what_the_floor_does_not_rate(dos):
    client = logged_in(director_of(dos, "marta"))
    with CaptureQueriesContext(connection) as captured:
        response = client.get(f"/clubs/dos{PAGE}")
    assert response.status_code == 200
    # The club by its address (the middleware), the session, the user, their club roles
    # (the door, and the menu's desk link), the club's policy with the federation's as
    # a column of its row.
    assert len(captured) == 5, [query["sql"] for query in captured]
    assert "no-store" in response["Cache-Control"]
    html = response.content.decode()
    # Every knob of the policy has its control.
    for name in RatingPolicy().as_dict():
        tag(html, name)
    # The default floor rates no walkover, no settled match, no friendly, nothing
    # shorter than 2 points: greyed out, and said.
    assert "disabled" in tag(html, "walkovers") and "checked" not in tag(html, "walkovers")
    assert "disabled" in tag(html, "unfinished_or_settled")
    assert "disabled" not in tag(html, "retirements") and "checked" in tag(html, "retirements")
    assert "disabled" not in tag(html, "online")
    assert "The federation&#x27;s policy does not rate these: nor can the club&#x27;s." in html
    assert 'min="2"' in tag(html, "min_length")
    assert "rates no match shorter than 2 points" in html
    assert "disabled" not in option(html, "never")
    assert "disabled" in option(html, "agreed") and "disabled" in option(html, "always")


def test_a_looser_floor_opens_the_choices(dos):
    operations.set_federation_floor({"walkovers": True, "min_length": 1, "friendlies": "agreed"})
    html = logged_in(director_of(dos, "marta")).get(f"/clubs/dos{PAGE}").content.decode()
    assert "disabled" not in tag(html, "walkovers")
    assert 'min="1"' in tag(html, "min_length")
    assert "rates no match shorter" not in html
    assert "disabled" not in option(html, "agreed") and "disabled" in option(html, "always")


def test_a_policy_the_floor_narrowed_since_shows_what_counts_now(dos):
    operations.set_federation_floor({"walkovers": True})
    operations.set_rating_policy(dos, {"walkovers": True})
    operations.set_federation_floor({})
    html = logged_in(director_of(dos, "marta")).get(f"/clubs/dos{PAGE}").content.decode()
    assert "checked" not in tag(html, "walkovers") and "disabled" in tag(html, "walkovers")


def test_a_stricter_policy_is_saved_and_the_ratings_said_to_be_computed_again(
    dos, django_capture_on_commit_callbacks
):
    client = logged_in(director_of(dos, "marta"))
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/clubs/dos{PAGE}", STRICTER)
    assert response.status_code == 302
    assert response["Location"] == f"/clubs/dos{PAGE}"
    dos.refresh_from_db()
    assert RatingPolicy.from_dict(dos.rating_policy) == RatingPolicy(
        retirements=True, on_time=False, min_length=3, online=False
    )
    assert policy_entries() == 1
    # The founding club's is not touched.
    assert Club.founding().rating_policy == {}
    page = client.get(response["Location"]).content.decode()
    assert (
        "The club&#x27;s rating policy is saved. Every rating is being computed again under "
        "it in the background: the ratings follow the new policy once that is done."
    ) in page
    assert "checked" not in tag(page, "on_time") and 'value="3"' in tag(page, "min_length")
    # Nothing was computed in the request: one job queued, for a worker.
    job = Job.objects.get()
    assert (job.kind, job.status) == ("ratings_rebuild", JobStatus.PENDING)
    # Saved again while it waits: the same job.
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/clubs/dos{PAGE}", {**STRICTER, "min_length": "4"})
    assert Job.objects.get() == job


def test_the_founding_clubs_page_is_unprefixed(dos):
    founding = Club.founding()
    client = logged_in(director_of(founding, "jordi"))
    response = client.post(PAGE, STRICTER)
    assert response.status_code == 302 and response["Location"] == PAGE
    founding.refresh_from_db()
    assert founding.rating_policy["min_length"] == 3
    dos.refresh_from_db()
    assert dos.rating_policy == {}


def test_a_policy_looser_than_the_floor_is_refused_with_its_reason(dos):
    client = logged_in(director_of(dos, "marta"))
    # A box the page greyed out, ticked all the same; and a length below the floor's.
    for looser in ({**STRICTER, "walkovers": "on"}, {**STRICTER, "min_length": "1"}):
        response = client.post(f"/clubs/dos{PAGE}", looser)
        assert response.status_code == 400
        html = response.content.decode()
        assert "a club may rate fewer matches than the federation allows, never more" in html
        assert 'role="alert"' in html
    response = client.post(f"/clubs/dos{PAGE}", {**STRICTER, "friendlies": "always"})
    assert response.status_code == 400
    assert "The federation&#x27;s policy does not rate friendlies" in response.content.decode()
    dos.refresh_from_db()
    assert dos.rating_policy == {} and policy_entries() == 0


@pytest.mark.parametrize(
    "bad",
    [
        {**STRICTER, "min_length": "0"},
        {**STRICTER, "min_length": "two"},
        {**STRICTER, "friendlies": "sometimes"},
        {"retirements": "on"},  # no length at all
    ],
)
def test_bad_input_is_a_400_and_saves_nothing(dos, bad):
    response = logged_in(director_of(dos, "marta")).post(f"/clubs/dos{PAGE}", bad)
    assert response.status_code == 400
    assert 'class="errorlist' in response.content.decode()
    dos.refresh_from_db()
    assert dos.rating_policy == {} and policy_entries() == 0


def test_another_clubs_director_gets_a_403_and_a_visitor_the_login(dos):
    outsider = logged_in(director_of(Club.founding(), "jordi"))
    insider = logged_in(director_of(dos, "marta"))
    for client, url in ((outsider, f"/clubs/dos{PAGE}"), (insider, PAGE)):
        assert client.get(url).status_code == 403
        assert client.post(url, STRICTER).status_code == 403
    # A player's login with no club at all.
    nobody = logged_in(User.objects.create_user("player"))
    assert nobody.get(f"/clubs/dos{PAGE}").status_code == 403
    visitor = english().post(f"/clubs/dos{PAGE}", STRICTER)
    assert visitor.status_code == 302 and "/accounts/login/" in visitor["Location"]
    assert policy_entries() == 0
    assert all(club.rating_policy == {} for club in Club.objects.all())


def test_the_form_needs_its_csrf_token(dos):
    client = Client(enforce_csrf_checks=True, headers={"accept-language": "en"})
    client.force_login(director_of(dos, "marta"))
    assert client.post(f"/clubs/dos{PAGE}", STRICTER).status_code == 403
    dos.refresh_from_db()
    assert dos.rating_policy == {}


# --- the federation's page


def test_the_federation_page_links_to_the_floor(administrator):
    html = logged_in(administrator).get("/federation/").content.decode()
    assert f'href="{FLOOR_PAGE}"' in html


def test_the_administrator_sets_the_floor(administrator, dos, django_capture_on_commit_callbacks):
    client = logged_in(administrator)
    with CaptureQueriesContext(connection) as captured:
        response = client.get(FLOOR_PAGE)
    assert response.status_code == 200
    # The session, the user, their permissions (the door: a user's own, then their
    # groups'), the floor, their club roles (the menu's desk link).
    assert len(captured) == 6, [query["sql"] for query in captured]
    html = response.content.decode()
    # The floor's own form greys nothing out: it is the floor.
    assert "disabled" not in html.split('<form method="post" class="stacked">')[1]
    loose = {"walkovers": "on", "retirements": "on", "min_length": "1", "friendlies": "agreed"}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(FLOOR_PAGE, loose)
    assert response.status_code == 302 and response["Location"] == FLOOR_PAGE
    assert federation_policy() == RatingPolicy(
        walkovers=True, on_time=False, min_length=1, friendlies="agreed", online=False
    )
    assert AuditEntry.objects.get(action=AuditEntry.Action.FEDERATION_POLICY).user == administrator
    page = client.get(FLOOR_PAGE).content.decode()
    assert (
        "The federation&#x27;s rating policy is saved. Every rating is being computed again "
        "under it in the background: the ratings follow the new policy once that is done."
    ) in page
    assert Job.objects.get().kind == "ratings_rebuild"
    # The clubs' pages open what it allows.
    marta = logged_in(director_of(dos, "marta"))
    assert "disabled" not in tag(marta.get(f"/clubs/dos{PAGE}").content.decode(), "walkovers")


def test_bad_input_to_the_floor_is_a_400_and_saves_nothing(administrator):
    client = logged_in(administrator)
    for bad in ({"min_length": "0", "friendlies": "never"}, {"min_length": "2", "friendlies": "x"}):
        assert client.post(FLOOR_PAGE, bad).status_code == 400
    assert federation_policy() == RatingPolicy()
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.FEDERATION_POLICY).exists()


def test_the_floor_is_the_administrators_alone(dos):
    director = logged_in(director_of(dos, "marta"))
    founding_director = logged_in(director_of(Club.founding(), "jordi"))
    for client in (director, founding_director):
        assert client.get(FLOOR_PAGE).status_code == 403
        assert client.post(FLOOR_PAGE, {"walkovers": "on", "min_length": "1"}).status_code == 403
        # Under a club's address too: the federation's page, the same door.
        assert client.get(f"/clubs/dos{FLOOR_PAGE}").status_code == 403
    visitor = english().get(FLOOR_PAGE)
    assert visitor.status_code == 302 and "/accounts/login/" in visitor["Location"]
    assert federation_policy() == RatingPolicy()
    assert ClubRole.objects.count() == 2


# --- the rebuild on the Background jobs page


def test_the_rebuild_is_named_on_the_founding_clubs_jobs_page_with_its_retry(
    dos, administrator, django_capture_on_commit_callbacks, settings
):
    """A rebuild is every club's work, of no club's row: listed, like a push, on the
    founding club's page (its directors' and the administrator's), where its Retry
    works; a club's own page does not list it, and its Retry there is a 403."""
    settings.JOBS_MAX_ATTEMPTS = 1
    with django_capture_on_commit_callbacks(execute=True):
        operations.set_rating_policy(dos, {"min_length": 3})
    job = Job.objects.get()
    # Its one attempt failed, as the runner records a database gone away.
    jobs.fail(jobs.claim("page-worker"), "OperationalError: gone")
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    work = "Every rating computed again after a rating policy changed"
    retry = f'action="/director/jobs/{job.pk}/retry/"'
    for user in (director_of(Club.founding(), "jordi"), administrator):
        page = logged_in(user).get("/director/jobs/").content.decode()
        assert work in page and retry in page and "OperationalError: gone" in page
    marta = logged_in(director_of(dos, "marta"))
    page = marta.get("/clubs/dos/director/jobs/").content.decode()
    assert work not in page and "/retry/" not in page
    assert marta.post(f"/clubs/dos/director/jobs/{job.pk}/retry/").status_code == 403
    # The administrator's Retry runs it again.
    answer = logged_in(administrator).post(f"/director/jobs/{job.pk}/retry/", follow=True)
    assert "The job will be tried again." in answer.content.decode()
    assert [ran.pk for ran in run_here()] == [job.pk]
    job.refresh_from_db()
    assert job.status == JobStatus.DONE
