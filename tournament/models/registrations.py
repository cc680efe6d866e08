"""Registration before the day: a tournament's public sign-up settings (open, cap,
closing time) and the sign-ups a visitor sends, which wait for the director (a stranger)
or on the waiting list (a known member once the cap is reached)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .players import Player

# What a visitor may type, at most: the member number's and the name's own lengths.
NAME_LENGTH = 100


class RegistrationSettings(models.Model):
    """The tournament's sign-up settings, as columns of the tournament itself: the public
    page reads them with the row it already has, so a closed registration costs it no
    query."""

    registration_open = models.BooleanField(
        _("public registration open"),
        default=False,
        help_text=_("Players may register from the tournament's public page."),
    )
    registration_cap = models.PositiveSmallIntegerField(
        _("registration: players at most"),
        null=True,
        blank=True,
        help_text=_("Beyond it, players go on the waiting list; empty for no cap."),
    )
    registration_closes = models.DateTimeField(
        _("registration closes at"),
        null=True,
        blank=True,
        help_text=_("Empty: registration stays open until the draw."),
    )

    class Meta:
        abstract = True

    def registration_is_open(self, now=None) -> bool:
        """Open, and not past its closing time (the draw is the caller's to check)."""
        if not self.registration_open:
            return False
        closes = self.registration_closes
        return closes is None or (now or timezone.now()) < closes


class SignUpQuerySet(models.QuerySet):
    def waiting_list(self):
        """The waiting list in arrival order: the order in which they were listed."""
        return self.filter(status=SignUp.Status.WAITING).order_by("place")

    def for_the_director(self):
        return self.filter(status=SignUp.Status.PENDING).order_by("pk")


class SignUp(models.Model):
    """One request sent from the registration form. A known member whose e-mail is the
    one on record is entered at once (or listed when the cap is reached); anyone else
    waits for the director (PENDING), who accepts or refuses."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for the director")
        WAITING = "waiting", _("on the waiting list")
        ENTERED = "entered", _("entered")
        REFUSED = "refused", _("refused by the director")
        WITHDRAWN = "withdrawn", _("left the waiting list")

    ACTIVE = (Status.PENDING, Status.WAITING)

    tournament = models.ForeignKey(
        "tournament.Tournament",
        on_delete=models.CASCADE,
        related_name="sign_ups",
        verbose_name=_("tournament"),
    )
    # The club's player this is: the member matched (PENDING: the one the name or number
    # named, for the director to confirm), or the one the director created.
    player = models.ForeignKey(
        Player,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="sign_ups",
        verbose_name=_("player"),
    )
    # What the visitor typed: shown to the directors only.
    name = models.CharField(_("name or member number"), max_length=NAME_LENGTH)
    email = models.EmailField(_("email"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices)
    created = models.DateTimeField(_("sent at"), default=timezone.now)
    decided = models.DateTimeField(_("decided at"), null=True, blank=True)
    # The order of arrival on the waiting list: one more than any before, given under the
    # tournament's lock (operations.registrations), so the list's order is the order in
    # which the lock took them, whatever the clocks of several servers say. A stranger
    # the director accepts joins at the end, behind those already told their place.
    place = models.PositiveIntegerField(_("place in arrival order"), null=True, blank=True)

    objects = SignUpQuerySet.as_manager()

    class Meta:
        verbose_name = _("sign-up")
        verbose_name_plural = _("sign-ups")
        ordering = ["tournament_id", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=["pending", "waiting", "entered", "refused", "withdrawn"]),
                name="signup_status_known",
            ),
            # A player is on a tournament's waiting list once at most. (Not a pending
            # request: anyone may type a member's name, which must never stop the
            # member's own registration.)
            models.UniqueConstraint(
                fields=["tournament", "player"],
                condition=Q(status="waiting"),
                name="signup_player_once_on_the_list",
            ),
            models.CheckConstraint(
                condition=~Q(status="waiting") | Q(player__isnull=False, place__isnull=False),
                name="signup_waiting_has_player_and_place",
            ),
            models.UniqueConstraint(
                fields=["tournament", "place"],
                condition=Q(place__isnull=False),
                name="signup_place_once_per_tournament",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_status_display()})"
