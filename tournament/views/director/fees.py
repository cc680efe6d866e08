"""A tournament's fees at the director's desk: who paid which entry fee or side pool, by
cash or transfer (or taken back), the pools, and the prizes once places are known. Every
view needs the directors' permission; every write goes through `operations`.
"""

from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from ... import operations
from ...forms import PaymentForm
from ...models import Tournament
from ...queries.prizes import tournament_money
from ...web.access import director_required
from .tournament import back_to_desk, desk_page, entries_of, tournament_of


def _fees(request, tournament: Tournament, *, status=200, error=None):
    """Template: director/fees.html; context: tournament, brackets (those with a fee or
    a side pool), rows (entry, [(bracket, fee payment, side payment)]), money (pools
    and prizes: queries.prizes.Money), error."""
    brackets = [
        bracket
        for bracket in tournament.brackets.order_by("pk")
        if bracket.fee > 0 or bracket.side_pool_fee > 0
    ]
    rows = []
    for entry in entries_of(tournament):
        paid = {(payment.bracket, payment.side): payment for payment in entry.payments.all()}
        cells = [
            (bracket, paid.get((bracket.kind, False)), paid.get((bracket.kind, True)))
            for bracket in brackets
        ]
        rows.append((entry, cells))
    context = {
        "tournament": tournament,
        "brackets": brackets,
        "rows": rows,
        "money": tournament_money(tournament),
        "error": error,
    }
    return render(request, "director/fees.html", context, status=status)


@director_required
@require_GET
def fees(request, pk):
    """Who paid which fee or side pool, the pools, and the prizes once places are known."""
    return _fees(request, tournament_of(pk))


@director_required
@require_POST
def pay(request, pk):
    """A fee or a side pool's share paid (method cash or transfer), or taken back
    (method empty). Back to the desk or the fees page (`next`)."""
    tournament = tournament_of(pk)
    form = PaymentForm(request.POST, tournament=tournament)
    back_to_fees = request.POST.get("next") == "fees"
    answer = _fees if back_to_fees else desk_page
    if not form.is_valid():
        reasons = " ".join(form.errors.get("entry", [])) or gettext("That payment is not clear.")
        return answer(request, tournament, status=400, error=reasons)
    data = form.cleaned_data
    try:
        if data["method"]:
            operations.pay(
                tournament,
                data["entry"],
                data["bracket"],
                method=data["method"],
                side=data["side"],
                user=request.user,
            )
        else:
            operations.take_back_payment(
                tournament, data["entry"], data["bracket"], side=data["side"], user=request.user
            )
    except operations.OperationError as error:
        return answer(request, tournament, status=409, error=error.message)
    if back_to_fees:
        return redirect("director-fees", tournament.pk)
    return back_to_desk(tournament, f"entry-{data['entry'].pk}")
