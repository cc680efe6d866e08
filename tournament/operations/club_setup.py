"""A club's first rows, as the demo's federation makes them: the club with its contact
details, the directors who run it, its members with the club's own numbers.

The federation's pages and commands (`manage.py create_club`, `add_club_director`)
come with their own operations; these are the smallest writes the demo needs meanwhile,
each idempotent (looked up by its natural key first), so that loading the demo twice
changes nothing."""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction

from ..models import Club, ClubRole, Membership, Player
from ..models.clubs import DIRECTORS_GROUP, forget_clubs_directed

CONTACT = ("language", "email", "phone", "address", "website")


@transaction.atomic
def ensure_club(slug: str, name: str, contact: Mapping[str, str] | None = None) -> Club:
    """The club of `slug`, made with `name` and its contact details when missing."""
    fields = {key: value for key, value in (contact or {}).items() if key in CONTACT}
    club, _created = Club.objects.get_or_create(slug=slug, defaults={"name": name, **fields})
    return club


@transaction.atomic
def ensure_director(club: Club, username: str, password: str) -> bool:
    """The account `username` (made with this password when missing; an existing one
    keeps its own) runs `club`: its role in the club first, then the Directors group (the
    permissions every director's page asks for), so that the group's signal does not
    make it the founding club's director too (models.director_group). Returns whether
    the account was made."""
    user, created = get_user_model().objects.get_or_create(
        username=username, defaults={"is_staff": True}
    )
    if created:
        user.set_password(password)
        user.save(update_fields=["password"])
    ClubRole.objects.get_or_create(club=club, user=user)
    forget_clubs_directed(user)
    user.groups.add(Group.objects.get(name=DIRECTORS_GROUP))
    return created


@transaction.atomic
def ensure_member(club: Club | int, player: Player, number: str = "") -> Membership:
    """`player` a member of `club` with the club's number (kept when already a member)."""
    club_id = club.pk if isinstance(club, Club) else club
    membership, _created = Membership.objects.get_or_create(
        club_id=club_id, player=player, defaults={"number": number}
    )
    return membership
