"""Setting up the club's competitions: seasons and their rules, tournaments and their
brackets, entries and seeds. Each write is atomic and leaves an audit entry.

A season's rules may only change in ways that leave every recorded game worth what it
was worth: a director's edit must never silently rewrite a played match.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .core import draw, scoring
from .core.rules import RuleSet
from .models import AuditEntry, Bracket, Entry, Match, Player, Season, Tournament
from .operations import OperationError, draw_can_be_remade

BRACKET_SETTINGS = ("consolation", "progressive_rounds", "last_chance")


def _audit(action, user, subject, summary, tournament=None, before=None, after=None):
    AuditEntry.objects.create(
        user=user if user is not None and user.is_authenticated else None,
        action=action,
        tournament=tournament,
        subject=str(subject)[:250],
        summary=str(summary)[:250],
        before=before,
        after=after,
    )


@transaction.atomic
def create_season(year: int, preset: str, name: str = "", *, user=None) -> Season:
    season = Season.from_preset(year, preset, name=name)
    season.full_clean()
    season.save()
    _audit(
        AuditEntry.Action.SEASON_CREATED,
        user,
        season,
        _("Season %(year)s created from the preset %(preset)s") % {"year": year, "preset": preset},
        after=season.rules.as_dict(),
    )
    return season


def games_changed_by(season: Season, rules: RuleSet) -> list[Match]:
    """The season's matches whose recorded games the new rules would refuse or re-score."""
    changed = []
    matches = Match.objects.filter(tournament__season=season, games__isnull=False).distinct()
    for match in matches.prefetch_related("games"):
        games = [game.as_result() for game in match.games.all()]
        try:
            state = scoring.replay(match.length, games, rules)
        except scoring.IllegalGame:
            changed.append(match)
            continue
        stored = [(game.points, game.crawford) for game in match.games.all()]
        if stored != [(outcome.points, outcome.crawford) for outcome in state.games]:
            changed.append(match)
    return changed


@transaction.atomic
def change_season_rules(
    season: Season,
    rules: RuleSet,
    *,
    name: str | None = None,
    scale: dict[str, str] | None = None,
    user=None,
):
    """Edit a season's rules (name, league points scale), refusing a change that would
    alter played games."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    before = season.rules
    if rules != before:
        changed = games_changed_by(season, rules)
        if changed:
            raise OperationError(
                _(
                    "These rules would change games already recorded in this season "
                    "(%(matches)s). Correct those matches first, or keep the rules."
                )
                % {"matches": "; ".join(str(match) for match in changed[:5])}
            )
    season.set_rules(rules)
    if name is not None:
        season.name = name
    for field, value in (scale or {}).items():
        setattr(season, field, value)
    season.full_clean()
    season.save()
    _audit(
        AuditEntry.Action.SEASON_CHANGED,
        user,
        season,
        _("Rules of %(season)s changed") % {"season": season},
        before=before.as_dict(),
        after=rules.as_dict(),
    )
    return season


def _set_lengths(tournament: Tournament, lengths: Mapping[str, str]) -> None:
    """Store each bracket's lengths; matches not started yet take the new length."""
    for kind, value in lengths.items():
        bracket, _created = Bracket.objects.update_or_create(
            tournament=tournament, kind=kind, defaults={"lengths": value}
        )
        for match in bracket.matches.filter(
            status__in=[Match.Status.PENDING, Match.Status.READY, Match.Status.BYE]
        ):
            length = bracket.length_for_round(match.round)
            if match.length != length:
                match.length = length
                match.save(update_fields=["length"])


def tournament_settings(tournament: Tournament) -> dict:
    lengths = {bracket.kind: bracket.lengths for bracket in tournament.brackets.all()}
    return {
        "name": tournament.name,
        "date": tournament.date.isoformat() if tournament.date else None,
        "consolation": tournament.consolation,
        "progressive_rounds": tournament.progressive_rounds,
        "last_chance": tournament.last_chance,
        "public": tournament.public,
        "lengths": lengths,
    }


@transaction.atomic
def create_tournament(fields: Mapping, lengths: Mapping[str, str], *, user=None) -> Tournament:
    tournament = Tournament(**fields)
    tournament.full_clean()
    tournament.save()
    _set_lengths(tournament, lengths)
    _audit(
        AuditEntry.Action.TOURNAMENT_CREATED,
        user,
        tournament.name,
        _("Tournament created"),
        tournament=tournament,
        after=tournament_settings(tournament),
    )
    return tournament


@transaction.atomic
def change_tournament(
    tournament: Tournament, fields: Mapping, lengths: Mapping[str, str], *, user=None
) -> Tournament:
    """Edit a tournament; its bracket formats only while the draw may still be remade."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    before = tournament_settings(tournament)
    format_changed = any(fields.get(key, before[key]) != before[key] for key in BRACKET_SETTINGS)
    if format_changed and tournament.matches.exists():
        if not draw_can_be_remade(tournament):
            raise OperationError(
                _("The consolation format cannot change once results have been recorded.")
            )
        # The stored draw was made for the old format: it goes, to be made again.
        tournament.matches.all().delete()
        tournament.draw_seed = None
    for key, value in fields.items():
        setattr(tournament, key, value)
    tournament.full_clean()
    tournament.save()
    _set_lengths(tournament, lengths)
    _audit(
        AuditEntry.Action.TOURNAMENT_CHANGED,
        user,
        tournament.name,
        _("Tournament settings changed"),
        tournament=tournament,
        before=before,
        after=tournament_settings(tournament),
    )
    return tournament


def _check_entries_open(tournament: Tournament) -> None:
    if not draw_can_be_remade(tournament):
        raise OperationError(
            _("Entries are closed: results have been recorded in this tournament.")
        )


@transaction.atomic
def add_entry(tournament: Tournament, player: Player, *, seed=None, user=None) -> Entry:
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _check_entries_open(tournament)
    if tournament.entries.filter(player=player).exists():
        raise OperationError(_("%(player)s is already registered.") % {"player": player})
    if tournament.entries.count() >= draw.MAX_ENTRANTS:
        raise OperationError(
            _("A tournament takes at most %(count)d players.") % {"count": draw.MAX_ENTRANTS}
        )
    entry = Entry.objects.create(tournament=tournament, player=player, seed=seed)
    _audit(
        AuditEntry.Action.ENTRY_ADDED,
        user,
        tournament.name,
        _("%(player)s registered") % {"player": player},
        tournament=tournament,
        after={"player": player.pk, "seed": seed},
    )
    return entry


@transaction.atomic
def add_new_player(tournament: Tournament, name: str, club: str = "", *, user=None) -> Entry:
    player = Player(name=name, club=club)
    player.full_clean()
    player.save()
    return add_entry(tournament, player, user=user)


@transaction.atomic
def remove_entry(tournament: Tournament, entry: Entry, *, user=None) -> None:
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _check_entries_open(tournament)
    entry.delete()
    _audit(
        AuditEntry.Action.ENTRY_REMOVED,
        user,
        tournament.name,
        _("%(player)s's registration removed") % {"player": entry.player},
        tournament=tournament,
        before={"player": entry.player_id, "seed": entry.seed},
    )


@transaction.atomic
def set_seeds(tournament: Tournament, seeds: Mapping[int, int | None], *, user=None) -> None:
    """Entry id -> seed (None for unseeded), as the draw accepts them (draw.check_seeds)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _check_entries_open(tournament)
    entries = {entry.pk: entry for entry in tournament.entries.all()}
    given = {
        entries[entry_id].player_id: seed
        for entry_id, seed in seeds.items()
        if entry_id in entries and seed is not None
    }
    try:
        draw.check_seeds([entry.player_id for entry in entries.values()], given)
    except draw.DrawError as error:
        raise OperationError(error.message(gettext)) from None
    before = {entry.player_id: entry.seed for entry in entries.values()}
    # Clear first, so that swapping two seeds never trips the unique constraint.
    tournament.entries.filter(pk__in=list(seeds)).update(seed=None)
    for entry_id, seed in seeds.items():
        if entry_id in entries and seed is not None:
            Entry.objects.filter(pk=entry_id).update(seed=seed)
    after = dict(tournament.entries.values_list("player_id", "seed"))
    _audit(
        AuditEntry.Action.SEEDS_CHANGED,
        user,
        tournament.name,
        _("Seeds changed"),
        tournament=tournament,
        before={str(key): value for key, value in before.items()},
        after={str(key): value for key, value in after.items()},
    )
