"""Files a director uploaded, waiting between the preview and its confirmation (an
event's match files, the club's member list): kept here, compressed, under a random key
that the director's session holds, never in the session itself (a session is read and
written again on every page the director opens). A row expires after
settings.PENDING_UPLOADS_KEEP_HOURS; the workers and each new upload prune the expired
ones (operations.pending_uploads)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from .tournaments import Tournament


class PendingUpload(models.Model):
    class Kind(models.TextChoices):
        EVENT_TRANSCRIPTS = "event_transcripts", _("an event's match files")
        MEMBER_LIST = "member_list", _("the club's member list")

    key = models.CharField(_("key"), max_length=64, unique=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("uploaded by"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    kind = models.CharField(_("kind"), max_length=24, choices=Kind.choices)
    # The event an event's files are for; none for the member list.
    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
    )
    # The SHA-256 of what is kept, which the preview's form carries back: a form from an
    # older preview (another tab) cannot confirm a newer upload.
    digest = models.CharField(_("digest"), max_length=64)
    # The member list's format ("xlsx", "csv", ...), as the upload form read it.
    file_format = models.CharField(_("file format"), max_length=16, blank=True)
    # zlib-compressed.
    content = models.BinaryField(_("content"))
    created_at = models.DateTimeField(_("uploaded at"))
    expires_at = models.DateTimeField(_("expires at"))

    class Meta:
        verbose_name = _("upload waiting for confirmation")
        verbose_name_plural = _("uploads waiting for confirmation")
        ordering = ["created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(expires_at__gt=F("created_at")),
                name="pending_upload_expires_after_upload",
            ),
        ]
        indexes = [models.Index(fields=["expires_at"], name="pending_upload_expires")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.created_at:%Y-%m-%d %H:%M})"
