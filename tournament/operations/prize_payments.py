"""Prizes handed over: a prize marked paid (in cash or by transfer, by the director who
handed it over, now), or taken back when it was marked by mistake. The amount is the
prize as the results give it at that moment, which the caller reads from
`queries.cash_box` (the prizes are not the operations' to compute); here it is checked
to be money, and the player one of the tournament's."""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core import draw
from ..models import AuditEntry, Bracket, Payment, Player, PrizePayment, Tournament
from ..models.audit import Said
from . import audit
from .errors import OperationError
from .locks import lock_tournament


def _what(bracket: str, side: bool) -> str:
    """ "Main +" for the main bracket's side pool, as the fees' audit entries say it."""
    return str(dict(Bracket.KIND_CHOICES)[bracket]) + (" +" if side else "")


@transaction.atomic
def pay_prize(
    tournament: Tournament,
    player: Player,
    bracket: str,
    *,
    side: bool = False,
    places: str,
    amount: Decimal,
    method: str,
    user=None,
) -> PrizePayment:
    """Mark a player's prize from a pool (a bracket's, or its side pool) handed over."""
    tournament = lock_tournament(tournament)
    if bracket not in draw.BRACKET_KINDS:
        raise OperationError(_("This tournament has no such bracket."))
    if not tournament.entries.filter(player=player).exists():
        raise OperationError(_("That player is not registered in this tournament."))
    if method not in Payment.Method.values:
        raise OperationError(_("Paid in cash or by transfer."))
    if not isinstance(amount, Decimal) or amount <= 0:
        raise OperationError(_("There is no prize to pay."))
    paid = PrizePayment.objects.filter(
        tournament=tournament, bracket=bracket, side=side, player=player
    )
    if paid.exists():
        raise OperationError(_("This prize is marked paid already."))
    payment = PrizePayment.objects.create(
        tournament=tournament,
        bracket=bracket,
        side=side,
        player=player,
        places=places,
        method=method,
        amount=amount,
        paid_by=audit.acting(user),
    )
    audit.record(
        AuditEntry.Action.PAYMENT,
        user=user,
        tournament=tournament,
        summary=Said(
            gettext_noop("Prize of %(amount)s handed to %(player)s (%(what)s, %(method)s)"),
            player=player,
            amount=amount,
            what=_what(bracket, side),
            method=payment.get_method_display(),
        ),
        after={
            "prize": True,
            "player": player.pk,
            "bracket": bracket,
            "side": side,
            "places": places,
            "amount": str(amount),
            "method": method,
        },
    )
    return payment


@transaction.atomic
def take_back_prize_payment(
    tournament: Tournament, player: Player, bracket: str, *, side: bool = False, user=None
) -> None:
    """A prize marked paid by mistake is marked owed again."""
    tournament = lock_tournament(tournament)
    payment = PrizePayment.objects.filter(
        tournament=tournament, bracket=bracket, side=side, player=player
    ).first()
    if payment is None:
        raise OperationError(_("There is no such prize payment to take back."))
    before = {
        "prize": True,
        "player": player.pk,
        "bracket": bracket,
        "side": side,
        "places": payment.places,
        "amount": str(payment.amount),
        "method": payment.method,
    }
    payment.delete()
    audit.record(
        AuditEntry.Action.PAYMENT,
        user=user,
        tournament=tournament,
        summary=Said(
            gettext_noop("%(player)s's prize of %(amount)s marked owed again"),
            player=player,
            amount=before["amount"],
        ),
        before=before,
    )
