"""The tables of a tournament day ("6", or names: "Taula 1, Taula 2, Bar") and which
match plays at which: a match ready to start takes the lowest free table, the brackets
in the order the director gives them (the main bracket first, unless told otherwise).

Pure Python. The operations assign the tables inside the transaction that moves the
bracket on, and the database refuses two open matches at one table.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass

from .draw import BRACKET_KINDS, CONSOLATION, GRAND_FINAL, LAST_CHANCE, MAIN
from .messages import CoreError, _

MAX_TABLES = 64
MAX_NAME = 20
_SEPARATORS = re.compile(r"[,;\n]")


class TableError(CoreError):
    """Tables that cannot be set up so; the message says why."""


def parse_tables(text: str) -> tuple[str, ...]:
    """ "6" -> ("1", ..., "6"); "Taula 1, Bar" -> ("Taula 1", "Bar"); "" -> no tables.

    Names are separated by commas, semicolons or lines; a name given twice (ignoring
    case and spacing) is refused, since two matches would be called to one table."""
    text = (text or "").strip()
    if text.isascii() and text.isdigit():
        count = int(text)
        if count > MAX_TABLES:
            raise TableError(_("At most %(max)d tables."), max=MAX_TABLES)
        return tuple(str(number) for number in range(1, count + 1))
    names = [" ".join(part.split()) for part in _SEPARATORS.split(text)]
    names = [name for name in names if name]
    if len(names) > MAX_TABLES:
        raise TableError(_("At most %(max)d tables."), max=MAX_TABLES)
    seen: set[str] = set()
    for name in names:
        if len(name) > MAX_NAME:
            raise TableError(
                _("A table's name has at most %(max)d characters: “%(name)s”."),
                max=MAX_NAME,
                name=name[: MAX_NAME + 10],
            )
        if name.casefold() in seen:
            raise TableError(_("The table “%(name)s” is given twice."), name=name)
        seen.add(name.casefold())
    return tuple(names)


def as_value(name: str) -> int | str | None:
    """A table as data (the JSON, the workbook): a numbered one as its number, a named
    one by its name, none as None."""
    if not name:
        return None
    return int(name) if name.isdigit() else name


def format_tables(names: Sequence[str]) -> str:
    """The form a director typed: a number for tables 1 to N, else the names."""
    if names and list(names) == [str(number) for number in range(1, len(names) + 1)]:
        return str(len(names))
    return ", ".join(names)


# A bracket's priority for free tables: the lowest number goes first. Unless the
# director says otherwise, the main bracket (whose players are wanted on) comes first,
# then the consolation, then the last chance.
FIRST_PRIORITY, LAST_PRIORITY = 1, 9
DEFAULT_PRIORITY = {MAIN: 1, CONSOLATION: 2, LAST_CHANCE: 3}
# A double elimination's grand final waits for both brackets' winners: first when ready.
GRAND_FINAL_PRIORITY = FIRST_PRIORITY
_KIND_ORDER = {kind: number for number, kind in enumerate(BRACKET_KINDS)}


def default_priority(kind: str) -> int:
    """A bracket's priority for free tables unless the director says otherwise."""
    return GRAND_FINAL_PRIORITY if kind == GRAND_FINAL else DEFAULT_PRIORITY[kind]


@dataclass(frozen=True)
class Waiting:
    """A match that has no table, as the calling order sees it."""

    match: Hashable  # the caller's own key for it (a row)
    under_way: bool = False  # live already (a table added in the middle of the day)
    priority: int = FIRST_PRIORITY  # its bracket's; a club night's rounds have none
    kind: str = MAIN  # its bracket's kind: at equal priority, main, consolation, last chance
    round: int = 0
    position: int = 0

    def order(self) -> tuple:
        return (
            not self.under_way,
            self.priority,
            _KIND_ORDER.get(self.kind, len(_KIND_ORDER)),
            self.round,
            self.position,
        )


def check_priority(priority: object) -> int:
    """A bracket's priority for free tables, a whole number from 1 to 9."""
    if (
        isinstance(priority, bool)
        or not isinstance(priority, int)
        or not FIRST_PRIORITY <= priority <= LAST_PRIORITY
    ):
        raise TableError(
            _("A bracket's priority for free tables is a number from %(first)d to %(last)d."),
            first=FIRST_PRIORITY,
            last=LAST_PRIORITY,
        )
    return priority


def assign(tables: Sequence[str], taken: Collection[str], waiting: Sequence[Waiting]) -> dict:
    """The matches without a table -> the free table each gets, the lowest tables first:
    a match under way first, then by its bracket's priority (the lowest number first;
    at equal priority the main bracket, the consolation, the last chance), then by
    round and position, as on the draw sheet. The matches left over wait for a table
    to free."""
    free = [table for table in tables if table not in taken]
    called = sorted(waiting, key=Waiting.order)
    return {item.match: table for item, table in zip(called, free, strict=False)}
