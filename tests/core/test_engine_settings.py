"""Which GNU Backgammon figures share a table (core.engine_settings, docs/skill.md "One
engine's figures in one table"): an analysis known by its engine, version and depth; a
table counts the setting covering the most matches, then the deeper, then the newer,
and leaves the other matches out."""

from tournament.core.engine_settings import choose, settings_of, version_order

PROGRAM = "GNU Backgammon 1.07.001 20230103"
PACKAGE = "GNU Backgammon 1.1.0a16 (the gnubg Python package)"


def test_the_version_line_gives_the_engine_and_its_version_not_the_build_date():
    program = settings_of(PROGRAM, 0)
    assert (program.engine, program.version, program.ply, program.package) == (
        "GNU Backgammon",
        "1.07.001",
        0,
        False,
    )
    assert settings_of("GNU Backgammon 1.07.001 20240101", 0) == program
    assert settings_of(PACKAGE, 0).package and settings_of(PACKAGE, 0).version == "1.1.0a16"
    assert settings_of(PROGRAM, 2) != program


def test_gnubg_numbers_its_versions_as_decimals_so_1_1_is_after_1_07_and_1_08():
    assert version_order("1.1.0a16") > version_order("1.08.003") > version_order("1.07.001")
    assert version_order("1.1.0") > version_order("1.1.0a16") > version_order("1.1.0a9")
    assert version_order("") < version_order("1.06.002")


def test_the_setting_covering_most_matches_is_counted_and_the_others_left_out():
    program, package = settings_of(PROGRAM, 0), settings_of(PACKAGE, 0)
    choice = choose(
        {
            1: [("a", program)],
            2: [("b", program)],
            3: [("c", package)],
            4: [("d", program), ("e", settings_of(PROGRAM, 2))],
        }
    )
    assert choice.reference == program
    assert choice.chosen == {1: "a", 2: "b", 4: "d"}
    assert choice.left_out == {3}


def test_between_as_many_the_deeper_then_the_newer():
    zero, two = settings_of(PROGRAM, 0), settings_of(PROGRAM, 2)
    assert choose({1: [("a", zero)], 2: [("b", two)]}).reference == two
    newer = settings_of(PACKAGE, 0)
    choice = choose({1: [("a", zero)], 2: [("b", newer)]})
    assert choice.reference == newer and choice.left_out == {1}
    # One match analysed twice: its deeper analysis.
    assert choose({1: [("a", zero), ("b", two)]}).chosen == {1: "b"}


def test_nothing_analysed_counts_nothing():
    choice = choose({})
    assert choice.reference is None and not choice.chosen and not choice.left_out
