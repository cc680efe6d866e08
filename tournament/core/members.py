"""Members from the club's spreadsheet sorted against the players already here: each row
is new, already here (shown, never added twice), already here with other contact
details (the changes, for the director to confirm), a namesake to ask about, or refused
with its reason.

The import never settles a doubt by itself: a member number that names someone else,
or that the file gives to two people, is refused; a row named like a club player whom
its member number does not settle (another number, or several players of that name) is
asked about, and left out until the director says who it is or that it is someone new.
Pure Python: no Django, no I/O.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from .member_rows import Candidate, Change, ClubPlayer, Limits, Note, Verdict
from .member_sheets import CONSENT, FEDERATION, LANGUAGE, NUMBER, Member
from .messages import _
from .names import normalize_name

NEW, HERE, UPDATE, ASK, REFUSED = "new", "here", "update", "ask", "refused"
STATUSES = (NEW, HERE, UPDATE, ASK, REFUSED)
# What a row may change of a player already here; an empty cell changes nothing, and a
# member number (or a federation number) is only given to a player who has none.
DETAILS = (NUMBER, FEDERATION, "email", "phone", LANGUAGE, CONSENT)
# A player of the federation the row names by its federation number who is not a member
# of the club yet: the change is that they join it (old False, new True).
JOIN = "member"


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
    def update(self) -> list[Verdict]:
        return self._with(UPDATE)

    @property
    def ask(self) -> list[Verdict]:
        return self._with(ASK)

    @property
    def refused(self) -> list[Verdict]:
        return self._with(REFUSED)

    @property
    def counts(self) -> dict[str, int]:
        counts = dict.fromkeys(STATUSES, 0)
        for verdict in self.verdicts:
            counts[verdict.status] += 1
        return counts

    @property
    def fingerprint(self) -> str:
        """What the director was shown, as a digest: every row's verdict, the player it
        is and the changes (old and new). The same file sorted against a club that
        changed in between (another director, another tab) gives another one."""
        digest = hashlib.sha256()
        for verdict in self.verdicts:
            seen = (
                verdict.member.line,
                verdict.status,
                verdict.note,
                verdict.player_id,
                verdict.changes,
                verdict.candidates,
            )
            digest.update(repr(seen).encode())
        return digest.hexdigest()


@dataclass(frozen=True)
class Choices:
    """The director's answers to the preview: the UPDATE rows (by line) whose changes
    are made, and for each ASK row answered, the candidate's player id or NEW. An ASK
    row without an answer is left out."""

    update: frozenset[int] = frozenset()
    answers: Mapping[int, int | str] = field(default_factory=dict)

    @classmethod
    def every_update(cls, sorting: Sorting) -> Choices:
        """Every change made, every namesake left out: the command's --update."""
        return cls(update=frozenset(verdict.member.line for verdict in sorting.update))


@dataclass(frozen=True)
class Plan:
    """What the import writes: the members added as players, in the file's order, and
    each change of a player already here as (the row's line, player id, changes)."""

    new: tuple[Member, ...]
    updates: tuple[tuple[int, int, tuple[Change, ...]], ...]


def plan(sorting: Sorting, choices: Choices) -> Plan:
    """The sorting with the director's answers. ValueError for an answer the sorting
    did not ask for (a line that is no UPDATE or ASK row, a player not offered)."""
    updatable = {verdict.member.line: verdict for verdict in sorting.update}
    asked = {verdict.member.line: verdict for verdict in sorting.ask}
    if set(choices.update) - updatable.keys() or set(choices.answers) - asked.keys():
        raise ValueError("an answer to a question the sorting did not ask")
    new = [verdict.member for verdict in sorting.new]
    updates = [
        (line, verdict.player_id, verdict.changes)
        for line, verdict in updatable.items()
        if line in choices.update
    ]
    for line, answer in sorted(choices.answers.items()):
        verdict = asked[line]
        if answer == NEW:
            new.append(verdict.member)
            continue
        chosen = [c for c in verdict.candidates if c.player_id == answer]
        if not chosen:
            raise ValueError(f"player {answer} was not offered for line {line}")
        if chosen[0].changes:
            updates.append((line, chosen[0].player_id, chosen[0].changes))
    return Plan(
        new=tuple(sorted(new, key=lambda member: member.line)),
        updates=tuple(sorted(updates)),
    )


def name_key(name: str) -> str:
    """The key names are compared by, as the players' table stores it."""
    return normalize_name(name)[:100]


class _Seen:
    """Whom a row may already be, by member number and by name key: the club's players
    (`who` is the player) or the file's earlier new rows (`who` is the member, and
    only the name key is read)."""

    def __init__(self) -> None:
        self.by_number: dict[str, tuple[str, object]] = {}
        self.by_key: dict[str, list[tuple[str, object]]] = {}
        self.by_federation: dict[str, tuple[str, object]] = {}

    def add_federation(self, key: str, number: str, who: object) -> None:
        if number:
            self.by_federation.setdefault(number, (key, who))

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
    "federation_number": _("the federation number is longer than %(limit)d characters"),
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
    for cell in member.unreadable:
        template = _UNREADABLE[cell.field]
        return Note(template, {"value": cell.text, "column": cell.header})
    return None


_UNREADABLE = {
    CONSENT: _("“%(value)s” in “%(column)s” is neither yes nor no (sí, no, 1, 0, x)"),
    LANGUAGE: _(
        "“%(value)s” in “%(column)s” is not a language of the site (català, castellano, English)"
    ),
}


def _phone_digits(phone: str) -> str:
    # "600 11 22 33" and "600.112.233" are one number, as the club dials it.
    return "".join(char for char in phone if char not in " .-/()")


def _changes(member: Member, player: ClubPlayer) -> tuple[Change, ...]:
    """What the row says otherwise of the player: an empty cell never wipes a detail;
    a member number is given where the player has none (a registration reads it).
    A player who is not a member yet joins, with the row's number; the rest of the row
    waits until they are (their details are their clubs' until then)."""
    changes = []
    if not player.member:
        changes.append(Change(JOIN, False, True))
    if member.membership_number and not player.membership_number:
        changes.append(Change(NUMBER, "", member.membership_number))
    if not player.member:
        return tuple(changes)
    if member.federation_number and not player.federation_number:
        changes.append(Change(FEDERATION, "", member.federation_number))
    if member.email and member.email.casefold() != player.email.casefold():
        changes.append(Change("email", player.email, member.email))
    if member.phone and _phone_digits(member.phone) != _phone_digits(player.phone):
        changes.append(Change("phone", player.phone, member.phone))
    if member.language and member.language != player.language:
        changes.append(Change(LANGUAGE, player.language, member.language))
    if member.mail_consent is not None and member.mail_consent != player.mail_consent:
        changes.append(Change(CONSENT, player.mail_consent, member.mail_consent))
    return tuple(changes)


def _matched(member: Member, player: ClubPlayer) -> Verdict:
    note = Note(_("already here: %(player)s"), {"player": player.name})
    changes = _changes(member, player)
    return Verdict(member, UPDATE if changes else HERE, note, player.pk, changes)


def _in_club(member: Member, key: str, club: _Seen) -> Verdict | None:
    federation_number = member.federation_number
    if federation_number in club.by_federation:
        # The federation's number names one person, in whichever club they are.
        owner_key, player = club.by_federation[federation_number]
        if owner_key != key:
            return Verdict(
                member,
                REFUSED,
                Note(
                    _("federation number %(number)s belongs to %(player)s"),
                    {"number": federation_number, "player": player.name},
                ),
            )
        return _matched(member, player)
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
        return _matched(member, player)
    namesakes = club.by_key.get(key, [])
    if not namesakes:
        return None
    if len(namesakes) == 1:
        other_number, player = namesakes[0]
        if not number or not other_number:
            # Nothing tells them apart, and there is no one else it could be.
            return _matched(member, player)
        note = Note(
            _(
                "%(player)s is already here with member number %(number)s: the same "
                "person, or someone else?"
            ),
            {"player": player.name, "number": other_number},
        )
    else:
        note = Note(
            _(
                "players named like this are already here (%(players)s): one of them, "
                "or someone else?"
            ),
            {"players": ", ".join(player.name for _number, player in namesakes)},
        )
    candidates = tuple(
        Candidate(player.pk, player.name, player.membership_number, _changes(member, player))
        for _number, player in namesakes
    )
    return Verdict(member, ASK, note, candidates=candidates)


def _number_clashes(rows: Iterable[tuple[Member, str]]) -> dict[int, Member]:
    """The rows (by line) whose member number the file also gives to someone else (a
    name with another key), each with the first such other row: none of them can be
    trusted with it."""
    by_number: dict[str, list[tuple[Member, str]]] = {}
    for member, key in rows:
        if member.membership_number:
            by_number.setdefault(member.membership_number, []).append((member, key))
    clashes = {}
    for sharing in by_number.values():
        for member, key in sharing:
            other = next((o for o, other_key in sharing if other_key != key), None)
            if other is not None:
                clashes[member.line] = other
    return clashes


def _in_file(member: Member, key: str, earlier: _Seen) -> Verdict | None:
    """The row against the file's earlier new rows of the same name (the same member
    number is settled before)."""
    number = member.membership_number
    namesakes = earlier.by_key.get(key, [])
    for other_number, other in namesakes:
        if not number or not other_number:
            return Verdict(member, HERE, _same_as(other.line))
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
    """Each member new, already here (with changes or without), asked about or
    refused, in the file's order.

    A row is already here when a player has its federation number and its name (a
    player of another club then joins this one), when a club player has its member
    number and its name, or
    its name (as `normalize_name` compares names) and nothing tells them apart: no
    other member number, nobody else of that name; with another number, or several
    club players of that name, it is asked about. The same against the file's earlier
    rows: a member listed twice (the same number, or the same name and no other
    number) is added or changed once; a number given to two names refuses every row
    that has it. A refused row claims nothing: a later, good row of the same member is
    new.
    """
    known = _Seen()
    for player in club:
        key = name_key(player.name)
        known.add_federation(key, player.federation_number, player)
        if player.member:
            known.add(key, player.membership_number, player)
    rows = [
        (member, problem, "" if problem else name_key(member.name))
        for member in members
        for problem in [_problem(member, limits, email_ok)]
    ]
    clashes = _number_clashes((member, key) for member, problem, key in rows if not problem)
    earlier = _Seen()
    first_with_number: dict[str, Verdict] = {}
    first_for_player: dict[int, int] = {}
    verdicts = []
    for member, problem, key in rows:
        number = member.membership_number
        if problem is not None:
            verdict = Verdict(member, REFUSED, problem)
        elif member.line in clashes:
            other = clashes[member.line]
            verdict = Verdict(
                member,
                REFUSED,
                Note(
                    _("member number %(number)s is also on line %(line)d, for %(name)s"),
                    {"number": number, "line": other.line, "name": other.name},
                ),
            )
        elif number in first_with_number:
            verdict = _again(member, first_with_number[number])
        else:
            verdict = _in_club(member, key, known) or _in_file(member, key, earlier)
            if verdict is None:
                verdict = Verdict(member, NEW)
                earlier.add(key, number, member)
            elif verdict.player_id is not None:
                if verdict.player_id in first_for_player:
                    line = first_for_player[verdict.player_id]
                    verdict = Verdict(member, HERE, _same_as(line), verdict.player_id)
                first_for_player.setdefault(verdict.player_id, member.line)
            if number:
                first_with_number[number] = verdict
        verdicts.append(verdict)
    return Sorting(tuple(verdicts))


def _same_as(line: int) -> Note:
    return Note(_("the same member as line %(line)d"), {"line": line})


def _again(member: Member, first: Verdict) -> Verdict:
    """A later row with the member number (and the name) of an earlier one: that
    member again, added or changed once, and refused with it."""
    line = first.member.line
    if first.status == REFUSED:
        note = Note(_("the same member as line %(line)d, which is refused"), {"line": line})
        return Verdict(member, REFUSED, note)
    return Verdict(member, HERE, _same_as(line), first.player_id)
