"""The club's single Django app."""

from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def make_cache_tables(using="default", **_kwargs) -> None:
    """The players' write limits are counted in a table of the database when there is no
    Redis (settings, "Abuse limits"): `migrate` makes it (and nothing when it exists), so
    no deployment step can be forgotten."""
    from django.core.management import call_command

    call_command("createcachetable", database=using, verbosity=0)


def found_the_club(using="default", **_kwargs) -> None:
    """The founding club's row (the migration makes it) made again after the tables were
    emptied (a flush), as Django makes the permissions again: a season's club defaults
    to it."""
    from django.db import connections

    from .operations.founding import founding_club

    if "tournament_club" in connections[using].introspection.table_names():
        founding_club(using)


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Catalan's "d'Anna", not "de Anna", in every message that names someone.
        from . import elision

        elision.install()
        # A user put in the "Directors" group directs the founding club (models.clubs).
        from .operations import founding  # noqa: F401

        post_migrate.connect(make_cache_tables, sender=self)
        post_migrate.connect(found_the_club, sender=self)
