"""A tournament's brackets (main, consolation, last chance): the match length of each
round, the entry fee and side pool of each."""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from ..core import clocks, draw, prizes, schedule, tables
from .tournaments import CLOCK_POLICY_CHOICES, Tournament, validate_lengths, validate_payouts


class Bracket(models.Model):
    KIND_CHOICES = [
        (draw.MAIN, _("main")),
        (draw.CONSOLATION, _("consolation")),
        (draw.LAST_CHANCE, _("last chance")),
        (draw.GRAND_FINAL, _("grand final")),
    ]

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="brackets", verbose_name=_("tournament")
    )
    kind = models.CharField(_("kind"), max_length=12, choices=KIND_CHOICES)
    # Its number of rounds, once drawn (0 before): what names its rounds, the last the
    # final (core.draw.words), wherever one of its matches is shown, with no query more.
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=0, editable=False)
    lengths = models.CharField(
        _("match length per round"),
        max_length=100,
        default="5",
        validators=[validate_lengths],
        help_text=_("Points per round, e.g. 5,5,7,9,11; the last one holds for later rounds."),
    )
    # Money: what each player pays to play in the bracket, and how the pool is paid out.
    fee = models.DecimalField(_("entry fee"), max_digits=8, decimal_places=2, default=0)
    side_pool_fee = models.DecimalField(
        _("side pool fee"),
        max_digits=8,
        decimal_places=2,
        default=0,
        help_text=_("An optional extra that only the players who join pay and share; 0 for none."),
    )
    payouts = models.CharField(
        _("payouts (% per place)"),
        max_length=200,
        blank=True,
        validators=[validate_payouts],
        help_text=_("Percent of the pool for places 1, 2, 3, ...; empty for the usual scale."),
    )
    club_cut = models.DecimalField(_("club's cut (%)"), max_digits=5, decimal_places=2, default=0)
    # The bracket's own clock policy; empty: the tournament's.
    clock_policy = models.CharField(
        _("clocks"), max_length=10, choices=CLOCK_POLICY_CHOICES, blank=True
    )
    # Which bracket's ready matches a free table goes to first (core.tables.assign):
    # the lowest number; the operations give each kind its default (main 1,
    # consolation 2, last chance 3), and at equal numbers the main bracket goes first.
    table_priority = models.PositiveSmallIntegerField(
        _("priority for free tables"),
        default=tables.FIRST_PRIORITY,
        validators=[
            MinValueValidator(tables.FIRST_PRIORITY),
            MaxValueValidator(tables.LAST_PRIORITY),
        ],
        help_text=_(
            "A free table goes first to a ready match of the bracket with the lowest number."
        ),
    )

    class Meta:
        verbose_name = _("bracket")
        verbose_name_plural = _("brackets")
        ordering = ["tournament_id", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "kind"], name="bracket_kind_unique"),
            models.CheckConstraint(
                condition=Q(kind__in=list(draw.BRACKET_KINDS)), name="bracket_kind_known"
            ),
            models.CheckConstraint(
                condition=Q(fee__gte=0) & Q(side_pool_fee__gte=0),
                name="bracket_fees_not_negative",
                violation_error_message=_("A fee cannot be below zero."),
            ),
            models.CheckConstraint(
                condition=Q(club_cut__gte=0) & Q(club_cut__lte=100),
                name="bracket_club_cut_a_percentage",
                violation_error_message=_("The club's cut is a percentage from 0 to 100."),
            ),
            models.CheckConstraint(
                condition=Q(table_priority__gte=tables.FIRST_PRIORITY)
                & Q(table_priority__lte=tables.LAST_PRIORITY),
                name="bracket_table_priority_in_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament.name}: {self.get_kind_display()}"

    @property
    def round_lengths(self) -> tuple[int, ...]:
        """The schedule as numbers. Stored schedules are checked when written (the
        operations, the field's validator); one written otherwise reads as the default
        rather than failing a page."""
        try:
            return schedule.parse_lengths(self.lengths)
        except schedule.ScheduleError:
            return schedule.DEFAULT

    def length_for_round(self, number: int) -> int:
        return schedule.length_for_round(self.round_lengths, number)

    @property
    def payout_scale(self) -> tuple:
        """Percent of the pool per place: the bracket's own, or the usual for its kind."""
        if self.payouts:
            try:
                return prizes.parse_payouts(self.payouts)
            except prizes.PrizeError:
                pass  # checked when written; an old row reads as the usual scale
        return prizes.DEFAULT_PAYOUTS[self.kind]

    def clock_of(self, tournament: Tournament) -> clocks.Clock:
        """The clock of this bracket's matches: the tournament's, with this policy."""
        clock = tournament.clock
        if self.clock_policy:
            return clocks.Clock(
                self.clock_policy, clock.minutes_per_point, clock.delay_seconds, clock.delay_kind
            )
        return clock
