"""Public registration on the tournament desk: what the desk shows of it (its settings
form, the requests that wait for the director and the waiting list,
director/includes/registration.html). The views that answer its forms are
`registration_actions`'s: the desk imports this module, they import the desk."""

from ...forms.registrations import RegistrationSettingsForm
from ...models import SignUp, Tournament
from ...queries.director_desk import active_sign_ups


def registration_desk(tournament: Tournament, form=None) -> dict:
    """What the desk's registration part shows: the settings form, the requests for the
    director and the waiting list, each in arrival order (one query for both)."""
    active = active_sign_ups(tournament)
    return {
        "form": form
        or RegistrationSettingsForm(
            initial={
                "registration_open": tournament.registration_open,
                "registration_cap": tournament.registration_cap,
                "registration_closes": tournament.registration_closes,
            }
        ),
        "pending": [s for s in active if s.status == SignUp.Status.PENDING],
        "waiting": sorted(
            (s for s in active if s.status == SignUp.Status.WAITING), key=lambda s: s.place
        ),
    }
