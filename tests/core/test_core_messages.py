"""The core's messages: one `_` marker and one error class (`core.messages`) behind every
error the core raises, each still caught by its own name, translated when shown, and
every marked message in the catalogues that makemessages writes."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest

import tournament.core
from tournament.core.clocks import ClockError
from tournament.core.draw import DrawError
from tournament.core.league import ScaleError
from tournament.core.matfile import MatError
from tournament.core.member_sheets import MemberFileError
from tournament.core.messages import CoreError, Phrase, _, render
from tournament.core.prizes import PrizeError
from tournament.core.schedule import ScheduleError
from tournament.core.scoring import IllegalGame
from tournament.core.tables import TableError

CORE = Path(tournament.core.__file__).parent
LOCALE = CORE.parent / "locale"


def shouted(text: str) -> str:
    """A stand-in for gettext: the translation of a text is the text in capitals, its
    placeholders left as they are."""
    return re.sub(
        r"%\(\w+\)[sd]|[^%]+", lambda part: part[0] if part[0][0] == "%" else part[0].upper(), text
    )


def test_the_marker_marks_and_changes_nothing():
    assert _("Give at least one match length.") == "Give at least one match length."
    assert render("%(n)d tables", {"n": 3}) == "3 tables"
    assert render("%(n)d tables", {"n": 3}, shouted) == "3 TABLES"


SIMPLE = [ClockError, MemberFileError, PrizeError, ScaleError, ScheduleError, TableError]


@pytest.mark.parametrize("error", SIMPLE, ids=lambda error: error.__name__)
def test_each_error_keeps_its_name_and_its_message(error):
    raised = error("Table %(name)s is given twice.", name="Bar")
    assert isinstance(raised, CoreError) and isinstance(raised, ValueError)
    assert (raised.template, raised.params) == ("Table %(name)s is given twice.", {"name": "Bar"})
    assert str(raised) == raised.message() == "Table Bar is given twice."
    assert raised.message(shouted) == "TABLE Bar IS GIVEN TWICE."
    with pytest.raises(error):
        raise raised


def test_an_illegal_game_says_which_game():
    raised = IllegalGame("game %(number)d is the Crawford game: %(why)s", 4, why="no cube")
    assert isinstance(raised, CoreError) and isinstance(raised, ValueError)
    assert raised.game_number == 4
    assert raised.params == {"number": 4, "why": "no cube"}
    assert str(raised) == "game 4 is the Crawford game: no cube"
    assert raised.message(shouted) == "GAME 4 IS THE CRAWFORD GAME: no cube"


def test_a_draw_error_translates_the_bracket_it_names():
    raised = DrawError("%(bracket)s: round %(round)d is not ready", bracket="consolation", round=2)
    assert str(raised) == "consolation: round 2 is not ready"
    assert raised.message(shouted) == "CONSOLATION: ROUND 2 IS NOT READY"


def test_a_draw_error_translates_the_match_it_names_with_it():
    match = Phrase(
        "%(bracket)s: %(match)s", {"bracket": Phrase("Consolation"), "match": Phrase("Final")}
    )
    raised = DrawError("%(match)s is a bye: it cannot have a result.", match=match)
    assert str(raised) == "Consolation: Final is a bye: it cannot have a result."
    assert raised.message(shouted) == "CONSOLATION: FINAL IS A BYE: IT CANNOT HAVE A RESULT."


def test_a_transcript_error_keeps_its_line_apart_from_its_message():
    raised = MatError(12, "a game of %(points)d points", points=3)
    assert raised.line == 12
    assert raised.message() == "a game of 3 points"
    assert raised.message(shouted) == "A GAME OF 3 POINTS"
    assert str(raised) == "line 12: a game of 3 points"
    assert str(MatError(None, "no match length")) == "no match length"


def _core_modules():
    for found in pkgutil.walk_packages(tournament.core.__path__, "tournament.core."):
        yield importlib.import_module(found.name)


def test_every_error_of_the_core_is_a_core_error():
    errors = {
        cls
        for module in _core_modules()
        for cls in vars(module).values()
        if inspect.isclass(cls) and issubclass(cls, Exception) and cls.__module__ == module.__name__
    }
    assert {cls.__name__ for cls in errors} >= {
        "ClockError",
        "CoreError",
        "DrawError",
        "IllegalGame",
        "MatError",
        "MemberFileError",
        "PrizeError",
        "ScaleError",
        "ScheduleError",
        "TableError",
    }
    assert all(issubclass(cls, CoreError) for cls in errors)


def _sources():
    for path in sorted(CORE.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"))


def test_one_marker_for_the_whole_core():
    """A module that defines its own `_` or imports it under another name would still
    work, but makemessages extracts `_()` calls only: the marker has one home."""
    own = [
        path.name
        for path, tree in _sources()
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and node.name == "_"
    ]
    assert own == ["messages.py"]
    renamed = [
        path.name
        for path, tree in _sources()
        for node in ast.walk(tree)
        if isinstance(node, ast.alias) and node.name == "_" and node.asname not in (None, "_")
    ]
    assert renamed == []


def _catalogue(language: str) -> set[str]:
    """The msgids of a language's catalogue (a .po file: C-quoted, split over lines)."""
    text = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    return {
        "".join(ast.literal_eval(f'"{part}"') for part in re.findall(r'"((?:[^"\\]|\\.)*)"', ids))
        for ids in re.findall(r'^msgid ((?:".*"\n)+)', text, re.M)
    }


@pytest.mark.parametrize("language", ["ca", "es"])
def test_every_message_the_core_marks_is_in_the_catalogues(language):
    marked = {
        node.args[0].value
        for _path, tree in _sources()
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "_"
        and node.args
        and isinstance(node.args[0], ast.Constant)
    }
    assert len(marked) > 100  # the scan found the core's messages
    assert marked - _catalogue(language) == set()
