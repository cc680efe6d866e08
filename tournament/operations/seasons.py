"""Seasons: made from one of the club's presets, their rules, league points and dates
edited, an empty one deleted. A season's rules may only change in ways that leave every
recorded game worth what it was worth: an edit never silently rewrites a played match;
its dates, only in ways that keep its tournaments inside it, and never over another
season's days."""

from __future__ import annotations

import datetime
from collections.abc import Mapping

from django.db import transaction
from django.utils.formats import date_format
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from ..core import scoring
from ..core import seasons as core_seasons
from ..core.rules import PRESETS, RuleSet
from ..models import AuditEntry, Match, Season
from ..models.audit import Said
from ..models.clubs import club_of
from . import audit
from .errors import OperationError, full_clean


def check_season_dates(
    season: Season | None, start: datetime.date, end: datetime.date, *, club_id: int | None = None
) -> None:
    """Refuse dates that make no season (core.seasons), whose years name another season
    already, that overlap another season (a day belongs to one season: the current one
    and a tournament's season are never in doubt), or, for a season made already, that
    leave one of its tournaments outside."""
    try:
        span = core_seasons.checked(start, end)
    except core_seasons.SeasonError as error:
        raise OperationError(error.message(gettext)) from None
    # Another club's seasons are its own: only the club's may not share years or days.
    club_id = season.club_id if season is not None else club_of(club_id)
    others = Season._base_manager.filter(club_id=club_id)
    if season is not None:
        others = others.exclude(pk=season.pk)
    for other in others.order_by("start"):
        if other.years == span.years:
            raise OperationError(
                _("The club has a season of these years already: %(season)s.") % {"season": other}
            )
        if other.span.overlaps(span):
            raise OperationError(
                _(
                    "These dates overlap %(season)s (%(start)s to %(end)s): a day belongs to "
                    "one season."
                )
                % {
                    "season": other,
                    "start": date_format(other.start),
                    "end": date_format(other.end),
                }
            )
    if season is None or season.pk is None:
        return
    outside = [
        tournament
        for tournament in season.tournaments.order_by("date", "name")
        if not span.holds(tournament.date)
    ]
    if outside:
        raise OperationError(
            _(
                "Tournaments of this season would fall outside these dates (%(tournaments)s). "
                "Move them first, or keep the dates."
            )
            % {
                "tournaments": "; ".join(
                    f"{tournament.name}, {date_format(tournament.date)}"
                    for tournament in outside[:5]
                )
            }
        )


@transaction.atomic
def create_season(
    year: int | None,
    preset: str,
    name: str = "",
    *,
    start: datetime.date | None = None,
    end: datetime.date | None = None,
    club_id: int | None = None,
    user=None,
) -> Season:
    """A season with a preset's rules: the calendar year `year`, or from `start` to
    `end` (a season that spans two years, "2026-27"), of the club `club_id` (the club
    whose page asks, else the founding club)."""
    if preset not in PRESETS:
        raise OperationError(_("Choose one of the club's presets."))
    dates = {"start": start, "end": end} if start is not None and end is not None else {}
    season = Season.from_preset(year, preset, name=name, club_id=club_of(club_id), **dates)
    check_season_dates(None, season.start, season.end, club_id=season.club_id)
    full_clean(season)
    season.save()
    audit.record(
        AuditEntry.Action.SEASON_CREATED,
        user=user,
        subject=season,
        summary=Said(
            gettext_noop("Season %(year)s created from the preset %(preset)s"),
            year=season.years,
            preset=preset,
        ),
        after=season.rules.as_dict(),
    )
    return season


def games_changed_by(season: Season, rules: RuleSet) -> list[Match]:
    """The season's matches whose recorded games the new rules would refuse or re-score."""
    changed = []
    matches = Match.objects.filter(tournament__season=season, games__isnull=False).distinct()
    for match in matches.prefetch_related("games", "penalties"):
        games = [game.as_result() for game in match.games.all()]
        try:
            state = scoring.replay(match.length, games, rules, match.penalty_results())
        except scoring.IllegalGame:
            changed.append(match)
            continue
        stored = [(game.points, game.crawford) for game in match.games.all()]
        if stored != [(outcome.points, outcome.crawford) for outcome in state.games]:
            changed.append(match)
    return changed


def check_season_rules(season: Season, rules: RuleSet) -> None:
    """Refuse rules that would change games already recorded in the season."""
    if season.pk is None or rules == Season.objects.get(pk=season.pk).rules:
        return
    changed = games_changed_by(season, rules)
    if changed:
        raise OperationError(
            _(
                "These rules would change games already recorded in this season "
                "(%(matches)s). Correct those matches first, or keep the rules."
            )
            % {"matches": "; ".join(str(match) for match in changed[:5])}
        )


@transaction.atomic
def change_season_rules(
    season: Season,
    rules: RuleSet,
    *,
    name: str | None = None,
    scale: Mapping[str, str] | None = None,
    dates: tuple[datetime.date, datetime.date] | None = None,
    user=None,
) -> Season:
    """Edit a season's rules (name, league points scale, its first and last day),
    refusing a change that would alter played games, or dates that would leave one of
    its tournaments outside it or overlap another season."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    before, before_dates = season.rules, (season.start, season.end)
    check_season_rules(season, rules)
    if dates is not None and tuple(dates) != before_dates:
        check_season_dates(season, *dates)
        season.start, season.end = dates
    season.set_rules(rules)
    if name is not None:
        season.name = name
    for field, value in (scale or {}).items():
        setattr(season, field, value)
    full_clean(season)
    season.save()
    audit.record(
        AuditEntry.Action.SEASON_CHANGED,
        user=user,
        subject=season,
        summary=Said(gettext_noop("Rules of %(season)s changed"), season=season),
        before=before.as_dict(),
        after=rules.as_dict(),
    )
    if (season.start, season.end) != before_dates:
        audit.record(
            AuditEntry.Action.SEASON_CHANGED,
            user=user,
            subject=season,
            summary=Said(
                gettext_noop("Dates of %(season)s changed: %(start)s to %(end)s"),
                season=season,
                start=season.start.isoformat(),
                end=season.end.isoformat(),
            ),
            before={"start": before_dates[0].isoformat(), "end": before_dates[1].isoformat()},
            after={"start": season.start.isoformat(), "end": season.end.isoformat()},
        )
    return season


@transaction.atomic
def delete_season(season: Season, *, user=None) -> None:
    """Delete a season with no tournament (one with tournaments is part of the record)."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    if season.tournaments.exists():
        raise OperationError(_("A season with tournaments cannot be deleted."))
    rules = season.rules.as_dict()
    label = str(season)
    season.delete()
    audit.record(
        AuditEntry.Action.SEASON_DELETED,
        user=user,
        subject=label,
        summary=Said(gettext_noop("Season %(season)s deleted"), season=label),
        before=rules,
    )
