"""The core's messages for a person to read: marked for translation with `_` without
importing Django, and the one error class that carries one, translated when shown.

`makemessages` extracts every `_()` call (xgettext's own keyword), whichever module
imported `_` from here; the Django side passes `gettext` as `translate`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

Translate = Callable[[str], str]


def _(message: str) -> str:
    """Mark a message for translation; it is translated where it is shown."""
    return message


def render(template: str, params: Mapping[str, object], translate: Translate | None = None) -> str:
    """The template, translated by `translate` (e.g. Django's `gettext`) if given,
    filled in with its values (a value that is a `Phrase` translated with it)."""
    if any(isinstance(value, Phrase) for value in params.values()):
        params = {
            key: value.text(translate) if isinstance(value, Phrase) else value
            for key, value in params.items()
        }
    return (translate(template) if translate else template) % params


@dataclass(frozen=True)
class Phrase:
    """Words for a person that are part of others ("Quarter-final 1" in "Winner of
    Quarter-final 1"): a marked template and its values, translated where shown."""

    template: str
    params: Mapping[str, object] = field(default_factory=dict, hash=False)

    def text(self, translate: Translate | None = None) -> str:
        """The words, translated by `translate` if given."""
        return render(self.template, self.params, translate)

    def __str__(self) -> str:
        return self.text()


class CoreError(ValueError):
    """What the core refuses, said for a director: a template marked with `_` and its
    values. `message(gettext)` is the translated sentence; `str()` the untranslated one
    (logs, tracebacks)."""

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(self.message())

    def message(self, translate: Translate | None = None) -> str:
        """The message, translated by `translate` if given."""
        return render(self.template, self.params, translate)
