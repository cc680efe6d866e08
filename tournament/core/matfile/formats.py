"""Which format a transcript is in, and its .mat text: `convert(text, filename)`.

A .mat (Jellyfish; GNU Backgammon, eXtreme Gammon, Snowie, BGBlitz, FIBS, DailyGammon,
Galaxy, Backgammon Studio, hand transcriptions), a GNU Backgammon `.sgf` match (`sgf`)
or the text of gnubg's `export match text` (`gnubg_text`). The content decides, never
the name: players hand in .mat files named `.txt` (an SGF file starts with `(;`,
gnubg's text with `The score (after 0 games) is:`; anything else is read as a .mat,
whose reader then says what is wrong with it).

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from . import gnubg_text, sgf
from .converted import Converted

FORMATS = ("mat", "sgf", "text")


def detect(text: str, filename: str = "") -> str:
    """ "mat", "sgf" or "text", from the content (`filename` is not looked at)."""
    del filename
    if sgf.looks_like(text):
        return "sgf"
    if gnubg_text.looks_like(text):
        return "text"
    return "mat"


def convert(text: str, filename: str = "") -> Converted:
    """The transcript as .mat text (itself for a .mat). Raises MatError at a line of the
    file as it was handed in."""
    fmt = detect(text, filename)
    if fmt == "sgf":
        return sgf.convert(text)
    if fmt == "text":
        return gnubg_text.convert(text)
    return Converted(text, "mat")
