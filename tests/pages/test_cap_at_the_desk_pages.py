"""The registration cap on the desk's pages (issue 36, item 7): a full tournament says
so, and its search, new player, tick list and door requests register past the cap only
by a button or a tick that says so."""

import pytest
from django.test import Client
from django.urls import reverse

from tournament import operations
from tournament.models import Entry, EntryRequest, Player
from tournament.operations import registrations
from tournament.operations.links import link_for, token_of


@pytest.fixture
def full_cup(tournament, director):
    registrations.set_registration(tournament, open_=True, cap=4, closes=None, user=director)
    for name in ("Anna", "Bernat", "Carla", "Dídac"):
        operations.add_entry(tournament, Player.objects.create(name=name))
    waiting = Player.objects.create(name="Espera Primera", email="espera@example.org")
    registrations.sign_up(tournament, waiting.name, waiting.email)
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def newcomer(db):
    return Player.objects.create(name="Núria Vidal")


def desk(tournament):
    return reverse("director-tournament", args=[tournament.pk])


def registered(tournament) -> int:
    return Entry.objects.filter(tournament=tournament).count()


def test_the_desk_says_it_is_full_and_its_buttons_say_beyond_the_cap(
    director_client, full_cup, newcomer
):
    page = director_client.get(desk(full_cup), {"q": "Núria"}).content.decode()
    assert "The tournament is full: its registration cap is 4 players, and 1 wait" in page
    assert "Add Núria Vidal beyond the cap" in page
    assert "add and check in beyond the cap" in page
    assert "The tournament is full: register them beyond the cap" in page  # a new player
    assert "Register them beyond the registration cap if it is reached" in page  # the ticks


def test_the_search_adds_past_the_cap_only_when_the_button_says_so(
    director_client, full_cup, newcomer
):
    url = reverse("director-entry-add", args=[full_cup.pk])
    refused = director_client.post(url, {"player": newcomer.pk, "checked_in": "1"})
    assert refused.status_code == 409 and "The tournament is full" in refused.content.decode()
    assert registered(full_cup) == 4
    taken = director_client.post(url, {"player": newcomer.pk, "beyond_cap": "1"})
    assert taken.status_code == 302 and registered(full_cup) == 5


def test_a_new_player_past_the_cap_only_when_ticked(director_client, full_cup):
    url = reverse("director-entry-new", args=[full_cup.pk])
    refused = director_client.post(url, {"name": "Pere Pou", "club": ""})
    assert refused.status_code == 409
    assert 'value="Pere Pou"' in refused.content.decode()  # what was typed stays
    assert not Player.objects.filter(name="Pere Pou").exists()
    taken = director_client.post(url, {"name": "Pere Pou", "club": "", "beyond_cap": "on"})
    assert taken.status_code == 302 and registered(full_cup) == 5


def test_the_tick_list_names_who_the_cap_leaves_out(director_client, full_cup, newcomer):
    url = reverse("director-entry-sweep", args=[full_cup.pk])
    page = director_client.post(url, {"players": [newcomer.pk]}, follow=True).content.decode()
    assert "Not registered: Núria Vidal (full: 4 of 4)." in page
    assert registered(full_cup) == 4
    director_client.post(url, {"players": [newcomer.pk], "beyond_cap": "on"})
    assert registered(full_cup) == 5


def test_the_doors_request_says_beyond_the_cap(director_client, full_cup, newcomer):
    operations.open_check_in(full_cup)
    link = reverse("player-page", args=[token_of(link_for(newcomer))])
    Client().post(f"{link}tournaments/{full_cup.pk}/ask/")
    asked = EntryRequest.objects.get()
    page = director_client.get(desk(full_cup)).content.decode()
    assert "Register and check in beyond the cap" in page
    answer = reverse("director-door-request", args=[full_cup.pk])
    refused = director_client.post(answer, {"request": asked.pk, "accept": "1"})
    assert refused.status_code == 409 and registered(full_cup) == 4
    taken = director_client.post(answer, {"request": asked.pk, "accept": "1", "beyond_cap": "1"})
    assert taken.status_code == 302 and registered(full_cup) == 5
