"""How the club compares players' names: a visitor's search, a transcript's players.
Pure Python."""

import unicodedata


def normalize_name(name: str) -> str:
    """A key that ignores case, accents, spaces and underscores (GNU Backgammon writes a
    space as "_"): "Núria_Ferrer" and "nuria ferrer" give the same key."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return "".join(char for char in bare.casefold() if not (char.isspace() or char == "_"))
