"""A match adjourned at its score, and resumed later, from its sheet: the clocks' times
left are noted at the adjournment (operations.adjournments)."""

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from ... import operations
from ...forms import AdjournForm, ConfirmForm
from ...web.access import director_required
from .match import _answer, _sheet, _sheet_url, match_of


@director_required
@require_POST
def adjourn(request, tournament_pk, pk):
    """Adjourn the match at its score, each player's clock time noted if given."""
    match = match_of(tournament_pk, pk)
    form = AdjournForm(request.POST)
    if not form.is_valid():
        errors = [error for field in ("clock1", "clock2") for error in form.errors.get(field, [])]
        message = errors[0] if errors else gettext("The form was incomplete.")
        return _sheet(request, match, status=400, error=message)
    data = form.cleaned_data
    try:
        operations.adjourn_match(
            match,
            clock_left=(data["clock1"], data["clock2"]),
            user=request.user,
            expected_version=data["version"],
        )
    except operations.OperationError as error:
        return _answer(request, match, error, "")
    messages.success(request, gettext("Match adjourned at its score."))
    return redirect(_sheet_url(match))


@director_required
@require_POST
def resume(request, tournament_pk, pk):
    """Resume an adjourned match where it stopped."""
    match = match_of(tournament_pk, pk)
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        return _sheet(request, match, status=400, error=gettext("The form was incomplete."))
    try:
        operations.resume_match(
            match, user=request.user, expected_version=form.cleaned_data["version"]
        )
    except operations.OperationError as error:
        return _answer(request, match, error, "")
    match.refresh_from_db()
    if match.clocks_left:
        said = gettext("Match resumed: set the clocks to %(clocks)s.") % {
            "clocks": match.clocks_left
        }
    else:
        said = gettext("Match resumed.")
    messages.success(request, said)
    return redirect(_sheet_url(match))
