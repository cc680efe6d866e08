"""A tournament's fees at the director's desk: who paid which entry fee or side pool, by
cash or transfer (or taken back), in one tap for everyone here or for a whole row, the
pools, and the prizes once places are known. Every view needs the directors'
permission; every write goes through `operations`.
"""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_POST

from ... import operations
from ...forms import FeesSweepForm, PaymentForm
from ...models import Tournament
from ...queries.prizes import tournament_money
from ...queries.tournament_page import brackets_with_fees
from ...web.access import director_required
from .tournament import back_to_desk, desk_page, entries_of, tournament_of


def _fees(request, tournament: Tournament, *, status=200, error=None):
    """Template: director/fees.html; context: tournament, brackets (those with a fee or
    a side pool), rows (entry, [(bracket, fee payment, side payment)], unpaid: how many
    of the row's pools are not paid), pools (how many columns), money (pools and
    prizes: queries.prizes.Money), error."""
    brackets = brackets_with_fees(tournament)
    rows = []
    for entry in entries_of(tournament):
        paid = {(payment.bracket, payment.side): payment for payment in entry.payments.all()}
        cells = [
            (bracket, paid.get((bracket.kind, False)), paid.get((bracket.kind, True)))
            for bracket in brackets
        ]
        unpaid = sum(
            (bracket.fee > 0 and fee is None) + (bracket.side_pool_fee > 0 and side is None)
            for bracket, fee, side in cells
        )
        rows.append((entry, cells, unpaid))
    context = {
        "tournament": tournament,
        "brackets": brackets,
        "rows": rows,
        "pools": sum((bracket.fee > 0) + (bracket.side_pool_fee > 0) for bracket in brackets),
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


@director_required
@require_POST
def pay_in_one(request, pk):
    """Fees in one tap: with `bracket` (and `side`), everyone checked in who has not
    paid that pool paid it; with `entry`, that player paid every pool of their row;
    by `method`. Back to the fees page, which says how many payments were recorded."""
    tournament = tournament_of(pk)
    form = FeesSweepForm(request.POST, tournament=tournament)
    if not form.is_valid():
        reasons = " ".join(message for errors in form.errors.values() for message in errors)
        return _fees(request, tournament, status=400, error=reasons)
    data = form.cleaned_data
    try:
        if data["entry"]:
            made = operations.pay_every_fee(
                tournament, data["entry"], method=data["method"], user=request.user
            )
        else:
            made = operations.pay_everyone_here(
                tournament,
                data["bracket"],
                method=data["method"],
                side=data["side"],
                user=request.user,
            )
    except operations.OperationError as error:
        return _fees(request, tournament, status=409, error=error.message)
    if made:
        said = ngettext(
            "%(count)d payment recorded: %(players)s.",
            "%(count)d payments recorded: %(players)s.",
            len(made),
        ) % {
            "count": len(made),
            "players": ", ".join(dict.fromkeys(p.entry.player.name for p in made)),
        }
        messages.success(request, said)
    else:
        messages.info(request, gettext("Everyone checked in had paid it already."))
    return redirect("director-fees", tournament.pk)
