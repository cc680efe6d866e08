"""Fees in one sweep (issue 36, item 12): everyone here paid one pool in one call, or one
player every pool of their row, each payment audited as one by one; those who have not
come, or paid already, are left alone."""

from decimal import Decimal

import pytest

import builders
from tournament import operations
from tournament.models import AuditEntry, Payment, Player


@pytest.fixture
def cup(season):
    """21 players with a 10.00 fee and a 5.00 side pool; 19 here, 2 not yet, one of
    those here paid by transfer already."""
    main = {"lengths": "1", "fee": Decimal("10"), "side_pool_fee": Decimal("5")}
    tournament = builders.cup(
        season, builders.new_players(19), brackets={"main": main}, rng_seed=None
    )
    for name in ("Tard 1", "Tard 2"):
        operations.add_entry(tournament, Player.objects.create(name=name))
    early = tournament.entries.filter(checked_in=True).order_by("pk").first()
    operations.pay(tournament, early, "main", method="transfer")
    return tournament


def paid(tournament, *, side=False) -> set[str]:
    return set(
        Payment.objects.filter(entry__tournament=tournament, side=side).values_list(
            "entry__player__name", flat=True
        )
    )


def test_everyone_here_paid_the_entry_fee_in_one_call(cup):
    made = operations.pay_everyone_here(cup, "main", method="cash")
    assert len(made) == 18  # 19 here, one had paid by transfer
    here = set(cup.entries.filter(checked_in=True).values_list("player__name", flat=True))
    assert paid(cup) == here and not paid(cup, side=True)
    assert {"Tard 1", "Tard 2"}.isdisjoint(paid(cup))
    assert Payment.objects.filter(method="transfer").count() == 1  # left as it was
    assert AuditEntry.objects.filter(action="payment").count() == 19
    # Again: nobody left to pay it.
    assert operations.pay_everyone_here(cup, "main", method="cash") == []


def test_a_row_paid_in_one_call(cup):
    entry = cup.entries.get(player__name="Tard 1")
    made = operations.pay_every_fee(cup, entry, method="cash")
    assert sorted((p.side, p.amount) for p in made) == [
        (False, Decimal("10.00")),
        (True, Decimal("5.00")),
    ]
    with pytest.raises(operations.OperationError, match="has paid every fee already"):
        operations.pay_every_fee(cup, entry, method="cash")


def test_a_sweep_refuses_what_a_payment_refuses(cup):
    with pytest.raises(operations.OperationError, match="no such bracket"):
        operations.pay_everyone_here(cup, "consolation", method="cash")
    with pytest.raises(operations.OperationError, match="cash or by transfer"):
        operations.pay_everyone_here(cup, "main", method="cheque")
    assert Payment.objects.count() == 1
