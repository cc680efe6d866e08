"""The tables of a tournament day ("6", or names: "Taula 1, Taula 2, Bar") and which
match plays at which: a match ready to start takes the lowest free table.

Pure Python. The operations assign the tables inside the transaction that moves the
bracket on, and the database refuses two open matches at one table.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

MAX_TABLES = 64
MAX_NAME = 20
_SEPARATORS = re.compile(r"[,;\n]")


def _(message: str) -> str:
    """Mark a message for translation without importing Django (see `scoring._`)."""
    return message


class TableError(ValueError):
    """Tables that cannot be set up so; the message says why."""

    def __init__(self, template: str, **params: object) -> None:
        self.template, self.params = template, params
        super().__init__(template % params)

    def message(self, translate: Callable[[str], str] | None = None) -> str:
        return (translate(self.template) if translate else self.template) % self.params


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


def assign(tables: Sequence[str], taken: Collection[str], waiting: Sequence[object]) -> dict:
    """Waiting matches (in the order they are called) -> the free table each gets,
    lowest first; the matches left over wait for a table to free."""
    free = [table for table in tables if table not in taken]
    return dict(zip(waiting, free, strict=False))
