"""Entries sent from a device with a key of their own (operations.receipts,
docs/offline.md): each key is stored once, so an entry sent again (its answer lost on
the way) is told it is done instead of being recorded twice; the version check still
refuses an entry typed against a match that changed meanwhile."""

import pytest

import builders
from tournament import operations
from tournament.core.scoring import GameResult, IllegalGame
from tournament.models import EntryReceipt, GameReport, Match
from tournament.operations import AlreadySent, OperationError, StaleMatch, receipts
from tournament.operations.reports import report_game

GAMMON = GameResult(winner=0, kind="gammon")
KEY, OTHER_KEY = "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", "1f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"


def test_an_entry_sent_twice_is_recorded_once(match):
    version = match.version
    game = operations.record_game(match, GAMMON, expected_version=version, entry=KEY)
    match.refresh_from_db()
    with pytest.raises(AlreadySent) as again:
        # Sent again as it was first sent: with the version it was typed against.
        operations.record_game(match, GAMMON, expected_version=version, entry=KEY)
    assert match.games.count() == 1
    assert (again.value.kind, again.value.number) == ("game", game.number)
    assert again.value.version == match.version  # what the next entry is sent with
    assert str(again.value.message) == "Game 1 was already recorded from this device."


def test_the_entry_typed_next_goes_in_with_the_version_the_first_left(match):
    operations.record_game(match, GAMMON, expected_version=match.version, entry=KEY)
    after_first = EntryReceipt.objects.get(key=KEY).version
    operations.record_game(match, GAMMON, expected_version=after_first, entry=OTHER_KEY)
    match.refresh_from_db()
    assert match.score == (4, 0)
    assert EntryReceipt.objects.get(key=OTHER_KEY).version == match.version


def test_an_entry_typed_before_another_director_changed_the_match_is_refused(match):
    typed_against = match.version
    operations.record_game(match, GAMMON, expected_version=typed_against)  # someone else
    with pytest.raises(StaleMatch):
        operations.record_game(match, GAMMON, expected_version=typed_against, entry=KEY)
    assert match.games.count() == 1
    assert not EntryReceipt.objects.exists()


def test_the_entry_that_decided_the_match_sent_again_is_done_not_refused(season):
    cup = builders.cup(season, 4, start=True, brackets={"main": "1,1"})
    first = cup.matches.filter(round=1).order_by("position").first()
    operations.record_game(first, GameResult(winner=1), expected_version=first.version, entry=KEY)
    first.refresh_from_db()
    assert first.is_decided
    with pytest.raises(AlreadySent):
        operations.record_game(first, GameResult(winner=1), expected_version=0, entry=KEY)
    assert first.games.count() == 1


def test_a_refused_entry_keeps_no_key(match):
    with pytest.raises(IllegalGame):
        operations.record_game(match, GameResult(winner=0, cube=3), entry=KEY)
    assert not EntryReceipt.objects.exists()
    # The director may enter it again, corrected, with the same key.
    operations.record_game(match, GameResult(winner=0, cube=2), entry=KEY)
    assert match.games.count() == 1


def test_a_key_of_another_match_is_refused_and_nothing_is_saved(match, tournament, players):
    operations.record_game(match, GAMMON, entry=KEY)
    other = Match.objects.create(
        tournament=tournament, player1=players[1], player2=players[0], length=5, status="ready"
    )
    with pytest.raises(OperationError, match="belongs to another match"):
        operations.record_game(other, GAMMON, entry=KEY)
    assert other.games.count() == 0


@pytest.mark.parametrize("kind", ["game", "report"])
def test_one_key_sent_at_once_to_two_matches_refuses_the_second(
    match, tournament, players, monkeypatch, kind
):
    """The race: both sends look for the key before either keeps it (each locks its own
    match, not the other's), then the first keeps it. The second is refused in words
    and rolled back whole, never an IntegrityError (a 500)."""
    other = Match.objects.create(
        tournament=tournament, player1=players[1], player2=players[0], length=5, status="ready"
    )
    operations.record_game(match, GAMMON, entry=KEY)  # the first send, kept
    # The second looked for the key before the first was committed, and found nothing.
    monkeypatch.setattr(receipts, "check_not_sent", lambda checked, key: None)
    with pytest.raises(OperationError, match="belongs to another match"):
        if kind == "game":
            operations.record_game(other, GAMMON, entry=KEY)
        else:
            report_game(other, players[1], GAMMON, entry=KEY)
    assert other.games.count() == 0 and not GameReport.objects.exists()
    assert EntryReceipt.objects.get().match == match and match.games.count() == 1


def test_a_players_report_sent_twice_is_reported_once(match, players):
    report_game(match, players[0], GAMMON, expected_version=match.version, entry=KEY)
    with pytest.raises(AlreadySent) as again:
        report_game(match, players[0], GAMMON, expected_version=match.version, entry=KEY)
    assert GameReport.objects.filter(match=match).count() == 1
    assert again.value.kind == "report"
    assert str(again.value.message) == "Game 1 was already reported from this device."
    assert match.games.count() == 0  # a report changes nothing until confirmed


def test_old_keys_are_forgotten_and_the_entries_stay(match, time_machine):
    time_machine.move_to("2026-11-01 10:00")
    operations.record_game(match, GAMMON, entry=KEY)
    time_machine.move_to("2026-11-20 10:00")
    operations.record_game(match, GAMMON, entry=OTHER_KEY)
    time_machine.move_to("2026-12-05 10:00")
    assert receipts.prune() == 1  # the first, 34 days old; the second is 15
    assert list(EntryReceipt.objects.values_list("key", flat=True)) == [OTHER_KEY]
    assert match.games.count() == 2
