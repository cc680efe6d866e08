"""How the club compares players' names: a visitor's search, the director's search, the
member list's rows, a transcript's players. Pure Python."""

import re
import unicodedata

# Letters that Unicode does not decompose into a base letter and a mark, written
# without it by whoever has no key for it: "Łukasz" is typed "Lukasz", "Søren" "Soren".
_PLAIN_LETTERS = str.maketrans(
    {"ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ı": "i", "æ": "ae", "œ": "oe", "þ": "th"}
)
# Apostrophes that Unicode counts as letters (a phone's keyboard types the first one).
# Every other apostrophe (' ’ ‘ ‛ ` ´ ′ ＇) is punctuation, dropped with the rest.
_LETTER_APOSTROPHES = frozenset("ʹʺʻʼʽʾʿˈˊˋꞌ")


def _bare(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def normalize_name(name: str) -> str:
    """The key a name is compared by: its letters and digits alone, without accents or
    case. "Núria_Ferrer" (GNU Backgammon writes a space as "_") and "nuria ferrer" give
    the same key; so do "Seán O’Brien" (the curly apostrophe that phones, Macs and
    spreadsheets type), "Sean O'Brien", "Sean OBrien" and "sean obrien"; "d’Olot" and
    "dOlot"; "Col·lell", "Col.lell" and "Collell"; "Łukasz" and "Lukasz".

    Everything that is not a letter or a digit is dropped, not only apostrophes: since
    "OBrien" must find "O'Brien" an apostrophe cannot count, and for the same reason
    nor can the other marks people type one way or another in a name: hyphens
    ("Jean-Luc", "Jean Luc" and spaces are already dropped), the Catalan middle dot
    and the full stop written for it, an initial's dot ("J. Puig"), a comma. Two
    people whose names differ only in such marks are the same name to the club, as
    they would be to a director reading the list aloud.
    """
    # Folded before the accents go, so that a letter's case never decides its key (the
    # Greek iota written under a letter folds to an iota), and after, for the letters
    # that a compatibility form hid ("ℌ" is "H").
    folded = _bare(name.casefold()).casefold().translate(_PLAIN_LETTERS)
    return "".join(char for char in folded if char.isalnum() and char not in _LETTER_APOSTROPHES)


# What a program without the letter wrote for it: "N?ria" for "Núria" (a file saved as
# ASCII), "N\ufffd\ufffdria" (UTF-8 bytes read as another encoding and replaced).
_LOST = re.compile("[?\ufffd]+")


def same_name(written: str, known: str) -> bool:
    """Whether a name as a file writes it is the `known` one: equal keys
    (`normalize_name`), or, where the file lost letters to "?" or a replacement
    character, the known name with a letter or more in each gap ("N?ria Ferrer" is
    "Núria Ferrer"; "N?ria" is neither "Nora" nor "Nria")."""
    runs = _LOST.findall(written)
    if not runs:
        return normalize_name(written) == normalize_name(known)
    parts = [re.escape(normalize_name(part)) for part in _LOST.split(written)]
    gaps = [f".{{1,{len(run)}}}" for run in runs]
    pattern = "".join(part + gap for part, gap in zip(parts, [*gaps, ""], strict=True))
    return re.fullmatch(pattern, normalize_name(known)) is not None
