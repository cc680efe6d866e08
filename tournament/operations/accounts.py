"""Directors' accounts: a login in the Directors group (made by a data migration), which
holds the permissions every director's page asks for."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction

DIRECTORS_GROUP = "Directors"


@transaction.atomic
def make_director(username: str, password: str) -> bool:
    """The director's account, made with this password when there is none by that name
    (an existing one keeps its own password); either way in the Directors group.
    Returns whether it was made."""
    user, created = get_user_model().objects.get_or_create(
        username=username, defaults={"is_staff": True}
    )
    if created:
        user.set_password(password)
        user.save(update_fields=["password"])
    user.groups.add(Group.objects.get(name=DIRECTORS_GROUP))
    return created


@transaction.atomic
def delete_account(user) -> None:
    """Delete a login. What it did stays: its games, payments, settled reports and
    history keep their rows with the account's column emptied (the history keeps its
    name in `user_name`), a write of the club's rows, so it comes through here."""
    user.delete()
