"""The views that act on a Swiss's or a round robin's rounds from the director's desk
(rounds.py is what the desk shows of them): pairing the next Swiss round by hand (it
pairs itself when a round's last match is decided) or the newest round again before it
starts; going on without waiting for the analyses (a Win + Skill Swiss's next round, or
its or a round robin's knockout or final places, otherwise wait for them); a round's
deadline, and the matches nobody played by it, given as a walkover or a double loss.
Every view needs the directors' permission; every write goes through `operations`.
"""

from django.contrib import messages
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from ... import operations
from ...forms import DeadlineForm, OverdueForm
from ...forms.rounds import DOUBLE_LOSS, WALKOVER_TO_FIRST
from ...operations.analysis_waits import FINISH, KNOCKOUT, PAIR
from ...queries.director_desk import match_of
from ...web.access import director_required
from .tournament import back_to_desk, desk_page, tournament_of


@director_required
@require_POST
def pair_next(request, pk):
    tournament = tournament_of(pk)
    try:
        paired = operations.pair_next_round(tournament, user=request.user)
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    messages.success(request, gettext("Round %(number)s paired.") % {"number": paired.number})
    return back_to_desk(tournament, "rounds-heading")


@director_required
@require_POST
def without_waiting(request, pk):
    """A Win + Skill event goes on without the analyses it waits for: its next round
    paired, its knockout drawn or its places final, on the points as they stand."""
    tournament = tournament_of(pk)
    try:
        found = operations.go_on_without_waiting(tournament, user=request.user)
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    done = {
        PAIR: gettext("Round %(number)s paired.") % {"number": found.number},
        KNOCKOUT: gettext("The knockout is drawn from the points as they stand."),
        FINISH: gettext("The tournament is finished on the points as they stand."),
    }
    messages.success(request, done[found.step])
    return back_to_desk(tournament, "rounds-heading")


@director_required
@require_POST
def pair_again(request, pk):
    tournament = tournament_of(pk)
    try:
        paired = operations.pair_round_again(tournament, user=request.user)
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    messages.success(request, gettext("Round %(number)s paired again.") % {"number": paired.number})
    return back_to_desk(tournament, "rounds-heading")


@director_required
@require_POST
def deadline(request, pk):
    tournament = tournament_of(pk)
    form = DeadlineForm(request.POST)
    if not form.is_valid():
        return desk_page(
            request, tournament, status=400, error=gettext("That is not a date and time.")
        )
    number = form.cleaned_data["round"]
    try:
        operations.set_round_deadline(
            tournament, number, form.cleaned_data["deadline"], user=request.user
        )
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    messages.success(request, gettext("Round %(number)s's deadline saved.") % {"number": number})
    return back_to_desk(tournament, "rounds-heading")


@director_required
@require_POST
def overdue(request, pk):
    """A match past its round's deadline: a walkover to the player who came, or a
    double loss when neither did."""
    tournament = tournament_of(pk)
    form = OverdueForm(request.POST)
    if not form.is_valid():
        return desk_page(request, tournament, status=400, error=gettext("Choose what to record."))
    match = match_of(tournament, form.cleaned_data["match"])
    if match is None:
        return desk_page(request, tournament, status=404, error=gettext("No such match here."))
    decision, version = form.cleaned_data["decision"], form.cleaned_data["version"]
    try:
        if decision == DOUBLE_LOSS:
            operations.double_loss(match, user=request.user, expected_version=version)
        else:
            winner = 0 if decision == WALKOVER_TO_FIRST else 1
            operations.walkover(match, winner, user=request.user, expected_version=version)
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    messages.success(request, gettext("Recorded: %(match)s.") % {"match": match})
    return back_to_desk(tournament, "overdue-heading")
