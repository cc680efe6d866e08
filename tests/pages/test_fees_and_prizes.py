"""Fees and prize money, as the director and the players see them: the settings set
each bracket's fee, side pool, payouts and club's cut (checked beside the field); the
desk and the fees page mark who paid, in cash or by transfer, and refuse what cannot
be paid; the pools are what was actually paid, less the club's cut; a side pool is
shared only among those who joined, placed among themselves; and once a bracket's
places are all known, the results page, the JSON and the workbook show the same
prizes: in whole units, ties sharing equally, adding up exactly to the pool."""

import io
import re
from decimal import Decimal

import openpyxl
import pytest
from django.urls import reverse

import builders
from director_checks import assert_protected
from tournament import operations
from tournament.models import AuditEntry, Bracket, Entry, Payment

CUP = "Copa del Pot"


def cup(season, size=8, *, name=CUP, fee="12.50", side="0", payouts="", cut="0", **fields):
    """A tournament of `size` checked-in players with a main bracket of one-point
    matches and these fees; not drawn."""
    main = {
        "lengths": "1",
        "fee": Decimal(fee),
        "side_pool_fee": Decimal(side),
        "payouts": payouts,
        "club_cut": Decimal(cut),
    }
    return builders.cup(
        season,
        builders.new_players(size, prefix=name),
        name=name,
        date="2002-05-04",
        brackets={"main": main},
        rng_seed=None,
        **fields,
    )


def start(tournament, seed=7):
    operations.make_draw(tournament, rng_seed=seed)
    operations.start_tournament(tournament)


def pay_all(tournament, bracket="main", *, side=False):
    for entry in tournament.entries.order_by("pk"):
        operations.pay(tournament, entry, bracket, method="cash", side=side)


def entry_of(tournament, name) -> Entry:
    return tournament.entries.get(player__name=name)


def losers(tournament, round_number) -> list[str]:
    """The names of those who lost in that round of the main bracket, by name."""
    names = []
    for match in tournament.matches.filter(
        bracket__kind="main", round=round_number, status="decided"
    ):
        loser = match.player2 if match.winner_id == match.player1_id else match.player1
        names.append(loser.name)
    return sorted(names, key=str.casefold)


def final_places(tournament) -> dict[str, list[str]]:
    """An 8-player knockout's places: 1, 2, 3-4 (the semi-final losers), 5-8."""
    final = tournament.matches.get(bracket__kind="main", round=3)
    return {
        "1": [final.winner.name],
        "2": losers(tournament, 3),
        "3-4": losers(tournament, 2),
        "5-8": losers(tournament, 1),
    }


def pay_url(tournament) -> str:
    return reverse("director-pay", args=[tournament.pk])


def fees_url(tournament) -> str:
    return reverse("director-fees", args=[tournament.pk])


def text_of(html) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", html).split())


def money_section(page) -> str:
    found = re.search(r'<section aria-labelledby="money-heading".*?</section>', page, re.S)
    return found.group(0) if found else ""


def pool_rows(page) -> list[tuple[str, ...]]:
    """The pools table of a page: (pool, paid, players, to share)."""
    section = money_section(page)
    table = section.split("</table>")[0] if section else ""
    return [
        tuple(text_of(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S))
        for row in re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[-1], re.S)
    ]


def prize_rows(page) -> list[tuple[str, ...]]:
    """The prizes table of a page: (pool, place, players, prize each)."""
    section = money_section(page)
    if "<h3>Prizes</h3>" not in section:
        return []
    table = section.split("<h3>Prizes</h3>")[1].split("<tbody>")[1]
    return [
        tuple(text_of(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S))
        for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)
    ]


def settings_form(tournament, **changes) -> dict:
    """The tournament form as the settings page posts it, with these changes."""
    main = tournament.brackets.get(kind="main")
    data = {
        "season": tournament.season_id,
        "name": tournament.name,
        "date": str(tournament.date),
        "consolation": tournament.consolation,
        "progressive_rounds": tournament.progressive_rounds,
        "public": "on",
        "clock_policy": tournament.clock_policy,
        "main_lengths": main.lengths,
        "main_fee": str(main.fee),
        "main_side_pool_fee": str(main.side_pool_fee),
        "main_payouts": main.payouts,
        "main_club_cut": str(main.club_cut),
        "tables_text": "",
    }
    data.update(changes)
    return data


def field_block(page, name) -> str:
    """The form's <div class="field"> holding the input `name`, with its errors."""
    for block in re.findall(r'<div class="field[^"]*">.*?</div>', page, re.S):
        if f'name="{name}"' in block:
            return block
    raise AssertionError(f"no field {name} on the page")


def money_of(tournament) -> tuple:
    main = Bracket.objects.get(tournament=tournament, kind="main")
    return (main.fee, main.side_pool_fee, main.payouts, main.club_cut)


# The settings


def test_the_director_sets_fees_a_side_pool_payouts_and_a_cut(director_client, season):
    tournament = cup(season, fee="0")
    url = reverse("director-tournament-edit", args=[tournament.pk])
    data = settings_form(
        tournament,
        main_fee="12.5",
        main_side_pool_fee="5",
        main_payouts="50, 25,12.5,12.5",
        main_club_cut="7.5",
    )
    response = director_client.post(url, data)
    assert response.status_code == 302
    assert money_of(tournament) == (
        Decimal("12.50"),
        Decimal("5.00"),
        "50,25,12.5,12.5",
        Decimal("7.50"),
    )
    # The settings page shows them again as saved.
    page = director_client.get(url).content.decode()
    assert 'value="50,25,12.5,12.5"' in field_block(page, "main_payouts")
    assert 'value="12.50"' in field_block(page, "main_fee")
    # The fees page now asks who paid the fee and who joined the side pool.
    fees = text_of(director_client.get(fees_url(tournament)).content.decode())
    assert "main: fee 12.50" in fees and "main: side pool 5.00" in fees


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        # The core's parsers (core.prizes) check every amount and percentage, with their
        # messages.
        ("main_fee", "-1", "“-1” is negative."),
        ("main_side_pool_fee", "-0.50", "“-0.50” is negative."),
        ("main_fee", "12.505", "“12.505” has more than 2 decimals."),
        ("main_fee", "1000000.01", "“1000000.01” is more than 1000000; is it a typo?"),
        ("main_fee", "1e3", "“1e3” is not an amount of money."),
        ("main_payouts", "50,30", "The percentages add up to 80, not 100."),
        ("main_payouts", "60, 30, 20.5", "The percentages add up to 110.5, not 100."),
        ("main_payouts", "12,5", "The percentages add up to 17, not 100."),
        ("main_club_cut", "100.5", "“100.5” is more than 100 percent."),
        ("main_club_cut", "-3", "“-3” is negative."),
        ("main_club_cut", "7.125", "“7.125” has more than 2 decimals."),
    ],
)
def test_bad_money_settings_are_refused_beside_the_field_and_nothing_is_saved(
    director_client, season, field, value, message
):
    tournament = cup(season, fee="10", side="2", payouts="70,30", cut="5")
    before = money_of(tournament)
    url = reverse("director-tournament-edit", args=[tournament.pk])
    data = settings_form(tournament, **{"name": "Copa Canviada", "main_fee": "20", field: value})
    response = director_client.post(url, data)
    assert response.status_code == 400
    assert message in field_block(response.content.decode(), field)
    tournament.refresh_from_db()
    assert tournament.name == CUP
    assert money_of(tournament) == before
    assert not AuditEntry.objects.filter(action="tournament_changed").exists()


# Who paid


def test_an_entry_paid_in_cash_at_the_desk_and_taken_back(director_client, director, season):
    tournament = cup(season, fee="12.50")
    entry = entry_of(tournament, f"{CUP} 03")
    response = director_client.post(
        pay_url(tournament), {"entry": entry.pk, "bracket": "main", "method": "cash"}
    )
    assert response.status_code == 302
    desk = reverse("director-tournament", args=[tournament.pk])
    assert response["Location"] == f"{desk}#entry-{entry.pk}"
    payment = Payment.objects.get()
    assert (payment.entry, payment.bracket, payment.side) == (entry, "main", False)
    assert (payment.method, payment.amount, payment.entered_by) == (
        "cash",
        Decimal("12.50"),
        director,
    )
    audit = AuditEntry.objects.get(action="payment")
    assert (audit.user, audit.tournament) == (director, tournament)
    assert audit.after == {
        "player": entry.player_id,
        "bracket": "main",
        "side": False,
        "amount": "12.50",
    }
    assert f"{CUP} 03 paid 12.50" in audit.summary
    # The desk shows who paid, and how.
    page = director_client.get(desk).content.decode()
    row = re.search(rf'<tr id="entry-{entry.pk}".*?</tr>', page, re.S).group(0)
    assert '<span class="badge paid">cash</span>' in row
    # Taken back: the payment goes, and the log says so.
    response = director_client.post(
        pay_url(tournament), {"entry": entry.pk, "bracket": "main", "method": ""}
    )
    assert response.status_code == 302
    assert not Payment.objects.exists()
    taken_back = AuditEntry.objects.filter(action="payment").order_by("-pk").first()
    assert taken_back.before == {
        "player": entry.player_id,
        "bracket": "main",
        "side": False,
        "amount": "12.50",
    }
    assert "taken back" in taken_back.summary


def test_fees_and_side_pools_paid_by_transfer_from_the_fees_page(director_client, season):
    tournament = cup(season, fee="10", side="5")
    entry = entry_of(tournament, f"{CUP} 00")
    for side in ("", "1"):
        data = {"entry": entry.pk, "bracket": "main", "method": "transfer", "next": "fees"}
        response = director_client.post(pay_url(tournament), {**data, "side": side})
        assert response.status_code == 302
        assert response["Location"] == fees_url(tournament)
    assert sorted(Payment.objects.values_list("side", "amount", "method")) == [
        (False, Decimal("10.00"), "transfer"),
        (True, Decimal("5.00"), "transfer"),
    ]
    assert AuditEntry.objects.filter(action="payment").count() == 2
    page = director_client.get(fees_url(tournament)).content.decode()
    assert page.count('<span class="badge paid">transfer</span>') == 2
    assert pool_rows(page) == [
        ("Main bracket", "10.00", "1", "10.00"),
        ("Main bracket: side pool", "5.00", "1", "5.00"),
    ]


@pytest.fixture
def paid_once(season):
    """A cup with a 10.00 fee and no side pool, one entry paid in cash."""
    tournament = cup(season, fee="10")
    operations.pay(tournament, entry_of(tournament, f"{CUP} 01"), "main", method="cash")
    return tournament


@pytest.mark.parametrize("back_to", ["desk", "fees"])
@pytest.mark.parametrize(
    ("posted", "status", "message"),
    [
        pytest.param(
            {"player": "01", "method": "transfer"},
            409,
            "This payment is recorded already.",
            id="twice",
        ),
        pytest.param(
            {"player": "02", "side": "1"}, 409, "This bracket has no side pool.", id="no-side-pool"
        ),
        pytest.param(
            {"player": "02", "bracket": "consolation"},
            409,
            "This tournament has no such bracket.",
            id="no-such-bracket",
        ),
        pytest.param(
            {"player": "02", "method": ""},
            409,
            "There is no such payment to take back.",
            id="take-back-unpaid",
        ),
        pytest.param(
            {"player": "02", "method": "cheque"}, 400, "That payment is not clear.", id="cheque"
        ),
        pytest.param(
            {"player": "another"},
            400,
            "That player is not registered in this tournament.",
            id="other-cup",
        ),
    ],
)
def test_a_payment_that_cannot_be_is_refused_and_nothing_is_written(
    director_client, season, paid_once, posted, status, message, back_to
):
    if posted["player"] == "another":
        other = cup(season, 2, name="Una altra copa", fee="10")
        entry = other.entries.first()
    else:
        entry = entry_of(paid_once, f"{CUP} {posted['player']}")
    data = {"entry": entry.pk, "bracket": "main", "method": "cash"}
    data.update({key: value for key, value in posted.items() if key != "player"})
    if back_to == "fees":
        data["next"] = "fees"
    payments = list(Payment.objects.values_list("pk", "entry", "method", "amount"))
    audits = AuditEntry.objects.count()
    response = director_client.post(pay_url(paid_once), data)
    assert response.status_code == status
    page = response.content.decode()
    assert f'<p class="error" role="alert">{message}</p>' in page
    heading = "Fees and prizes" if back_to == "fees" else "8 players registered"
    assert f"{heading}</h" in page
    assert list(Payment.objects.values_list("pk", "entry", "method", "amount")) == payments
    assert AuditEntry.objects.count() == audits


def test_the_operation_refuses_a_player_of_another_tournament(paid_once, season):
    other = cup(season, 2, name="Una altra copa", fee="10")
    with pytest.raises(operations.OperationError, match="not registered in this tournament"):
        operations.pay(paid_once, other.entries.first(), "main", method="cash")
    assert Payment.objects.count() == 1


def test_a_bracket_without_a_fee_takes_no_payment(director_client, season):
    tournament = cup(season, fee="0")
    entry = entry_of(tournament, f"{CUP} 00")
    response = director_client.post(
        pay_url(tournament), {"entry": entry.pk, "bracket": "main", "method": "cash"}
    )
    assert response.status_code == 409
    assert "This bracket has no entry fee." in response.content.decode()
    assert not Payment.objects.exists()
    assert not AuditEntry.objects.filter(action="payment").exists()
    # Nor does the desk offer it, and the fees page says where to set one.
    desk = director_client.get(reverse("director-tournament", args=[tournament.pk]))
    assert pay_url(tournament) not in desk.content.decode()
    fees = director_client.get(fees_url(tournament)).content.decode()
    assert "No bracket of this tournament has an entry fee or a side pool" in fees


def test_protected(director, season):
    tournament = cup(season, fee="10")
    entry = entry_of(tournament, f"{CUP} 00")
    data = {"entry": entry.pk, "bracket": "main", "method": "cash"}
    assert_protected(director, pay_url(tournament), "post", data, "get")
    assert_protected(director, fees_url(tournament), "get", None, "post")
    assert not Payment.objects.exists()


# The pools


def test_the_pools_are_what_was_paid_less_the_clubs_cut(client, season):
    tournament = cup(season, fee="10", side="4", cut="10")
    entries = list(tournament.entries.order_by("pk"))
    for entry in entries[:5]:
        operations.pay(tournament, entry, "main", method="cash")
    operations.take_back_payment(tournament, entries[4], "main")
    # The fee goes up during the day: those who paid before paid 10, the next one 15.
    operations.change_tournament(
        tournament, {}, {"main": {"lengths": "1", "fee": Decimal(15), "club_cut": Decimal(10)}}
    )
    operations.pay(tournament, entries[5], "main", method="transfer")
    # Two join the side pool, which the club takes no cut of.
    for entry in entries[:2]:
        operations.pay(tournament, entry, "main", method="cash", side=True)
    # Paid: 4 x 10 + 15 = 55 (not 8 players x 15), less the club's 10 %: 49.50.
    page = client.get(reverse("results", args=[tournament.pk])).content.decode()
    assert pool_rows(page) == [
        ("Main bracket", "55.00", "5", "49.50"),
        ("Main bracket: side pool", "8.00", "2", "8.00"),
    ]
    data = client.get(reverse("api-tournament", args=[tournament.pk])).json()
    assert data["pools"] == {"main": "49.50"}
    assert data["prizes"] == []


def test_the_clubs_cut_is_rounded_and_the_pool_keeps_the_rest(client, season):
    # 7 x 12.50 = 87.50; a 3 % cut is 2.625, rounded to 2.63: 84.87 to share.
    tournament = cup(season, 7, fee="12.50", cut="3")
    pay_all(tournament)
    data = client.get(reverse("api-tournament", args=[tournament.pk])).json()
    assert data["pools"] == {"main": "84.87"}


# The prizes


@pytest.fixture
def finished(season):
    """An 8-player cup, everyone paid 12.50 (100.00) with a 3 % cut: 97.00 to share as
    50, 25, 12.5 and 12.5 %. A side pool of 5.00 joined, once the places are known, by
    the runner-up, one semi-final loser and two quarter-final losers (not the champion)."""
    tournament = cup(season, fee="12.50", side="5", cut="3", payouts="50,25,12.5,12.5")
    pay_all(tournament)
    start(tournament)
    builders.play(tournament)
    tournament.refresh_from_db()
    assert tournament.is_finished
    places = final_places(tournament)
    joined = [*places["2"], places["3-4"][0], *places["5-8"][:2]]
    for name in joined:
        operations.pay(tournament, entry_of(tournament, name), "main", method="cash", side=True)
    return tournament, places, joined


def test_the_prizes_appear_on_the_results_page_once_the_places_are_known(client, season):
    tournament = cup(season, fee="12.50", cut="3")
    pay_all(tournament)
    start(tournament)
    url = reverse("results", args=[tournament.pk])
    builders.play(tournament, rounds=2)  # the semi-finals are played, not the final
    page = client.get(url).content.decode()
    assert pool_rows(page) == [("Main bracket", "100.00", "8", "97.00")]
    assert prize_rows(page) == []
    assert "The prizes are shown once a bracket's places are known." in page
    assert client.get(reverse("api-tournament", args=[tournament.pk])).json()["prizes"] == []
    builders.play(tournament)
    places = final_places(tournament)
    page = client.get(url).content.decode()
    # 97 x 50 % = 48.50, 25 % = 24.25, 12.5 % = 12.125 each: whole units, the 1.00
    # left over to the winner; the two semi-final losers tie for 3-4 and share equally.
    assert prize_rows(page) == [
        ("Main bracket", "1", places["1"][0], "49.00"),
        ("Main bracket", "2", places["2"][0], "24.00"),
        ("Main bracket", "3-4", ", ".join(places["3-4"]), "12.00"),
    ]
    paid_out = sum(
        Decimal(amount) * len(players.split(", ")) for __, __, players, amount in prize_rows(page)
    )
    assert paid_out == Decimal("97.00")


def test_the_json_gives_the_pools_and_the_prizes_side_pools_apart(client, finished):
    tournament, places, joined = finished
    data = client.get(reverse("api-tournament", args=[tournament.pk])).json()
    # The side pool (4 x 5.00, no cut) is not one of the pools the club cuts.
    assert data["pools"] == {"main": "97.00"}
    # Among themselves the side pool's players are 1, 2 and 3-4: the runner-up wins
    # it, the two quarter-final losers tie for 3-4; 20 x 50 % = 10, 25 % = 5, 12.5 % =
    # 2.50 each, in whole units, the 1.00 left over to the first.
    assert data["prizes"] == [
        {"bracket": "main", "places": "1", "amount": "49.00", "players": places["1"]},
        {"bracket": "main", "places": "2", "amount": "24.00", "players": places["2"]},
        {"bracket": "main", "places": "3-4", "amount": "12.00", "players": places["3-4"]},
        {"bracket": "main", "places": "1", "amount": "11.00", "side": True, "players": [joined[0]]},
        {"bracket": "main", "places": "2", "amount": "5.00", "side": True, "players": [joined[1]]},
        {
            "bracket": "main",
            "places": "3-4",
            "amount": "2.00",
            "side": True,
            "players": joined[2:],
        },
    ]
    side = [prize for prize in data["prizes"] if prize.get("side")]
    assert sum(Decimal(p["amount"]) * len(p["players"]) for p in side) == Decimal("20.00")
    assert places["1"][0] not in {name for prize in side for name in prize["players"]}


def test_the_results_page_shows_the_side_pool_beside_the_main_pool(client, finished):
    tournament, places, joined = finished
    page = client.get(reverse("results", args=[tournament.pk])).content.decode()
    assert pool_rows(page) == [
        ("Main bracket", "100.00", "8", "97.00"),
        ("Main bracket: side pool", "20.00", "4", "20.00"),
    ]
    main, side = "Main bracket", "Main bracket: side pool"
    assert prize_rows(page) == [
        (main, "1", places["1"][0], "49.00"),
        (main, "2", places["2"][0], "24.00"),
        (main, "3-4", ", ".join(places["3-4"]), "12.00"),
        (side, "1", joined[0], "11.00"),
        (side, "2", joined[1], "5.00"),
        (side, "3-4", ", ".join(joined[2:]), "2.00"),
    ]


def test_a_change_of_the_clubs_cut_is_in_the_log(director_client, season):
    tournament = cup(season, fee="10", cut="0")
    url = reverse("director-tournament-edit", args=[tournament.pk])
    response = director_client.post(url, settings_form(tournament, main_club_cut="50"))
    assert response.status_code == 302
    assert money_of(tournament)[3] == Decimal(50)
    entry = AuditEntry.objects.get(action="tournament_changed")
    assert entry.before != entry.after


@pytest.mark.parametrize(
    ("clock", "expected"),
    [
        ({"clock_policy": "none"}, None),
        (
            {
                "clock_policy": "required",
                "clock_minutes_per_point": 3,
                "clock_delay_seconds": 15,
                "clock_delay_kind": "bronstein",
            },
            {
                "policy": "required",
                "minutes_per_point": 3,
                "delay_seconds": 15,
                "delay_kind": "bronstein",
            },
        ),
        (
            {"clock_policy": "allowed"},
            {
                "policy": "allowed",
                "minutes_per_point": 2,
                "delay_seconds": 12,
                "delay_kind": "simple",
            },
        ),
    ],
)
def test_the_json_gives_the_clock(client, season, clock, expected):
    tournament = cup(season, fee="0", **clock)
    data = client.get(reverse("api-tournament", args=[tournament.pk])).json()
    assert data["clock"] == expected
    assert (data["pools"], data["prizes"]) == ({}, [])


def workbook_rows(client, tournament, sheet="Prizes") -> list[list]:
    response = client.get(reverse("results-xlsx", args=[tournament.pk]))
    assert response.status_code == 200
    book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    return [[cell.value for cell in row] for row in book[sheet].iter_rows()]


def test_the_workbooks_prizes_sheet(client, finished):
    tournament, places, joined = finished
    rows = workbook_rows(client, tournament)
    assert rows[0] == ["Tournament", "Pool", "Place", "Player", "Amount"]
    main, side = "Main bracket", "Main bracket: side pool"
    assert rows[1:] == [
        [CUP, main, "1", places["1"][0], 49],
        [CUP, main, "2", places["2"][0], 24],
        [CUP, main, "3-4", places["3-4"][0], 12],
        [CUP, main, "3-4", places["3-4"][1], 12],
        [CUP, side, "1", joined[0], 11],
        [CUP, side, "2", joined[1], 5],
        [CUP, side, "3-4", joined[2], 2],
        [CUP, side, "3-4", joined[3], 2],
    ]
    # Amounts are numbers a spreadsheet adds up; places and names are text.
    for row in rows[1:]:
        assert isinstance(row[4], int | float) and not isinstance(row[4], bool)
        assert all(isinstance(value, str) for value in row[:4])
    assert sum(row[4] for row in rows[1:5]) == 97


def test_the_workbook_has_no_prizes_before_the_places_are_known(client, season):
    tournament = cup(season, fee="10")
    pay_all(tournament)
    start(tournament)
    builders.play(tournament, rounds=1)
    assert workbook_rows(client, tournament) == [
        ["Tournament", "Pool", "Place", "Player", "Amount"]
    ]


@pytest.mark.parametrize("size", [8, 16])
def test_the_results_page_costs_the_same_however_many_players(
    client, season, size, django_assert_num_queries
):
    tournament = cup(season, size, fee="10", side="2", cut="5")
    pay_all(tournament)
    start(tournament)
    builders.play(tournament)
    for entry in tournament.entries.order_by("pk")[: size // 2]:
        operations.pay(tournament, entry, "main", method="transfer", side=True)
    # The tournament with its season (1); the standings: the players' ids, the
    # players, the entries checked in, the matches, the games' figures (5); the money:
    # the brackets, the payments, the matches with their players for the places (3).
    # 9 for 8 players or 16, however many matches, games and payments: none per row.
    with django_assert_num_queries(9):
        response = client.get(reverse("results", args=[tournament.pk]))
    assert response.status_code == 200
    # ...and the page did the work: the prizes of the pool and of the side pool.
    pools = {row[0] for row in prize_rows(response.content.decode())}
    assert pools == {"Main bracket", "Main bracket: side pool"}
