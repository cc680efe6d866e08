"""The match sheet's tournament-day actions: penalty points for the waiting player
before the first game, a loss on time, a clock brought in, another table. Like the
rest of the sheet (views.director), each needs the directors' permission and goes
through `operations`, which locks, checks and audits; a refusal is the sheet again with
the operation's message."""

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from .. import operations
from ..forms import ConfirmForm, PenaltyForm, TableForm
from ..web.access import director_required
from .director import _answer, _free_tables, _match, _sheet, _sheet_url, _side_action


@director_required
@require_POST
def penalty(request, tournament_pk, pk):
    """Lateness penalty points for the player kept waiting, before the first game."""
    match = _match(tournament_pk, pk)
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
def on_time(request, tournament_pk, pk):
    """A player's time ran out: the posted side is the player who lost on time."""
    match = _match(tournament_pk, pk)
    return _side_action(
        request,
        match,
        lambda loser, **kwargs: operations.lose_on_time(match, loser, user=request.user, **kwargs),
        gettext("Loss on time recorded."),
        ask=(
            "on_time",
            lambda loser, winner: (
                gettext("%(player)s loses on time: %(winner)s wins the match. Record it?")
                % {"player": loser, "winner": winner},
                gettext("Yes, record the loss on time"),
            ),
        ),
    )


@director_required
@require_POST
def clock(request, tournament_pk, pk):
    """A clock brought into the match before its next game."""
    match = _match(tournament_pk, pk)
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
    match = _match(tournament_pk, pk)
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
