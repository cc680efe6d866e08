"""A late "I'm here" (issue 36, item 5): once the draw is made, a registered player not
in it who taps "I'm here" on their phone asks the desk; nothing a player does removes a
draw. Starting the tournament closes check-in."""

import pytest
from django.utils import translation

import builders
from tournament import operations
from tournament.models import AuditEntry, Entry, EntryRequest, Player, Tournament


@pytest.fixture
def started_with_a_late_player(season):
    """A cup drawn and started while check-in was open; Pere Pou registered (before the
    day, say) and has not checked in."""
    cup = builders.cup(season, 6, start=False)
    late = Player.objects.create(name="Pere Pou")
    operations.add_entry(cup, late)
    operations.open_check_in(cup)
    operations.start_tournament(cup)
    cup.refresh_from_db()
    return cup, late


def test_starting_closes_check_in_audited(started_with_a_late_player):
    cup, _late = started_with_a_late_player
    assert not cup.check_in_is_open and cup.check_in_closed_at is not None
    with translation.override("en"):
        said = [
            entry.summary_text
            for entry in AuditEntry.objects.filter(
                tournament=cup, action=AuditEntry.Action.CHECK_IN_WINDOW
            ).order_by("pk")
        ]
    assert said == ["Check-in opened", "Check-in closed: the tournament started"]


def test_a_late_im_here_keeps_the_draw_and_asks_the_desk(started_with_a_late_player):
    cup, late = started_with_a_late_player
    matches = set(cup.matches.values_list("pk", flat=True))
    seed = cup.draw_seed

    done = operations.check_in_at_door(cup, late)

    assert not done.checked_in
    cup.refresh_from_db()
    assert cup.status == Tournament.Status.RUNNING and cup.draw_seed == seed
    assert set(cup.matches.values_list("pk", flat=True)) == matches
    assert not Entry.objects.get(tournament=cup, player=late).checked_in
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.DRAW_DISCARDED).exists()
    # The desk has the request, and the history names who asked.
    (asked,) = operations.waiting_requests(cup)
    assert asked.player == late and asked.registered
    with translation.override("en"):
        last = AuditEntry.objects.filter(tournament=cup).latest("pk").summary_text
    assert last == "Pere Pou said “I'm here” after the draw"
    # Tapping again is the same request, said once.
    operations.check_in_at_door(cup, late)
    assert EntryRequest.objects.filter(tournament=cup).count() == 1
    assert AuditEntry.objects.filter(action=AuditEntry.Action.ENTRY_REQUESTED).count() == 1


def test_a_late_im_here_before_the_start_keeps_the_draw_too(season):
    cup = builders.cup(season, 6, start=False)
    late = Player.objects.create(name="Pere Pou")
    operations.add_entry(cup, late)
    operations.open_check_in(cup)
    drawn = set(cup.matches.values_list("pk", flat=True))

    assert not operations.check_in_at_door(cup, late).checked_in

    cup.refresh_from_db()
    assert cup.is_draft and set(cup.matches.values_list("pk", flat=True)) == drawn
    assert EntryRequest.objects.filter(tournament=cup, player=late).exists()


def test_the_director_answers_with_a_bye_and_the_request_is_gone(started_with_a_late_player):
    cup, late = started_with_a_late_player
    operations.check_in_at_door(cup, late)
    entry = Entry.objects.get(tournament=cup, player=late)
    bye = operations.byes_open_to_late_entries(cup)[0]
    operations.place_in_bye(cup, entry, bye)
    assert operations.waiting_requests(cup) == []


def test_the_director_may_still_check_them_in_and_draw_again(started_with_a_late_player):
    """The director's own choice (the desk says the draw goes): not the player's."""
    cup, late = started_with_a_late_player
    operations.check_in_at_door(cup, late)
    (asked,) = operations.waiting_requests(cup)
    change = operations.accept_entry_request(cup, asked.pk)
    assert change.draw_discarded
    assert Entry.objects.get(tournament=cup, player=late).checked_in
    assert not EntryRequest.objects.exists()


def test_before_the_draw_im_here_is_still_a_check_in_in_the_window(tournament, players):
    for player in players:
        operations.add_entry(tournament, player)
    operations.open_check_in(tournament)
    assert operations.check_in_at_door(tournament, players[0]).checked_in
    assert Entry.objects.get(player=players[0]).checked_in
    assert not EntryRequest.objects.exists()


def test_a_request_to_play_accepted_after_the_draw_registers_without_touching_it(season):
    cup = builders.cup(season, 6)
    operations.open_check_in(cup)
    newcomer = Player.objects.create(name="Núria Vidal")
    asked = operations.ask_to_enter(cup, newcomer)
    change = operations.accept_entry_request(cup, asked.pk)
    assert not change.draw_discarded and cup.matches.exists()
    assert not Entry.objects.get(tournament=cup, player=newcomer).checked_in
