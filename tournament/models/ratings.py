"""Stored ratings: each player's rating before and after each rated match."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from .marks import new_mark
from .matches import Match
from .players import Player


class RatingChange(models.Model):
    """One player's rating before and after one rated match (the FIBS formula,
    core.ratings). Written only by operations.ratings.refresh, in match order."""

    sequence = models.PositiveIntegerField(_("order"), db_index=True)
    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="rating_changes", verbose_name=_("match")
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="rating_changes", verbose_name=_("player")
    )
    opponent = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("opponent")
    )
    won = models.BooleanField(_("won"))
    length = models.PositiveSmallIntegerField(_("length"))
    before = models.FloatField(_("rating before"))
    after = models.FloatField(_("rating after"))
    experience_before = models.PositiveIntegerField(_("experience before"))
    experience_after = models.PositiveIntegerField(_("experience after"))
    at = models.DateTimeField(_("when"))

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        ordering = ["sequence", "pk"]
        indexes = [
            # The rating list's trend: a page's players' changes of the last months.
            models.Index(fields=["player", "at"], name="rating_change_player_at"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["match", "player"], name="rating_change_once_a_match"),
            models.CheckConstraint(
                condition=~Q(player=F("opponent")), name="rating_change_against_another"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.before:.1f} → {self.after:.1f}"

    @property
    def change(self) -> float:
        return self.after - self.before


class RatingsLock(models.Model):
    """A single row that every ratings refresh locks until its commit (after the
    writer's tournament and match), so that two directors deciding matches at once
    never both append after the same last rating, nor read a rating the other is
    changing. What is done under it is constant for a decision (operations.ratings)."""

    computed_at = models.DateTimeField(null=True, blank=True)
    # Moved by every refresh as it takes the lock: the ratings' change mark, which the
    # federation's rating list is kept rendered under (views.public.ratings).
    mark = models.BigIntegerField(_("change mark"), default=new_mark)

    class Meta:
        verbose_name = _("ratings lock")

    def __str__(self) -> str:
        return "ratings"
