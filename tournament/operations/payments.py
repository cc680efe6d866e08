"""Entry fees and side pools: a player's payment for a bracket (the fee the bracket
sets), or for its side pool (the optional extra that only those who join pay and
share), in cash or by transfer, and taking one back; and in one sweep, everyone here
for one fee, or one player for every fee their row shows. The pools are what was
paid."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..models import AuditEntry, Bracket, Entry, Payment, Tournament
from ..models.audit import Said
from . import audit
from .errors import OperationError
from .locks import lock_tournament


def _entry(tournament: Tournament, entry: Entry) -> Entry:
    found = Entry.objects.select_related("player").filter(pk=entry.pk, tournament=tournament)
    if not found.exists():
        raise OperationError(_("That player is not registered in this tournament."))
    return found.get()


def _bracket(tournament: Tournament, bracket: str) -> Bracket:
    row = tournament.brackets.filter(kind=bracket).first()
    if row is None:
        raise OperationError(_("This tournament has no such bracket."))
    return row


def _check(row: Bracket, method: str, side: bool) -> None:
    if method not in Payment.Method.values:
        raise OperationError(_("Paid in cash or by transfer."))
    amount = row.side_pool_fee if side else row.fee
    if amount <= 0:
        raise OperationError(
            _("This bracket has no side pool.") if side else _("This bracket has no entry fee.")
        )


@transaction.atomic
def pay(
    tournament: Tournament, entry: Entry, bracket: str, *, method: str, side=False, user=None
) -> Payment:
    """Record that a registered player paid a bracket's fee (or joined its side pool)."""
    tournament = lock_tournament(tournament)
    entry = _entry(tournament, entry)
    row = _bracket(tournament, bracket)
    _check(row, method, side)
    if entry.payments.filter(bracket=bracket, side=side, reentry=False).exists():
        raise OperationError(_("This payment is recorded already."))
    return _record(tournament, entry, row, side=side, method=method, user=user)


def _record(
    tournament: Tournament, entry: Entry, row: Bracket, *, side: bool, method: str, user
) -> Payment:
    """The payment and its audit entry (checked by the caller)."""
    amount = row.side_pool_fee if side else row.fee
    bracket = row.kind
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


def _unpaid(entries, row: Bracket, side: bool) -> list[Entry]:
    """The entries (payments prefetched) without a payment for this pool."""
    return [
        entry
        for entry in entries
        if not any(
            p.bracket == row.kind and p.side == side and not p.reentry for p in entry.payments.all()
        )
    ]


@transaction.atomic
def pay_everyone_here(
    tournament: Tournament, bracket: str, *, method: str, side=False, user=None
) -> list[Payment]:
    """Everyone checked in (not withdrawn) who has not paid this fee (or joined this
    side pool) paid it, by `method`: the desk's one tap when the whole room has paid.
    Those who have not come are left alone; each payment is audited as one by one."""
    tournament = lock_tournament(tournament)
    row = _bracket(tournament, bracket)
    _check(row, method, side)
    here = (
        tournament.entries.in_field()
        .select_related("player")
        .prefetch_related("payments")
        .order_by("player__name", "pk")
    )
    return [
        _record(tournament, entry, row, side=side, method=method, user=user)
        for entry in _unpaid(here, row, side)
    ]


@transaction.atomic
def pay_every_fee(tournament: Tournament, entry: Entry, *, method: str, user=None) -> list[Payment]:
    """One player paid every fee and side pool the tournament charges that they have
    not paid yet (their row on the fees page), by `method`: one tap instead of one per
    column."""
    tournament = lock_tournament(tournament)
    entry = _entry(tournament, entry)
    if method not in Payment.Method.values:
        raise OperationError(_("Paid in cash or by transfer."))
    made = []
    for row in tournament.brackets.order_by("pk"):
        for side, amount in ((False, row.fee), (True, row.side_pool_fee)):
            if amount > 0 and _unpaid([entry], row, side):
                made.append(_record(tournament, entry, row, side=side, method=method, user=user))
    if not made:
        raise OperationError(_("%(player)s has paid every fee already.") % {"player": entry.player})
    return made


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
