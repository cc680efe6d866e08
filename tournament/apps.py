"""The club's single Django app."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Catalan's "d'Anna", not "de Anna", in every message that names someone.
        from . import elision

        elision.install()
