"""The club a request is about, and the managers that keep its reads inside it.

A club's pages (`/clubs/<slug>/...`, and the founding club's old unprefixed addresses)
set the scope (`web.clubs`); the default managers of seasons, tournaments and matches
then read that club's rows only, so that no page of one club lists another's events,
whatever query it builds. The federation's pages (a player's page, the private link,
the ratings, the admin), the operations that read across clubs (the ratings, one list
for the federation) and every command or job run unscoped (`everywhere`)."""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

from django.db import models

_scope: ContextVar[int | None] = ContextVar("club_scope", default=None)


def current() -> int | None:
    """The club whose rows the managers read now, None for every club."""
    return _scope.get()


@contextmanager
def scoped(club_id: int | None):
    token = _scope.set(club_id)
    try:
        yield
    finally:
        _scope.reset(token)


def everywhere():
    """Every club's rows, whatever page is being served: for a read that crosses clubs
    by its nature (a player's one rating over all their matches)."""
    return scoped(None)


class ClubScopedManager(models.Manager):
    """The model's rows in the current club only (`club_path`: how a row reaches its
    club's id), every row when no club is in scope."""

    club_path = ""

    def get_queryset(self):
        rows = super().get_queryset()
        club = _scope.get()
        return rows if club is None else rows.filter(**{self.club_path: club})


def scoped_manager(queryset_class, club_path: str):
    """The manager of `queryset_class`'s methods, scoped by `club_path`."""
    manager_class = ClubScopedManager.from_queryset(queryset_class)
    return type(
        f"ClubScoped{queryset_class.__name__}Manager", (manager_class,), {"club_path": club_path}
    )()
