"""The keys of entries sent from a device (static/tournament/js/offline_entry.js): a
game typed on the director's match sheet or reported by a player carries a key of its
own, made on the device when it was typed. The server keeps each key once, so a send
repeated (the network dropped the answer, the device sent again when it returned) is
answered as already done instead of recorded twice."""

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .matches import Match


class EntryReceipt(models.Model):
    class Kind(models.TextChoices):
        GAME = "game", _("game recorded")
        REPORT = "report", _("game reported")

    key = models.CharField(max_length=64, unique=True)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="receipts")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    number = models.PositiveSmallIntegerField(help_text=_("The game's number in its match."))
    # The match's version once the entry was made: the device sends the entry it typed
    # next with it (one typed against a match another director changed since is refused).
    version = models.PositiveIntegerField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("entry sent from a device")
        verbose_name_plural = _("entries sent from devices")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.number} ({self.match_id})"
