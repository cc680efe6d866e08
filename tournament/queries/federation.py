"""What the federation's pages read across clubs: the clubs with their members,
public tournaments and next event, what is on this week in every club, the top of the
one rating list; and for a club's home, whether it is the only club and who its results
manager is, read with its seasons in the one query it already made.

Each read is one query whatever the number of clubs: the counts are subqueries per club
row, not joins (a join of a club's members with its tournaments would make members x
tournaments rows before counting them)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import (
    Count,
    Exists,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
)
from django.db.models.functions import Coalesce, Concat, NullIf, Trim

from ..models import Club, ClubRole, Membership, Player, Season, Tournament
from . import federation_ratings
from .home_page import seasons_under_way

# The events "this week": today and the six days after it.
WEEK = datetime.timedelta(days=6)


def _count(rows: QuerySet, column: str):
    """A correlated count of `rows` per club (`column`: the rows' path to their club),
    0 for none: a subquery, so that two counts never multiply each other's rows."""
    counted = (
        rows.filter(**{column: OuterRef("pk")})
        .order_by()
        .values(column)
        .annotate(found=Count("pk"))
        .values("found")
    )
    return Coalesce(Subquery(counted, output_field=IntegerField()), Value(0))


def _public_tournaments() -> QuerySet[Tournament]:
    # Every club's (the base manager: no club scope), whatever page asks.
    return Tournament._base_manager.filter(public=True)


def clubs_counted() -> QuerySet[Club]:
    """Every club (by name) with `players` (its members) and `tournaments` (its public
    tournaments): one query."""
    return Club.objects.annotate(
        players=_count(Membership.objects.all(), "club"),
        tournaments=_count(_public_tournaments(), "season__club"),
    ).order_by("name", "pk")


def clubs_for_home(today: datetime.date) -> list[Club]:
    """Every club with `players` and its next public event not finished, from today
    (`next_pk`, `next_name`, `next_date`, None without one): one query."""
    upcoming = (
        _public_tournaments()
        .filter(season__club=OuterRef("pk"), date__gte=today)
        .exclude(status=Tournament.Status.FINISHED)
        .order_by("date", "name", "pk")
    )
    return list(
        Club.objects.annotate(
            players=_count(Membership.objects.all(), "club"),
            next_pk=Subquery(upcoming.values("pk")[:1]),
            next_name=Subquery(upcoming.values("name")[:1]),
            next_date=Subquery(upcoming.values("date")[:1]),
        ).order_by("name", "pk")
    )


def this_week(today: datetime.date) -> list[Tournament]:
    """Every club's public tournaments dated from today to six days on, and those
    running whatever their date, by date, each with its season and club: one query."""
    return list(
        _public_tournaments()
        .filter(Q(date__range=(today, today + WEEK)) | Q(status=Tournament.Status.RUNNING))
        .select_related("season__club")
        .order_by("date", "name", "pk")
    )


def upcoming(today: datetime.date) -> list[Tournament]:
    """The federation's calendar: every club's public tournaments from today on, not
    finished, by date, then club, then name, each with its season and club (the club's
    name and address where it plays): one query."""
    return list(
        _public_tournaments()
        .filter(date__gte=today)
        .exclude(status=Tournament.Status.FINISHED)
        .select_related("season__club")
        .order_by("date", "season__club__name", "name", "pk")
    )


def top_rated(limit: int) -> list[Player]:
    """The top of the federation's published rating list (federation_ratings: the
    thresholds, then the list's first rows): two queries."""
    return list(federation_ratings.published(federation_ratings.thresholds())[:limit])


def _name_of_user(prefix: str):
    """A user's full name, or their username when they gave none, in SQL."""
    full = Trim(Concat(f"{prefix}first_name", Value(" "), f"{prefix}last_name"))
    return Coalesce(NullIf(full, Value("")), f"{prefix}username")


def results_managers(club_id: int) -> QuerySet[ClubRole]:
    return ClubRole.objects.filter(club_id=club_id, role=ClubRole.Role.RESULTS_MANAGER).order_by(
        "pk"
    )


@dataclass(frozen=True)
class ClubHome:
    seasons: list[Season]
    # Another club exists: `/` is the federation's home, not this club's.
    several_clubs: bool
    # The club's results manager's name ("" without one), named on its home.
    results_manager: str


def club_home_seasons(club_id: int) -> ClubHome:
    """The club's seasons as its home reads them (queries.home_page), with whether
    another club exists and its results manager's name read in the same query (both
    subqueries that do not depend on the row: computed once); one more query only for
    a club without seasons."""
    others = Club.objects.exclude(pk=club_id)
    manager = results_managers(club_id).annotate(name=_name_of_user("user__")).values("name")[:1]
    asked = {"several_clubs": Exists(others), "results_manager": Subquery(manager)}
    seasons = list(seasons_under_way().annotate(**asked))
    if seasons:
        first = seasons[0]
        return ClubHome(seasons, first.several_clubs, first.results_manager or "")
    row = Club.objects.filter(pk=club_id).annotate(**asked).values(*asked).first()
    if row is None:  # no such club (a test's tables flushed): the one club's home
        return ClubHome([], others.exists(), "")
    return ClubHome([], row["several_clubs"], row["results_manager"] or "")


def roles_of(club: Club) -> list[ClubRole]:
    """Who runs `club`: its results managers first, then its directors, by username,
    each with the user: one query."""
    return list(
        ClubRole.objects.filter(club=club)
        .select_related("user")
        .order_by("-role", "user__username", "pk")
    )
