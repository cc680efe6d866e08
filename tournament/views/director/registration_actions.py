"""The views that answer the forms of public registration on the tournament desk
(registration.py is what the desk shows of it): its settings (open, cap, closing
time), and the requests that wait for the director, accepted or refused."""

from django.contrib import messages
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from ...forms.registrations import RegistrationSettingsForm
from ...models import SignUp, Tournament
from ...operations import registrations
from ...operations.errors import OperationError
from ...web.access import director_required
from .tournament import back_to_desk, desk_page, tournament_of


@director_required
@require_POST
def settings(request, pk):
    """Open or close registration, with its cap and closing time."""
    tournament = tournament_of(pk)
    form = RegistrationSettingsForm(request.POST)
    if not form.is_valid():
        return desk_page(request, tournament, status=400, registration_form=form)
    data = form.cleaned_data
    try:
        registrations.set_registration(
            tournament,
            open_=data["registration_open"],
            cap=data["registration_cap"],
            closes=data["registration_closes"],
            user=request.user,
        )
    except OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    messages.success(request, gettext("Registration settings saved."))
    return back_to_desk(tournament, "registration")


def _sign_up_of(tournament: Tournament, sign_up_pk: int) -> SignUp:
    return get_object_or_404(SignUp, pk=sign_up_pk, tournament=tournament)


@director_required
@require_POST
def accept(request, pk, sign_up_pk):
    """Accept a request: the member it named, or a new player, is entered or listed."""
    tournament = tournament_of(pk)
    sign_up = _sign_up_of(tournament, sign_up_pk)
    try:
        outcome = registrations.accept_sign_up(tournament, sign_up, user=request.user)
    except OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    player = outcome.sign_up.player
    if outcome.status == SignUp.Status.WAITING:
        said = gettext("%(player)s is number %(position)d on the waiting list.") % {
            "player": player,
            "position": outcome.position,
        }
    else:
        said = gettext("%(player)s registered.") % {"player": player}
    messages.success(request, said)
    return back_to_desk(tournament, "registration")


@director_required
@require_POST
def refuse(request, pk, sign_up_pk):
    """Refuse a request, or take someone off the waiting list."""
    tournament = tournament_of(pk)
    sign_up = _sign_up_of(tournament, sign_up_pk)
    try:
        registrations.refuse_sign_up(tournament, sign_up, user=request.user)
    except OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    messages.success(request, gettext("%(name)s's request refused.") % {"name": sign_up.name})
    return back_to_desk(tournament, "registration")
