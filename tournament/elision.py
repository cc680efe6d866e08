"""Catalan elides "de" before a vowel sound: "el camí d'Anna", "la pàgina d'Hug", not
"de Anna". A name comes into a message as a value (%(player)s), so the catalogue cannot
write it; this module teaches the Catalan catalogue to: each of its messages with "de"
before a value elides it when the value begins with a vowel sound, in Python
(`gettext(...) % values`) and in templates ({% blocktranslate %}) alike."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from django.utils.translation import trans_real

LANGUAGE = "ca"
_BEFORE_A_VALUE = re.compile(r"\b([Dd])e (%\((\w+)\)[sd])")
_VOWELS = "aeiou"


def elides(text: str) -> bool:
    """Whether Catalan's "de" becomes "d'" before this name (or number): a vowel, or an
    h and a vowel, begins it (Anna, Hug, Ignasi, Úrsula); not an i or u before another
    vowel, which sound as consonants (Iolanda, Ueli); of numbers, 1 and 11 (un, onze)."""
    text = str(text).strip()
    if text in ("1", "11"):
        return True
    bare = "".join(
        char for char in unicodedata.normalize("NFKD", text.casefold()) if char.isalpha()
    )
    if bare.startswith("h"):
        bare = bare[1:]
    if not bare or bare[0] not in _VOWELS:
        return False
    return not (bare[0] in "iu" and len(bare) > 1 and bare[1] in _VOWELS)


class ElidingMessage(str):
    """A Catalan message with "de %(value)s" in it: filled in, "de" before a value that
    begins with a vowel sound is written "d'"."""

    def __str__(self) -> str:
        # str() of a lazy translation keeps the class, and so its elision.
        return self

    def __mod__(self, values):
        text = str.__str__(self)
        if isinstance(values, Mapping):

            def elide(found: re.Match) -> str:
                value = values.get(found[3])
                if value is not None and elides(value):
                    return f"{found[1]}'{found[2]}"
                return found[0]

            text = _BEFORE_A_VALUE.sub(elide, text)
        return text % values


def _teach(translation) -> None:
    """Wrap the catalogue's messages that put "de" before a value (once)."""
    if getattr(translation, "elides_de", False):
        return
    for catalog in translation._catalog._catalogs:
        for key, message in catalog.items():
            if isinstance(message, str) and _BEFORE_A_VALUE.search(message):
                catalog[key] = ElidingMessage(message)
    translation.elides_de = True


def install() -> None:
    """From the app's ready(): every Catalan catalogue Django loads (the first, and any
    loaded again when the settings change) elides."""
    load = trans_real.translation
    if getattr(load, "elides_de", False):
        return

    def translation(language):
        found = load(language)
        if language.split("-")[0] == LANGUAGE:
            _teach(found)
        return found

    translation.elides_de = True
    trans_real.translation = translation
