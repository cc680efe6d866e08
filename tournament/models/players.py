"""The federation's players: names, contact details for their clubs' directors only.
A player's member number is their club's (Membership.number): one person may be a
member of several clubs, each with its own number."""

from __future__ import annotations

import functools
import operator

from django.conf import settings
from django.db import models
from django.db.models import Exists, OuterRef, Q, Subquery, Value
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from ..core import ratings
from ..core.names import normalize_name
from .clubs import FOUNDING_CLUB_ID, Membership, member_of


class PlayerQuerySet(models.QuerySet):
    def active(self):
        return self.filter(active=True)

    def search(self, query: str, club_id: int = FOUNDING_CLUB_ID):
        """Players whose name holds `query` ignoring accents, case and spacing ("nuria"
        and "NÚRIA" find Núria Ferrer), or whose member number in the club is `query`."""
        key, number = normalize_name(query), query.strip()
        found = []
        if number:
            found.append(
                Exists(
                    Membership.objects.filter(player=OuterRef("pk"), club_id=club_id, number=number)
                )
            )
        if key:
            found.append(Q(name_key__contains=key))
        if not found:
            return self.none()
        return self.filter(functools.reduce(operator.or_, found))

    def members_of(self, club_id: int):
        """The club's members. A player who is a member of no club at all is the
        founding club's, as every player was before clubs."""
        return self.filter(member_of({club_id}))

    def with_number(self, club_id: int):
        """Each player with `number`, their member number in the club ("" for none)."""
        numbers = Membership.objects.filter(player=OuterRef("pk"), club_id=club_id)
        return self.annotate(number=Coalesce(Subquery(numbers.values("number")[:1]), Value("")))

    def by_number(self, club_id: int, number: str):
        """The players with the member number in the club (capitals aside: "q023" is
        Q023); at most one, but a case-blind match may find two."""
        return self.filter(
            Exists(
                Membership.objects.filter(
                    player=OuterRef("pk"), club_id=club_id, number__iexact=number
                )
            )
        )

    def namesakes(self, name: str):
        """Players named like `name`, ignoring accents, case and spacing."""
        return self.filter(name_key=normalize_name(name))


class Player(models.Model):
    name = models.CharField(_("name"), max_length=100)
    # The name as the club compares names (core.names.normalize_name), kept by save():
    # the director's search and the check for a namesake read it in the database.
    name_key = models.CharField(_("name for searching"), max_length=100, editable=False, default="")
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
