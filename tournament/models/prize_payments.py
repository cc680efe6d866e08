"""A prize handed over: which prize (the pool and the player), how much, in cash or by
transfer, who handed it over and when. The cash box (`core.cash_box`) sets these
against the prizes the results give, so it shows what is paid and what is still owed."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ..core import draw
from .brackets import Bracket
from .payments import Payment
from .players import Player
from .tournaments import Tournament


class PrizePayment(models.Model):
    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="prize_payments",
        verbose_name=_("tournament"),
    )
    bracket = models.CharField(_("bracket"), max_length=12, choices=Bracket.KIND_CHOICES)
    side = models.BooleanField(_("side pool"), default=False)
    # PROTECT: a player who was handed money stays in the books.
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", verbose_name=_("player")
    )
    places = models.CharField(_("place"), max_length=12)  # "1", "3-4" when it was paid
    method = models.CharField(_("paid by"), max_length=10, choices=Payment.Method.choices)
    amount = models.DecimalField(_("amount"), max_digits=10, decimal_places=2)
    at = models.DateTimeField(_("paid at"), default=timezone.now)
    paid_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("handed over by"),
    )

    class Meta:
        verbose_name = _("prize payment")
        verbose_name_plural = _("prize payments")
        ordering = ["tournament_id", "bracket", "side", "at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "bracket", "side", "player"],
                name="prize_paid_once",
                violation_error_message=_("This prize is marked paid already."),
            ),
            models.CheckConstraint(condition=Q(amount__gt=0), name="prize_payment_positive"),
            models.CheckConstraint(
                condition=Q(bracket__in=list(draw.BRACKET_KINDS)),
                name="prize_payment_bracket_known",
            ),
            models.CheckConstraint(
                condition=Q(method__in=["cash", "transfer"]), name="prize_payment_method_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.amount} ({self.get_method_display()})"
