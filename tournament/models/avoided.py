"""Pairs of a tournament's players the director keeps apart early (family, one
household, players who travelled together): round 1 of a cup and every Swiss round
avoid them when the rules allow (`core.draw.apart`, `core.swiss`)."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from .players import Player
from .tournaments import Tournament


class AvoidedPairQuerySet(models.QuerySet):
    def as_pairs(self) -> set[frozenset[int]]:
        """The pairs as the core takes them: frozensets of two player ids."""
        return {frozenset(pair) for pair in self.values_list("first_player_id", "second_player_id")}


class AvoidedPair(models.Model):
    class Reason(models.TextChoices):
        FAMILY = "family", _("family")
        HOUSEHOLD = "household", _("same household")
        TRAVELLED = "travelled", _("travelled together")
        OTHER = "other", _("other")

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="avoided_pairs",
        verbose_name=_("tournament"),
    )
    # The lower player id first (a check says so), so a pair is one row whichever way
    # round the director named it, and the unique constraint catches it twice.
    first_player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("first player")
    )
    second_player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("second player")
    )
    reason = models.CharField(_("reason"), max_length=10, choices=Reason.choices)
    note = models.CharField(_("note"), max_length=200, blank=True)
    added_at = models.DateTimeField(_("added at"), auto_now_add=True)

    objects = AvoidedPairQuerySet.as_manager()

    class Meta:
        verbose_name = _("avoided pair")
        verbose_name_plural = _("avoided pairs")
        ordering = ["tournament_id", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(first_player__lt=F("second_player")),
                name="avoided_pair_lower_id_first",
            ),
            models.UniqueConstraint(
                fields=["tournament", "first_player", "second_player"],
                name="avoided_pair_once_per_tournament",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first_player} / {self.second_player}"

    @property
    def pair(self) -> frozenset[int]:
        return frozenset((self.first_player_id, self.second_player_id))
