"""The cash box, as the director sees it: a tournament's money on one page (fees taken
by method, the pools and the club's cut, the prizes paid and still owed, the balance),
each figure opening to the rows it adds up; prizes marked handed over (cash or
transfer, by whom) or owed again, audited; refusals that save nothing; and the
workbook's Money sheet, figure for figure and row for row the page's."""

import io
import re
from decimal import Decimal

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse

import builders
from director_checks import assert_protected
from tournament import operations
from tournament.models import AuditEntry, PrizePayment

CUP = "Copa de la Caixa"


def day(season, size=8, name=CUP):
    """An 8-player knockout, 12.50 a head with a 5.00 side pool and a 10 % cut: six pay
    (four in cash, two by transfer), two do not; four join the side pool (in cash).
    Drawn and started, not played."""
    main = {
        "lengths": "1",
        "fee": Decimal("12.50"),
        "side_pool_fee": Decimal("5.00"),
        "payouts": "70,30",
        "club_cut": Decimal(10),
    }
    tournament = builders.cup(
        season,
        builders.new_players(size, prefix=name),
        name=name,
        brackets={"main": main},
        rng_seed=3,
        start=True,
    )
    for number, entry in enumerate(tournament.entries.order_by("pk")):
        if number < 6:
            method = "cash" if number < 4 else "transfer"
            operations.pay(tournament, entry, "main", method=method)
        if number % 2 == 0:
            operations.pay(tournament, entry, "main", method="cash", side=True)
    return tournament


def money_url(tournament):
    return reverse("director-money", args=[tournament.pk])


def prize_url(tournament):
    return reverse("director-pay-prize", args=[tournament.pk])


def figures(cash) -> dict[str, Decimal]:
    return {line.key: line.amount for line in cash.lines}


def test_the_money_pages_are_the_directors_only(director, season):
    tournament = day(season)
    assert_protected(director, money_url(tournament), method="get", wrong_method="post")
    assert_protected(
        director,
        reverse("director-money-xlsx", args=[tournament.pk]),
        method="get",
        wrong_method="post",
    )
    owed = {"player": tournament.entries.first().player_id, "bracket": "main", "method": "cash"}
    assert_protected(director, prize_url(tournament), data=owed)


def test_before_the_places_are_known_the_box_holds_the_fees(director_client, season):
    tournament = day(season)
    response = director_client.get(money_url(tournament))
    assert response.status_code == 200
    got = figures(response.context["cash"])
    assert got["taken-cash"] == Decimal("70.00")  # 4 x 12.50 + 4 x 5.00
    assert got["taken-transfer"] == Decimal("25.00")
    assert got["taken"] == Decimal("95.00")
    assert got["pool-main"] == Decimal("75.00")
    assert got["cut-main"] == Decimal("7.50")
    assert got["share-main"] == Decimal("67.50")
    assert got["pool-main-side"] == got["share-main-side"] == Decimal("20.00")
    assert got["club-cut"] == Decimal("7.50")
    assert got["unshared"] == Decimal("87.50")
    assert got["prizes"] == got["prizes-owed"] == got["paid-out"] == 0
    assert got["balance"] == got["taken"]
    assert got["balance-cash"] == Decimal("70.00")
    page = response.content.decode()
    # Each figure opens to its rows: the transfer figure lists exactly who paid so.
    row = re.search(r'<details id="rows-taken-transfer".*?</details>', page, re.S).group(0)
    transfers = sorted(re.findall(rf"<td>({CUP} \d+)</td>", row))
    entries = list(tournament.entries.order_by("pk").select_related("player"))
    assert transfers == sorted(entry.player.name for entry in entries[4:6])
    assert "No prize is owed" in page


def test_the_clubs_cut_opens_to_rows_that_add_up_to_it(director_client, season):
    """The club's 10 % of six fees of 12.50 is 7.50: its rows are each fee's 1.25, on
    the page as in its context (before, they were the fees themselves, 75.00)."""
    tournament = day(season)
    response = director_client.get(money_url(tournament))
    lines = {line.key: line for line in response.context["cash"].lines}
    page = response.content.decode()
    for key in ("club-cut", "cut-main"):
        line = lines[key]
        assert line.amount == Decimal("7.50")
        assert [trace.amount for trace in line.traces] == [Decimal("1.25")] * 6
        rows = re.search(rf'<details id="rows-{key}".*?</details>', page, re.S).group(0)
        shown = re.findall(r'<td class="number">([\d.]+)</td>', rows)
        assert sum(map(Decimal, shown)) == line.amount == Decimal("7.50")


def settled_day(season):
    tournament = day(season)
    builders.play_out(tournament)
    return tournament


def test_prizes_marked_paid_and_taken_back_move_the_balance(director_client, director, season):
    tournament = settled_day(season)
    cash = director_client.get(money_url(tournament)).context["cash"]
    got = figures(cash)
    # 67.50 to share at 70/30 in whole units (47 and 20, the half to the winner), and
    # the side pool's 20 among its four (14 and 6).
    assert got["prizes"] == Decimal("87.50") == got["prizes-owed"]
    assert got["unshared"] == 0
    winner = next(p for p in cash.owed if p.kind == "main" and not p.side and p.places == "1")
    assert winner.amount == Decimal("47.50")
    response = director_client.post(
        prize_url(tournament),
        {"player": winner.player.pk, "bracket": "main", "method": "transfer"},
    )
    assert response.status_code == 302
    paid = PrizePayment.objects.get()
    assert (paid.player, paid.amount, paid.method, paid.paid_by, paid.places) == (
        winner.player,
        Decimal("47.50"),
        "transfer",
        director,
        "1",
    )
    audit = AuditEntry.objects.filter(action="payment").order_by("-pk").first()
    assert audit.user == director and audit.after["amount"] == "47.50"
    assert f"handed to {winner.player.name}" in audit.summary
    got = figures(director_client.get(money_url(tournament)).context["cash"])
    assert got["prizes-paid"] == got["paid-out-transfer"] == Decimal("47.50")
    assert got["prizes-owed"] == Decimal("40.00")
    assert got["balance"] == Decimal("47.50")  # 95 in, 47.50 out
    assert got["balance-transfer"] == Decimal("-22.50")  # paid by transfer beyond the taken
    assert got["balance"] == got["club-cut"] + got["prizes-owed"]
    # Taken back: owed again, and the log says so.
    response = director_client.post(
        prize_url(tournament), {"player": winner.player.pk, "bracket": "main", "method": ""}
    )
    assert response.status_code == 302
    assert not PrizePayment.objects.exists()
    taken_back = AuditEntry.objects.filter(action="payment").order_by("-pk").first()
    assert taken_back.before["amount"] == "47.50" and "owed again" in taken_back.summary
    got = figures(director_client.get(money_url(tournament)).context["cash"])
    assert got["prizes-owed"] == Decimal("87.50") and got["balance"] == Decimal("95.00")


@pytest.mark.parametrize(
    ("case", "status", "message"),
    [
        ("not settled", 409, "There is no such prize owed."),
        ("twice", 409, "There is no such prize owed."),
        ("a stranger", 400, "That player is not registered in this tournament."),
        ("nothing to take back", 409, "There is no such prize payment to take back."),
        ("no method known", 400, "That prize is not clear."),
    ],
)
def test_a_prize_that_cannot_be_paid_is_refused_and_nothing_is_saved(
    director_client, season, case, status, message
):
    tournament = day(season) if case == "not settled" else settled_day(season)
    winner = tournament.matches.get(bracket__kind="main", round=3).winner
    data = {"player": winner.pk if winner else 0, "bracket": "main", "method": "cash"}
    if case == "not settled":
        data["player"] = tournament.entries.first().player_id
    if case == "twice":
        assert director_client.post(prize_url(tournament), data).status_code == 302
    if case == "a stranger":
        data["player"] = builders.new_players(1, prefix="Fora")[0].pk
    if case == "nothing to take back":
        data["method"] = ""
    if case == "no method known":
        data["method"] = "cheque"
    before = list(PrizePayment.objects.values_list("pk", flat=True))
    audits = AuditEntry.objects.count()
    response = director_client.post(prize_url(tournament), data)
    assert response.status_code == status
    assert message in response.content.decode()
    assert list(PrizePayment.objects.values_list("pk", flat=True)) == before
    assert AuditEntry.objects.count() == audits


def sheet_of(response):
    book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    return list(book["Money"].iter_rows(values_only=True))


def amount(value) -> Decimal:
    # The cell is a number; its shortest decimal form is the amount written.
    return Decimal(repr(value)).quantize(Decimal("0.01"))


def test_the_workbooks_money_sheet_is_the_page(director_client, season):
    tournament = settled_day(season)
    cash = director_client.get(money_url(tournament)).context["cash"]
    winner = next(p for p in cash.owed if p.places == "1" and not p.side)
    director_client.post(
        prize_url(tournament), {"player": winner.player.pk, "bracket": "main", "method": "cash"}
    )
    page = director_client.get(money_url(tournament))
    cash = page.context["cash"]
    html = page.content.decode()
    response = director_client.get(reverse("director-money-xlsx", args=[tournament.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith('-money.xlsx"')
    rows = sheet_of(response)
    header, body = rows[0], rows[1:]
    assert header[:3] == ("Figure", "Amount", "Player")
    sheet_figures = [(row[0], amount(row[1])) for row in body if not row[2]]
    assert sheet_figures == [(line.label, line.amount) for line in cash.lines]
    # The page shows the same amounts as its context, figure by figure.
    shown = re.findall(r'<tr id="figure-([\w-]+)".*?data-amount="([\d.-]+)"', html, re.S)
    assert [(key, Decimal(value)) for key, value in shown] == [
        (line.key, line.amount) for line in cash.lines
    ]
    # And each figure's rows, player and amount, in the page's order.
    sheet_traces = [(row[0], row[2], amount(row[1])) for row in body if row[2]]
    page_traces = [
        (line.label, trace.player.name, trace.amount)
        for line in cash.lines
        for trace in line.traces
    ]
    assert sheet_traces == page_traces
    assert len(page_traces) > 20


def test_the_money_page_costs_the_same_for_8_and_16_players(
    director_client, season, django_assert_num_queries
):
    """Ten queries however many players and payments: the session, the director and
    his two permission reads, the tournament, its brackets, the fees with their
    players, the pools' payments, the matches, and the prizes handed over."""
    for size in (8, 16):
        tournament = day(season, size, name=f"{CUP} {size}")
        builders.play_out(tournament)
        prize = director_client.get(money_url(tournament)).context["cash"].owed[0]
        data = {"player": prize.player.pk, "bracket": prize.kind, "method": "cash"}
        data.update({"side": "1"} if prize.side else {})
        assert director_client.post(prize_url(tournament), data).status_code == 302
        with django_assert_num_queries(10):
            response = director_client.get(money_url(tournament))
        assert response.status_code == 200
        assert len(response.context["cash"].paid) == 1


@pytest.mark.parametrize(
    ("language", "title", "figure"),
    [
        ("ca", "La caixa", "Quotes cobrades: efectiu"),
        ("es", "La caja", "Cuotas cobradas: efectivo"),
    ],
)
def test_the_cash_box_speaks_catalan_and_spanish(director, season, language, title, figure):
    tournament = day(season)
    client = Client(headers={"accept-language": language})
    client.force_login(director)
    page = client.get(money_url(tournament)).content.decode()
    assert f"<h1>{title}</h1>" in page
    assert figure in page
    # The amounts are written the language's way, the figures' data unlocalized.
    assert 'data-amount="70.00"' in page and "70,00" in page


def test_the_desk_and_the_fees_page_lead_to_the_cash_box(director_client, season):
    tournament = day(season)
    link = f'href="{money_url(tournament)}"'
    for page in ("director-tournament", "director-fees"):
        assert link in director_client.get(reverse(page, args=[tournament.pk])).content.decode()


def test_a_name_like_a_formula_stays_text_on_the_money_sheet(director_client, season):
    """Player names are user text: on the Money sheet a name that looks like a formula
    is a string cell, never a formula."""
    tournament = day(season, name="=SUM(1)")
    response = director_client.get(reverse("director-money-xlsx", args=[tournament.pk]))
    book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    names = [row[2] for row in book["Money"].iter_rows(min_row=2) if row[2].value]
    assert names and all(cell.value.startswith("=SUM(1)") for cell in names)
    assert {cell.data_type for cell in names} == {"s"}
