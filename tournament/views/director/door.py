"""The door on the tournament's desk: the check-in window opened and closed, the
players' requests to play answered, and the count of who has arrived as a live part
(players check themselves in from their own pages meanwhile: the desk's count moves
without a reload). Every view needs the directors' permission."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from ... import operations
from ...queries.director_desk import entries_with_players, tournament_with_club_mark
from ...web import live
from ...web.access import director_required
from .arrivals import door_context
from .setup import say_if_discarded
from .tournament import back_to_desk, desk_page, tournament_of

ANCHOR = "door"


def _director_tournament(request, pk):
    """The tournament and its marks in one query (live.conditional's row)."""
    return tournament_with_club_mark(pk)


@director_required
@require_GET
@live.conditional(_director_tournament, live.tournament_marks, whole_page=False)
def door_part(request, pk):
    """The desk's door part alone, for its live refresh (a 304 when the tournament's
    marks have not moved). Template: director/includes/door_live.html."""
    tournament = request.live_row
    if tournament is None:
        raise Http404
    entries = entries_with_players(tournament)
    context = {"tournament": tournament, **door_context(tournament, entries)}
    return render(request, "director/includes/door_live.html", context)


@director_required
@require_POST
def window(request, pk):
    """Open (open=1) or close (open=0) the check-in window."""
    tournament = tournament_of(pk)
    opening = request.POST.get("open") == "1"
    try:
        if opening:
            operations.open_check_in(tournament, user=request.user)
        else:
            operations.close_check_in(tournament, user=request.user)
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    if opening:
        messages.success(request, gettext("Check-in is open: players check in from their page."))
    else:
        messages.success(request, gettext("Check-in is closed."))
    return back_to_desk(tournament, ANCHOR)


def _request_id(request):
    value = request.POST.get("request", "")
    return int(value) if value.isdigit() else None


@director_required
@require_POST
def answer_request(request, pk):
    """A request at the door: accept=1 registers a player who asked to play (checked in
    before the draw; beyond_cap=1 past the registration cap, the director's choice the
    button says), or checks in a registered player who said "I'm here" after the draw
    (the button says what it does to the draw); accept=0 refuses or dismisses it."""
    tournament = tournament_of(pk)
    request_id = _request_id(request)
    if request_id is None:
        return desk_page(request, tournament, status=400, error=gettext("Choose a request."))
    try:
        if request.POST.get("accept") == "1":
            change = operations.accept_entry_request(
                tournament,
                request_id,
                user=request.user,
                beyond_cap=request.POST.get("beyond_cap") == "1",
            )
            entry = change.subject
            if entry.checked_in:
                said = gettext("%(player)s is checked in.")
            else:
                said = gettext(
                    "%(player)s registered. The draw is made: their row says how they can "
                    "still play."
                )
            messages.success(request, said % {"player": entry.player})
            say_if_discarded(request, change)
        else:
            player = operations.refuse_entry_request(tournament, request_id, user=request.user)
            messages.success(request, gettext("%(player)s's request refused.") % {"player": player})
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    return back_to_desk(tournament, ANCHOR)
