"""The registration form on a tournament's public page and its part of the director's
desk: the fees shown, a request entered or left to the director, each refusal with its
message (closed, full, duplicate, rate limit), the honeypot, CSRF; the public page's
queries unchanged while registration is closed; the desk's buttons need the permission."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client
from django.urls import reverse
from django.utils import timezone

import builders
from tournament.models import Bracket, Entry, Player, SignUp, Tournament
from tournament.operations import registrations


@pytest.fixture(autouse=True)
def _one_hour(settings):
    """The clock stands still inside one of the limit's hours."""
    settings.REGISTRATIONS_PER_HOUR = 3
    with time_machine.travel(datetime(2026, 11, 24, 20, 0, 30, tzinfo=UTC), tick=False):
        yield


@pytest.fixture
def member(db):
    return builders.member(Player.objects.create(name="Núria Ferrer", email="n@ex.org"), "0412")


@pytest.fixture
def open_cup(tournament, director):
    Bracket.objects.create(tournament=tournament, kind="main", lengths="5", fee="10.00")
    registrations.set_registration(tournament, open_=True, cap=1, closes=None, user=director)
    return Tournament.objects.get(pk=tournament.pk)


def visitor(address="10.0.0.1") -> Client:
    return Client(REMOTE_ADDR=address, headers={"accept-language": "en"})


def register_url(tournament) -> str:
    return reverse("register", args=[tournament.pk])


def send(client, tournament, name, email, **extra):
    return client.post(register_url(tournament), {"name": name, "email": email, **extra})


def test_the_form_shows_the_fees(open_cup):
    response = visitor().get(register_url(open_cup))
    assert response.status_code == 200
    assert "main: entry fee 10.00" in response.content.decode()
    assert 'name="website"' in response.content.decode()  # the honeypot


def test_a_member_is_entered(open_cup, member):
    response = send(visitor(), open_cup, "0412", "n@ex.org")
    assert response.status_code == 200
    assert "You are registered." in response.content.decode()
    assert Entry.objects.filter(tournament=open_cup, player=member).exists()


def test_a_stranger_waits_for_the_director(open_cup):
    response = send(visitor(), open_cup, "Xavier Roca", "x@ex.org")
    assert "your registration waits for the director" in response.content.decode()
    assert SignUp.objects.get().status == SignUp.Status.PENDING


def test_refused_when_closed(tournament, member):
    response = send(visitor(), tournament, "0412", "n@ex.org")
    assert response.status_code == 409
    assert "Registration for this tournament is closed." in response.content.decode()
    assert not Entry.objects.exists()


def test_refused_past_the_closing_time(open_cup, member, director):
    closes = timezone.now() - timedelta(minutes=1)
    registrations.set_registration(open_cup, open_=True, cap=1, closes=closes, user=director)
    response = send(visitor(), open_cup, "0412", "n@ex.org")
    assert response.status_code == 409
    assert "closed at its closing time" in response.content.decode()


def test_full_puts_a_member_on_the_waiting_list(open_cup, member):
    Player.objects.create(name="Anna Bosch", email="a@ex.org")
    send(visitor(), open_cup, "Anna Bosch", "a@ex.org")
    response = send(visitor("10.0.0.2"), open_cup, "0412", "n@ex.org")
    assert response.status_code == 200
    assert "The tournament is full: you are number 1 on the waiting list." in (
        response.content.decode()
    )
    assert not Entry.objects.filter(player=member).exists()


def test_refused_as_a_duplicate(open_cup, member):
    send(visitor(), open_cup, "0412", "n@ex.org")
    response = send(visitor("10.0.0.2"), open_cup, "Nuria Ferrer", "n@ex.org")
    assert response.status_code == 409
    assert "You are already registered in this tournament." in response.content.decode()


def test_refused_past_the_rate_limit(open_cup):
    client = visitor()
    answers = [send(client, open_cup, f"Stranger {n}", f"s{n}@ex.org") for n in range(4)]
    assert [answer.status_code for answer in answers] == [200, 200, 200, 429]
    assert "Too many registrations from your address." in answers[3].content.decode()
    assert answers[3]["Retry-After"]
    assert SignUp.objects.count() == 3
    # Another address is not held back.
    assert send(visitor("10.0.0.9"), open_cup, "Stranger 9", "s9@ex.org").status_code == 200


def test_a_form_not_filled_in_is_400(open_cup):
    response = send(visitor(), open_cup, "", "not an address")
    assert response.status_code == 400 and not SignUp.objects.exists()


def test_the_honeypot_saves_nothing_and_says_nothing(open_cup, member):
    response = send(visitor(), open_cup, "0412", "n@ex.org", website="http://spam.example")
    assert response.status_code == 200
    assert "waits for the director" in response.content.decode()
    assert not SignUp.objects.exists() and not Entry.objects.exists()


def test_honeypot_posts_do_not_use_up_the_addresss_registrations(open_cup, member):
    """An outsider on the club's Wi-Fi filling the honeypot, more times than the hourly
    limit, leaves the members behind the same address their registrations."""
    outsider = visitor()
    for attempt in range(10):
        spam = send(outsider, open_cup, f"Bot {attempt}", "b@ex.org", website="http://x.example")
        assert spam.status_code == 200
    response = send(visitor(), open_cup, "0412", "n@ex.org")
    assert response.status_code == 200
    assert "You are registered." in response.content.decode()


def test_csrf_is_required(open_cup, member):
    client = Client(enforce_csrf_checks=True, REMOTE_ADDR="10.0.0.1")
    assert send(client, open_cup, "0412", "n@ex.org").status_code == 403
    assert not Entry.objects.exists()


def test_a_private_tournament_has_no_form(open_cup):
    Tournament.objects.filter(pk=open_cup.pk).update(public=False)
    assert visitor().get(register_url(open_cup)).status_code == 404


def test_the_public_page_while_registration_is_closed_and_open(
    tournament, director, django_assert_num_queries
):
    page = reverse("tournament", args=[tournament.pk])
    # The tournament (its registration settings are its columns), its brackets, its
    # matches: as before registration existed.
    with django_assert_num_queries(3):
        response = visitor().get(page)
    assert "Registration is open" not in response.content.decode()
    registrations.set_registration(tournament, open_=True, cap=None, closes=None, user=director)
    # ... and the entry fees (the brackets again) while it is open.
    with django_assert_num_queries(4):
        response = visitor().get(page)
    assert "Registration is open" in response.content.decode()
    assert register_url(tournament) in response.content.decode()


def test_the_desk_accepts_and_refuses(open_cup, director_client):
    send(visitor(), open_cup, "Xavier Roca", "x@ex.org")
    send(visitor(), open_cup, "Joan Serra", "j@ex.org")
    xavier, joan = SignUp.objects.order_by("pk")
    desk = director_client.get(reverse("director-tournament", args=[open_cup.pk]))
    assert "Requests waiting for you" in desk.content.decode()
    assert "x@ex.org" in desk.content.decode()
    accept = reverse("director-sign-up-accept", args=[open_cup.pk, xavier.pk])
    assert director_client.post(accept).status_code == 302
    refuse = reverse("director-sign-up-refuse", args=[open_cup.pk, joan.pk])
    assert director_client.post(refuse).status_code == 302
    assert list(open_cup.entries.values_list("player__name", flat=True)) == ["Xavier Roca"]
    assert director_client.post(refuse).status_code == 409  # dealt with already


def test_the_desk_saves_the_settings(tournament, director_client):
    response = director_client.post(
        reverse("director-registration", args=[tournament.pk]),
        {"registration_open": "on", "registration_cap": "16", "registration_closes": ""},
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.registration_open and tournament.registration_cap == 16
    bad = director_client.post(
        reverse("director-registration", args=[tournament.pk]), {"registration_cap": "0"}
    )
    assert bad.status_code == 400


def test_the_desk_needs_the_permission(open_cup, db):
    player = Client()
    from django.contrib.auth.models import User

    player.force_login(User.objects.create_user("someone", password="pw-x-123456"))
    request = SignUp.objects.create(
        tournament=open_cup, name="X", email="x@ex.org", status="pending"
    )
    for name, args in [
        ("director-registration", [open_cup.pk]),
        ("director-sign-up-accept", [open_cup.pk, request.pk]),
        ("director-sign-up-refuse", [open_cup.pk, request.pk]),
    ]:
        assert player.post(reverse(name, args=args)).status_code == 403
        assert Client().post(reverse(name, args=args)).status_code == 302  # to the login
    assert player.get(reverse("director-registration", args=[open_cup.pk])).status_code == 403


def test_the_form_page_query_count(open_cup, django_assert_num_queries):
    # The tournament with its season, whether the draw is made, the brackets (their
    # fees): 3, however many have registered.
    with django_assert_num_queries(3):
        assert visitor().get(register_url(open_cup)).status_code == 200


def test_a_removal_says_who_moved_up_from_the_waiting_list(open_cup, director_client):
    """Issue 36, item 13: the director reads whom to tell."""
    for name, email in (("Xavier Roca", "x@ex.org"), ("Joan Serra", "j@ex.org")):
        Player.objects.create(name=name, email=email)
        send(visitor(), open_cup, name, email)
    first = Entry.objects.get(tournament=open_cup)
    remove = reverse("director-entry-remove", args=[open_cup.pk, first.pk])
    page = director_client.post(remove, follow=True).content.decode()
    assert "Xavier Roca removed. Joan Serra moved up from the waiting list." in page


def test_registration_and_its_waiting_list_leave_the_desk_once_drawn(open_cup, director_client):
    """Issue 36, item 13: after the draw they are nobody's business on the day."""
    for name, email in (("Xavier Roca", "x@ex.org"), ("Joan Serra", "j@ex.org")):
        Player.objects.create(name=name, email=email)
        send(visitor(), open_cup, name, email)
    Entry.objects.filter(tournament=open_cup).update(checked_in=True)
    Entry.objects.create(
        tournament=open_cup, player=Player.objects.create(name="Anna Bosch"), checked_in=True
    )
    desk = reverse("director-tournament", args=[open_cup.pk])
    before = director_client.get(desk).content.decode()
    assert "Public registration" in before and "Waiting list" in before
    director_client.post(reverse("director-draw", args=[open_cup.pk]), {"seed": 1})
    after = director_client.get(desk).content.decode()
    assert "Public registration" not in after and "Waiting list" not in after
    assert "Joan Serra" not in after
