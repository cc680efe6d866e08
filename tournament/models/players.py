"""The club's players: names, membership, contact details for directors only."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from ..core import ratings
from ..core.names import normalize_name


class PlayerQuerySet(models.QuerySet):
    def active(self):
        return self.filter(active=True)

    def search(self, query: str):
        """Players whose name holds `query` ignoring accents, case and spacing ("nuria"
        and "NÚRIA" find Núria Ferrer), or whose membership number is `query`."""
        key = normalize_name(query)
        found = Q(membership_number=query.strip())
        if key:
            found |= Q(name_key__contains=key)
        return self.filter(found)

    def namesakes(self, name: str):
        """Players named like `name`, ignoring accents, case and spacing."""
        return self.filter(name_key=normalize_name(name))


class Player(models.Model):
    name = models.CharField(_("name"), max_length=100)
    # The name as the club compares names (core.names.normalize_name), kept by save():
    # the director's search and the check for a namesake read it in the database.
    name_key = models.CharField(_("name for searching"), max_length=100, editable=False, default="")
    membership_number = models.CharField(_("membership number"), max_length=20, blank=True)
    club = models.CharField(_("club"), max_length=100, blank=True)
    # One player of the federation, whichever clubs they are a member of (Membership):
    # the federation's own number, where it gives one.
    federation_number = models.CharField(_("federation number"), max_length=20, blank=True)
    # Contact details are for the directors only: never shown on a public page.
    email = models.EmailField(_("email"), blank=True)
    phone = models.CharField(_("phone"), max_length=30, blank=True)
    # Mail only to those who agreed, in the language they read (blank: the club's).
    mail_consent = models.BooleanField(
        _("agrees to receive mail"),
        default=False,
        help_text=_("A short mail when their next match is ready."),
    )
    language = models.CharField(_("language"), max_length=7, choices=settings.LANGUAGES, blank=True)
    active = models.BooleanField(
        _("active"),
        default=True,
        help_text=_("A player with results cannot be deleted; deactivate them instead."),
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    # Caches of the FIBS ratings over every rated match (operations.ratings.refresh).
    rating = models.FloatField(_("rating"), default=1500.0)
    rating_experience = models.PositiveIntegerField(_("rating experience"), default=0)
    # Kept with them, so that the ratings page reads a page of rows and not the history:
    # the rated matches, those won, and when the last was decided (a player with none in
    # the last year is listed apart, as inactive).
    rated_matches = models.PositiveIntegerField(_("rated matches"), default=0)
    rated_won = models.PositiveIntegerField(_("rated matches won"), default=0)
    last_rated_at = models.DateTimeField(_("last rated match"), null=True, blank=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["name", "pk"]
        indexes = [
            models.Index(fields=["name_key"], name="player_name_key"),
            # The ratings page: the active (rated lately) by rating, a page at a time.
            models.Index(fields=["last_rated_at"], name="player_last_rated"),
            models.Index(fields=["-rating", "name"], name="player_by_rating"),
        ]
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="player_name_not_empty"),
            models.UniqueConstraint(
                fields=["membership_number"],
                condition=~Q(membership_number=""),
                name="player_membership_number_unique",
                violation_error_message=_("Another player has this membership number."),
            ),
            models.UniqueConstraint(
                fields=["federation_number"],
                condition=~Q(federation_number=""),
                name="player_federation_number_unique",
                violation_error_message=_("Another player has this federation number."),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        self.name_key = normalize_name(self.name)[:100]
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("player", args=[self.pk])

    @property
    def rating_provisional(self) -> bool:
        return ratings.is_provisional(self.rating_experience)
