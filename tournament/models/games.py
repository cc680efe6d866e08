"""A match's games, and the penalty points awarded before the first one. Both are
replayed by `scoring.replay()`; `points` and `crawford` are stored for reading."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from ..core import scoring
from .matches import Match


class Game(models.Model):
    WINNER_CHOICES = [(0, _("first player")), (1, _("second player"))]
    KIND_CHOICES = [
        ("single", _("single")),
        ("gammon", _("gammon")),
        ("backgammon", _("backgammon")),
    ]
    HOW_CHOICES = [
        ("played", _("played out")),
        ("resigned", _("resigned")),
        ("dropped", _("double dropped")),
        ("beaver_dropped", _("beaver dropped")),
    ]

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="games", verbose_name=_("match")
    )
    number = models.PositiveSmallIntegerField(_("game number"))
    winner = models.PositiveSmallIntegerField(_("winner"), choices=WINNER_CHOICES)
    kind = models.CharField(_("kind"), max_length=10, choices=KIND_CHOICES, default="single")
    cube = models.BigIntegerField(_("cube"), default=1)
    how = models.CharField(_("how it ended"), max_length=14, choices=HOW_CHOICES, default="played")
    beaver = models.BooleanField(_("beaver"), default=False)
    # Derived by scoring.replay() when the game is recorded, stored for reading.
    points = models.BigIntegerField(_("points"))
    crawford = models.BooleanField(_("Crawford game"), default=False)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    entered_at = models.DateTimeField(_("entered at"), default=timezone.now)

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["match_id", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "number"], name="game_number_unique_per_match"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="game_number_positive"),
            models.CheckConstraint(condition=Q(cube__gte=1), name="game_cube_positive"),
            models.CheckConstraint(condition=Q(winner__in=[0, 1]), name="game_winner_is_a_side"),
            models.CheckConstraint(
                condition=Q(kind__in=list(scoring.KINDS)), name="game_kind_known"
            ),
            models.CheckConstraint(condition=Q(how__in=list(scoring.HOWS)), name="game_how_known"),
            models.CheckConstraint(
                condition=Q(how__in=["played", "resigned"]) | Q(kind="single"),
                name="game_drop_is_single",
            ),
            models.CheckConstraint(condition=Q(points__gte=1), name="game_points_positive"),
        ]

    def __str__(self) -> str:
        return _("Game %(number)s") % {"number": self.number}

    @property
    def played_out(self) -> bool:
        return self.how == "played"

    def as_result(self) -> scoring.GameResult:
        return scoring.GameResult(
            winner=self.winner, kind=self.kind, cube=self.cube, how=self.how, beaver=self.beaver
        )


class Penalty(models.Model):
    """Points awarded to the waiting player before the first game: a lateness penalty,
    as opens apply them (the UK Open: a point for every five minutes late). The scoring
    core counts them like any points; they are undone like a game."""

    SIDE_CHOICES = [(0, _("first player")), (1, _("second player"))]

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="penalties", verbose_name=_("match")
    )
    number = models.PositiveSmallIntegerField(_("penalty number"))
    side = models.PositiveSmallIntegerField(_("awarded to"), choices=SIDE_CHOICES)
    points = models.PositiveSmallIntegerField(_("points"))
    minutes_late = models.PositiveSmallIntegerField(_("minutes late"), null=True, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    entered_at = models.DateTimeField(_("entered at"), default=timezone.now)

    class Meta:
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        ordering = ["match_id", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "number"], name="penalty_number_unique_per_match"
            ),
            models.CheckConstraint(condition=Q(side__in=[0, 1]), name="penalty_side_is_a_side"),
            models.CheckConstraint(condition=Q(points__gte=1), name="penalty_points_positive"),
        ]

    def __str__(self) -> str:
        return ngettext(
            "Penalty of %(points)s point", "Penalty of %(points)s points", self.points
        ) % {"points": self.points}

    def as_penalty(self) -> scoring.Penalty:
        return scoring.Penalty(side=self.side, points=self.points)
