"""operations.entry_sweep: many players entered in one transaction, each refusal named."""

import pytest
from django.utils import translation

from tournament import operations
from tournament.core import draw
from tournament.models import AuditEntry, Entry, Player, Tournament
from tournament.operations import entries as entries_module


def test_a_full_tournament_names_who_is_left_out(tournament, monkeypatch):
    monkeypatch.setattr(draw, "MAX_ENTRANTS", 2)
    club = [Player.objects.create(name=name) for name in ("Anna", "Bernat", "Carla")]
    with translation.override("en"):
        sweep = operations.enter_players(tournament, club)
    assert [entry.player.name for entry in sweep.entered] == ["Anna", "Bernat"]
    assert sweep.refused == [(club[2], "A tournament takes at most 2 players.")]
    assert AuditEntry.objects.filter(action=AuditEntry.Action.ENTRY_ADDED).count() == 2


def test_one_transaction_for_the_whole_sweep(tournament, monkeypatch):
    club = [Player.objects.create(name=name) for name in ("Anna", "Bernat", "Carla")]
    record = entries_module.audit.record
    calls = []

    def failing_on_the_third(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise RuntimeError("the database went away")
        return record(*args, **kwargs)

    monkeypatch.setattr(entries_module.audit, "record", failing_on_the_third)
    with pytest.raises(RuntimeError):
        operations.enter_players(tournament, club)
    assert not Entry.objects.exists()
    assert not AuditEntry.objects.exists()


def test_copy_reads_the_source_again_under_the_lock(tournament, season, players):
    earlier = Tournament.objects.create(season=season, name="Abans", date="2002-10-01")
    for player in players:
        Entry.objects.create(tournament=earlier, player=player)
    preview = operations.preview_copy(tournament, earlier)
    assert preview.added == players
    Entry.objects.create(tournament=tournament, player=players[0])  # registered meanwhile
    sweep = operations.copy_entries(tournament, earlier)
    assert [entry.player for entry in sweep.entered] == [players[1]]
    assert sweep.refused == []
