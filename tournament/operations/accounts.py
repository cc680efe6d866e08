"""Directors' accounts: a login in the Directors group (made by a data migration), which
holds the permissions every director's page asks for; and the lock the login throttle
puts on an account guessed at from many addresses (web.logins)."""

from __future__ import annotations

import datetime as dt

from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction

from ..models import Club, ClubRole
from . import clubs

DIRECTORS_GROUP = "Directors"
# The user agent of the throttle's row for an account locked from every address.
EVERY_ADDRESS = "(every address)"


@transaction.atomic
def make_director(username: str, password: str, club: Club | None = None) -> bool:
    """The director's account, made with this password when there is none by that name
    (an existing one keeps its own password); either way in the Directors group, the
    director of `club` when given (appointed once), else of the founding club (the
    group's signal: models.director_group). Returns whether it was made."""
    user, created = get_user_model().objects.get_or_create(
        username=username, defaults={"is_staff": True}
    )
    if created:
        user.set_password(password)
        user.save(update_fields=["password"])
    if club is not None and not ClubRole.objects.filter(club=club, user=user).exists():
        # The role before the group, or the group would make them the founding club's.
        clubs.appoint_director(club, user)
    user.groups.add(Group.objects.get(name=DIRECTORS_GROUP))
    return created


@transaction.atomic
def delete_account(user) -> None:
    """Delete a login. What it did stays: its games, payments, settled reports and
    history keep their rows with the account's column emptied (the history keeps its
    name in `user_name`), a write of the club's rows, so it comes through here."""
    user.delete()


def lock_account_everywhere(username: str, at: dt.datetime, failures: int, path: str) -> None:
    """The throttle's row for an account locked, from `at`, to every browser without its
    device cookie: in axes' "Access attempts" with no address and "(every address)" as
    its user agent, so a superuser sees it and unlocks it there like any other."""
    AccessAttempt.objects.update_or_create(
        username=username,
        ip_address=None,
        user_agent=EVERY_ADDRESS,
        defaults={"attempt_time": at, "failures_since_start": failures, "path_info": path},
    )
