"""Seasons: made from one of the club's presets, their rules and league points edited,
an empty one deleted. A season's rules may only change in ways that leave every
recorded game worth what it was worth: an edit never silently rewrites a played match."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core import scoring
from ..core.rules import PRESETS, RuleSet
from ..models import AuditEntry, Match, Season
from ..models.audit import Said
from . import audit
from .errors import OperationError, full_clean


@transaction.atomic
def create_season(year: int, preset: str, name: str = "", *, user=None) -> Season:
    if preset not in PRESETS:
        raise OperationError(_("Choose one of the club's presets."))
    season = Season.from_preset(year, preset, name=name)
    full_clean(season)
    season.save()
    audit.record(
        AuditEntry.Action.SEASON_CREATED,
        user=user,
        subject=season,
        summary=Said(
            gettext_noop("Season %(year)s created from the preset %(preset)s"),
            year=year,
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
    user=None,
) -> Season:
    """Edit a season's rules (name, league points scale), refusing a change that would
    alter played games."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    before = season.rules
    check_season_rules(season, rules)
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
