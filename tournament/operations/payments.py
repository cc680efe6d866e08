"""Entry fees and side pools: a player's payment for a bracket (the fee the bracket
sets), or for its side pool (the optional extra that only those who join pay and
share), in cash or by transfer, and taking one back. The pools are what was paid."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..models import AuditEntry, Entry, Payment, Tournament
from ..models.audit import Said
from . import audit
from .errors import OperationError
from .locks import lock_tournament


def _entry(tournament: Tournament, entry: Entry) -> Entry:
    found = Entry.objects.select_related("player").filter(pk=entry.pk, tournament=tournament)
    if not found.exists():
        raise OperationError(_("That player is not registered in this tournament."))
    return found.get()


@transaction.atomic
def pay(
    tournament: Tournament, entry: Entry, bracket: str, *, method: str, side=False, user=None
) -> Payment:
    """Record that a registered player paid a bracket's fee (or joined its side pool)."""
    tournament = lock_tournament(tournament)
    entry = _entry(tournament, entry)
    row = tournament.brackets.filter(kind=bracket).first()
    if row is None:
        raise OperationError(_("This tournament has no such bracket."))
    if method not in Payment.Method.values:
        raise OperationError(_("Paid in cash or by transfer."))
    amount = row.side_pool_fee if side else row.fee
    if amount <= 0:
        raise OperationError(
            _("This bracket has no side pool.") if side else _("This bracket has no entry fee.")
        )
    if entry.payments.filter(bracket=bracket, side=side, reentry=False).exists():
        raise OperationError(_("This payment is recorded already."))
    payment = Payment.objects.create(
        entry=entry,
        bracket=bracket,
        side=side,
        method=method,
        amount=amount,
        entered_by=audit.acting(user),
    )
    audit.record(
        AuditEntry.Action.PAYMENT,
        user=user,
        tournament=tournament,
        summary=Said(
            gettext_noop("%(player)s paid %(amount)s (%(what)s, %(method)s)"),
            player=entry.player,
            amount=amount,
            what=row.get_kind_display() + (" +" if side else ""),
            method=payment.get_method_display(),
        ),
        after={"player": entry.player_id, "bracket": bracket, "side": side, "amount": str(amount)},
    )
    return payment


@transaction.atomic
def take_back_payment(
    tournament: Tournament, entry: Entry, bracket: str, *, side=False, user=None
) -> None:
    """A payment recorded by mistake (or refunded) is taken back."""
    tournament = lock_tournament(tournament)
    entry = _entry(tournament, entry)
    payment = entry.payments.filter(bracket=bracket, side=side, reentry=False).first()
    if payment is None:
        raise OperationError(_("There is no such payment to take back."))
    before = {"player": entry.player_id, "bracket": bracket, "side": side}
    before["amount"] = str(payment.amount)
    payment.delete()
    audit.record(
        AuditEntry.Action.PAYMENT,
        user=user,
        tournament=tournament,
        summary=Said(
            gettext_noop("%(player)s's payment of %(amount)s taken back"),
            player=entry.player,
            amount=before["amount"],
        ),
        before=before,
    )
