"""The tournament's setup form (the season's forms: forms.seasons): a tournament on a
date inside its season, with its consolation format, tables, clock, and each bracket's
match lengths, fees, payouts and clock. The values are checked by the core's parsers
(schedule, tables, prizes, clocks) and by the operations' own checks, with their
messages."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import DecimalValidator
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .. import operations
from ..core import clocks, club_nights, draw, formats, prizes, schedule, tables
from ..core import seasons as core_seasons
from ..models import Season, Tournament
from ..models.tournaments import CLOCK_POLICY_CHOICES


class LengthsField(forms.CharField):
    def __init__(self, **kwargs):
        kwargs.setdefault(
            "help_text", _("Points per round, e.g. 5,5,7,9,11; the last holds for later rounds.")
        )
        super().__init__(max_length=100, **kwargs)

    def clean(self, value):
        value = super().clean(value)
        if not value:
            return value
        # The schedule's own rule (core.schedule), with its message.
        try:
            return schedule.normalize(value)
        except schedule.ScheduleError as error:
            raise ValidationError(error.message(gettext)) from None


# The tournament's own fields: the admin builds its form with more (the lengths), so
# the form's Meta.fields is not the list to save.
TOURNAMENT_FIELDS = [
    "season",
    "name",
    "date",
    "format",
    "rounds",
    "round_lengths",
    "group_size",
    "knockout",
    "swiss_knockout",
    "team_size",
    "scoring",
    "tie_break",
    "lives",
    "playoff",
    "reentry_fee",
    "consolation",
    "progressive_rounds",
    "last_chance",
    "grand_final_reset",
    "public",
    "clock_policy",
    "clock_minutes_per_point",
    "clock_delay_seconds",
    "clock_delay_kind",
    "reporting",
]
CLOCK_FIELDS = (
    "clock_policy",
    "clock_minutes_per_point",
    "clock_delay_seconds",
    "clock_delay_kind",
)
# Left out of a form (or empty), these keep the tournament's value, or the default: a
# cup, as before there were other formats.
DEFAULTED_FIELDS = (
    *CLOCK_FIELDS,
    "format",
    "rounds",
    "round_lengths",
    "knockout",
    "swiss_knockout",
    "team_size",
    "scoring",
    "tie_break",
    "lives",
    "playoff",
)
BRACKET_LABELS = {
    draw.MAIN: _("Main bracket"),
    draw.CONSOLATION: _("Consolation"),
    draw.LAST_CHANCE: _("Last chance"),
    draw.GRAND_FINAL: _("Grand final"),
}
DEFAULT_LENGTHS = {
    draw.MAIN: "5,5,7,9,11",
    draw.CONSOLATION: "5",
    draw.LAST_CHANCE: "3",
    draw.GRAND_FINAL: "11",
}
# A bracket's settings, as the form names them: <kind>_<setting>.
BRACKET_SETTINGS = (
    "lengths",
    "fee",
    "side_pool_fee",
    "payouts",
    "club_cut",
    "clock_policy",
    "table_priority",
)
BRACKET_FIELDS = {
    kind: [f"{kind}_{setting}" for setting in BRACKET_SETTINGS] for kind in draw.BRACKET_KINDS
}


class PayoutsField(forms.CharField):
    """Percent of the pool per place (core.prizes); empty for the usual scale."""

    def __init__(self, **kwargs):
        kwargs.setdefault("help_text", _("e.g. 50,25,12.5,12.5 (1st, 2nd, 3rd, 4th); empty: usual"))
        super().__init__(max_length=200, required=False, **kwargs)

    def clean(self, value):
        value = super().clean(value)
        if not value:
            return ""
        try:
            return prizes.format_payouts(prizes.parse_payouts(value))
        except prizes.PrizeError as error:
            raise ValidationError(error.message(gettext)) from None


class PrizeNumberField(forms.DecimalField):
    """An entry fee or the club's cut, read by the core's parser (`prizes.parse_money`,
    `prizes.parse_percent`: the range, the decimals, a comma or a dot, and the
    messages); the browser's number input is given the same range. Empty: None."""

    def __init__(self, parse, high: Decimal, *, max_digits: int, **kwargs):
        super().__init__(
            min_value=0,
            max_value=high,
            max_digits=max_digits,
            decimal_places=2,
            required=False,
            **kwargs,
        )
        self.parse = parse
        # The range is the core's to check; only the column's size is the form's.
        self.validators = [v for v in self.validators if isinstance(v, DecimalValidator)]

    def to_python(self, value):
        if value in self.empty_values:
            return None
        try:
            return self.parse(str(value))
        except prizes.PrizeError as error:
            raise ValidationError(error.message(gettext), code="invalid") from None


def _money(label) -> PrizeNumberField:
    return PrizeNumberField(prizes.parse_money, prizes.MAX_MONEY, max_digits=8, label=label)


def _bracket_fields() -> dict[str, forms.Field]:
    fields: dict[str, forms.Field] = {}
    for kind, label in BRACKET_LABELS.items():
        fields[f"{kind}_lengths"] = LengthsField(
            label=format_lazy(_("{bracket}: match lengths"), bracket=label),
            initial=DEFAULT_LENGTHS[kind],
            required=kind == draw.MAIN,
        )
        fields[f"{kind}_fee"] = _money(format_lazy(_("{bracket}: entry fee"), bracket=label))
        fields[f"{kind}_side_pool_fee"] = _money(
            format_lazy(_("{bracket}: side pool fee (0 for none)"), bracket=label)
        )
        fields[f"{kind}_payouts"] = PayoutsField(
            label=format_lazy(_("{bracket}: payouts, percent per place"), bracket=label)
        )
        fields[f"{kind}_club_cut"] = PrizeNumberField(
            prizes.parse_percent,
            prizes.HUNDRED,
            max_digits=5,
            label=format_lazy(_("{bracket}: club's cut, in percent"), bracket=label),
        )
        fields[f"{kind}_clock_policy"] = forms.ChoiceField(
            label=format_lazy(_("{bracket}: clocks"), bracket=label),
            choices=[("", _("as the tournament")), *CLOCK_POLICY_CHOICES],
            required=False,
        )
        fields[f"{kind}_table_priority"] = forms.IntegerField(
            label=format_lazy(_("{bracket}: priority for free tables"), bracket=label),
            min_value=tables.FIRST_PRIORITY,
            max_value=tables.LAST_PRIORITY,
            initial=tables.default_priority(kind),
            required=False,
            help_text=_(
                "A free table goes first to a ready match of the bracket with the lowest number."
            ),
        )
    return fields


# Declared once, so that the admin (which builds its form from field names) finds them.
BracketFields = type("BracketFields", (forms.Form,), _bracket_fields())


class TablesField(forms.CharField):
    """The tables of the day: a number, or names separated by commas (core.tables)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("label", _("Tables"))
        kwargs.setdefault(
            "help_text", _("How many (6), or their names: Taula 1, Taula 2, Bar. Empty: none.")
        )
        super().__init__(max_length=2000, required=False, **kwargs)

    def clean(self, value):
        try:
            return list(tables.parse_tables(super().clean(value)))
        except tables.TableError as error:
            raise ValidationError(error.message(gettext)) from None


class TournamentForm(forms.ModelForm, BracketFields):
    tables_text = TablesField()
    # A clock of 0 minutes is refused here, beside the field (core.clocks gives the range).
    clock_minutes_per_point = forms.IntegerField(
        label=_("Clock: minutes per point"),
        min_value=1,
        max_value=clocks.MAX_MINUTES_PER_POINT,
        required=False,
        help_text=_("2, as the US and UK federations set it."),
    )
    clock_delay_seconds = forms.IntegerField(
        label=_("Clock: delay in seconds"),
        min_value=0,
        max_value=clocks.MAX_DELAY_SECONDS,
        required=False,
        help_text=_("12, as the US and UK federations set it."),
    )

    class Meta:
        model = Tournament
        fields = TOURNAMENT_FIELDS
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, copy_of: Tournament | None = None, **kwargs):
        """`copy_of`: an earlier tournament whose settings a new one starts from."""
        super().__init__(*args, **kwargs)
        source = self.instance if self.instance.pk else copy_of
        if source is not None:
            self.initial["tables_text"] = tables.format_tables(source.tables or [])
            for bracket in source.brackets.all():
                for setting in BRACKET_SETTINGS:
                    self.initial[f"{bracket.kind}_{setting}"] = getattr(bracket, setting)
        if copy_of is not None and not self.instance.pk:
            for field in TOURNAMENT_FIELDS:
                if field not in ("name", "date"):
                    self.initial[field] = getattr(copy_of, field)
            self.initial["season"] = copy_of.season_id
        # The clock has the federations' defaults, and players' reporting its own: a
        # form that leaves them out keeps them.
        for name in (*DEFAULTED_FIELDS, "reporting"):
            if name in self.fields:
                self.fields[name].required = False
        if self.instance.pk and "season" in self.fields:
            # The season of a tournament with a draw is part of its results (the admin
            # shows it read-only and leaves it out of the form).
            self.fields["season"].disabled = self.instance.matches.exists()
        # The settings of some formats only carry their formats, for the page to show
        # them with those alone (tournament_form.js).
        for name, field in self.fields.items():
            if played_with := formats.with_setting(name):
                field.formats = " ".join(played_with)
        self._propose_dates()

    def _propose_dates(self) -> None:
        """Each season's days and the date proposed in it (`season_dates`, by season id:
        its first and last day, the date the page moves to when the season changes, and
        the message the page shows for a date outside it, the model's own), and a new
        tournament's season and date: the season asked for or copied, else the current
        one; a date in it."""
        today = timezone.localdate()
        seasons = {season.pk: season for season in Season.objects.all()}
        self.season_dates = {
            pk: {
                "start": season.start.isoformat(),
                "end": season.end.isoformat(),
                "proposed": core_seasons.date_in_season(today, season.span).isoformat(),
                "outside": season.outside_message(),
            }
            for pk, season in seasons.items()
        }
        if self.instance.pk or self.is_bound:
            return
        chosen = self.initial.get("season")
        chosen = chosen.pk if isinstance(chosen, Season) else chosen
        if chosen not in seasons:
            running = Tournament.objects.filter(status=Tournament.Status.RUNNING)
            chosen = core_seasons.current_season(
                {pk: season.span for pk, season in seasons.items()},
                running.values_list("season_id", flat=True),
                today,
            )
            if chosen is None:
                return
            self.initial["season"] = chosen
        self.initial["date"] = self.season_dates[chosen]["proposed"]

    def clean_reporting(self):
        return self.cleaned_data.get("reporting") or self.instance.reporting

    def brackets(self) -> dict[str, dict]:
        """Each bracket's settings, for the brackets given match lengths."""
        data = self.cleaned_data
        found = {}
        for kind in draw.BRACKET_KINDS:
            if not data.get(f"{kind}_lengths"):
                continue
            found[kind] = {
                "lengths": data[f"{kind}_lengths"],
                "fee": data.get(f"{kind}_fee") or Decimal(0),
                "side_pool_fee": data.get(f"{kind}_side_pool_fee") or Decimal(0),
                "payouts": data.get(f"{kind}_payouts") or "",
                "club_cut": data.get(f"{kind}_club_cut") or Decimal(0),
                "clock_policy": data.get(f"{kind}_clock_policy") or "",
                "table_priority": data.get(f"{kind}_table_priority")
                or tables.default_priority(kind),
            }
        return found

    def clean(self):
        data = super().clean()
        for name in DEFAULTED_FIELDS:
            if name in self.fields and data.get(name) in (None, ""):
                data[name] = (
                    getattr(self.instance, name)
                    if self.instance.pk
                    else Tournament._meta.get_field(name).default
                )
        if "grand_final_reset" in self.fields and data.get("consolation") != draw.DOUBLE:
            # An unticked box posts nothing: outside a double elimination that is not a
            # change of its setting (which would count as a new format, and discard a draw).
            data["grand_final_reset"] = (
                self.instance.grand_final_reset if self.instance.pk else True
            )
        # A consolation, a last chance, needs its lengths (`core.bracket_lengths`), as
        # the operation that saves the tournament says.
        for kind, message in operations.missing_lengths(
            self._setting(data, "consolation") or draw.NO_CONSOLATION,
            bool(self._setting(data, "last_chance")),
            self.brackets(),
            self.instance,
        ).items():
            self.add_error(f"{kind}_lengths", gettext(message))
        for field, message in club_nights.format_problems(
            data.get("format") or club_nights.CUP,
            data.get("consolation") or draw.NO_CONSOLATION,
            data.get("knockout") or 0,
            data.get("group_size"),
            swiss_knockout=data.get("swiss_knockout") or 0,
            last_chance=bool(data.get("last_chance")),
            playoff=data.get("playoff") or "",
        ).items():
            self.add_error(field if field in self.fields else None, gettext(message))
        if self.instance.pk is not None and not self.errors:
            fields = self.tournament_fields()
            posted = self._posted_season()
            if posted is not None:
                fields["season"] = posted
            try:
                operations.check_tournament_change(self.instance, fields, self.brackets())
            except operations.OperationError as error:
                raise ValidationError(error.message) from None
        return data

    def _setting(self, data: dict, name: str):
        """A setting as posted, or the tournament's own where the form leaves it out
        (the admin shows a drawn tournament's format read-only)."""
        return data.get(name) if name in self.fields else getattr(self.instance, name)

    def _posted_season(self) -> str | None:
        """The season posted for a tournament whose season field is disabled (a draw is
        made): a disabled field ignores what is posted, so a page shown before the draw
        would change nothing and hear "saved". The operation refuses it, with why."""
        field = self.fields.get("season")
        if field is None or not field.disabled:
            return None
        posted = self.data.get(self.add_prefix("season"))
        return posted or None

    def tournament_fields(self) -> dict:
        """The tournament's own fields, as far as the form has them (the admin leaves
        out the ones it shows read-only), and its tables."""
        found = {
            field: self.cleaned_data[field]
            for field in TOURNAMENT_FIELDS
            if field in self.cleaned_data and field in self.fields
        }
        if "tables_text" in self.cleaned_data:
            found["tables"] = self.cleaned_data["tables_text"]
        return found
