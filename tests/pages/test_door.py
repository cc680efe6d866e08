"""The door (issue 27, item 3): the director opens and closes a check-in window on the
desk; while it is open a player checks in from their own page ("I'm here"), or, not
registered, asks to play and the director confirms it; the tournament's QR code (the
slips, the call screen) opens a public page with nothing private in it; the desk's
count is a live part that costs a fixed number of queries."""

from datetime import UTC, datetime

import pytest
import segno
import time_machine
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

import builders
from tournament import operations
from tournament.models import AuditEntry, Entry, EntryRequest, Player
from tournament.operations.links import link_for, token_of


def page(player) -> str:
    return reverse("player-page", args=[token_of(link_for(player))])


def here(player, tournament, client=None):
    client = client or Client(headers={"accept-language": "en"})
    return client.post(f"{page(player)}tournaments/{tournament.pk}/here/")


def ask(player, tournament, client=None):
    client = client or Client(headers={"accept-language": "en"})
    return client.post(f"{page(player)}tournaments/{tournament.pk}/ask/")


@pytest.fixture
def entered(tournament, players):
    return [Entry.objects.create(tournament=tournament, player=player) for player in players]


def test_the_window_opens_and_closes_from_the_desk_audited(director_client, tournament):
    window = reverse("director-door-window", args=[tournament.pk])
    assert director_client.post(window, {"open": "1"}).status_code == 302
    tournament.refresh_from_db()
    assert tournament.check_in_is_open
    assert director_client.post(window, {"open": "0"}).status_code == 302
    tournament.refresh_from_db()
    assert not tournament.check_in_is_open and tournament.check_in_closed_at
    said = [
        entry.summary_text
        for entry in AuditEntry.objects.filter(action=AuditEntry.Action.CHECK_IN_WINDOW)
    ]
    assert sorted(said) == ["Check-in closed", "Check-in opened"]


def test_only_directors_open_the_window_or_read_the_count(client, tournament, db):
    window = reverse("director-door-window", args=[tournament.pk])
    client.force_login(User.objects.create_user("visitor", password="x-secret-1234"))
    assert client.post(window, {"open": "1"}).status_code == 403
    assert client.get(reverse("director-door", args=[tournament.pk])).status_code == 403
    tournament.refresh_from_db()
    assert not tournament.check_in_is_open


def test_im_here_checks_the_player_in_during_the_window(tournament, players, entered):
    operations.open_check_in(tournament)
    body = Client(headers={"accept-language": "en"}).get(page(players[0])).content.decode()
    assert "I'm here</button>" in body
    response = here(players[0], tournament)
    assert response.status_code == 302
    entered[0].refresh_from_db()
    assert entered[0].checked_in and not Entry.objects.get(pk=entered[1].pk).checked_in
    body = Client(headers={"accept-language": "en"}).get(page(players[0])).content.decode()
    assert "You are checked in." in body


def test_outside_the_window_the_page_says_when_and_a_post_is_refused(tournament, players, entered):
    body = Client(headers={"accept-language": "en"}).get(page(players[0])).content.decode()
    assert "Check-in opens on the day" in body and "I'm here</button>" not in body
    response = here(players[0], tournament)
    assert response.status_code == 409
    assert "Check-in is not open" in response.content.decode()
    entered[0].refresh_from_db()
    assert not entered[0].checked_in
    operations.open_check_in(tournament)
    operations.close_check_in(tournament)
    body = Client(headers={"accept-language": "en"}).get(page(players[0])).content.decode()
    assert "Check-in from this page closed at" in body
    assert here(players[0], tournament).status_code == 409


def test_im_here_needs_the_csrf_token(tournament, players, entered):
    operations.open_check_in(tournament)
    strict = Client(enforce_csrf_checks=True, headers={"accept-language": "en"})
    assert here(players[0], tournament, strict).status_code == 403
    entered[0].refresh_from_db()
    assert not entered[0].checked_in


def test_an_unknown_link_checks_no_one_in(client, tournament, entered):
    operations.open_check_in(tournament)
    answer = client.post(f"/p/{'x' * 43}/tournaments/{tournament.pk}/here/")
    assert answer.status_code == 404
    assert not Entry.objects.filter(checked_in=True).exists()


def test_im_here_is_rate_limited_as_link_writes_are(settings, tournament, players, entered):
    settings.PLAYER_WRITES_PER_MINUTE = 2
    with time_machine.travel(datetime(2026, 11, 24, 20, 0, 30, tzinfo=UTC), tick=False):
        answers = [here(players[0], tournament).status_code for _ in range(3)]
    assert answers == [409, 409, 429]


def test_a_player_not_registered_asks_and_the_director_confirms(
    director_client, tournament, players
):
    newcomer = Player.objects.create(name="Núria Vidal")
    operations.open_check_in(tournament)
    body = Client(headers={"accept-language": "en"}).get(page(newcomer)).content.decode()
    assert "Ask to play" in body
    assert ask(newcomer, tournament).status_code == 302
    assert ask(newcomer, tournament).status_code == 302  # twice is one request
    asked = EntryRequest.objects.get()
    desk = director_client.get(reverse("director-tournament", args=[tournament.pk]))
    assert "Núria Vidal" in desk.content.decode() and "Register and check in" in (
        desk.content.decode()
    )
    answer = reverse("director-door-request", args=[tournament.pk])
    assert director_client.post(answer, {"request": asked.pk, "accept": "1"}).status_code == 302
    entry = Entry.objects.get(tournament=tournament, player=newcomer)
    assert entry.checked_in and not EntryRequest.objects.exists()
    # Answered already: a second tap says so, and changes nothing.
    again = director_client.post(answer, {"request": asked.pk, "accept": "1"})
    assert again.status_code == 409 and "answered already" in again.content.decode()


def test_a_refused_request_registers_no_one(director_client, tournament):
    newcomer = Player.objects.create(name="Pere Pou")
    operations.open_check_in(tournament)
    ask(newcomer, tournament)
    answer = reverse("director-door-request", args=[tournament.pk])
    asked = EntryRequest.objects.get()
    assert director_client.post(answer, {"request": asked.pk, "accept": "0"}).status_code == 302
    assert not Entry.objects.filter(player=newcomer).exists()
    assert not EntryRequest.objects.exists()


def test_no_request_while_the_window_is_shut(tournament):
    newcomer = Player.objects.create(name="Pere Pou")
    response = ask(newcomer, tournament)
    assert response.status_code == 409 and not EntryRequest.objects.exists()


def test_the_door_page_is_public_and_holds_nothing_private(client, tournament, entered):
    url = reverse("door", args=[tournament.pk])
    body = client.get(url).content.decode()
    assert "Check-in is not open" in body
    operations.open_check_in(tournament)
    body = client.get(url).content.decode()
    assert "Check-in is open." in body
    assert "/p/" not in body and "Anna Bosch" not in body


def test_the_door_page_costs_one_query(client, tournament, django_assert_num_queries):
    with django_assert_num_queries(1):
        assert client.get(reverse("door", args=[tournament.pk])).status_code == 200


def test_the_qr_code_on_the_slips_and_the_call_screen_is_the_doors(
    director_client, client, tournament
):
    address = "http://testserver" + reverse("door", args=[tournament.pk])
    slips = director_client.get(reverse("director-slips", args=[tournament.pk]))
    assert segno.make(address, error="m").svg_inline(scale=8, title=None) in (
        slips.content.decode()
    )
    calls = client.get(reverse("calls", args=[tournament.pk])).content.decode()
    assert segno.make(address, error="m").svg_inline(scale=4, title=None) in calls
    assert "/p/" not in calls


def test_the_desks_door_part_moves_with_a_check_in_and_is_cheap(
    director_client, tournament, players, entered, django_assert_num_queries
):
    url = reverse("director-door", args=[tournament.pk]) + "?partial=door"
    first = director_client.get(url)
    assert "0 of 2 checked in" in first.content.decode()
    # session, user, permissions (user's and groups'), the tournament with its marks:
    # unchanged is a 304 after those.
    with django_assert_num_queries(5):
        unchanged = director_client.get(url, headers={"if-none-match": first["ETag"]})
    assert unchanged.status_code == 304
    operations.open_check_in(tournament)
    here(players[0], tournament)
    # ... and changed, the entries counted and the requests: 7, however many players.
    with django_assert_num_queries(7):
        moved = director_client.get(url, headers={"if-none-match": first["ETag"]})
    assert moved.status_code == 200 and "1 of 2 checked in" in moved.content.decode()
    # ... and who came: the latest arrivals since check-in opened.
    assert "Latest arrivals: Anna Bosch (" in moved.content.decode()


def test_a_withdrawn_player_cannot_check_in(tournament, players, entered):
    Entry.objects.filter(pk=entered[0].pk).update(withdrawn=True)
    operations.open_check_in(tournament)
    assert here(players[0], tournament).status_code == 409
    # ... and is not offered to ask to play again.
    body = Client(headers={"accept-language": "en"}).get(page(players[0])).content.decode()
    assert "Ask to play" not in body and f"door-{tournament.pk}" not in body


@pytest.mark.parametrize(("language", "button"), [("ca", "Sóc aquí"), ("es", "Estoy aquí")])
def test_the_door_speaks_catalan_and_spanish(tournament, players, entered, language, button):
    operations.open_check_in(tournament)
    reader = Client(headers={"accept-language": language})
    assert f"{button}</button>" in reader.get(page(players[0])).content.decode()


def test_a_request_accepted_once_a_cup_is_under_way_leads_to_a_bye(director_client, season):
    cup = builders.cup(season, 6, start=True)
    builders.win(cup.matches.filter(status="ready").first())
    newcomer = Player.objects.create(name="Núria Vidal")
    operations.open_check_in(cup)
    ask(newcomer, cup)
    answer = reverse("director-door-request", args=[cup.pk])
    asked = EntryRequest.objects.get()
    assert director_client.post(answer, {"request": asked.pk, "accept": "1"}).status_code == 302
    entry = Entry.objects.get(tournament=cup, player=newcomer)
    assert not entry.checked_in
    desk = director_client.get(reverse("director-tournament", args=[cup.pk])).content.decode()
    assert f'href="?late={entry.pk}#late-entry"' in desk  # "Arrived: into a bye"


def test_no_card_once_a_tournament_is_under_way_and_its_door_shut(season):
    cup = builders.cup(season, 4, start=True)
    player = cup.entries.first().player
    reader = Client(headers={"accept-language": "en"})
    assert f'id="door-{cup.pk}"' not in reader.get(page(player)).content.decode()
    operations.open_check_in(cup)
    body = reader.get(page(player)).content.decode()
    assert f'id="door-{cup.pk}"' in body and "You are checked in." in body


@pytest.fixture
def started_without_one(season):
    """A cup drawn and started; Pere Pou registered and has not come."""
    cup = builders.cup(season, 6, start=True)
    late = Player.objects.create(name="Pere Pou")
    operations.add_entry(cup, late)
    return cup, late


def test_a_late_player_is_told_they_are_not_in_the_draw_not_no_match(started_without_one):
    """Issue 36, item 13: not "You have no match to play now"."""
    cup, late = started_without_one
    body = Client(headers={"accept-language": "en"}).get(page(late)).content.decode()
    assert "You have no match to play now." not in body
    assert "You are not in the draw of Copa: see the director at the desk." in body
    assert f'id="door-{cup.pk}"' in body and "I'm here</button>" in body


def test_a_late_im_here_is_a_request_on_the_desk_and_the_draw_stays(
    director_client, started_without_one, django_assert_num_queries
):
    """Issue 36, item 5: the tap after the start (check-in shut) keeps the draw and
    reaches the desk's live part, with a bye to offer and a dismissal."""
    cup, late = started_without_one
    matches = sorted(cup.matches.values_list("pk", "player1_id", "player2_id"))
    response = here(late, cup)
    assert response.status_code == 302
    body = Client(headers={"accept-language": "en"}).get(page(late)).content.decode()
    assert "The desk knows you are here" in body
    cup.refresh_from_db()
    assert cup.status == "running"
    assert sorted(cup.matches.values_list("pk", "player1_id", "player2_id")) == matches
    url = reverse("director-door", args=[cup.pk]) + "?partial=door"
    # As without a request (7), and the draw read for the answers: whether it is made
    # and under way, whom it placed, its byes and the matches they lead to.
    with django_assert_num_queries(12):
        part = director_client.get(url).content.decode()
    entry = Entry.objects.get(tournament=cup, player=late)
    assert "Here after the draw" in part and "Pere Pou" in part
    assert f'href="?late={entry.pk}#late-entry"' in part
    asked = EntryRequest.objects.get()
    answer = reverse("director-door-request", args=[cup.pk])
    assert director_client.post(answer, {"request": asked.pk, "accept": "0"}).status_code == 302
    assert not EntryRequest.objects.exists() and cup.matches.count() == len(matches)
