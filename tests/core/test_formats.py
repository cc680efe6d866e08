"""The formats' registry (core/formats): every stored format is one module in it, the
forms' settings and the settings' problems are each format's own, and nothing outside
the registry imports a format's module (pyproject.toml's contract, whose list of
modules this test keeps whole)."""

import re
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest

from tournament.core import club_nights, draw, formats
from tournament.core import lives as lives_rules

ROOT = Path(__file__).resolve().parents[2]


def settings(**given):
    found = dict(
        format="cup",
        consolation=draw.NO_CONSOLATION,
        rounds=3,
        knockout=0,
        group_size=None,
        swiss_knockout=0,
        playoff="",
        last_chance=False,
    )
    found.update(given)
    return SimpleNamespace(**found)


def test_every_stored_format_is_in_the_registry():
    from tournament.models import Tournament

    assert [key for key, _label in Tournament.FORMAT_CHOICES] == list(formats.KEYS)
    for key, found in formats.FORMATS.items():
        assert found.key == key


@pytest.mark.parametrize(
    "given, expected",
    [
        ({"format": "swiss", "consolation": draw.PROGRESSIVE}, {"consolation"}),
        ({"format": "round_robin", "consolation": draw.FIRST_ROUND}, {"consolation"}),
        ({"format": "teams", "consolation": draw.FIRST_ROUND}, {"consolation"}),
        ({"format": "cup", "consolation": draw.DOUBLE, "last_chance": True}, {"last_chance"}),
        ({"format": "cup", "consolation": draw.PROGRESSIVE, "last_chance": True}, set()),
        ({"format": "round_robin", "knockout": 1}, {"knockout"}),
        ({"format": "round_robin", "knockout": 1, "group_size": 4}, set()),
        ({"format": "teams", "knockout": 1}, set()),
        ({"format": "swiss", "knockout": 1}, {"knockout"}),
        ({"format": "swiss", "swiss_knockout": 8}, set()),
        ({"format": "round_robin", "swiss_knockout": 8}, {"swiss_knockout"}),
        ({"format": "cup", "swiss_knockout": 8}, {"swiss_knockout"}),
        ({"format": "lives", "swiss_knockout": 8}, {"swiss_knockout"}),
        (
            {"format": "lives", "swiss_knockout": 6, "playoff": lives_rules.KNOCKOUT},
            {"swiss_knockout"},
        ),
        ({"format": "lives", "swiss_knockout": 8, "playoff": lives_rules.KNOCKOUT}, set()),
    ],
)
def test_a_format_says_what_is_wrong_with_its_settings(given, expected):
    found = settings(**given)
    assert set(formats.of(found.format).problems(found)) == expected


@pytest.mark.parametrize(
    "given, knockout",
    [
        ({"format": "cup"}, 0),
        ({"format": "swiss", "swiss_knockout": 8}, 8),
        ({"format": "lives", "swiss_knockout": 8}, 0),
        ({"format": "lives", "swiss_knockout": 8, "playoff": lives_rules.KNOCKOUT}, 8),
        ({"format": "round_robin", "knockout": 2, "group_size": 4}, 2),
        ({"format": "teams", "knockout": 1}, 1),
    ],
)
def test_a_format_says_whether_a_knockout_follows(given, knockout):
    found = settings(**given)
    assert formats.of(found.format).knockout_of(found) == knockout
    assert formats.of(found.format).knockout_follows(found) == bool(knockout)


def test_each_setting_belongs_to_the_formats_that_read_it():
    assert formats.with_setting("rounds") == ("swiss", "rating_swiss")
    assert formats.with_setting("consolation") == ("cup",)
    assert set(formats.with_setting("round_lengths")) == {
        "swiss",
        "round_robin",
        "lives",
        "teams",
        "rating_swiss",
    }
    assert club_nights.FORMAT_SETTINGS["lives"] == ("lives",)


def test_the_contract_covers_every_module_but_the_registry():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contract = next(
        found
        for found in config["tool"]["importlinter"]["contracts"]
        if "registry" in found["name"]
    )
    package = ROOT / "tournament"
    expected = {"benches"}  # beside the app, for `make bench`
    for parent, prefix in ((package, "tournament"), (package / "core", "tournament.core")):
        for path in parent.iterdir():
            if path.name.startswith("_") or path.name in ("core", "formats"):
                continue
            if (path.is_dir() and (path / "__init__.py").exists()) or path.suffix == ".py":
                expected.add(f"{prefix}.{path.stem}")
    assert set(contract["source_modules"]) == expected
    # Every module of the package but the registry: a new format is covered unnamed.
    assert contract["forbidden_modules"] == ["tournament.core.formats.*"]


# The layers ask the format (its traits and parts), not which format a tournament is:
# no predicate naming a format, no comparison of the stored format. A cup's double
# elimination is asked of the core's draw (`draw.ends_in_grand_final`), its shape of the
# stored draw. The core itself is where formats and the draw are told apart.
FORMAT_PREDICATE = re.compile(
    r"\b(is_swiss|is_round_robin|is_club_night|is_lives|is_teams|is_double_elimination"
    r"|has_consolation|has_knockout)\b(?!\s*\()|\.format\s*(==|!=|in\b|not in\b)|played_as\.key"
    r"|consolation\s*(==|!=)\s*(draw\.)?DOUBLE"
)


def test_the_layers_ask_the_format_not_which_format_it_is():
    found: dict[str, int] = {}
    for folder, pattern in (("tournament", "*.py"), ("templates", "*.html")):
        for path in (ROOT / folder).rglob(pattern):
            name = path.relative_to(ROOT).as_posix()
            if "/migrations/" in name or name.startswith("tournament/core/"):
                continue
            for line in path.read_text().splitlines():
                code = line.split("#", 1)[0] if path.suffix == ".py" else line
                if code.lstrip().startswith(("def ", '"', "'")):
                    continue
                if FORMAT_PREDICATE.search(code):
                    found[name] = found.get(name, 0) + 1
    assert found == {}


def test_each_format_has_the_templates_its_parts_name():
    """The desk's rounds section and the pairs-kept-apart page include a template named
    for the format's part: a new format's parts must have theirs."""
    templates = ROOT / "templates" / "director" / "includes"
    for found in formats.FORMATS.values():
        assert (templates / "apart" / f"{found.apart}.html").exists(), found.key
        if "rounds" in found.desk:
            assert (templates / "pairing" / f"{found.pairing}.html").exists(), found.key
