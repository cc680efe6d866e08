"""A consolation (or a last chance) needs its match lengths: one rule, the core's
(`core.bracket_lengths.missing`), which the setup form says beside the field and the
operations that save a tournament refuse with (`operations.missing_lengths`): the
operation refuses exactly what the form refuses, on every combination of the settings
and the lengths given, for a new tournament and for one changed."""

from itertools import product

import pytest

from tournament import operations
from tournament.core import bracket_lengths, draw
from tournament.forms.setup import TournamentForm
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

CONSOLATIONS = (draw.NO_CONSOLATION, draw.FIRST_ROUND, draw.PROGRESSIVE, draw.DOUBLE)
BOTH = (draw.CONSOLATION, draw.LAST_CHANCE)
GIVEN = [frozenset(kinds) for kinds in ((), (draw.CONSOLATION,), (draw.LAST_CHANCE,), BOTH)]


def _combinations():
    for consolation, last_chance, given in product(CONSOLATIONS, (False, True), GIVEN):
        # A last chance follows a consolation, and a double elimination has none: other
        # rules (the tournament's and the format's).
        if not last_chance or consolation not in (draw.NO_CONSOLATION, draw.DOUBLE):
            yield consolation, last_chance, given


def _form(season, consolation, last_chance, given, instance=None) -> TournamentForm:
    data = {
        "season": season.pk,
        "name": "Copa",
        "date": "2002-06-01",
        "format": "cup",
        "consolation": consolation,
        "progressive_rounds": 2,
        "main_lengths": "5",
        **{f"{kind}_lengths": "3" for kind in given},
    }
    if last_chance:
        data["last_chance"] = "on"
    return TournamentForm(data, instance=instance)


def _refused(call) -> bool:
    try:
        call()
    except operations.OperationError as error:
        assert "match lengths" in error.message
        return True
    return False


def test_the_core_rule():
    assert bracket_lengths.missing(draw.NO_CONSOLATION, False, ()) == {}
    assert set(bracket_lengths.missing(draw.PROGRESSIVE, True, ())) == {
        draw.CONSOLATION,
        draw.LAST_CHANCE,
    }
    assert bracket_lengths.missing(draw.DOUBLE, False, (draw.CONSOLATION,)) == {}


def test_a_new_tournament_is_refused_by_the_form_and_the_operation_alike(season):
    for number, (consolation, last_chance, given) in enumerate(_combinations()):
        missing = bracket_lengths.missing(consolation, last_chance, given)
        form = _form(season, consolation, last_chance, given)
        assert form.is_valid() == (not missing), (consolation, last_chance, given, form.errors)
        assert set(form.errors) == {f"{kind}_lengths" for kind in missing}
        brackets = {draw.MAIN: "5", **{kind: "3" for kind in given}}
        fields = {
            "season": season,
            "name": f"Copa {number}",
            "date": "2002-06-01",
            "consolation": consolation,
            "last_chance": last_chance,
        }
        refused = _refused(lambda: operations.create_tournament(fields, brackets))  # noqa: B023
        assert refused == bool(missing), (consolation, last_chance, given)


def test_a_change_counts_the_brackets_the_tournament_has(season):
    """A bracket stored already keeps its lengths: neither the form nor the operation
    asks for them again; one it lacks, both ask for."""
    for stored_kinds in GIVEN:
        tournament = operations.create_tournament(
            {"season": season, "name": f"Copa {sorted(stored_kinds)}", "date": "2002-06-01"},
            {draw.MAIN: "5", **{kind: "3" for kind in stored_kinds}},
        )
        for consolation, last_chance, given in _combinations():
            # A change that went through stored the brackets it gave.
            stored = set(tournament.brackets.values_list("kind", flat=True))
            missing = bracket_lengths.missing(consolation, last_chance, given | stored)
            form = _form(season, consolation, last_chance, given, instance=tournament)
            form.data["name"] = tournament.name
            assert form.is_valid() == (not missing), (stored, consolation, given)
            brackets = {kind: "3" for kind in given}
            settings = {"consolation": consolation, "last_chance": last_chance}
            refused = _refused(
                lambda: operations.change_tournament(tournament, settings, brackets)  # noqa: B023
            )
            assert refused == bool(missing), (stored, consolation, last_chance, given)
            tournament = Tournament.objects.get(pk=tournament.pk)
