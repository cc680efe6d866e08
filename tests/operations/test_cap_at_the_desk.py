"""The registration cap holds at the desk too (issue 36, item 7): with a cap of 20, 20
registered and 6 waiting, neither the tick list nor the door's "Register and check in"
nor the desk's search takes a 21st player, unless the director chooses to go beyond the
cap; so a place freed later moves the waiting list up."""

import pytest
from django.utils import translation

from tournament import operations
from tournament.models import Entry, Player, SignUp
from tournament.operations import registrations


@pytest.fixture
def full_cup(tournament, director):
    registrations.set_registration(tournament, open_=True, cap=20, closes=None, user=director)
    for number in range(20):
        operations.add_entry(tournament, Player.objects.create(name=f"Jugador {number:02d}"))
    for number in range(6):
        waiting = Player.objects.create(
            name=f"Espera {number}", email=f"espera{number}@example.org"
        )
        registrations.sign_up(tournament, waiting.name, waiting.email)
    tournament.refresh_from_db()
    assert SignUp.objects.filter(tournament=tournament).waiting_list().count() == 6
    return tournament


@pytest.fixture
def newcomer(db):
    return Player.objects.create(name="Núria Vidal")


def registered(tournament) -> int:
    return Entry.objects.filter(tournament=tournament, withdrawn=False).count()


def test_the_tick_list_names_who_the_cap_leaves_out(full_cup, newcomer):
    with translation.override("en"):
        sweep = operations.enter_players(full_cup, [newcomer])
    assert sweep.entered == [] and sweep.refused == [(newcomer, "full: 20 of 20")]
    assert registered(full_cup) == 20


def test_the_doors_register_and_check_in_keeps_to_the_cap(full_cup, newcomer):
    operations.open_check_in(full_cup)
    asked = operations.ask_to_enter(full_cup, newcomer)
    with translation.override("en"), pytest.raises(operations.OperationError) as refused:
        operations.accept_entry_request(full_cup, asked.pk)
    assert "The tournament is full (20 registered, its cap is 20; 6 on the waiting list)" in (
        refused.value.message
    )
    assert registered(full_cup) == 20
    assert full_cup.entry_requests.filter(pk=asked.pk).exists()  # still waiting for an answer


def test_the_desks_search_and_new_player_keep_to_the_cap(full_cup, newcomer):
    with pytest.raises(operations.OperationError):
        operations.add_entry(full_cup, newcomer, checked_in=True)
    with pytest.raises(operations.OperationError):
        operations.add_new_player(full_cup, "Pere Pou")
    assert registered(full_cup) == 20
    assert not Player.objects.filter(name="Pere Pou").exists()


def test_beyond_the_cap_only_by_the_directors_choice(full_cup, newcomer):
    operations.open_check_in(full_cup)
    asked = operations.ask_to_enter(full_cup, newcomer)
    operations.accept_entry_request(full_cup, asked.pk, beyond_cap=True)
    sweep = operations.enter_players(
        full_cup, [Player.objects.create(name="Pere Pou")], beyond_cap=True
    )
    assert len(sweep.entered) == 1 and registered(full_cup) == 22


def test_a_place_freed_after_the_desk_kept_to_the_cap_moves_the_list_up(full_cup, newcomer):
    operations.enter_players(full_cup, [newcomer])  # left out: full
    leaving = Entry.objects.filter(tournament=full_cup).first()
    change = operations.remove_entry(full_cup, leaving)
    assert [entry.player.name for entry in change.moved_up] == ["Espera 0"]
    assert registered(full_cup) == 20
