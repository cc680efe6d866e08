"""Tournaments: made in a season (or from an earlier one) with their tables, clock and
brackets (match lengths, fees, payouts), edited (a format change discards a draw
nothing has been played from, and is refused after), deleted while nothing depends on
them."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from ..core import bracket_lengths, clocks, fixed_settings, prizes, schedule, tables
from ..models import AuditEntry, Bracket, Match, Tournament
from ..models.audit import Said
from . import audit
from .draws import Changed, discard_draw, has_results, is_drawn
from .errors import OperationError, full_clean
from .locks import lock_tournament
from .progress import resolve
from .tables import assign_tables

# The settings a stored draw was made for.
BRACKET_SETTINGS = fixed_settings.DRAW_SETTINGS


# A bracket's settings (the lengths, the money, the clock, its turn for free tables), as
# the forms give them.
BRACKET_COLUMNS = (
    "lengths",
    "fee",
    "side_pool_fee",
    "payouts",
    "club_cut",
    "clock_policy",
    "table_priority",
)


def tournament_settings(tournament: Tournament) -> dict:
    brackets = list(tournament.brackets.all())
    lengths = {bracket.kind: bracket.lengths for bracket in brackets}
    money = {
        bracket.kind: [
            str(bracket.fee),
            str(bracket.side_pool_fee),
            bracket.payouts,
            str(bracket.club_cut),
        ]
        for bracket in brackets
    }
    return {
        "season": tournament.season_id,
        "name": tournament.name,
        "date": tournament.date.isoformat() if tournament.date else None,
        "format": tournament.format,
        "rounds": tournament.rounds,
        "round_lengths": tournament.round_lengths,
        "group_size": tournament.group_size,
        "knockout": tournament.knockout,
        "swiss_knockout": tournament.swiss_knockout,
        "team_size": tournament.team_size,
        "scoring": tournament.scoring,
        "tie_break": tournament.tie_break,
        "lives": tournament.lives,
        "playoff": tournament.playoff,
        "reentry_fee": None if tournament.reentry_fee is None else str(tournament.reentry_fee),
        "consolation": tournament.consolation,
        "progressive_rounds": tournament.progressive_rounds,
        "last_chance": tournament.last_chance,
        "grand_final_reset": tournament.grand_final_reset,
        "public": tournament.public,
        "lengths": lengths,
        "money": money,
        "tables": list(tournament.tables or []),
        "tables_first": {bracket.kind: bracket.table_priority for bracket in brackets},
        "clock": [
            tournament.clock_policy,
            tournament.clock_minutes_per_point,
            tournament.clock_delay_seconds,
            tournament.clock_delay_kind,
        ],
        "reporting": tournament.reporting,
    }


def _bracket_settings(brackets: Mapping[str, object]) -> dict[str, dict]:
    """Each bracket's settings, checked by the core (a schedule, payouts, a clock
    policy) with its message; a plain string is a bracket's match lengths alone."""
    checked = {}
    for kind, given in brackets.items():
        settings = {"lengths": given} if isinstance(given, str) else dict(given)
        unknown = set(settings) - set(BRACKET_COLUMNS)
        if unknown:
            raise OperationError(_("Unknown bracket setting: %(name)s") % {"name": min(unknown)})
        try:
            settings["lengths"] = schedule.normalize(settings["lengths"])
            if settings.get("payouts"):
                settings["payouts"] = prizes.format_payouts(
                    prizes.parse_payouts(settings["payouts"])
                )
        except (schedule.ScheduleError, prizes.PrizeError) as error:
            raise OperationError(error.message(gettext)) from None
        if settings.get("clock_policy") not in ("", None, *clocks.POLICIES):
            raise OperationError(_("Unknown clock policy."))
        if settings.get("table_priority") is not None:
            try:
                tables.check_priority(settings["table_priority"])
            except tables.TableError as error:
                raise OperationError(error.message(gettext)) from None
        checked[kind] = settings
    return checked


def _set_brackets(tournament: Tournament, brackets: Mapping[str, object]) -> None:
    """Store each bracket's settings; matches not started yet take the new lengths."""
    for kind, settings in _bracket_settings(brackets).items():
        bracket, _created = Bracket.objects.get_or_create(
            tournament=tournament,
            kind=kind,
            defaults={"table_priority": tables.default_priority(kind)},
        )
        for column, value in settings.items():
            setattr(bracket, column, value)
        full_clean(bracket, exclude=["tournament"])
        bracket.save()
        _lengths_to_matches(bracket.matches, bracket.length_for_round)


def _lengths_to_matches(matches, length_for_round) -> None:
    """The matches not started take their round's length from the new schedule (a round
    with results keeps its own: check_tournament_change refused any other)."""
    not_started = matches.filter(
        status__in=[Match.Status.PENDING, Match.Status.READY, Match.Status.BYE]
    )
    for match in not_started:
        length = length_for_round(match.round)
        if match.length != length:
            match.length = length
            match.save(update_fields=["length"])


def _check_format(tournament: Tournament) -> None:
    """The format's word on its settings (`Format.problems`: the admin and the forms
    say it beside the field; every other caller of the operations hears it here)."""
    problems = tournament.played_as.problems(tournament)
    if problems:
        raise OperationError(" ".join(gettext(message) for message in problems.values()))


def missing_lengths(
    consolation: str,
    last_chance: bool,
    brackets: Mapping[str, object],
    stored: Tournament | None = None,
) -> dict[str, str]:
    """The brackets these settings play with no match lengths (`core.bracket_lengths`:
    a consolation, a last chance), by kind, each with its message to translate: given
    neither in `brackets` (this save's, as `create_tournament` takes them) nor, for a
    `stored` tournament, by a bracket it has. The operations and the setup form ask it."""
    given = {
        kind
        for kind, settings in brackets.items()
        if (settings if isinstance(settings, str) else settings.get("lengths"))
    }
    found = bracket_lengths.missing(consolation, last_chance, given)
    if found and stored is not None and stored.pk is not None:
        given |= set(stored.brackets.values_list("kind", flat=True))
        found = bracket_lengths.missing(consolation, last_chance, given)
    return found


def _check_lengths_given(tournament: Tournament, brackets: Mapping[str, object]) -> None:
    """Refuse a consolation or a last chance without its match lengths."""
    found = missing_lengths(tournament.consolation, tournament.last_chance, brackets, tournament)
    if found:
        raise OperationError(" ".join(gettext(message) for message in found.values()))


def _checked_tables(fields: Mapping) -> Mapping:
    """The tables as the core reads them: "6" or a list of names, refused twice."""
    if "tables" not in fields:
        return fields
    given = fields["tables"]
    text = given if isinstance(given, str) else ", ".join(given)
    try:
        return {**fields, "tables": list(tables.parse_tables(text))}
    except tables.TableError as error:
        raise OperationError(error.message(gettext)) from None


def format_changes(tournament: Tournament, fields: Mapping) -> bool:
    return any(
        key in fields and fields[key] != getattr(tournament, key) for key in BRACKET_SETTINGS
    )


def _played_rounds(matches) -> set[int]:
    """The rounds with a result (a game, a walkover, a retirement) among these matches."""
    return set(matches.started().values_list("round", flat=True))


def _check_lengths(stored: tuple[int, ...], new: str, played: set[int]) -> None:
    """A round with results keeps its match length (`schedule.check_played_rounds`)."""
    if not played:
        return
    try:
        schedule.check_played_rounds(stored, schedule.parse_lengths(new), played)
    except schedule.ScheduleError as error:
        raise OperationError(error.message(gettext)) from None


def _money_changes(bracket: Bracket, settings: Mapping) -> bool:
    for column in fixed_settings.MONEY_SETTINGS:
        if column not in settings:
            continue
        given, stored = settings[column], getattr(bracket, column)
        if column == "payouts":
            changed = (given or "") != stored
        else:
            changed = Decimal(str(given or 0)) != stored
        if changed:
            return True
    return False


def _check_brackets(stored: Tournament, brackets: Mapping[str, object], fixed: dict) -> None:
    """A bracket's played rounds keep their lengths; a finished tournament, its money."""
    rows = {bracket.kind: bracket for bracket in stored.brackets.all()}
    for kind, settings in _bracket_settings(brackets).items():
        bracket = rows.get(kind)
        if bracket is None:
            continue
        _check_lengths(bracket.round_lengths, settings["lengths"], _played_rounds(bracket.matches))
        if "fee" in fixed and _money_changes(bracket, settings):
            raise OperationError(gettext(fixed["fee"]))


def check_tournament_change(
    tournament: Tournament, fields: Mapping, brackets: Mapping[str, object] | None = None
) -> None:
    """Refuse what would contradict a tournament's draw or results, with why
    (`core.fixed_settings`): its season once drawn, its format once results are
    recorded, the match lengths of rounds with results, and a finished tournament's
    fees and payouts. Rounds still to play may change length; while the tournament
    runs, so may its fees and payouts."""
    if tournament.pk is None:
        return
    stored = Tournament.objects.get(pk=tournament.pk)
    fixed = fixed_settings.fixed_settings(
        drawn=is_drawn(stored), has_results=has_results(stored), finished=stored.is_finished
    )
    season = fields.get("season")
    season_id = getattr(season, "pk", season)
    if season_id is not None and str(season_id) != str(stored.season_id) and "season" in fixed:
        raise OperationError(gettext(fixed["season"]))
    if format_changes(stored, fields) and "format" in fixed:
        raise OperationError(gettext(fixed["format"]))
    if "round_lengths" in fields and stored.played_as.in_rounds:
        _check_lengths(
            stored.lengths_per_round,
            fields["round_lengths"],
            _played_rounds(stored.matches.in_rounds()),
        )
    if brackets:
        _check_brackets(stored, brackets, fixed)
    rounds = fields.get("rounds", stored.rounds)
    paired = stored.matches.filter(bracket__isnull=True).aggregate(Max("round"))["round__max"]
    if stored.played_as.fixed_rounds and paired and rounds < paired:
        raise OperationError(
            _("Round %(number)s has been paired: the Swiss plays at least %(number)s rounds.")
            % {"number": paired}
        )


@transaction.atomic
def create_tournament(fields: Mapping, brackets: Mapping[str, object], *, user=None) -> Tournament:
    """A new tournament; `brackets` gives each bracket's settings (or just its lengths)."""
    tournament = Tournament(**_checked_tables(fields))
    full_clean(tournament)
    _check_format(tournament)
    _check_lengths_given(tournament, brackets)
    tournament.save()
    _set_brackets(tournament, brackets)
    audit.record(
        AuditEntry.Action.TOURNAMENT_CREATED,
        user=user,
        tournament=tournament,
        summary=Said(gettext_noop("Tournament created")),
        after=tournament_settings(tournament),
    )
    return tournament


@transaction.atomic
def change_tournament(
    tournament: Tournament, fields: Mapping, brackets: Mapping[str, object], *, user=None
) -> Changed:
    """Edit a tournament. A new consolation format discards a draw nothing has been
    played from (the director makes it again) and is refused after results."""
    tournament = lock_tournament(tournament)
    fields = _checked_tables(fields)
    check_tournament_change(tournament, fields, brackets)
    before = tournament_settings(tournament)
    discarded = False
    if format_changes(tournament, fields):
        discarded = discard_draw(tournament, user=user, reason=_("the format changed"))
    for key, value in fields.items():
        setattr(tournament, key, value)
    full_clean(tournament)
    _check_format(tournament)
    _check_lengths_given(tournament, brackets)
    tournament.save()
    _set_brackets(tournament, brackets)
    if tournament.played_as.in_rounds:
        _lengths_to_matches(tournament.matches.in_rounds(), tournament.length_for_round)
    if tournament.played_as.in_rounds and is_drawn(tournament):
        # More Swiss rounds (or fewer): the next is paired, or the night is over.
        resolve(tournament, user)
    # New tables (or fewer): the open matches are called to what there is now.
    assign_tables(tournament)
    audit.record(
        AuditEntry.Action.TOURNAMENT_CHANGED,
        user=user,
        tournament=tournament,
        summary=Said(gettext_noop("Tournament settings changed")),
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
    # Asked while the tournament is there: its entry will name none.
    if audit.acting(user) is not None:
        audit.check_directs(user, tournament)
    tournament.delete()
    audit.record(
        AuditEntry.Action.TOURNAMENT_DELETED,
        user=user,
        subject=name,
        summary=Said(gettext_noop("Tournament %(name)s deleted"), name=name),
        before=before,
    )
