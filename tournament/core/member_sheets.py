"""The club's member spreadsheet as rows of text: which row holds the headers (in
Catalan, Spanish or English), which column holds what, each row made a `Member`, and
the rows under the list that are its totals ("Total socis: 11"), not members.

The readers (`tournament.imports`) turn an .xlsx, .ods or .csv file into `Row`s; this
module decides what they mean. Pure Python: no Django, no I/O.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath

from .messages import CoreError, _

FORMATS = ("xlsx", "ods", "csv")
# A club of a few thousand members is a few hundred kilobytes in any of the formats;
# the limits keep one upload from holding a worker (or a session row) for long.
MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_ROWS = 20_000
MAX_COLUMNS = 64
# A title or a date may sit above the headers: the header row is looked for this far.
HEADER_SEARCH = 10

NAME, SURNAME, FULL_NAME = "name", "surname", "full_name"
NUMBER, EMAIL, PHONE, CLUB = "membership_number", "email", "phone", "club"
LANGUAGE, CONSENT = "language", "mail_consent"
# The federation's number of the player (one person in every club), where it gives one.
FEDERATION = "federation_number"

# As clubs write them; compared by `header_key`, so accents, case, punctuation and the
# small words ("de", "i", "y", "of") do not matter: "Nº de soci" is "N. soci".
HEADERS = {
    FULL_NAME: (
        "Nom i cognoms",
        "Nom complet",
        "Nombre y apellidos",
        "Nombre completo",
        "Full name",
        "Name and surname",
        "Jugador",
        "Jugadora",
        "Player",
    ),
    NAME: ("Nom", "Nombre", "Name", "First name", "Given name", "Forename"),
    SURNAME: (
        "Cognoms",
        "Cognom",
        "Primer cognom",
        "Segon cognom",
        "Cognom 1",
        "Cognom 2",
        "Apellidos",
        "Apellido",
        "Primer apellido",
        "Segundo apellido",
        "Apellido 1",
        "Apellido 2",
        "Surname",
        "Surnames",
        "Last name",
        "Family name",
    ),
    NUMBER: (
        "Número de soci",
        "Núm. soci",
        "Nº soci",
        "N. soci",
        "Codi de soci",
        "Número de socio",
        "Núm. socio",
        "Nº socio",
        "N. socio",
        "Código de socio",
        "Member number",
        "Membership number",
        "Member no",
        "Member ID",
        "Número",
        "Núm.",
        "Nº",
        "N.",
        "Number",
    ),
    EMAIL: (
        "Correu",
        "Correu electrònic",
        "Adreça electrònica",
        "Correo",
        "Correo electrónico",
        "Email",
        "E-mail",
        "Email address",
        "Mail",
    ),
    PHONE: (
        "Telèfon",
        "Mòbil",
        "Teléfono",
        "Móvil",
        "Tel.",
        "Telf.",
        "Tlf.",
        "Phone",
        "Phone number",
        "Telephone",
        "Mobile",
    ),
    FEDERATION: (
        "Número de federat",
        "Núm. federat",
        "Nº federat",
        "Número de llicència",
        "Llicència",
        "Número de federado",
        "Núm. federado",
        "Nº federado",
        "Número de licencia",
        "Licencia",
        "Federation number",
        "Federation no",
        "Federation ID",
        "Licence number",
        "License number",
    ),
    CLUB: ("Club", "Entitat", "Entidad"),
    LANGUAGE: ("Idioma", "Llengua", "Lengua", "Language", "Preferred language"),
    CONSENT: (
        "Consentiment",
        "Consentiment correu",
        "Consentiment de correus",
        "Accepta correus",
        "Vol correus",
        "Consentimiento",
        "Consentimiento correo",
        "Consentimiento de correos",
        "Acepta correos",
        "Quiere correos",
        "Mail consent",
        "Email consent",
        "Consent",
        "Agrees to mail",
        "Accepts mail",
    ),
}
_SMALL_WORDS = frozenset({"de", "del", "d", "i", "y", "e", "and", "of", "the"})

# A consent cell as clubs fill it in, compared by `_word`: a word, a digit, a cross or
# a tick in the box; TRUE and FALSE are how the readers write a spreadsheet's booleans.
_YES = frozenset({"yes", "y", "si", "s", "1", "x", "✓", "✔", "true", "vertader", "verdadero"})
_NO = frozenset({"no", "n", "0", "false", "fals", "falso"})
# The site's languages (settings.LANGUAGES) as a cell names them, in any of them.
_LANGUAGES = {
    **dict.fromkeys(("ca", "cat", "catala", "catalan"), "ca"),
    **dict.fromkeys(("es", "esp", "castella", "castellano", "espanol", "espanyol"), "es"),
    **dict.fromkeys(("spanish",), "es"),
    **dict.fromkeys(("en", "eng", "angles", "ingles", "english"), "en"),
}
# A total under the list: its first word, or a count after a colon ("Socis: 11").
_TOTAL_WORDS = frozenset({"total", "totals", "totales", "subtotal", "subtotals", "subtotales"})
_COUNT_AFTER_COLON = re.compile(r":\s*\d+(?:[.,]\d+)?$")
_NUMBER = re.compile(r"[-+]?\d+(?:[.,]\d+)*")


class MemberFileError(CoreError):
    """A file that cannot be read as a member list at all: nothing is imported."""


@dataclass(frozen=True)
class Row:
    """One non-blank row as a reader found it: `line` is the row number the director
    sees in their spreadsheet program, `cells` its cells as text."""

    line: int
    cells: tuple[str, ...]
    # Columns (0-based) holding a formula that was never calculated: the file was
    # written by a program that does not calculate (a script), not saved by a
    # spreadsheet program, so the value the director sees on screen is unknown here.
    uncalculated: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Unreadable:
    """A cell whose value means nothing for its column ("maybe" for a consent)."""

    field: str  # LANGUAGE or CONSENT
    header: str
    text: str


@dataclass(frozen=True)
class Member:
    """A row read as a member of the club, its text tidied, nothing checked yet."""

    line: int
    name: str
    membership_number: str = ""
    email: str = ""
    phone: str = ""
    club: str = ""
    federation_number: str = ""
    # A language code of the site ("ca", "es", "en"), or "" where the file says none.
    language: str = ""
    # Whether they agree to receive mail; None where the file says nothing.
    mail_consent: bool | None = None
    # The headers of the columns this member needs whose formula has no value.
    uncalculated: tuple[str, ...] = ()
    unreadable: tuple[Unreadable, ...] = ()


@dataclass(frozen=True)
class Footer:
    """A row under the list that counts or adds up the members, left out of the import:
    `text` is its cells as written, one after another."""

    line: int
    text: str


@dataclass(frozen=True)
class Columns:
    """Which column holds what: indexes into a row's cells, by field."""

    fields: dict[str, tuple[int, ...]]
    headers: tuple[str, ...]  # the header row as written

    @property
    def read(self) -> dict[str, str]:
        """Each recognised field with its header(s) as written, for the preview."""
        return {
            name: " + ".join(self.headers[index] for index in indexes)
            for name, indexes in self.fields.items()
        }

    @property
    def ignored(self) -> tuple[str, ...]:
        used = {index for indexes in self.fields.values() for index in indexes}
        return tuple(
            header for index, header in enumerate(self.headers) if header and index not in used
        )


@dataclass(frozen=True)
class MemberList:
    sheet: str
    header_line: int
    columns: Columns
    members: tuple[Member, ...] = field(default=())
    footers: tuple[Footer, ...] = field(default=())


def kind_of(file_name: str) -> str:
    """The format a file's name says ("xlsx", "ods" or "csv"): its extension, the only
    thing an upload's name is trusted for. MemberFileError for any other."""
    kind = PurePath(file_name or "").suffix.lower().removeprefix(".")
    if kind not in FORMATS:
        raise MemberFileError(_("Import an .xlsx, .ods or .csv file; this one is none of them."))
    return kind


def header_key(text: str) -> str:
    """A header as compared: no accents, no case, no punctuation, no small words, so
    "Número de soci" and "numero soci" are one header ("Nº" decomposes to "No")."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()
    words = re.findall(r"[^\W_]+", bare)
    return "".join(word for word in words if word not in _SMALL_WORDS)


_FIELD_OF = {header_key(header): name for name, headers in HEADERS.items() for header in headers}


def tidy(text: str) -> str:
    """Spaces as one would type them: no runs, no line breaks, none at either end."""
    return " ".join(text.split())


def columns_of(headers: Sequence[str]) -> Columns | None:
    """The columns a header row names, or None when it names no name column."""
    found: dict[str, list[int]] = {}
    for index, header in enumerate(headers):
        name = _FIELD_OF.get(header_key(header))
        if name is None:
            continue
        if name == SURNAME or name not in found:
            # "Cognom 1", "Cognom 2": every surname column, in order; of any other field
            # the first column counts.
            found.setdefault(name, []).append(index)
    if NAME not in found and FULL_NAME not in found:
        return None
    return Columns(
        fields={name: tuple(indexes) for name, indexes in found.items()},
        headers=tuple(tidy(header) for header in headers),
    )


def _word(text: str) -> str:
    """A cell's value as compared: no accents, no case, no spaces or full stops."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()
    return "".join(char for char in bare if not (char.isspace() or char == "."))


def consent_of(text: str) -> bool | None:
    """A consent cell's answer: True, False, or None for an empty cell. ValueError for
    anything else, which the import refuses rather than guess."""
    if not text.strip():
        return None
    word = _word(text)
    if word in _YES:
        return True
    if word in _NO:
        return False
    raise ValueError(text)


def language_of(text: str) -> str:
    """A language cell's site language code, or "" for an empty cell. ValueError for a
    language the site does not speak."""
    if not text.strip():
        return ""
    try:
        return _LANGUAGES[_word(text)]
    except KeyError:
        raise ValueError(text) from None


def _member(row: Row, columns: Columns) -> Member:
    def text(index: int) -> str:
        return tidy(row.cells[index]) if index < len(row.cells) else ""

    def first(name: str) -> str:
        indexes = columns.fields.get(name, ())
        return text(indexes[0]) if indexes else ""

    name = first(FULL_NAME)
    used = columns.fields.get(FULL_NAME, ())
    if not name:
        parts = [first(NAME), *(text(index) for index in columns.fields.get(SURNAME, ()))]
        name = " ".join(part for part in parts if part)
        used = columns.fields.get(NAME, ()) + columns.fields.get(SURNAME, ())
    details = {key: first(key) for key in (NUMBER, EMAIL, PHONE, CLUB, FEDERATION)}
    meanings = {}
    unreadable = []
    for key, meaning in ((LANGUAGE, language_of), (CONSENT, consent_of)):
        if key not in columns.fields:
            continue
        try:
            meanings[key] = meaning(first(key))
        except ValueError:
            header = columns.headers[columns.fields[key][0]]
            unreadable.append(Unreadable(key, header, first(key)))
    used += tuple(
        columns.fields[key][0] for key in (*details, LANGUAGE, CONSENT) if key in columns.fields
    )
    return Member(
        line=row.line,
        name=name,
        **details,
        **meanings,
        uncalculated=tuple(columns.headers[index] for index in used if index in row.uncalculated),
        unreadable=tuple(unreadable),
    )


def _footer(row: Row, member: Member) -> Footer | None:
    """The row as a total under the list, or None for a row about a member: a name that
    starts with "Total" or ends in a count after a colon ("Total socis: 11", "Totals",
    "Nombre de socis: 11"), or no name and nothing but numbers (a sum, a count)."""
    cells = [tidy(cell) for cell in row.cells if cell.strip()]
    if member.name:
        words = member.name.split()
        if header_key(words[0]) not in _TOTAL_WORDS and not _COUNT_AFTER_COLON.search(member.name):
            return None
    elif not cells or not all(_NUMBER.fullmatch(cell) for cell in cells):
        return None
    return Footer(row.line, " · ".join(cells))


def read_members(sheets: Iterable[tuple[str, Iterable[Row]]]) -> MemberList:
    """The members of the first sheet with a header row among its first rows.

    Raises MemberFileError when no sheet has one, or when a sheet has more rows than
    an import takes."""
    for sheet, rows in sheets:
        rows = iter(rows)
        for _seen, row in zip(range(HEADER_SEARCH), rows, strict=False):
            columns = columns_of(row.cells)
            if columns is None:
                continue
            members, footers = [], []
            for member_row in rows:
                if len(members) + len(footers) == MAX_ROWS:
                    raise MemberFileError(
                        _("The file has more than %(limit)d rows: split it in smaller files."),
                        limit=MAX_ROWS,
                    )
                member = _member(member_row, columns)
                footer = _footer(member_row, member)
                if footer is None:
                    members.append(member)
                else:
                    footers.append(footer)
            return MemberList(sheet, row.line, columns, tuple(members), tuple(footers))
    raise MemberFileError(
        _(
            "No column of names was found in the first rows. The first row should hold "
            "headers such as Nom, Cognoms, Número de soci, Correu, Telèfon, Club."
        )
    )
