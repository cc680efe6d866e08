"""Which GNU Backgammon figures may share a table (docs/skill.md, "One engine's figures
in one table"): an analysis is known by its engine, the engine's version and its depth,
and a table, an average or a ranking counts the figures of one such setting only.

Why: the same match gives different figures from different versions of gnubg (Debian's
1.07 and the 1.1 Python package parted by 3.6 PR on one player at 0-ply) and at
different depths, so an average over both would compare nothing with anything.

The rule, for one table (a season's, a player's, a tournament's standings):

- each match counts once, at most, and only by an analysis at the table's setting;
- the table's setting (`reference`) is the one that covers the most of its matches
  (a match with a 0-ply and a 2-ply analysis covers both); among settings covering as
  many, the deeper, then the newer engine. The most common first, because the deepest
  alone would make a season's table of its finals (analysed at 2-ply besides 0-ply);
- a match with no analysis at that setting is left out, and counted, so that the page
  can say so and the director can have it analysed again.

Pure Python: no Django import and no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal

# "GNU Backgammon 1.07.001 20230103" (the program's first line) or "GNU Backgammon
# 1.1.0a16 (the gnubg Python package)" (engines.gnubg_library's): the engine's name,
# its version, and what follows (a build date, the package named).
_LINE = re.compile(r"^(?P<engine>.*?)\s+(?P<version>\d+(?:\.\w+)+)(?:\s+(?P<rest>.*))?$")
PACKAGE = "the gnubg Python package"


@dataclass(frozen=True)
class EngineSettings:
    """What changes an analysis's figures: the engine, its version ("1.07.001"), the
    depth. `package` says the engine ran as the Python package (engines.gnubg_library),
    which the pages name. Two analyses with equal settings are comparable; a build date
    is not part of it."""

    engine: str
    version: str
    ply: int
    package: bool = False

    @property
    def key(self) -> tuple[str, str, int]:
        return (self.engine, self.version, self.ply)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EngineSettings) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)


def settings_of(version_line: str, ply: int) -> EngineSettings:
    """The settings of an analysis from the version line it keeps (an empty or unknown
    line gives an engine of "" and a version of "", comparable only with its like)."""
    found = _LINE.match(version_line.strip())
    if found is None:
        return EngineSettings(version_line.strip(), "", ply)
    rest = found.group("rest") or ""
    return EngineSettings(found.group("engine"), found.group("version"), ply, PACKAGE in rest)


def version_order(version: str) -> tuple:
    """A version as it sorts, the oldest first. gnubg numbers its releases as decimals
    (1.06, 1.07, 1.08, and the package's 1.1 after them), so the minor number is read as
    a fraction: 1.1 is 1.10, after 1.08. A pre-release ("1.1.0a16") sorts before its
    release and by its number. An unknown version sorts first."""
    if not version:
        return ()
    parts = version.split(".")
    order: list = []
    for index, part in enumerate(parts):
        digits, letters, number = re.fullmatch(r"(\d*)([A-Za-z]*)(\d*)", part).groups()
        if index == 1 and digits:
            value: object = Decimal("0." + digits)
        else:
            value = int(digits or 0)
        # A release (no letters) after any of its pre-releases.
        order.append((value, 1 if not letters else 0, letters, int(number or 0)))
    return tuple(order)


def preference(settings: EngineSettings) -> tuple:
    """How settings rank when the rule must choose between them: the deeper, then the
    newer engine (a higher sort is preferred)."""
    return (settings.ply, version_order(settings.version), settings.engine)


@dataclass(frozen=True)
class Choice:
    """One table's figures: its setting (None when nothing is analysed), and for each
    match counted the analysis chosen (whatever key the caller gave it), and the matches
    left out because they were analysed at other settings only."""

    reference: EngineSettings | None
    chosen: dict[Hashable, Hashable] = field(default_factory=dict)
    left_out: frozenset = frozenset()


def choose(analyses: Mapping[Hashable, Iterable[tuple[Hashable, EngineSettings]]]) -> Choice:
    """The one comparable set of a table: `analyses` gives, by match, its analyses as
    (any key, settings). Returns the table's setting, the analysis counted for each match
    that has one at it, and the matches left out."""
    analyses = {match: list(found) for match, found in analyses.items()}
    covering: dict[EngineSettings, int] = {}
    for found in analyses.values():
        for settings in {settings for _key, settings in found}:
            covering[settings] = covering.get(settings, 0) + 1
    if not covering:
        return Choice(None)
    reference = max(covering, key=lambda settings: (covering[settings], preference(settings)))
    chosen: dict[Hashable, Hashable] = {}
    left_out = set()
    for match, found in analyses.items():
        at_reference = [key for key, settings in found if settings == reference]
        if at_reference:
            chosen[match] = at_reference[0]
        else:
            left_out.add(match)
    return Choice(reference, chosen, frozenset(left_out))
