"""Tournaments: made in a season with their brackets' match lengths, edited (a format
change discards a draw nothing has been played from, and is refused after), deleted
while nothing depends on them."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..core import schedule
from ..models import AuditEntry, Bracket, Match, Tournament
from . import audit
from .draws import Changed, discard_draw, has_results, is_drawn
from .errors import OperationError, full_clean
from .locks import lock_tournament

# The settings a stored draw was made for.
BRACKET_SETTINGS = ("consolation", "progressive_rounds", "last_chance")


def tournament_settings(tournament: Tournament) -> dict:
    lengths = {bracket.kind: bracket.lengths for bracket in tournament.brackets.all()}
    return {
        "season": tournament.season_id,
        "name": tournament.name,
        "date": tournament.date.isoformat() if tournament.date else None,
        "consolation": tournament.consolation,
        "progressive_rounds": tournament.progressive_rounds,
        "last_chance": tournament.last_chance,
        "public": tournament.public,
        "lengths": lengths,
    }


def _schedules(lengths: Mapping[str, str]) -> dict[str, str]:
    """Each bracket's schedule as stored, or the core's reason it is not one."""
    try:
        return {kind: schedule.normalize(value) for kind, value in lengths.items()}
    except schedule.ScheduleError as error:
        raise OperationError(error.message(gettext)) from None


def _set_lengths(tournament: Tournament, lengths: Mapping[str, str]) -> None:
    """Store each bracket's lengths; matches not started yet take the new length."""
    for kind, value in _schedules(lengths).items():
        bracket, _created = Bracket.objects.update_or_create(
            tournament=tournament, kind=kind, defaults={"lengths": value}
        )
        not_started = bracket.matches.filter(
            status__in=[Match.Status.PENDING, Match.Status.READY, Match.Status.BYE]
        )
        for match in not_started:
            length = bracket.length_for_round(match.round)
            if match.length != length:
                match.length = length
                match.save(update_fields=["length"])


def format_changes(tournament: Tournament, fields: Mapping) -> bool:
    return any(
        key in fields and fields[key] != getattr(tournament, key) for key in BRACKET_SETTINGS
    )


def check_tournament_change(tournament: Tournament, fields: Mapping) -> None:
    """Refuse what would contradict a tournament's draw or results: its season once
    drawn, its consolation format once results are recorded."""
    if tournament.pk is None:
        return
    stored = Tournament.objects.get(pk=tournament.pk)
    season = fields.get("season")
    season_id = getattr(season, "pk", season)
    if season_id is not None and season_id != stored.season_id and is_drawn(stored):
        raise OperationError(_("The season of a tournament cannot change once its draw is made."))
    if format_changes(stored, fields) and has_results(stored):
        raise OperationError(
            _("The consolation format cannot change once results have been recorded.")
        )


@transaction.atomic
def create_tournament(fields: Mapping, lengths: Mapping[str, str], *, user=None) -> Tournament:
    tournament = Tournament(**fields)
    full_clean(tournament)
    tournament.save()
    _set_lengths(tournament, lengths)
    audit.record(
        AuditEntry.Action.TOURNAMENT_CREATED,
        user=user,
        tournament=tournament,
        summary=_("Tournament created"),
        after=tournament_settings(tournament),
    )
    return tournament


@transaction.atomic
def change_tournament(
    tournament: Tournament, fields: Mapping, lengths: Mapping[str, str], *, user=None
) -> Changed:
    """Edit a tournament. A new consolation format discards a draw nothing has been
    played from (the director makes it again) and is refused after results."""
    tournament = lock_tournament(tournament)
    check_tournament_change(tournament, fields)
    before = tournament_settings(tournament)
    discarded = False
    if format_changes(tournament, fields):
        discarded = discard_draw(tournament, user=user, reason=_("the consolation format changed"))
    for key, value in fields.items():
        setattr(tournament, key, value)
    full_clean(tournament)
    tournament.save()
    _set_lengths(tournament, lengths)
    audit.record(
        AuditEntry.Action.TOURNAMENT_CHANGED,
        user=user,
        tournament=tournament,
        summary=_("Tournament settings changed"),
        before=before,
        after=tournament_settings(tournament),
    )
    return Changed(tournament, discarded)


def may_delete_tournament(tournament: Tournament, user) -> bool:
    """A tournament without a draw may go; a draft one with a draw only by a superuser
    (everything in it goes too); a started one never."""
    if not is_drawn(tournament):
        return True
    return bool(user is not None and user.is_superuser and tournament.is_draft)


@transaction.atomic
def delete_tournament(tournament: Tournament, *, user=None) -> None:
    tournament = lock_tournament(tournament)
    if not may_delete_tournament(tournament, user):
        raise OperationError(
            _("A tournament with a draw cannot be deleted: it is part of the season's record.")
        )
    before = tournament_settings(tournament)
    name = tournament.name
    tournament.delete()
    audit.record(
        AuditEntry.Action.TOURNAMENT_DELETED,
        user=user,
        subject=name,
        summary=_("Tournament %(name)s deleted") % {"name": name},
        before=before,
    )
