"""Registration before the day, from the tournament's public pages: the form (name or
member number and an e-mail, no account), the fees, and what became of the request.
A robot that fills the honeypot field is answered as if all went well, nothing is
saved, and its post is not counted: an outsider on the club's Wi-Fi sending it cannot use
up the address's posts for the members behind it. Every other post is counted against
its address first (web.registration_limits)."""

from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from ...forms.registrations import SignUpForm
from ...models import SignUp, Tournament
from ...operations import registrations
from ...operations.errors import OperationError
from ...queries.tournament_page import brackets_with_fees
from ...web.registration_limits import too_many_sign_ups


def _said(outcome: registrations.SignedUp) -> str:
    if outcome.status == SignUp.Status.ENTERED:
        return gettext(
            "You are registered. Your private link is on its way to the e-mail address "
            "the club has for you."
        )
    if outcome.status == SignUp.Status.WAITING:
        return gettext(
            "The tournament is full: you are number %(position)d on the waiting list. You "
            "move up by yourself when a place frees, and we mail you."
        ) % {"position": outcome.position}
    return gettext("Thank you: your registration waits for the director, who will be in touch.")


@require_http_methods(["GET", "POST"])
def register(request, pk):
    """The registration form of a public tournament (404 for a private one), and its
    answer: 200 with what became of the request; 400 for a form not filled in; 409
    with the reason when registration is closed or the player is already in; 429 past
    the address's limit.

    Template: tournament/register.html; context: tournament, form, fees, closed (why
    the form is not offered, or ""), done (what became of a request), full (places
    taken)."""
    tournament = get_object_or_404(Tournament.objects.public().select_related("season"), pk=pk)
    status, done = 200, ""
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.from_a_robot:
        # Answered like a person's request, so the robot learns nothing to adapt; not
        # counted, since it saves nothing and tells nothing.
        done = gettext("Thank you: your registration waits for the director, who will be in touch.")
    elif request.method == "POST":
        wait = too_many_sign_ups(request)
        if wait is not None:
            response = render(
                request,
                "tournament/register.html",
                _context(
                    tournament,
                    form=SignUpForm(),
                    error=gettext(
                        "Too many registrations from your address. Wait a while and try again."
                    ),
                ),
                status=429,
            )
            response["Retry-After"] = str(wait)
            return response
        if not form.is_valid():
            status = 400
        else:
            try:
                done = _said(
                    registrations.sign_up(
                        tournament, form.cleaned_data["name"], form.cleaned_data["email"]
                    )
                )
            except OperationError as refusal:
                return render(
                    request,
                    "tournament/register.html",
                    _context(tournament, form=form, error=refusal.message),
                    status=409,
                )
    return render(
        request,
        "tournament/register.html",
        _context(tournament, form=form, done=done),
        status=status,
    )


def _context(tournament: Tournament, **extra) -> dict:
    try:
        registrations.check_open(tournament)
        closed = ""
    except registrations.RegistrationClosed as refusal:
        closed = refusal.message
    return {
        "tournament": tournament,
        "fees": brackets_with_fees(tournament),
        "closed": closed,
        "places": tournament.registration_cap,
        "error": "",
        "done": "",
        **extra,
    }
