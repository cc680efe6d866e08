"""The keys of entries sent from a device (models.receipts): checked and kept inside the
transaction that records the game or the report, under the match's lock, so that two
sends of one entry queue up and the second finds the first's key."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ..models import EntryReceipt, Match
from .errors import AlreadySent, OperationError


class KeyOfAnotherMatch(OperationError):
    """Keys are random: only a damaged or forged send reuses one for another match."""

    def __init__(self):
        super().__init__(_("This entry's key belongs to another match: nothing was saved."))


def check_not_sent(match: Match, key: str | None) -> None:
    """Raise AlreadySent when this entry's key was kept already (the match is locked).
    Before the version check: the entry sent again carries the version it was typed
    against, which its own first send has moved on."""
    if not key:
        return
    receipt = EntryReceipt.objects.filter(key=key).first()
    if receipt is None:
        return
    if receipt.match_id != match.pk:
        raise KeyOfAnotherMatch
    raise AlreadySent(receipt.kind, receipt.number, receipt.version)


def keep(match: Match, key: str | None, kind: str, number: int) -> None:
    """Remember the entry's key with the match's version after it (in the same
    transaction as the entry itself: kept together or not at all)."""
    if not key:
        return
    # As stored: moving the bracket on may have written the match again.
    version = Match.objects.values_list("version", flat=True).get(pk=match.pk)
    try:
        # In a savepoint: a refused insert leaves the transaction usable, to roll back.
        with transaction.atomic():
            EntryReceipt.objects.create(
                key=key, match=match, kind=kind, number=number, version=version
            )
    except IntegrityError:
        # The same key sent at once to another match (whose lock is not ours) was kept
        # first: the key is unique, so this entry is refused and all of it rolled back.
        raise KeyOfAnotherMatch from None


def prune() -> int:
    """Forget the keys older than settings.ENTRY_RECEIPTS_KEEP_DAYS: a device sends an
    entry again within minutes or hours of the first send, never weeks later (the
    worker's prune runs this). The entries themselves stay, as games or reports."""
    before = timezone.now() - timedelta(days=settings.ENTRY_RECEIPTS_KEEP_DAYS)
    deleted, _by_model = EntryReceipt.objects.filter(created_at__lt=before).delete()
    return deleted
