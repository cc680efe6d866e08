"""The history's summaries read in full: a message that says "%(count)d" without a
plural keeps its count (such summaries were once stored empty)."""

from __future__ import annotations

import pytest
from django.utils import translation

from builders import club_night, play_round, the_season
from tournament.models import AuditEntry
from tournament.models.audit import Said, render_said

pytestmark = pytest.mark.django_db


def test_a_count_in_a_message_without_a_plural_is_its_value():
    said = Said("%(count)d players checked in", count=3)
    with translation.override("en"):
        assert str(said) == "3 players checked in"
        assert render_said(said.as_json()) == "3 players checked in"


def test_a_plural_message_still_names_the_value_that_counts():
    said = Said(("%(points)s point", "%(points)s points"), count="points", points=1)
    with translation.override("en"):
        assert str(said) == "1 point"


def test_the_history_says_how_many_matches_a_swiss_round_paired():
    tournament, _players = club_night(the_season(), 8, rng_seed=5, start=True, rounds=3)
    play_round(tournament, 1)
    entry = AuditEntry.objects.filter(
        tournament=tournament, action=AuditEntry.Action.ROUND_PAIRED
    ).latest("pk")
    with translation.override("en"):
        assert entry.summary_text == "Round 2 paired: 4 matches"
