"""A whole event's transcripts in one upload: several files, or a zip of them, each a
.mat, a gnubg .sgf or gnubg's text export, unpacked into (name, text) pairs within
limits checked before anything is inflated.

What an upload may cost: `MAX_FILES` files in all, each at most
`transcripts.MAX_BYTES`, `MAX_TOTAL_BYTES` together, unpacked. A zip's member sizes are
those it declares, and each member is read with a bound one byte past its limit, so a
member that lies about its size (a zip bomb) is refused when it reaches it, not after.
Names from the zip are shown, never used as paths (only their last part is kept, and
only to show and to join gnubg's per-game text files: `x.txt`, `x_002.txt`, ...).
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass

from django.utils.translation import gettext

from ..core.messages import CoreError, _
from ..operations.transcripts import MAX_BYTES, TranscriptRefused, decode

MAX_FILES = 200  # an event of 128 players has 127 matches, a Swiss of 64 some 200
MAX_TOTAL_BYTES = 64 * 1024 * 1024
_EXTENSIONS = (".mat", ".sgf", ".txt")
# gnubg's `export match text x.txt` writes game 2 on as x_002.txt, x_003.txt, ...
_GAME_FILE = re.compile(r"(?P<stem>.+)_(?P<number>\d{3})\.txt", re.IGNORECASE)


_TOO_BIG = _("The file is too big for a match transcript.")


class UploadRefused(CoreError):
    """The upload as a whole is refused (too many files, too large, a broken zip)."""


@dataclass
class Unpacked:
    """One transcript of the upload: its name (to show) and its text, or why it could
    not be read."""

    name: str
    text: str = ""
    error: str = ""


def _shown_name(name: str) -> str:
    """The last part of a name from a zip or a browser, for display only."""
    last = re.split(r"[\\/]", name)[-1]
    return "".join(char for char in last if char.isprintable())[:120] or "?"


def _is_transcript(name: str) -> bool:
    base = name.rsplit("/", 1)[-1]
    return not base.startswith(".") and base.lower().endswith(_EXTENSIONS)


class _Budget:
    def __init__(self) -> None:
        self.files = 0
        self.bytes = 0

    def take(self, size: int) -> None:
        self.files += 1
        self.bytes += size
        if self.files > MAX_FILES:
            raise UploadRefused(
                _("An upload may hold %(limit)d files at most: split it."), limit=MAX_FILES
            )
        if self.bytes > MAX_TOTAL_BYTES:
            raise UploadRefused(
                _("The files come to more than %(limit)d MB unpacked: split the upload."),
                limit=MAX_TOTAL_BYTES // 2**20,
            )


def _text(name: str, data: bytes) -> Unpacked:
    try:
        return Unpacked(name, decode(data))
    except TranscriptRefused as refusal:
        return Unpacked(name, error=str(refusal.message))


def _from_zip(data: bytes, budget: _Budget) -> list[Unpacked]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, OSError):
        raise UploadRefused(_("This zip file cannot be opened.")) from None
    out: list[Unpacked] = []
    with archive:
        members = [
            member
            for member in archive.infolist()
            if not member.is_dir() and "__MACOSX" not in member.filename
        ]
        if len(members) > MAX_FILES:
            raise UploadRefused(
                _("An upload may hold %(limit)d files at most: split it."), limit=MAX_FILES
            )
        for member in members:
            name = _shown_name(member.filename)
            if not _is_transcript(member.filename):
                continue  # a README, an image: not a match
            if member.file_size > MAX_BYTES:
                out.append(Unpacked(name, error=gettext(_TOO_BIG)))
                continue
            budget.take(member.file_size)
            try:
                with archive.open(member) as source:
                    content = source.read(MAX_BYTES + 1)  # never more, whatever it says
            except Exception:  # a member that does not inflate: broken or encrypted
                out.append(Unpacked(name, error=gettext(_("This file of the zip cannot be read."))))
                continue
            out.append(_text(name, content))
    return out


def unpack(uploads: list[tuple[str, bytes]]) -> list[Unpacked]:
    """The transcripts of an upload: each file, each member of each zip, gnubg's
    per-game text files joined into one. Raises UploadRefused for the whole upload."""
    budget = _Budget()
    found: list[Unpacked] = []
    for raw_name, data in uploads:
        name = _shown_name(raw_name)
        if data[:4] == b"PK\x03\x04" or name.lower().endswith(".zip"):
            found += _from_zip(data, budget)
            continue
        budget.take(len(data))
        found.append(_text(name, data))
    return _join_game_files(found)


def _join_game_files(files: list[Unpacked]) -> list[Unpacked]:
    """gnubg's text export of a match is one file per game: x.txt, x_002.txt, ...;
    each later game joins the file of game 1 in order (alone, it is refused: it does
    not start at game 1)."""
    firsts = {file.name.lower(): file for file in files if file.name.lower().endswith(".txt")}
    later: dict[str, list[tuple[int, Unpacked]]] = {}
    out: list[Unpacked] = []
    for file in files:
        game = _GAME_FILE.fullmatch(file.name)
        first = firsts.get(f"{game.group('stem')}.txt".lower()) if game else None
        if game and first is not None and first is not file:
            later.setdefault(first.name.lower(), []).append((int(game.group("number")), file))
        else:
            out.append(file)
    for file in out:
        parts = sorted(later.get(file.name.lower(), []), key=lambda part: part[0])
        for _number, part in parts:
            if part.error and not file.error:
                file.error = part.error
            file.text += part.text
        if parts:
            file.name = f"{file.name} (+{len(parts)})"
    return out
