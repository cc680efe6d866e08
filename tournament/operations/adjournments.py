"""A match adjourned at a score and resumed later (the club closes, a player must
leave): its games stay, its clocks stop with each player's time left noted, and the
clock on the wall leaves the time adjourned out of its running time. Nothing is
recorded on an adjourned match until it is resumed."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..models import AuditEntry, Match
from ..models.audit import Said
from . import audit
from .errors import MatchClosed, OperationError
from .locks import check_version, lock_match

# A clock holds at most a few hours; more is a typing mistake.
MAX_CLOCK_SECONDS = 10 * 60 * 60


def _clock_time(seconds: int | None) -> str:
    return "—" if seconds is None else f"{seconds // 60}:{seconds % 60:02d}"


@transaction.atomic
def adjourn_match(
    match: Match | int,
    *,
    clock_left: tuple[int | None, int | None] = (None, None),
    user=None,
    expected_version: int | None = None,
) -> Match:
    """Adjourn an open match at its score: its clocks stop at `clock_left` (each
    player's seconds left, None without a clock), kept for the resumption."""
    match = lock_match(match)
    check_version(match, expected_version)
    if not match.is_open or not match.players_known:
        raise MatchClosed(_("Only a match ready to start or under way can be adjourned."))
    if match.is_adjourned:
        raise MatchClosed(_("This match is already adjourned."))
    for seconds in clock_left:
        if seconds is not None and not 0 <= seconds <= MAX_CLOCK_SECONDS:
            raise OperationError(_("A clock's time left is between 0 and 10 hours."))
    match.adjourned_at = timezone.now()
    match.clock_left1, match.clock_left2 = clock_left
    match.version += 1
    match.save(update_fields=["adjourned_at", "clock_left1", "clock_left2", "version"])
    audit.record(
        AuditEntry.Action.ADJOURNED,
        user=user,
        match=match,
        summary=Said(
            gettext_noop("Adjourned at %(a)s-%(b)s, clocks %(one)s and %(two)s"),
            a=match.score1,
            b=match.score2,
            one=_clock_time(match.clock_left1),
            two=_clock_time(match.clock_left2),
        ),
    )
    return match


@transaction.atomic
def resume_match(match: Match | int, *, user=None, expected_version: int | None = None) -> Match:
    """Resume an adjourned match where it stopped: the time adjourned is left out of
    its running time; the clocks restart at the times noted (kept on the match)."""
    match = lock_match(match)
    check_version(match, expected_version)
    if not match.is_adjourned:
        raise MatchClosed(_("This match is not adjourned."))
    away = timezone.now() - match.adjourned_at
    match.adjourned_seconds += max(int(away.total_seconds()), 0)
    match.adjourned_at = None
    match.version += 1
    match.save(update_fields=["adjourned_at", "adjourned_seconds", "version"])
    audit.record(
        AuditEntry.Action.RESUMED,
        user=user,
        match=match,
        summary=Said(
            gettext_noop("Resumed at %(a)s-%(b)s, clocks %(one)s and %(two)s"),
            a=match.score1,
            b=match.score2,
            one=_clock_time(match.clock_left1),
            two=_clock_time(match.clock_left2),
        ),
    )
    return match
