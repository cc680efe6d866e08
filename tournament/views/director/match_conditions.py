"""The conditions a match is played in, from its sheet: penalty points for the player
kept waiting before the first game, a clock brought in before the next one, another
free table. Every view needs the directors' permission; every write goes through
`operations`, and a refusal is the sheet again with the operation's message."""

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from ... import operations
from ...forms import ConfirmForm, PenaltyForm, TableForm
from ...web.access import director_required
from .match import _answer, _free_tables, _sheet, _sheet_url, match_of


@director_required
@require_POST
def penalty(request, tournament_pk, pk):
    """Lateness penalty points for the player kept waiting, before the first game."""
    match = match_of(tournament_pk, pk)
    form = PenaltyForm(request.POST, match=match)
    if not form.is_valid():
        errors = " ".join(str(error) for errors in form.errors.values() for error in errors)
        return _sheet(request, match, status=400, error=errors)
    data = form.cleaned_data
    try:
        operations.award_penalty(
            match,
            data["side"],
            data["points"],
            minutes_late=data["minutes_late"],
            user=request.user,
            expected_version=data["version"],
        )
    except operations.OperationError as error:
        return _answer(request, match, error, "")
    messages.success(
        request,
        ngettext(
            "%(points)d penalty point to %(player)s.",
            "%(points)d penalty points to %(player)s.",
            data["points"],
        )
        % {"points": data["points"], "player": match.players[data["side"]]},
    )
    return redirect(_sheet_url(match))


@director_required
@require_POST
def clock(request, tournament_pk, pk):
    """A clock brought into the match before its next game."""
    match = match_of(tournament_pk, pk)
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        return _sheet(request, match, status=400, error=gettext("The form was incomplete."))
    try:
        operations.bring_in_clock(
            match, user=request.user, expected_version=form.cleaned_data["version"]
        )
    except operations.OperationError as error:
        return _answer(request, match, error, "")
    match.refresh_from_db()
    messages.success(
        request,
        gettext("Clock in: %(minutes)s minutes each.") % {"minutes": match.reserve_minutes},
    )
    return redirect(_sheet_url(match))


@director_required
@require_POST
def table(request, tournament_pk, pk):
    """Another free table for the match."""
    match = match_of(tournament_pk, pk)
    form = TableForm(request.POST, match=match, free=_free_tables(match))
    if not form.is_valid():
        return _sheet(request, match, status=400, error=gettext("Choose one of the free tables."))
    try:
        moved = operations.move_to_table(
            match,
            form.cleaned_data["table"],
            user=request.user,
            expected_version=form.cleaned_data["version"],
        )
    except operations.OperationError as error:
        return _answer(request, match, error, "")
    messages.success(request, gettext("Now at %(table)s.") % {"table": moved.table_label})
    return redirect(_sheet_url(match))
