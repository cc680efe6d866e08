"""Uploads waiting for the director's confirmation (models.uploads): kept under a random
key when the preview is shown, read back by the confirmation (its owner's, of the kind
and event asked for, not expired), dropped once imported, and pruned when expired (by
the workers, and by every new upload, so that the table stays small without them)."""

from __future__ import annotations

import secrets
import zlib
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ..models import PendingUpload, Tournament
from .errors import OperationError

GONE = {
    PendingUpload.Kind.EVENT_TRANSCRIPTS: _(
        "This preview is no longer available (other files were previewed since, or it "
        "waited too long to be confirmed): choose the files again."
    ),
    PendingUpload.Kind.MEMBER_LIST: _(
        "This preview is no longer available (another file was previewed since, or it "
        "waited too long to be confirmed): choose the file again."
    ),
}


class UploadGone(OperationError):
    """No upload waits under this key for this director: an unknown, expired or another
    director's key, or one replaced by a newer preview (a 409: upload again)."""

    def __init__(self, kind: str) -> None:
        super().__init__(GONE[kind])


def keep(
    owner,
    kind: str,
    content: bytes,
    *,
    digest: str,
    tournament: Tournament | None = None,
    file_format: str = "",
    replacing: str | None = None,
) -> str:
    """Keep an upload for its confirmation and answer its key. `replacing`: the key of
    the preview this one replaces (the session's), dropped: one waits per session."""
    now = timezone.now()
    # The expired uploads and the one replaced, in one statement; no transaction is
    # needed: each of the two writes stands on its own.
    gone = Q(expires_at__lte=now)
    if isinstance(replacing, str):
        gone |= Q(key=replacing, owner=owner)
    PendingUpload.objects.filter(gone).delete()
    key = secrets.token_urlsafe(32)
    PendingUpload.objects.create(
        key=key,
        owner=owner,
        kind=kind,
        tournament=tournament,
        digest=digest,
        file_format=file_format,
        content=zlib.compress(content),
        created_at=now,
        expires_at=now + timedelta(hours=settings.PENDING_UPLOADS_KEEP_HOURS),
    )
    return key


def waiting(
    key: str | None, owner, kind: str, *, digest: str, tournament: Tournament | None = None
) -> tuple[PendingUpload, bytes]:
    """The upload the preview's form confirms, and its content; UploadGone unless it is
    this director's, of this kind and event, with the form's digest, not expired."""
    upload = (
        PendingUpload.objects.filter(
            key=key,
            owner=owner,
            kind=kind,
            tournament=tournament,
            digest=digest,
            expires_at__gt=timezone.now(),
        ).first()
        # A session from before the uploads moved here holds the files themselves.
        if isinstance(key, str)
        else None
    )
    if upload is None:
        raise UploadGone(kind)
    return upload, zlib.decompress(upload.content)


def drop(key: str | None, owner) -> None:
    """The upload, imported: no longer kept."""
    if isinstance(key, str):
        PendingUpload.objects.filter(key=key, owner=owner).delete()


def prune(now: datetime | None = None) -> int:
    """Delete the expired uploads; how many."""
    deleted, _by_model = PendingUpload.objects.filter(
        expires_at__lte=now or timezone.now()
    ).delete()
    return deleted
