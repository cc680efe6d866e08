"""A tournament's money on one page, for the directors only: the fees taken by method,
the pools and the club's cut, the prizes paid and still owed, and the balance, each
figure with the rows it adds up (`queries.cash_box`, the same lines as the workbook's
Money sheet); and marking a prize handed over, or owed again, through `operations`.
"""

from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from ... import operations
from ...exports import money_sheets
from ...forms import PrizePaymentForm
from ...models import Tournament
from ...queries.cash_box import tournament_cash
from ...web.access import director_required
from ..public.downloads import workbook_response
from .tournament import tournament_of


def _money(request, tournament: Tournament, *, status=200, error=None):
    """Template: director/money.html; context: tournament, cash (queries.cash_box.
    TournamentCash: box, lines, owed, paid), error."""
    context = {"tournament": tournament, "cash": tournament_cash(tournament), "error": error}
    return render(request, "director/money.html", context, status=status)


@director_required
@require_GET
def money(request, pk):
    """The cash box: every figure, and the rows behind each."""
    return _money(request, tournament_of(pk))


@director_required
@require_GET
def money_workbook(request, pk):
    """The tournament's workbook with its Money sheet: the page's figures and rows.
    For the directors only, as the page: it says who paid what, and how."""
    tournament = tournament_of(pk)
    name = slugify(tournament.name) or "tournament"
    filename = f"qgammon-{tournament.season.years}-{name}-money.xlsx"
    return workbook_response(money_sheets(tournament, tournament_cash(tournament)), filename)


@director_required
@require_POST
def pay_prize(request, pk):
    """A prize handed over (method cash or transfer) or marked owed again (method
    empty). The amount and the place are the cash box's for that prize, read now."""
    tournament = tournament_of(pk)
    form = PrizePaymentForm(request.POST, tournament=tournament)
    if not form.is_valid():
        reasons = " ".join(form.errors.get("player", [])) or gettext("That prize is not clear.")
        return _money(request, tournament, status=400, error=reasons)
    data = form.cleaned_data
    player, kind, side = data["player"], data["bracket"], data["side"]
    try:
        if data["method"]:
            owed = tournament_cash(tournament).owed
            prize = next(
                (p for p in owed if (p.player.pk, p.kind, p.side) == (player.pk, kind, side)),
                None,
            )
            if prize is None:
                raise operations.OperationError(gettext("There is no such prize owed."))
            operations.pay_prize(
                tournament,
                player,
                kind,
                side=side,
                places=prize.places,
                amount=prize.amount,
                method=data["method"],
                user=request.user,
            )
        else:
            operations.take_back_prize_payment(
                tournament, player, kind, side=side, user=request.user
            )
    except operations.OperationError as error:
        return _money(request, tournament, status=409, error=error.message)
    return redirect("director-money", tournament.pk)
