"""Web Push (docs/push.md): a browser's permission to be notified, for a player (through
their private link) or a director, and each notification kept as a row so that it is sent
once. Written only by `operations.push` and `operations.push_events`."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .players import Player
from .reports import PlayerLink


class PushSubscription(models.Model):
    """One browser's subscription (`PushSubscription.toJSON()`): the push service's
    address for it and the keys its messages are encrypted for. It belongs to a player,
    through the private link it was made from (a link made anew leaves it behind), or to
    a director's account. A browser has one subscription per site: allowed again by
    someone else on the same phone, it moves to them."""

    endpoint = models.URLField(_("endpoint"), max_length=1000, unique=True)
    p256dh = models.CharField(_("browser's public key"), max_length=100)
    auth = models.CharField(_("browser's secret"), max_length=50)
    player = models.ForeignKey(
        Player,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="push_subscriptions",
        verbose_name=_("player"),
    )
    link = models.ForeignKey(
        PlayerLink,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("private link"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="push_subscriptions",
        verbose_name=_("director"),
    )
    # The page's language when it was allowed: a director's, or a player's without one.
    language = models.CharField(_("language"), max_length=7, choices=settings.LANGUAGES, blank=True)
    created = models.DateTimeField(_("allowed at"), default=timezone.now)

    class Meta:
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")
        ordering = ["created", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(player__isnull=False, link__isnull=False, user__isnull=True)
                    | Q(player__isnull=True, link__isnull=True, user__isnull=False)
                ),
                name="push_subscription_player_or_director",
            ),
        ]

    def __str__(self) -> str:
        return str(self.player or self.user)

    @property
    def info(self) -> dict:
        """As the browser gave it, for pywebpush."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class PushKind(models.TextChoices):
    CALLED = "called", _("match called")
    PAIRED = "paired", _("round paired")
    REPORTED = "reported", _("game reported")
    ANALYSED = "analysed", _("analysis ready")
    DISPUTED = "disputed", _("report disputed")
    OVERDUE = "overdue", _("match running over")


class PushMessage(models.Model):
    """One notification for one subscription, written in the transaction of the write it
    tells of and sent by the "push" job. Its text is made when it is sent, in the
    recipient's language, from `params` (ids, a table, a round). `sent_at` is set when
    the job takes it, before the push service is asked (cleared again if the service
    fails, for the job's next attempt): never sent twice."""

    subscription = models.ForeignKey(
        PushSubscription,
        on_delete=models.CASCADE,
        related_name="messages",
        verbose_name=_("subscription"),
    )
    # What it tells of ("called:12:1700000000000"): one message per event and browser.
    event = models.CharField(_("event"), max_length=100)
    kind = models.CharField(_("kind"), max_length=10, choices=PushKind.choices)
    params = models.JSONField(_("parameters"), default=dict, blank=True)
    created = models.DateTimeField(_("created"), default=timezone.now)
    sent_at = models.DateTimeField(_("sent at"), null=True, blank=True)

    class Meta:
        verbose_name = _("push notification")
        verbose_name_plural = _("push notifications")
        ordering = ["created", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["subscription", "event"], name="one_push_per_event_and_browser"
            ),
        ]
        indexes = [models.Index(fields=["event"], name="push_message_event")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.event})"
