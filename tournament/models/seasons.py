"""Seasons, each from its first to its last day (a calendar year unless the club runs
another: September to June is "2026-27"), named and addressed by its years, with the
rule variants the club played and its league points scale."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..core import league, master_points, win_skill
from ..core import seasons as core_seasons
from ..core.rules import IRREGULARITIES, PRESETS, RuleSet
from ..rule_texts import PRESET_LABELS
from .club_scope import scoped_manager
from .clubs import FOUNDING_CLUB_ID, Club


def validate_scale(value: str) -> None:
    try:
        league.parse_scale(value)
    except league.ScaleError as error:
        raise ValidationError(error.message(gettext)) from None


# The RuleSet fields a Season stores as columns, in RuleSet order.
RULE_FIELDS = tuple(RuleSet.__dataclass_fields__)


class Season(models.Model):
    PRESET_CHOICES = [(key, PRESET_LABELS[key]) for key in PRESETS]
    MULTIPLIER_CHOICES = [
        (2, _("twice the cube, like a gammon")),
        (3, _("three times the cube")),
    ]
    IRREGULARITY_CHOICES = [
        ("pre-2002", _("before 2002: anyone may point out a miscounted move; rule 3B")),
        ("2002", _("from 2002: irregularity rules 2 and 3")),
    ]

    # A club's own seasons, with their rule variants: a season made without one is the
    # founding club's, as every season was before clubs (models.clubs).
    club = models.ForeignKey(
        Club,
        on_delete=models.PROTECT,
        related_name="seasons",
        verbose_name=_("club"),
        default=FOUNDING_CLUB_ID,
    )
    start = models.DateField(_("first day"))
    end = models.DateField(_("last day"))
    # The years it is named and addressed by ("2026", "2026-27"): its dates' (core.
    # seasons), kept by save(); unique in its club, so that an address is one season's.
    years = models.CharField(_("years"), max_length=7, editable=False)
    name = models.CharField(_("name"), max_length=100, blank=True)
    preset = models.CharField(
        _("preset"),
        max_length=20,
        choices=PRESET_CHOICES,
        blank=True,
        help_text=_("The preset the rules were taken from; they may have been edited since."),
    )
    crawford = models.BooleanField(_("Crawford rule"), default=True)
    holland = models.BooleanField(_("Holland rule"), default=False)
    backgammon_multiplier = models.PositiveSmallIntegerField(
        _("a backgammon counts"), choices=MULTIPLIER_CHOICES, default=3
    )
    beavers = models.BooleanField(_("beavers in match play"), default=False)
    beaver_refusable = models.BooleanField(_("a beaver may be refused"), default=True)
    raccoons = models.BooleanField(_("raccoons"), default=False)
    automatic_doubles = models.BooleanField(_("automatic doubles in match play"), default=False)
    automatic_doubles_limit = models.PositiveSmallIntegerField(
        _("automatic doubles limit"),
        null=True,
        blank=True,
        help_text=_("Most automatic doubles per game; empty for no limit."),
    )
    jacoby = models.BooleanField(
        _("Jacoby rule"), default=False, help_text=_("Money play only: it never changes a match.")
    )
    irregularities = models.CharField(
        _("irregularity rules"), max_length=10, choices=IRREGULARITY_CHOICES, default="2002"
    )
    # How league points are counted: the club's scale below, the US federation's
    # master points (core.master_points), or Win + Skill per match (core.win_skill).
    league_scoring = models.CharField(
        _("league points"),
        max_length=15,
        choices=[
            (master_points.CLUB, _("the club's scale of points per place")),
            (
                master_points.MASTER_POINTS,
                _("master points (US federation): per match won and per place"),
            ),
            (
                win_skill.WIN_SKILL,
                _("Win + Skill (WBIF): a point per match won, a point per match for the better PR"),
            ),
        ],
        default=master_points.CLUB,
    )
    # League points for finishing places 1, 2, 3-4, 5-8, ... in each bracket.
    main_points = models.CharField(
        _("league points, main bracket"),
        max_length=60,
        default=league.format_scale(league.DEFAULT_SCALE[league.MAIN]),
        validators=[validate_scale],
        help_text=_("For places 1, 2, 3-4, 5-8, 9-16, ...; later places score nothing."),
    )
    consolation_points = models.CharField(
        _("league points, consolation"),
        max_length=60,
        default=league.format_scale(league.DEFAULT_SCALE[league.CONSOLATION]),
        validators=[validate_scale],
        blank=True,
    )
    last_chance_points = models.CharField(
        _("league points, last chance"),
        max_length=60,
        default=league.format_scale(league.DEFAULT_SCALE[league.LAST_CHANCE]),
        validators=[validate_scale],
        blank=True,
    )

    objects = scoped_manager(models.QuerySet, "club_id")

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["-start"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "years"],
                name="season_years_unique_in_club",
                violation_error_message=_("The club has a season of these years already."),
            ),
            models.CheckConstraint(
                condition=Q(start__gte=core_seasons.FIRST_DAY, end__lte=core_seasons.LAST_DAY),
                name="season_dates_plausible",
                violation_error_message=_("Give the season's year, e.g. 2002."),
            ),
            models.CheckConstraint(
                condition=Q(end__gte=F("start")),
                name="season_ends_after_it_starts",
                violation_error_message=_("A season's last day cannot come before its first day."),
            ),
            models.CheckConstraint(
                condition=Q(backgammon_multiplier__in=[2, 3]),
                name="season_backgammon_multiplier_2_or_3",
            ),
            models.CheckConstraint(
                condition=Q(irregularities__in=list(IRREGULARITIES)),
                name="season_irregularities_known",
            ),
            models.CheckConstraint(
                condition=Q(league_scoring__in=[*master_points.SCORINGS, win_skill.WIN_SKILL]),
                name="season_league_scoring_known",
            ),
            models.CheckConstraint(
                condition=Q(automatic_doubles_limit__isnull=True)
                | Q(automatic_doubles_limit__gte=1),
                name="season_automatic_doubles_limit_positive",
            ),
        ]

    def __str__(self) -> str:
        return self.name or str(_("Season %(year)s") % {"year": self.years})

    def save(self, *args, **kwargs):
        if self._state.adding and self.club_id == FOUNDING_CLUB_ID:
            # The founding club is a migration's row: a test that flushed the tables
            # has none until a season needs it.
            Club.founding()
        if self.start and self.end:
            self.years = self.span.years
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "years"}
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("season", args=[self.years])

    def clean(self) -> None:
        if self.start and self.end:
            try:
                self.years = core_seasons.checked(self.start, self.end).years
            except core_seasons.SeasonError as error:
                raise ValidationError({"end": error.message(gettext)}) from None

    @property
    def span(self) -> core_seasons.Span:
        """Its first and last day, for the core's rules."""
        return core_seasons.Span(self.start, self.end)

    @property
    def is_calendar_year(self) -> bool:
        """1 January to 31 December, as the club's seasons always were."""
        return self.span.is_calendar_year

    @property
    def year(self) -> int:
        """The calendar year it starts in (a season of 2026-27: 2026)."""
        return self.start.year

    def holds(self, day) -> bool:
        """A tournament of the season may be played on `day` (core.seasons)."""
        return self.span.holds(day)

    def date_problem(self, day) -> str | None:
        """Why a tournament of the season cannot be played on `day`, in the active
        language, or None when it can: the model's, the operations' and the form's
        message (the form's script shows the same)."""
        return None if self.holds(day) else self.outside_message()

    def outside_message(self) -> str:
        """What a date outside the season is told."""
        return gettext("%(season)s runs from %(start)s to %(end)s: choose a date inside it.") % {
            "season": self,
            "start": date_format(self.start),
            "end": date_format(self.end),
        }

    @property
    def uses_master_points(self) -> bool:
        return self.league_scoring == master_points.MASTER_POINTS

    @property
    def uses_win_skill(self) -> bool:
        """League points are Win + Skill points, match by match (no place earns any)."""
        return self.league_scoring == win_skill.WIN_SKILL

    @property
    def rules(self) -> RuleSet:
        return RuleSet(**{field: getattr(self, field) for field in RULE_FIELDS})

    def set_rules(self, rules: RuleSet) -> None:
        for field in RULE_FIELDS:
            setattr(self, field, getattr(rules, field))

    @classmethod
    def from_preset(cls, year: int | None, preset: str, **fields) -> Season:
        """An unsaved season with a preset's rules; the director may edit them after.
        The calendar year `year` unless `start` and `end` are given."""
        if "start" not in fields or "end" not in fields:
            span = core_seasons.calendar_year(year)
            fields = {"start": span.start, "end": span.end, **fields}
        season = cls(preset=preset, **fields)
        season.set_rules(PRESETS[preset])
        return season

    @property
    def scale(self) -> dict[str, tuple[int, ...]]:
        """League points per band of places, per bracket kind (see core.league)."""
        return {
            league.MAIN: league.parse_scale(self.main_points),
            league.CONSOLATION: league.parse_scale(self.consolation_points),
            league.LAST_CHANCE: league.parse_scale(self.last_chance_points),
        }

    @property
    def rules_edited(self) -> bool:
        """The rules no longer equal the preset they came from."""
        return bool(self.preset) and PRESETS[self.preset] != self.rules


def club_id_of(tournament) -> int:
    """A tournament's club's id (its season's; there is no club on the tournament
    itself), read past the club scope: an operation on another club's tournament, a
    federation page."""
    if type(tournament).season.is_cached(tournament):
        return tournament.season.club_id
    return Season._base_manager.values_list("club_id", flat=True).get(pk=tournament.season_id)
