"""Seasons named by year, each with the rule variants the club played and its league
points scale."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..core import league, master_points, win_skill
from ..core.rules import IRREGULARITIES, PRESETS, RuleSet
from ..rule_texts import PRESET_LABELS


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

    year = models.PositiveSmallIntegerField(_("year"), unique=True)
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

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["-year"]
        constraints = [
            models.CheckConstraint(
                condition=Q(year__gte=1900, year__lte=2999),
                name="season_year_plausible",
                violation_error_message=_("Give the season's year, e.g. 2002."),
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
        return self.name or str(_("Season %(year)s") % {"year": self.year})

    def get_absolute_url(self) -> str:
        return reverse("season", args=[self.year])

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
    def from_preset(cls, year: int, preset: str, **fields) -> Season:
        """An unsaved season with a preset's rules; the director may edit them after."""
        season = cls(year=year, preset=preset, **fields)
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
