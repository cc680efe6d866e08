"""The deadline of a Swiss or round-robin round played over weeks (a league): its
matches are to be played by then; the players of the matches still unplayed get a
reminder the day before, and past it the director's desk lists them."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .tournaments import Tournament


class RoundDeadline(models.Model):
    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="deadlines",
        verbose_name=_("tournament"),
    )
    round = models.PositiveSmallIntegerField(_("round"))
    deadline = models.DateTimeField(_("to be played by"))
    # When the reminder went (None: not yet); a new deadline clears it.
    reminded_at = models.DateTimeField(_("reminder sent at"), null=True, blank=True)

    class Meta:
        verbose_name = _("round deadline")
        verbose_name_plural = _("round deadlines")
        ordering = ["tournament_id", "round"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round"], name="round_deadline_once_per_round"
            ),
            models.CheckConstraint(condition=Q(round__gte=1), name="round_deadline_round_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament.name} R{self.round}: {self.deadline:%Y-%m-%d %H:%M}"
