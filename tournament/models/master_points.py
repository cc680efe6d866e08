"""The federation's master points, as stored: each player's points in each finished
tournament at weight 1 (`core.master_points`, the USBGF's formula), and the tournament's
change mark they were counted at, so that a result corrected after the end is counted
again (`queries.master_points.waiting`). The federation's weight of the event is the
tournament's `federation_weight`, applied when the ranking is read: a weight changed
later counts nothing again.

Written only by `operations.federation_points`; a cache of the standings, like the
ratings' rows."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .players import Player
from .tournaments import Tournament


class PointsCounted(models.Model):
    """A tournament whose master points are stored, and its mark when they were."""

    tournament = models.OneToOneField(
        Tournament,
        on_delete=models.CASCADE,
        related_name="points_counted",
        verbose_name=_("tournament"),
    )
    mark = models.BigIntegerField(_("change mark counted"))
    counted_at = models.DateTimeField(_("counted at"), auto_now=True)

    class Meta:
        verbose_name = _("master points counted")
        verbose_name_plural = _("master points counted")
        ordering = ["tournament_id"]

    def __str__(self) -> str:
        return str(self.tournament_id)


class MasterPoints(models.Model):
    """One player's master points in one finished tournament, at weight 1."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="master_points",
        verbose_name=_("tournament"),
    )
    player = models.ForeignKey(
        Player,
        on_delete=models.CASCADE,
        related_name="master_points",
        verbose_name=_("player"),
    )
    points = models.DecimalField(_("master points"), max_digits=9, decimal_places=2)

    class Meta:
        verbose_name = _("master points")
        verbose_name_plural = _("master points")
        ordering = ["tournament_id", "player_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="master_points_once_an_event"
            ),
            models.CheckConstraint(condition=Q(points__gte=0), name="master_points_never_negative"),
        ]
        # The ranking sums by player: the rows of a player read together.
        indexes = [models.Index(fields=["player", "tournament"], name="master_points_player_idx")]

    def __str__(self) -> str:
        return f"{self.player_id} in {self.tournament_id}: {self.points}"
