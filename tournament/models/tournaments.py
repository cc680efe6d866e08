"""Tournaments of a season, their entries and seeds, and their brackets with the match
length of each round."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..core import (
    clocks,
    club_nights,
    draw,
    formats,
    prizes,
    schedule,
    swiss_cut,
    tables,
    win_skill,
)
from ..core import lives as lives_core
from .club_scope import scoped_manager
from .event_formats import EventFormatSettings
from .fields import ChoicesInCodeCharField
from .marks import new_mark
from .registrations import RegistrationSettings
from .seasons import Season


def validate_lengths(value: str) -> None:
    try:
        schedule.parse_lengths(value)
    except schedule.ScheduleError as error:
        raise ValidationError(error.message(gettext)) from None


def validate_payouts(value: str) -> None:
    if value:
        try:
            prizes.parse_payouts(value)
        except prizes.PrizeError as error:
            raise ValidationError(error.message(gettext)) from None


def validate_tables(value) -> None:
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise ValidationError(_("The tables are a list of names."))
    try:
        if tuple(value) != tables.parse_tables(", ".join(value)):
            raise ValidationError(_("The tables are a list of names."))
    except tables.TableError as error:
        raise ValidationError(error.message(gettext)) from None


CLOCK_POLICY_CHOICES = [
    (clocks.NO_CLOCK, _("no clocks")),
    (clocks.ALLOWED, _("clocks allowed (on request)")),
    (clocks.REQUIRED, _("clocks required")),
]
DELAY_KIND_CHOICES = [
    (clocks.SIMPLE, _("simple delay")),
    (clocks.BRONSTEIN, _("Bronstein delay")),
]


SCORING_CHOICES = [
    (win_skill.WINS, _("wins")),
    (win_skill.WIN_SKILL, _("Win + Skill (a point for the win, a point for the better PR)")),
]
TIE_BREAK_CHOICES = [
    (win_skill.STANDARD, _("Median-Buchholz, Buchholz, points +/−, head-to-head")),
    (win_skill.AVERAGE_PR, _("average GNUBG PR first, then those")),
]


REPORTING_OFF, REPORTING_CONFIRM, REPORTING_DIRECTOR = "off", "confirm", "director"
REPORTING_CHOICES = [
    (REPORTING_CONFIRM, _("yes, the opponent confirms")),
    (REPORTING_DIRECTOR, _("yes, the director approves every report")),
    (REPORTING_OFF, _("no, only the director records games")),
]


class TournamentQuerySet(models.QuerySet):
    def public(self):
        return self.filter(public=True)

    def in_play(self):
        """Not finished: drafts being prepared and tournaments under way."""
        return self.filter(status__in=Tournament.IN_PLAY)


class Tournament(RegistrationSettings, EventFormatSettings):
    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    IN_PLAY = (Status.DRAFT, Status.RUNNING)  # not finished

    # Each format's name from its module (core.formats), translated where shown.
    FORMAT_CHOICES = [(key, _(found.label)) for key, found in formats.FORMATS.items()]
    KNOCKOUT_CHOICES = [
        (0, _("no knockout")),
        (1, _("the group winners")),
        (2, _("the group winners and runners-up")),
    ]

    CONSOLATION_CHOICES = [
        (draw.NO_CONSOLATION, _("no consolation")),
        (draw.FIRST_ROUND, _("first-round losers")),
        (draw.PROGRESSIVE, _("progressive")),
        (draw.DOUBLE, _("double elimination")),
    ]

    season = models.ForeignKey(
        Season, on_delete=models.PROTECT, related_name="tournaments", verbose_name=_("season")
    )
    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"), default=timezone.localdate)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    # The choices are the registry's: a new format adds its key to the check below, not
    # its name to the migrations.
    format = ChoicesInCodeCharField(
        _("format"), max_length=12, choices=FORMAT_CHOICES, default=club_nights.CUP
    )
    # A Swiss: how many rounds; a Swiss or a round robin: the length of each round.
    rounds = models.PositiveSmallIntegerField(
        _("Swiss rounds"),
        default=club_nights.DEFAULT_ROUNDS,
        help_text=_("How many rounds a Swiss plays (3 by default)."),
    )
    round_lengths = models.CharField(
        _("match length per round"),
        max_length=100,
        default="5",
        validators=[validate_lengths],
        help_text=_(
            "For a Swiss or a round robin: points per round, e.g. 5,5,7; "
            "the last one holds for later rounds."
        ),
    )
    group_size = models.PositiveSmallIntegerField(
        _("round robin: groups of"),
        null=True,
        blank=True,
        help_text=_("Players per group at most; empty for the whole field in one group."),
    )
    knockout = models.PositiveSmallIntegerField(
        _("round robin: then a knockout cup of"),
        choices=KNOCKOUT_CHOICES,
        default=0,
    )
    # A Swiss or a round robin: what its standings score, and their first tie-break.
    scoring = models.CharField(
        _("standings score"),
        max_length=12,
        choices=SCORING_CHOICES,
        default=win_skill.WINS,
        help_text=_(
            "Win + Skill, as the WBIF's leagues score: a point for the win and a point for "
            "the better GNUBG PR of the match (shared when the PRs are within 1); a match "
            "without an analysis counts the win alone. A Swiss pairs on these points."
        ),
    )
    tie_break = models.CharField(
        _("tie-breaks"),
        max_length=12,
        choices=TIE_BREAK_CHOICES,
        default=win_skill.STANDARD,
        help_text=_(
            "The average GNUBG PR over the analysed matches, lower is better; players "
            "without an analysed match come after those with one."
        ),
    )
    consolation = models.CharField(
        _("consolation"), max_length=12, choices=CONSOLATION_CHOICES, default=draw.NO_CONSOLATION
    )
    progressive_rounds = models.PositiveSmallIntegerField(
        _("main rounds whose losers drop into the consolation"),
        default=2,
        help_text=_("For a progressive consolation."),
    )
    last_chance = models.BooleanField(
        _("last chance bracket"),
        default=False,
        help_text=_("A third bracket for the players who lose their first consolation match."),
    )
    draw_seed = models.BigIntegerField(
        _("draw seed"),
        null=True,
        blank=True,
        help_text=_("The random seed the draw was made with: the same seed gives the same draw."),
    )
    public = models.BooleanField(_("public"), default=True)
    # Played online: a club's rating policy may leave such matches out.
    online = models.BooleanField(_("played online"), default=False)
    # The federation's weight of the event in its master points across clubs
    # (core.master_points: EventWeight x DivisionWeight), set by the federation's
    # administrator alone (operations.federation_points), never on the club's forms.
    federation_weight = models.DecimalField(
        _("federation's weight"), max_digits=4, decimal_places=2, default=1, editable=False
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    # The tables of the day, in the order matches are called to them ("1".."6", or names).
    tables = models.JSONField(_("tables"), default=list, blank=True, validators=[validate_tables])
    clock_policy = models.CharField(
        _("clocks"), max_length=10, choices=CLOCK_POLICY_CHOICES, default=clocks.NO_CLOCK
    )
    clock_minutes_per_point = models.PositiveSmallIntegerField(
        _("clock: minutes per point"), default=clocks.DEFAULT_MINUTES_PER_POINT
    )
    clock_delay_seconds = models.PositiveSmallIntegerField(
        _("clock: delay in seconds"), default=clocks.DEFAULT_DELAY_SECONDS
    )
    clock_delay_kind = models.CharField(
        _("clock: kind of delay"), max_length=10, choices=DELAY_KIND_CHOICES, default=clocks.SIMPLE
    )
    # Players report their own games from their private links (operations.reports).
    reporting = models.CharField(
        _("players report their games"),
        max_length=10,
        choices=REPORTING_CHOICES,
        default=REPORTING_CONFIRM,
        help_text=_(
            "The opponent confirms a reported game; or the director approves every "
            "report; or players do not report."
        ),
    )

    # When the director announced the results (mailed to the players who agreed): once.
    results_announced_at = models.DateTimeField(_("results announced at"), null=True, blank=True)
    # The door (operations.door): between these, players check themselves in from their
    # own page. Opened and closed from the desk; open while opened and not closed.
    check_in_opened_at = models.DateTimeField(
        _("check-in opened"), null=True, blank=True, editable=False
    )
    check_in_closed_at = models.DateTimeField(
        _("check-in closed"), null=True, blank=True, editable=False
    )

    # Changes with every write that can change what the tournament's pages show
    # (operations.marks, in the writer's transaction): the live pages' ETag and the key
    # of the rendered brackets (web.live).
    mark = models.BigIntegerField(_("change mark"), default=new_mark, editable=False)

    # A club's pages read their club's tournaments only (models.club_scope).
    objects = scoped_manager(TournamentQuerySet, "season__club_id")

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-date", "name", "pk"]
        permissions = [("direct_tournaments", _("Can direct tournaments: draws and results"))]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "name"],
                name="tournament_name_unique_in_season",
                violation_error_message=_("This season already has a tournament of that name."),
            ),
            models.CheckConstraint(condition=~Q(name=""), name="tournament_name_not_empty"),
            models.CheckConstraint(
                condition=Q(federation_weight__gte=0, federation_weight__lte=10),
                name="tournament_federation_weight_in_range",
            ),
            models.CheckConstraint(
                condition=Q(progressive_rounds__gte=1),
                name="tournament_progressive_rounds_positive",
            ),
            models.CheckConstraint(
                condition=Q(consolation__in=list(draw.CONSOLATION_FORMATS)),
                name="tournament_consolation_known",
            ),
            models.CheckConstraint(
                condition=Q(last_chance=False) | ~Q(consolation=draw.NO_CONSOLATION),
                name="tournament_last_chance_needs_consolation",
                violation_error_message=_("A last chance bracket needs a consolation."),
            ),
            models.CheckConstraint(
                condition=Q(last_chance=False) | ~Q(consolation=draw.DOUBLE),
                name="tournament_double_elimination_no_last_chance",
                violation_error_message=_("A double elimination has no last chance bracket."),
            ),
            models.CheckConstraint(
                condition=Q(clock_policy__in=list(clocks.POLICIES))
                & Q(clock_delay_kind__in=list(clocks.DELAY_KINDS))
                & Q(clock_minutes_per_point__gte=1)
                & Q(clock_minutes_per_point__lte=clocks.MAX_MINUTES_PER_POINT)
                & Q(clock_delay_seconds__lte=clocks.MAX_DELAY_SECONDS),
                name="tournament_clock_sensible",
                violation_error_message=_("A clock gives 1 to 30 minutes per point."),
            ),
            models.CheckConstraint(
                condition=Q(format__in=list(club_nights.FORMATS)),
                name="tournament_format_known",
            ),
            models.CheckConstraint(
                condition=Q(rounds__gte=1) & Q(rounds__lte=club_nights.MAX_ROUNDS),
                name="tournament_rounds_sensible",
                violation_error_message=_("A Swiss plays 1 to 20 rounds."),
            ),
            models.CheckConstraint(
                condition=Q(group_size__isnull=True)
                | Q(group_size__gte=club_nights.MIN_GROUP, group_size__lte=club_nights.MAX_GROUP),
                name="tournament_group_size_sensible",
                violation_error_message=_("A group has 3 to 16 players."),
            ),
            models.CheckConstraint(condition=Q(knockout__lte=2), name="tournament_knockout_known"),
            models.CheckConstraint(
                condition=Q(swiss_knockout__in=[0, *swiss_cut.SIZES]),
                name="tournament_swiss_knockout_known",
            ),
            models.CheckConstraint(
                condition=Q(lives__gte=lives_core.MIN_LIVES) & Q(lives__lte=lives_core.MAX_LIVES),
                name="tournament_lives_sensible",
                violation_error_message=_("A Swiss with lives gives 2 to 5 lives."),
            ),
            models.CheckConstraint(
                condition=Q(playoff__in=list(lives_core.END_GAMES)),
                name="tournament_playoff_known",
            ),
            models.CheckConstraint(
                condition=Q(reentry_fee__isnull=True) | Q(reentry_fee__gte=0),
                name="tournament_reentry_fee_not_negative",
                violation_error_message=_("A fee cannot be below zero."),
            ),
            models.CheckConstraint(
                condition=Q(team_size__gte=2, team_size__lte=8),
                name="tournament_team_size_sensible",
                violation_error_message=_("A team has 2 to 8 players."),
            ),
            models.CheckConstraint(
                condition=Q(reporting__in=[value for value, _label in REPORTING_CHOICES]),
                name="tournament_reporting_known",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.season.years})"

    def save(self, *args, **kwargs):
        # The mark is written by operations.marks alone: a row read before a write bumped
        # it and saved whole afterwards must not put the old mark back (a page of the
        # old state would then pass for current).
        whole = not args and kwargs.get("update_fields") is None and not kwargs.get("force_insert")
        if whole and not self._state.adding and self.pk is not None:
            deferred = self.get_deferred_fields()
            kwargs["update_fields"] = [
                field.attname
                for field in self._meta.concrete_fields
                if not field.primary_key
                and field.attname != "mark"
                and field.attname not in deferred
            ]
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("tournament", args=[self.pk])

    def clean(self) -> None:
        # A season's tournaments are played inside it (core.seasons).
        problem = self.season.date_problem(self.date) if self.season_id and self.date else None
        if problem:
            raise ValidationError({"date": problem})

    @property
    def clock(self) -> clocks.Clock:
        """The tournament's clock settings (a bracket may set its own policy)."""
        return clocks.Clock(
            self.clock_policy,
            self.clock_minutes_per_point,
            self.clock_delay_seconds,
            self.clock_delay_kind,
        )

    @property
    def check_in_is_open(self) -> bool:
        """Players may check themselves in from their own page (the door)."""
        return self.check_in_opened_at is not None and self.check_in_closed_at is None

    @property
    def played_as(self) -> formats.Format:
        """The format this tournament is played in (`core.formats`): its rules and the
        parts its pages, JSON and workbook show. Ask it rather than which format it is."""
        return formats.of(self.format)

    @property
    def standings_scoring(self) -> win_skill.Scoring:
        """How a Swiss's or round robin's standings score (Win + Skill or wins) and
        break ties (the average PR first, or not)."""
        return win_skill.Scoring(self.scoring, self.tie_break)

    @property
    def lengths_per_round(self) -> tuple[int, ...]:
        """A Swiss's or round robin's schedule as numbers (stored schedules are checked
        when written; an old row reads as the default)."""
        try:
            return schedule.parse_lengths(self.round_lengths)
        except schedule.ScheduleError:
            return schedule.DEFAULT

    def length_for_round(self, number: int) -> int:
        """A Swiss or round-robin round's match length."""
        return schedule.length_for_round(self.lengths_per_round, number)

    @property
    def plays_a_consolation(self) -> bool:
        return self.consolation != draw.NO_CONSOLATION

    @property
    def is_draft(self) -> bool:
        return self.status == self.Status.DRAFT

    @property
    def is_running(self) -> bool:
        return self.status == self.Status.RUNNING

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    # --- players reporting their own games: the setting read in one place ---------

    @property
    def players_report(self) -> bool:
        """Players report their own games from their private links."""
        return self.reporting != REPORTING_OFF

    @property
    def opponent_confirms_reports(self) -> bool:
        """A reported game is recorded once the opponent confirms it."""
        return self.reporting == REPORTING_CONFIRM

    @property
    def director_approves_reports(self) -> bool:
        """A reported game waits for the director, whatever the opponent says."""
        return self.reporting == REPORTING_DIRECTOR
