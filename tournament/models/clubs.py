"""The federation and its clubs: a club is a partition of the shared data (its seasons,
and through them its tournaments, matches and cash boxes), not a schema of its own, so
that a player, a rating and a report can cross clubs in one query.

The club the site was before clubs existed is the founding club, row 1: its addresses
stay unprefixed for ever (every link ever shared), a season made without a club is its,
and a director or a player from before clubs belongs to it (`web.clubs`, `access`)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Exists, OuterRef, Q, Value
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _

from ..core import rating_list
from . import club_scope

FOUNDING_CLUB_ID = 1
FOUNDING_SLUG = "q-gammon"
FOUNDING_NAME = "Q-gammon"
FEDERATION_ID = 1


class Federation(models.Model):
    """The one row above the clubs: its name, the rating policy's floor and the rating
    list's publication rules."""

    name = models.CharField(_("name"), max_length=120, default="")
    # The federation's floor of which matches are rated (core.rating_policy), as JSON.
    rating_policy = models.JSONField(_("rating policy"), default=dict, blank=True)
    # The rating list's thresholds (core.rating_list): the German list's by default.
    rating_list_min_experience = models.PositiveIntegerField(
        _("experience a published rating needs"),
        default=rating_list.DEFAULT_MIN_EXPERIENCE,
        help_text=_("Below it a player rated lately is listed apart, as provisional."),
    )
    rating_list_months = models.PositiveSmallIntegerField(
        _("months within which a rated match keeps a player listed"),
        default=rating_list.DEFAULT_MONTHS,
    )

    class Meta:
        verbose_name = _("federation")
        verbose_name_plural = _("federation")
        permissions = [("administer_federation", _("Can create clubs and appoint directors"))]
        constraints = [
            models.CheckConstraint(
                condition=Q(rating_list_months__gte=1)
                & Q(rating_list_months__lte=rating_list.MAX_MONTHS),
                name="federation_rating_list_months",
            ),
        ]

    def __str__(self) -> str:
        return self.name or str(_("The federation"))


class Club(models.Model):
    slug = models.SlugField(
        _("address name"),
        max_length=40,
        unique=True,
        help_text=_("Letters, digits and hyphens: the club's pages are /clubs/<name>/."),
        error_messages={"unique": _("Another club has this address name.")},
    )
    name = models.CharField(_("name"), max_length=120)
    # The language the club's mails and pages default to (blank: the site's).
    language = models.CharField(_("language"), max_length=7, choices=settings.LANGUAGES, blank=True)
    email = models.EmailField(_("contact email"), blank=True)
    phone = models.CharField(_("contact phone"), max_length=30, blank=True)
    address = models.TextField(_("address"), blank=True, help_text=_("Where the club plays."))
    website = models.URLField(_("website"), blank=True)
    # Which matches the club rates, inside the federation's floor (core.rating_policy).
    rating_policy = models.JSONField(_("rating policy"), default=dict, blank=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name", "pk"]
        constraints = [
            models.CheckConstraint(condition=~Q(slug=""), name="club_slug_not_empty"),
            models.CheckConstraint(condition=~Q(name=""), name="club_name_not_empty"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        # Its home by its own address (web.clubs takes the prefix off before resolving).
        return f"/clubs/{self.slug}/"

    @property
    def is_founding(self) -> bool:
        return self.pk == FOUNDING_CLUB_ID

    @property
    def prefix(self) -> str:
        """What its pages' addresses start with: nothing for the founding club's old
        addresses, `/clubs/<slug>` for every other."""
        return "" if self.is_founding else f"/clubs/{self.slug}"

    def language_for(self, player) -> str:
        """The language of a mail to `player` about one of the club's events: the
        player's own, else the club's, else the site's."""
        return player.language or self.language or settings.LANGUAGE_CODE

    @classmethod
    def founding(cls) -> Club | None:
        """The founding club (the migration's row; made again, where a test flushed the
        tables, by `operations.clubs.founding_club`)."""
        return cls.objects.filter(pk=FOUNDING_CLUB_ID).first()


class ClubRole(models.Model):
    """A user who runs a club: a director, or its results manager (a director named on
    the club's pages, as the UK federation names each club's manager)."""

    class Role(models.TextChoices):
        DIRECTOR = "director", _("director")
        RESULTS_MANAGER = "results_manager", _("results manager")

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="roles", verbose_name=_("club")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="club_roles",
        verbose_name=_("user"),
    )
    role = models.CharField(_("role"), max_length=20, choices=Role.choices, default=Role.DIRECTOR)

    class Meta:
        verbose_name = _("club role")
        verbose_name_plural = _("club roles")
        ordering = ["club", "role", "user"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="club_role_once"),
        ]

    def __str__(self) -> str:
        return f"{self.club}: {self.user} ({self.get_role_display()})"


class Membership(models.Model):
    """A player of the federation who is a member of a club, with the club's own member
    number."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("club")
    )
    player = models.ForeignKey(
        "tournament.Player",
        on_delete=models.CASCADE,
        related_name="memberships",
        verbose_name=_("player"),
    )
    number = models.CharField(_("member number"), max_length=20, blank=True)
    joined = models.DateField(_("joined"), auto_now_add=True)

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        ordering = ["club", "player"]
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="membership_once"),
            models.UniqueConstraint(
                fields=["club", "number"],
                condition=~Q(number=""),
                name="membership_number_unique_in_club",
                violation_error_message=_("Another member of the club has this number."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.club})"


# The rule of the rows from before clubs: a row of no club (a player who is a member of
# none, a job that works on no club's row) is the founding club's, as every row was.
# Written once, in the three forms its readers need.


def or_founding(clubs) -> frozenset[int]:
    """The clubs found, or the founding club when none was."""
    return frozenset(clubs) or frozenset({FOUNDING_CLUB_ID})


def club_or_founding(club):
    """A query's club expression, the founding club's where it is null."""
    return Coalesce(club, Value(FOUNDING_CLUB_ID))


def member_of(clubs) -> Q:
    """A player (the query's row) of one of `clubs`: a member, or, for the founding
    club, a member of none."""
    member = Q(Exists(Membership.objects.filter(player=OuterRef("pk"), club_id__in=clubs)))
    if FOUNDING_CLUB_ID in clubs:
        member |= ~Exists(Membership.objects.filter(player=OuterRef("pk")))
    return member


FEDERATION_PERMISSION = "tournament.administer_federation"
DIRECTORS_GROUP = "Directors"


def clubs_directed(user) -> frozenset[int]:
    """The clubs `user` runs, read once per user object (a request's user: one query
    for every check the request makes, the operations' included)."""
    if user is None or not user.is_authenticated:
        return frozenset()
    found = getattr(user, "_clubs_directed", None)
    if found is None:
        found = frozenset(
            ClubRole.objects.filter(user_id=user.pk).order_by().values_list("club_id", flat=True)
        )
        user._clubs_directed = found
    return found


def administers_federation(user) -> bool:
    return user is not None and user.is_authenticated and user.has_perm(FEDERATION_PERMISSION)


def directs(user, club_id: int) -> bool:
    """Whether `user` may run `club_id`: its director (or results manager), or the
    federation's administrator, who appoints them."""
    return club_id in clubs_directed(user) or administers_federation(user)


def forget_clubs_directed(user) -> None:
    user.__dict__.pop("_clubs_directed", None)


def club_of(club_id: int | None = None) -> int:
    """The club a new row is for: the one given, else the club whose page asks (the
    scope), else the founding club (a command, a one-club site)."""
    return club_id or club_scope.current() or FOUNDING_CLUB_ID
