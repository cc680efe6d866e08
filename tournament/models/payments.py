"""What the players paid: an entry's fee for a bracket, or its share of a side pool,
in cash or by transfer. The pools and the prizes are computed from these rows, so the
prizes are always what was actually paid."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ..core import draw
from .brackets import Bracket
from .entries import Entry


class Payment(models.Model):
    class Method(models.TextChoices):
        CASH = "cash", _("cash")
        TRANSFER = "transfer", _("transfer")

    entry = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="payments", verbose_name=_("entry")
    )
    bracket = models.CharField(_("bracket"), max_length=12, choices=Bracket.KIND_CHOICES)
    # A side pool: the optional extra that only the players who join pay and share.
    side = models.BooleanField(_("side pool"), default=False)
    # A Swiss with lives: the fee of a re-entry, paid into the pool as an entry fee.
    reentry = models.BooleanField(_("re-entry"), default=False)
    method = models.CharField(_("paid by"), max_length=10, choices=Method.choices)
    amount = models.DecimalField(_("amount"), max_digits=8, decimal_places=2)
    at = models.DateTimeField(_("paid at"), default=timezone.now)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )

    class Meta:
        verbose_name = _("payment")
        verbose_name_plural = _("payments")
        ordering = ["entry_id", "bracket", "side"]
        constraints = [
            models.UniqueConstraint(
                fields=["entry", "bracket", "side", "reentry"],
                name="payment_once_per_entry_and_pool",
                violation_error_message=_("This payment is recorded already."),
            ),
            models.CheckConstraint(condition=Q(amount__gte=0), name="payment_not_negative"),
            models.CheckConstraint(
                condition=Q(bracket__in=list(draw.BRACKET_KINDS)), name="payment_bracket_known"
            ),
            models.CheckConstraint(
                condition=Q(method__in=["cash", "transfer"]), name="payment_method_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry}: {self.amount} ({self.get_method_display()})"
