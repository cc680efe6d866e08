"""Members from the club's spreadsheet sorted against the players already here: each row
is new, already here (shown, never added twice) or refused with its reason.

The import never settles a doubt by itself: a member number that names someone else,
or a namesake with another member number, is refused, and the director adds that
member by hand (where the page asks about namesakes). Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from .member_sheets import Member
from .names import normalize_name

NEW, HERE, REFUSED = "new", "here", "refused"


def _(message: str) -> str:
    """Mark a message for translation without importing Django (see `scoring._`)."""
    return message


@dataclass(frozen=True)
class Note:
    """Why a row is refused, or whom it already is: a template and its values."""

    template: str
    params: dict = field(default_factory=dict)

    def message(self, translate=None) -> str:
        template = translate(self.template) if translate else self.template
        return template % self.params


@dataclass(frozen=True)
class Verdict:
    member: Member
    status: str  # NEW, HERE or REFUSED
    note: Note | None = None
    player_id: int | None = None  # the club's player this row already is


@dataclass(frozen=True)
class ClubPlayer:
    """A player already in the club, as the sorting needs them."""

    pk: int
    name: str
    membership_number: str = ""


@dataclass(frozen=True)
class Limits:
    """The longest text each field takes (the database's columns)."""

    name: int = 100
    membership_number: int = 20
    email: int = 254
    phone: int = 30
    club: int = 100


@dataclass(frozen=True)
class Sorting:
    verdicts: tuple[Verdict, ...]

    def _with(self, status: str) -> list[Verdict]:
        return [verdict for verdict in self.verdicts if verdict.status == status]

    @property
    def new(self) -> list[Verdict]:
        return self._with(NEW)

    @property
    def here(self) -> list[Verdict]:
        return self._with(HERE)

    @property
    def refused(self) -> list[Verdict]:
        return self._with(REFUSED)

    @property
    def counts(self) -> dict[str, int]:
        counts = dict.fromkeys((NEW, HERE, REFUSED), 0)
        for verdict in self.verdicts:
            counts[verdict.status] += 1
        return counts


def name_key(name: str) -> str:
    """The key names are compared by, as the players' table stores it."""
    return normalize_name(name)[:100]


class _Seen:
    """Whom a row may already be, by member number and by name key: the club's players
    (`who` is the player) or the file's earlier new rows (`who` is the member)."""

    def __init__(self) -> None:
        self.by_number: dict[str, tuple[str, object]] = {}
        self.by_key: dict[str, list[tuple[str, object]]] = {}

    def add(self, key: str, number: str, who: object) -> None:
        if number:
            self.by_number.setdefault(number, (key, who))
        self.by_key.setdefault(key, []).append((number, who))


_TOO_LONG = {
    "name": _("the name is longer than %(limit)d characters"),
    "membership_number": _("the member number is longer than %(limit)d characters"),
    "email": _("the email address is longer than %(limit)d characters"),
    "phone": _("the phone is longer than %(limit)d characters"),
    "club": _("the club is longer than %(limit)d characters"),
}


def _problem(member: Member, limits: Limits, email_ok: Callable[[str], bool]) -> Note | None:
    """What is wrong with the row itself, whoever else is in the club."""
    if member.uncalculated:
        return Note(
            _(
                "the formula in %(columns)s was never calculated: open the file in a "
                "spreadsheet program and save it again"
            ),
            {"columns": ", ".join(f"“{column}”" for column in member.uncalculated)},
        )
    if not member.name:
        return Note(_("no name"))
    for name, template in _TOO_LONG.items():
        limit = getattr(limits, name)
        if len(getattr(member, name)) > limit:
            return Note(template, {"limit": limit})
    if member.email and not email_ok(member.email):
        return Note(_("“%(email)s” is not a valid email address"), {"email": member.email})
    return None


def _in_club(member: Member, key: str, club: _Seen) -> Verdict | None:
    number = member.membership_number
    if number in club.by_number:
        owner_key, player = club.by_number[number]
        if owner_key != key:
            return Verdict(
                member,
                REFUSED,
                Note(
                    _("member number %(number)s belongs to %(player)s"),
                    {"number": number, "player": player.name},
                ),
            )
        return Verdict(
            member, HERE, Note(_("already here: %(player)s"), {"player": player.name}), player.pk
        )
    namesakes = club.by_key.get(key, [])
    for other_number, player in namesakes:
        if not number or not other_number:
            return Verdict(
                member,
                HERE,
                Note(_("already here: %(player)s"), {"player": player.name}),
                player.pk,
            )
    if namesakes:
        other_number, player = namesakes[0]
        return Verdict(
            member,
            REFUSED,
            Note(
                _(
                    "%(player)s is already here with member number %(number)s: if this is "
                    "someone else, add them by hand"
                ),
                {"player": player.name, "number": other_number},
            ),
        )
    return None


def _in_file(member: Member, key: str, earlier: _Seen) -> Verdict | None:
    number = member.membership_number
    if number in earlier.by_number:
        owner_key, other = earlier.by_number[number]
        if owner_key != key:
            return Verdict(
                member,
                REFUSED,
                Note(
                    _("member number %(number)s is also on line %(line)d, for %(name)s"),
                    {"number": number, "line": other.line, "name": other.name},
                ),
            )
        return Verdict(
            member, HERE, Note(_("the same member as line %(line)d"), {"line": other.line})
        )
    namesakes = earlier.by_key.get(key, [])
    for other_number, other in namesakes:
        if not number or not other_number:
            return Verdict(
                member, HERE, Note(_("the same member as line %(line)d"), {"line": other.line})
            )
    if namesakes:
        other_number, other = namesakes[0]
        return Verdict(
            member,
            REFUSED,
            Note(
                _(
                    "%(name)s is also on line %(line)d with member number %(number)s: if "
                    "this is someone else, add them by hand"
                ),
                {"name": other.name, "line": other.line, "number": other_number},
            ),
        )
    return None


def sort_members(
    members: Iterable[Member],
    club: Iterable[ClubPlayer],
    *,
    email_ok: Callable[[str], bool],
    limits: Limits = Limits(),
) -> Sorting:
    """Each member new, already here or refused, in the file's order.

    A row is already here when a club player has its member number and its name, or
    its name (ignoring accents, case and spacing) and no other member number; the same
    against the file's earlier new rows, so a member listed twice is added once. A
    refused row claims nothing: a later, good row of the same member is new.
    """
    known = _Seen()
    for player in club:
        known.add(name_key(player.name), player.membership_number, player)
    earlier = _Seen()
    verdicts = []
    for member in members:
        problem = _problem(member, limits, email_ok)
        if problem is not None:
            verdicts.append(Verdict(member, REFUSED, problem))
            continue
        key = name_key(member.name)
        verdict = _in_club(member, key, known) or _in_file(member, key, earlier)
        if verdict is None:
            verdict = Verdict(member, NEW)
            earlier.add(key, member.membership_number, member)
        verdicts.append(verdict)
    return Sorting(tuple(verdicts))
