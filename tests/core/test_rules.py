"""The season rule variants and the club's presets (RULES.md, "Q-gammon's own history")."""

import pytest

from tournament.core.rules import PRESETS, RuleSet


def test_defaults_are_todays_match_rules():
    rules = RuleSet()
    assert rules.crawford and not rules.holland
    assert rules.backgammon_multiplier == 3
    assert not rules.beavers and rules.beaver_refusable and not rules.raccoons
    assert not rules.automatic_doubles and rules.automatic_doubles_limit is None
    assert not rules.jacoby
    assert rules.irregularities == "2002"


def test_the_club_presets_exist():
    assert {"standard", "qgammon-1999", "qgammon-2000", "qgammon-2002"} <= set(PRESETS)


def test_until_1999_backgammon_counts_as_gammon_and_beavers_cannot_be_refused():
    rules = PRESETS["qgammon-1999"]
    assert rules.backgammon_multiplier == 2
    assert rules.beavers and not rules.beaver_refusable
    assert rules.irregularities == "pre-2002"
    assert rules.crawford


def test_2000_2001_no_optional_rules_in_matches_old_irregularity_rules():
    rules = PRESETS["qgammon-2000"]
    assert rules.backgammon_multiplier == 3
    assert not rules.beavers and not rules.automatic_doubles and not rules.jacoby
    assert rules.irregularities == "pre-2002"


def test_from_2002_irregularity_rules_2_and_3():
    rules = PRESETS["qgammon-2002"]
    assert rules.irregularities == "2002"
    assert rules.backgammon_multiplier == 3 and not rules.beavers


def test_multiplier_follows_the_season():
    assert PRESETS["qgammon-1999"].multiplier("backgammon") == 2
    assert PRESETS["qgammon-2002"].multiplier("backgammon") == 3
    assert RuleSet().multiplier("gammon") == 2 and RuleSet().multiplier("single") == 1


@pytest.mark.parametrize(
    "fields",
    [
        {"backgammon_multiplier": 4},
        {"backgammon_multiplier": True},
        {"irregularities": "1990"},
        {"automatic_doubles_limit": 0},
        {"crawford": "yes"},
    ],
)
def test_impossible_rule_sets_are_refused(fields):
    with pytest.raises(ValueError):
        RuleSet(**fields)
