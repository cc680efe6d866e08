"""Marking a prize handed over, and owed again, at the one door: the tournament's
player only, in cash or by transfer, an amount of money (never a float, never nothing),
once; taken back only if it was marked; each with its audit entry, refusals writing
nothing."""

from decimal import Decimal

import pytest

import builders
from tournament import operations
from tournament.models import AuditEntry, PrizePayment


@pytest.fixture
def cup(season):
    return builders.cup(season, 4, name="Copa dels Premis")


def winner_of(cup):
    return cup.entries.order_by("pk").first().player


def test_a_prize_marked_paid_then_owed_again_is_audited(cup, director):
    player = winner_of(cup)
    payment = operations.pay_prize(
        cup, player, "main", places="1", amount=Decimal("30.00"), method="cash", user=director
    )
    assert (payment.amount, payment.method, payment.paid_by) == (Decimal("30.00"), "cash", director)
    entry = AuditEntry.objects.get(action="payment")
    assert entry.user == director and entry.tournament == cup
    assert entry.after["amount"] == "30.00" and entry.after["prize"] is True
    operations.take_back_prize_payment(cup, player, "main", user=director)
    assert not PrizePayment.objects.exists()
    assert AuditEntry.objects.filter(action="payment").count() == 2


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"amount": 30.0}, "There is no prize to pay."),
        ({"amount": Decimal(0)}, "There is no prize to pay."),
        ({"method": "cheque"}, "Paid in cash or by transfer."),
        ({"bracket": "side"}, "This tournament has no such bracket."),
        ({"stranger": True}, "That player is not registered in this tournament."),
        ({"twice": True}, "This prize is marked paid already."),
    ],
)
def test_a_prize_payment_that_cannot_be_is_refused_and_nothing_is_written(
    cup, season, change, message
):
    player = winner_of(cup)
    if change.pop("stranger", False):
        player = builders.new_players(1, prefix="Fora")[0]
    args = {"places": "1", "amount": Decimal("30.00"), "method": "cash", "bracket": "main"}
    if change.pop("twice", False):
        operations.pay_prize(cup, player, **args)
    args.update(change)
    before = (PrizePayment.objects.count(), AuditEntry.objects.count())
    with pytest.raises(operations.OperationError) as refused:
        operations.pay_prize(cup, player, args.pop("bracket"), **args)
    assert str(refused.value.message) == message
    assert (PrizePayment.objects.count(), AuditEntry.objects.count()) == before


def test_taking_back_a_prize_never_marked_is_refused(cup):
    with pytest.raises(operations.OperationError) as refused:
        operations.take_back_prize_payment(cup, winner_of(cup), "main")
    assert str(refused.value.message) == "There is no such prize payment to take back."
