"""Fees in one sweep on the fees page (issue 36, item 12): "all here paid in cash" under
a column and "paid, all in cash" on a row, instead of a click per payment and column."""

from decimal import Decimal

import pytest
from django.urls import reverse

import builders
from director_checks import assert_protected
from tournament import operations
from tournament.models import Payment, Player


@pytest.fixture
def cup(season):
    main = {"lengths": "1", "fee": Decimal("10"), "side_pool_fee": Decimal("5")}
    tournament = builders.cup(
        season, builders.new_players(21), brackets={"main": main}, rng_seed=None
    )
    operations.add_entry(tournament, Player.objects.create(name="Tard"))
    return tournament


def sweep_url(tournament):
    return reverse("director-pay-sweep", args=[tournament.pk])


def test_protected(director, cup):
    assert_protected(director, sweep_url(cup), "post", wrong_method="get")


def test_21_players_two_columns_in_two_taps(director_client, cup):
    page = director_client.get(reverse("director-fees", args=[cup.pk])).content.decode()
    assert page.count('class="pay-everyone"') == 2  # one under each column
    for side in ("", "1"):
        response = director_client.post(
            sweep_url(cup), {"bracket": "main", "side": side, "method": "cash"}
        )
        assert response.status_code == 302
    assert Payment.objects.filter(side=False).count() == 21
    assert Payment.objects.filter(side=True).count() == 21
    assert not Payment.objects.filter(entry__player__name="Tard").exists()  # not here
    page = director_client.get(response["Location"]).content.decode()
    assert "21 payments recorded:" in page


def test_a_row_in_one_tap(director_client, cup):
    late = cup.entries.get(player__name="Tard")
    page = director_client.get(reverse("director-fees", args=[cup.pk])).content.decode()
    assert "paid, all in cash" in page
    response = director_client.post(sweep_url(cup), {"entry": late.pk, "method": "cash"})
    assert response.status_code == 302
    assert Payment.objects.filter(entry=late).count() == 2


def test_unclear_sweeps_are_refused_and_nothing_is_written(director_client, cup, season):
    other = builders.cup(season, 2, name="Una altra", rng_seed=None)
    for posted, status in (
        ({"method": "cash"}, 400),
        ({"bracket": "main", "method": "cheque"}, 400),
        ({"entry": other.entries.first().pk, "method": "cash"}, 400),
        ({"bracket": "consolation", "method": "cash"}, 409),
    ):
        assert director_client.post(sweep_url(cup), posted).status_code == status
    assert not Payment.objects.exists()
