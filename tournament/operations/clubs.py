"""The federation's writes: a club made and its details changed, its directors and its
results manager appointed and removed. Only the federation's administrator may (or a
command, run by whoever runs the server: `user` None); a club's own director may not,
since a club does not choose who runs the others, nor make new ones.

A director is a ClubRole (the club's pages ask it: models.clubs.directs) and a member
of the "Directors" group, whose model permissions the admin asks. The group's signal
(models.director_group) makes a user put there without a role the founding club's
director, for the sites from before clubs: so the role is made first and the group
joined after, and an appointed director of another club is never the founding club's
too."""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.contrib.auth.models import Group
from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..models import AuditEntry, Club, ClubRole
from ..models.audit import Said
from ..models.clubs import DIRECTORS_GROUP, administers_federation, forget_clubs_directed
from . import audit
from .errors import OperationError, full_clean

# A club's address name: what `/clubs/<slug>/` reads (web.clubs), without the
# underscore a SlugField would let in, so that every address looks alike.
SLUG = re.compile(r"^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$")
SLUG_LENGTH = Club._meta.get_field("slug").max_length
# What a club's page lets the federation change: the slug stays (its addresses are
# shared), the rating policy is the club's own page's.
DETAILS = ("name", "language", "email", "phone", "address", "website")
ROLES = frozenset(ClubRole.Role.values)


def check_administers(user) -> None:
    """A command (no user) or the federation's administrator; anyone else is refused."""
    if user is not None and not administers_federation(user):
        raise OperationError(
            _("Only the federation's administrator creates clubs and appoints their directors.")
        )


def check_slug(slug: str) -> str:
    """The address name, checked: letters, digits and single hyphens inside, no longer
    than the column, and no other club's (whatever the letters' case)."""
    slug = (slug or "").strip()
    if not slug or len(slug) > SLUG_LENGTH or not SLUG.match(slug):
        raise OperationError(
            _(
                "A club's address name is letters, digits and hyphens (not at either end), "
                "at most %(length)d characters: “%(slug)s” is not."
            )
            % {"length": SLUG_LENGTH, "slug": slug}
        )
    if Club.objects.filter(slug__iexact=slug).exists():
        raise OperationError(_("Another club has the address name “%(slug)s”.") % {"slug": slug})
    return slug


def check_name(name: str) -> str:
    name = (name or "").strip()
    if not name:
        raise OperationError(_("A club needs a name."))
    return name


def _details_of(club: Club) -> dict:
    return {field: getattr(club, field) for field in ("slug", *DETAILS)}


@transaction.atomic
def create_club(slug: str, name: str, *, user=None, **details) -> Club:
    """A new club, with its address name, its name and any of its contact details
    (`DETAILS`); it has no season, member or director yet."""
    check_administers(user)
    unknown = set(details) - set(DETAILS)
    if unknown:
        raise TypeError(f"Not a club's detail: {', '.join(sorted(unknown))}")
    club = Club(slug=check_slug(slug), name=check_name(name), **details)
    full_clean(club)
    club.save()
    audit.record(
        AuditEntry.Action.CLUB_CREATED,
        user=user,
        subject=club.name,
        summary=Said(gettext_noop("Club %(club)s created"), club=club.name),
        after=_details_of(club),
    )
    return club


@transaction.atomic
def change_club(club: Club, details: Mapping, *, user=None) -> Club:
    """The club's name, language and contact details changed (its address name stays:
    every link to its pages would break)."""
    check_administers(user)
    unknown = set(details) - set(DETAILS)
    if unknown:
        raise TypeError(f"Not a club's detail: {', '.join(sorted(unknown))}")
    club = Club.objects.select_for_update().get(pk=club.pk)
    before = _details_of(club)
    for field, value in details.items():
        setattr(club, field, value.strip() if isinstance(value, str) else value)
    club.name = check_name(club.name)
    full_clean(club)
    club.save(update_fields=list(details) or None)
    audit.record(
        AuditEntry.Action.CLUB_CHANGED,
        user=user,
        subject=club.name,
        summary=Said(gettext_noop("Club %(club)s's details changed"), club=club.name),
        before=before,
        after=_details_of(club),
    )
    return club


@transaction.atomic
def appoint_director(
    club: Club, user_to_appoint, *, role: str = ClubRole.Role.DIRECTOR, user=None
) -> ClubRole:
    """`user_to_appoint` runs `club`, as a director or as its results manager (a
    director named on the club's pages); one already appointed takes the new role.
    The role is made before the Directors group is joined (see above)."""
    check_administers(user)
    if role not in ROLES:
        raise OperationError(_("No such role: %(role)s.") % {"role": role})
    if not user_to_appoint.is_active:
        raise OperationError(
            _("%(user)s's account is switched off.") % {"user": user_to_appoint.get_username()}
        )
    found, _created = ClubRole.objects.update_or_create(
        club=club, user=user_to_appoint, defaults={"role": role}
    )
    user_to_appoint.groups.add(Group.objects.get(name=DIRECTORS_GROUP))
    forget_clubs_directed(user_to_appoint)
    audit.record(
        AuditEntry.Action.DIRECTOR_APPOINTED,
        user=user,
        subject=club.name,
        summary=Said(
            gettext_noop("%(user)s appointed results manager of %(club)s")
            if role == ClubRole.Role.RESULTS_MANAGER
            else gettext_noop("%(user)s appointed director of %(club)s"),
            user=user_to_appoint.get_username(),
            club=club.name,
        ),
        after={"club": club.slug, "user": user_to_appoint.get_username(), "role": role},
    )
    return found


@transaction.atomic
def remove_director(club: Club, user_to_remove, *, user=None) -> None:
    """`user_to_remove` no longer runs `club`; one who runs no club any more leaves the
    Directors group too, so that the admin's screens close to them."""
    check_administers(user)
    found = ClubRole.objects.filter(club=club, user=user_to_remove).first()
    if found is None:
        raise OperationError(
            _("%(user)s does not run %(club)s.")
            % {"user": user_to_remove.get_username(), "club": club.name}
        )
    role = found.role
    found.delete()
    if not ClubRole.objects.filter(user=user_to_remove).exists():
        group = Group.objects.filter(name=DIRECTORS_GROUP).first()
        if group is not None:
            user_to_remove.groups.remove(group)
    forget_clubs_directed(user_to_remove)
    audit.record(
        AuditEntry.Action.DIRECTOR_REMOVED,
        user=user,
        subject=club.name,
        summary=Said(
            gettext_noop("%(user)s no longer runs %(club)s"),
            user=user_to_remove.get_username(),
            club=club.name,
        ),
        before={"club": club.slug, "user": user_to_remove.get_username(), "role": role},
    )
