"""The season forms: a season (a calendar year, or its first and last day, core.seasons)
from a preset, and its name, days, rules and league points. The dates are checked by the
operation's own check (operations.check_season_dates), with its messages, beside them;
new rules that would re-score a recorded game are refused with the operation's message."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from .. import operations
from ..core import league
from ..core import seasons as core_seasons
from ..core.rules import PRESETS, RuleSet
from ..models import RULE_FIELDS, Season
from ..rule_texts import PRESET_LABELS

DATE_WIDGET = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
SPANNING_HELP = _(
    "A season that spans two years gives its first and last day, e.g. 1 September 2026 "
    "and 30 June 2027: the season 2026-27."
)


def _check_dates(form: forms.Form, season: Season | None, start, end) -> None:
    """The operation's refusal of these dates (another season's years or days, the
    season's tournaments left outside), beside the dates. Dates that make no season
    (core.seasons) are the model's to refuse, beside the last day: said once."""
    try:
        core_seasons.checked(start, end)
    except core_seasons.SeasonError:
        return
    try:
        # A new season's neighbours are its club's seasons (the form's instance's).
        operations.check_season_dates(season, start, end, form.instance.club_id)
    except operations.OperationError as error:
        form.add_error("end" if "end" in form.fields else None, error.message)


class SeasonCreateForm(forms.ModelForm):
    year = forms.IntegerField(
        label=_("Year"),
        required=False,
        min_value=1900,
        max_value=2999,
        help_text=_("A calendar year: the season runs from 1 January to 31 December."),
    )
    preset = forms.ChoiceField(
        label=_("Rules"),
        choices=[(key, PRESET_LABELS[key]) for key in PRESETS],
        initial="qgammon-2002",
        help_text=_("The season starts with these rules; you can edit them afterwards."),
    )

    class Meta:
        model = Season
        fields = ["start", "end", "name", "preset"]
        widgets = {"start": DATE_WIDGET, "end": DATE_WIDGET}

    field_order = ["year", "start", "end", "name", "preset"]
    # The club the new season is for, when not given (the admin's form class says it).
    default_club: int | None = None

    def __init__(self, *args, club: int | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        if club or self.default_club:
            self.instance.club_id = club or self.default_club
        # Empty: the calendar year given above.
        for name in ("start", "end"):
            self.fields[name].required = False
        self.fields["start"].help_text = SPANNING_HELP

    def clean(self):
        data = super().clean()
        year, start, end = data.get("year"), data.get("start"), data.get("end")
        if self.errors:
            return data
        if start is None and end is None:
            if year is None:
                self.add_error("year", _("Give the season's year, e.g. 2002."))
                return data
            span = core_seasons.calendar_year(year)
            data["start"], data["end"] = span.start, span.end
        elif start is None or end is None:
            self.add_error(
                "start" if start is None else "end",
                _("Give the season's first and last day, or neither for a calendar year."),
            )
            return data
        elif year is not None and year != start.year:
            self.add_error(
                "year",
                _("The season starts in %(year)s: give that year, or leave it empty.")
                % {"year": start.year},
            )
            return data
        _check_dates(self, None, data["start"], data["end"])
        return data


SCALE_FIELDS = ("main_points", "consolation_points", "last_chance_points")
# How the season counts league points, and the club's scale.
POINTS_FIELDS = ("league_scoring", *SCALE_FIELDS)


class SeasonRulesForm(forms.ModelForm):
    """A season's name, rule columns and league points; new rules that would re-score
    a recorded game are refused with the operation's message (the admin uses it too)."""

    class Meta:
        model = Season
        fields = ["name", "start", "end", *RULE_FIELDS, *POINTS_FIELDS]
        widgets = {"start": DATE_WIDGET, "end": DATE_WIDGET}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "start" in self.fields:
            self.fields["start"].help_text = SPANNING_HELP
        for name in ("start", "end"):
            if name in self.fields and self.instance.pk is not None:
                # Left out of a form, the season keeps its days.
                self.fields[name].required = False
        if "league_scoring" in self.fields:
            # A form that leaves it out keeps the season's way of counting.
            self.fields["league_scoring"].required = False

    def clean_league_scoring(self):
        return self.cleaned_data.get("league_scoring") or self.instance.league_scoring

    def clean_start(self):
        return self.cleaned_data.get("start") or self.instance.start

    def clean_end(self):
        return self.cleaned_data.get("end") or self.instance.end

    @property
    def dates(self) -> tuple | None:
        """The first and last day posted (None where the form has no dates)."""
        if "start" not in self.cleaned_data or "end" not in self.cleaned_data:
            return None
        return self.cleaned_data["start"], self.cleaned_data["end"]

    def clean(self):
        data = super().clean()
        if self.errors or not set(RULE_FIELDS) <= set(data):
            return data  # the admin's form for a new season has no rule fields
        if self.instance.pk is not None and self.dates is not None:
            _check_dates(self, self.instance, *self.dates)
        try:
            self.rules = RuleSet(**{field: data[field] for field in RULE_FIELDS})
            for field in SCALE_FIELDS:
                data[field] = league.format_scale(league.parse_scale(data[field]))
        except ValueError as error:
            raise ValidationError(str(error)) from None
        if self.instance.pk is not None:
            try:
                operations.check_season_rules(self.instance, self.rules)
            except operations.OperationError as error:
                raise ValidationError(error.message) from None
        return data
