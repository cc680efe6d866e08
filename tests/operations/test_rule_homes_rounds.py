"""Two rules of the rounds have one home each, and the layers that read them agree:
"a Swiss round may be paired again" (`operations.check_can_pair_again`: the operation
that pairs it again, and the director's desk, which offers the button) and "in the
field", checked in and not withdrawn (`models.entries.in_field_lookups`: the entries'
query, a row's `in_field`, the draw, a round's pairing, the room's fees and a player's
waiting Swiss)."""

from itertools import product

import pytest

import builders
from tournament import operations
from tournament.core import club_nights
from tournament.models import Entry, Player
from tournament.models.entries import in_field_lookups
from tournament.operations.club_nights import _field
from tournament.queries.player_matches import swiss_waiting
from tournament.views.director.rounds import rounds_desk

pytestmark = pytest.mark.django_db


def _newest(tournament) -> int:
    return max(tournament.matches.in_rounds().values_list("round", flat=True), default=0)


def _stages(season):
    """Club nights of each format at each stage a round can be in: its first round,
    a second round not started, and one started (a round robin draws every round at
    once: its newest is its last, not started)."""
    stages = {
        club_nights.SWISS: ("first", "second", "started"),
        club_nights.LIVES: ("first", "second", "started"),
        club_nights.ROUND_ROBIN: ("first",),
    }
    for format, names in stages.items():
        for stage in names:
            tournament, _players = builders.club_night(
                season, 6, format=format, rng_seed=5, name=f"{format} {stage}", start=True
            )
            if stage != "first":
                builders.play_round(tournament, 1)
            if stage == "started":
                builders.win(tournament.matches.filter(round=_newest(tournament)).open().first())
            yield format, stage, tournament


def test_the_operation_and_the_desk_ask_one_rule_of_pairing_again(season):
    for format, stage, tournament in _stages(season):
        current = _newest(tournament)
        allowed = operations.may_pair_again(tournament)
        # The rule: a format that pairs again, a round after the first, none started.
        assert allowed == (format == club_nights.SWISS and stage == "second"), (format, stage)
        assert allowed == (tournament.played_as.pairs_again and current > 1 and stage != "started")
        # The desk offers the button exactly where the operation pairs again.
        assert rounds_desk(tournament, 6).can_pair_again == allowed, (format, stage)
        if allowed:
            paired = operations.pair_round_again(tournament)
            assert paired.number == current
        else:
            with pytest.raises(operations.OperationError):
                operations.pair_round_again(tournament)


def test_every_entry_is_in_the_field_or_not_by_one_rule(season):
    tournament, _players = builders.club_night(season, 0, name="Nit")
    states = list(product((False, True), (False, True))) * 2
    players = builders.new_players(len(states), prefix="Entrada")
    for player, (checked_in, withdrawn) in zip(players, states, strict=True):
        Entry.objects.create(
            tournament=tournament, player=player, checked_in=checked_in, withdrawn=withdrawn
        )
    rows = list(tournament.entries.all())
    expected = {entry.player_id for entry in rows if entry.checked_in and not entry.withdrawn}
    assert len(expected) == 2
    # The row, the query and the lookups are the one rule.
    assert {entry.player_id for entry in rows if entry.in_field} == expected
    assert set(tournament.entries.in_field().values_list("player_id", flat=True)) == expected
    lookups = in_field_lookups()
    assert set(Entry.objects.filter(**lookups).values_list("player_id", flat=True)) == expected
    # The operations' field (a round's pairing, the draw) is the same players.
    assert set(_field(tournament)[0]) == expected
    assert set(operations.preview_draw(tournament, 1).entrants) == expected


def test_a_player_waits_for_a_swiss_round_only_in_its_field(season):
    tournament, _players = builders.club_night(season, 4, rng_seed=5, start=True)
    builders.play_round(tournament, 1)
    builders.play_round(tournament, 2)  # round 3 is paired: nobody waits
    late = Player.objects.create(name="Núria Puig")
    operations.add_entry(tournament, late, checked_in=True)
    assert swiss_waiting(late) == [tournament]
    entry = tournament.entries.get(player=late)
    for checked_in, withdrawn in product((False, True), (False, True)):
        Entry.objects.filter(pk=entry.pk).update(checked_in=checked_in, withdrawn=withdrawn)
        entry.refresh_from_db()
        assert bool(swiss_waiting(late)) == entry.in_field
