"""A Swiss with lives on the desk: the view by which an eliminated player buys back in
(the director's action, audited, its fee paid into the pool as an entry fee; lives.py
is the form the desk shows for it)."""

from __future__ import annotations

from django.contrib import messages
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from ... import operations
from ...web.access import director_required
from .lives import reentry_form
from .tournament import back_to_desk, desk_page, tournament_of


@director_required
@require_POST
def reenter(request, pk):
    tournament = tournament_of(pk)
    form = reentry_form(tournament, request.POST)
    if form is None or not form.is_valid():
        return desk_page(
            request, tournament, status=400, error=gettext("This player cannot re-enter now.")
        )
    entry = form.cleaned_data["entry"]
    try:
        operations.reenter(tournament, entry, method=form.cleaned_data["method"], user=request.user)
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    messages.success(
        request,
        gettext("%(player)s is back in with one life.") % {"player": entry.player.name},
    )
    return back_to_desk(tournament)
