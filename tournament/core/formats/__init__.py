"""The formats of play, one module each, and the registry the rest of the project asks:
`of(key)` is the `Format` a tournament's `format` names (docs/adding-a-format.md).

Pure Python: no Django import and no I/O. Only this registry imports the formats'
modules (an import contract in pyproject.toml says so): the layers above ask a format
for its rules and its parts, never which format it is.
"""

from __future__ import annotations

from . import cup, lives, rating_swiss, round_robin, swiss, teams
from .base import Format, Settings

__all__ = ["FORMATS", "KEYS", "Format", "Settings", "of", "with_setting"]

# In the order the forms offer them.
FORMATS: dict[str, Format] = {
    module.FORMAT.key: module.FORMAT
    for module in (cup, swiss, round_robin, lives, teams, rating_swiss)
}
KEYS = tuple(FORMATS)


def of(key: str) -> Format:
    """The format stored as `key` (a stored row was checked when written; an unknown
    key is a programming error, not a user's)."""
    return FORMATS[key]


def with_setting(name: str) -> tuple[str, ...]:
    """The formats a setting means something for (the form shows it with these alone)."""
    return tuple(key for key, found in FORMATS.items() if name in found.settings)
