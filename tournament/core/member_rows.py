"""The rows of the member import's sorting: a note on a row, a change of a player's
detail, a candidate a row may be, the verdict on a row, a club player as the sorting
sees them, the limits of a detail. Pure Python: no Django, no I/O."""

from __future__ import annotations

from dataclasses import dataclass, field

from .member_sheets import Member
from .messages import Translate, render


@dataclass(frozen=True)
class Note:
    """Why a row is refused, or whom it already is: a template and its values."""

    template: str
    params: dict = field(default_factory=dict)

    def message(self, translate: Translate | None = None) -> str:
        return render(self.template, self.params, translate)


@dataclass(frozen=True)
class Change:
    """One detail of a player already here that the row says otherwise."""

    field: str  # one of DETAILS
    old: str | bool
    new: str | bool


@dataclass(frozen=True)
class Candidate:
    """A club player an asked row may be, and what the row would change of theirs."""

    player_id: int
    name: str
    membership_number: str = ""
    changes: tuple[Change, ...] = ()


@dataclass(frozen=True)
class Verdict:
    member: Member
    status: str  # one of STATUSES
    note: Note | None = None
    player_id: int | None = None  # the club's player this row already is
    changes: tuple[Change, ...] = ()  # UPDATE: what the row changes of that player
    candidates: tuple[Candidate, ...] = ()  # ASK: whom the row may be


@dataclass(frozen=True)
class ClubPlayer:
    """A player already in the club, as the sorting needs them."""

    pk: int
    name: str
    membership_number: str = ""
    email: str = ""
    phone: str = ""
    language: str = ""
    mail_consent: bool = False
    federation_number: str = ""
    # False for a player of another club, known here by their federation number only:
    # their contact details are their clubs' (left blank), and the row makes them join.
    member: bool = True


@dataclass(frozen=True)
class Limits:
    """The longest text each field takes (the database's columns)."""

    name: int = 100
    membership_number: int = 20
    email: int = 254
    phone: int = 30
    club: int = 100
    federation_number: int = 20
