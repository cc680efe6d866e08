"""A bracket's schedule of match lengths: "5,5,7,9,11" is 5 points in rounds 1 and 2, 7
in round 3, and so on; the last length holds for every later round.

Pure Python. The tournament forms, the admin, the operations that store a schedule and
the rows that read one all parse it here, so a stored schedule is always one this
module accepts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .messages import CoreError, _

MAX_LENGTH = 99  # points: a longer match is a typo at a club
MAX_ROUNDS = 12  # lengths given per bracket (a 256-player bracket has 8 rounds)
DEFAULT = (5,)


class ScheduleError(CoreError):
    """A schedule that is not a list of match lengths; the message says why."""


def parse_lengths(text: str) -> tuple[int, ...]:
    """ "5, 5;7" -> (5, 5, 7): each a whole number of points from 1 to MAX_LENGTH."""
    if not isinstance(text, str):
        raise ScheduleError(_("Give the match lengths as text, e.g. 5,5,7,9,11."))
    parts = [part for part in text.replace(";", ",").replace(" ", ",").split(",") if part]
    if not parts:
        raise ScheduleError(_("Give at least one match length, e.g. 5 or 5,5,7,9,11."))
    lengths = []
    for part in parts:
        if not (part.isascii() and part.isdigit()) or not 1 <= int(part) <= MAX_LENGTH:
            raise ScheduleError(
                _("“%(value)s” is not a match length from 1 to %(max)d points."),
                value=part[:20],
                max=MAX_LENGTH,
            )
        lengths.append(int(part))
    if len(lengths) > MAX_ROUNDS:
        raise ScheduleError(
            _("A bracket has at most %(count)d rounds to give lengths for."), count=MAX_ROUNDS
        )
    return tuple(lengths)


def format_lengths(lengths: Sequence[int]) -> str:
    """(5, 5, 7) -> "5,5,7", the form a schedule is stored in."""
    return ",".join(str(length) for length in lengths)


def normalize(text: str) -> str:
    """A schedule as stored: parsed and written back ("5, 5 ,7" -> "5,5,7")."""
    return format_lengths(parse_lengths(text))


def length_for_round(lengths: Sequence[int], number: int) -> int:
    """The match length of round `number` (from 1): the last length holds after the list."""
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ScheduleError(_("Rounds are numbered from 1, not %(number)s."), number=number)
    lengths = tuple(lengths) or DEFAULT
    return lengths[min(number, len(lengths)) - 1]


def check_played_rounds(stored: Sequence[int], new: Sequence[int], played: Iterable[int]) -> None:
    """Refuse a new schedule that changes the length of a round with results: its
    matches were played (or walked over) at the stored length. Rounds not played yet
    may take any length: "5,5,7" becomes "5,5,9" while round 3 waits, and not after
    (the last length holding for later rounds, round 4 and on change too)."""
    for number in sorted(set(played)):
        before = length_for_round(stored, number)
        if length_for_round(new, number) != before:
            raise ScheduleError(
                _(
                    "Round %(number)d already has results, at %(length)d points: its "
                    "match length cannot change."
                ),
                number=number,
                length=before,
            )
