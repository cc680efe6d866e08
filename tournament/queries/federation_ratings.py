"""The federation's rating list as the pages, the JSON and the spreadsheet read it: the
thresholds from the federation's row, the published and the provisional players
(`core.rating_list`'s rules, written as a filter the database answers from the players'
kept ratings and its indexes), each player's clubs and trend for a page's rows.

What it costs does not grow with the players or the games: a page reads its count and
its rows, then one query for the clubs of its players and one for their trends; the
whole list (the JSON, the spreadsheet) reads its rows and one query for their clubs."""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, F, Q, QuerySet, Subquery, Sum, Window
from django.db.models.functions import RowNumber
from django.utils import timezone

from ..core import rating_list
from ..core.rating_list import Thresholds
from ..models import Club, Federation, Player, RatingChange, RatingsLock
from ..models.clubs import FEDERATION_ID, FOUNDING_CLUB_ID
from .marks import CLUB_MARK

BY_RATING = (F("rating").desc(), F("name").asc(), F("pk").asc())
# The ratings' mark, as a column (None before the first refresh: reads as 0).
RATINGS_MARK = Subquery(RatingsLock.objects.filter(pk=1).values("mark")[:1])


def thresholds() -> Thresholds:
    """The federation's thresholds (the defaults where its row is missing): one query."""
    found = (
        Federation.objects.filter(pk=FEDERATION_ID)
        .values_list("rating_list_min_experience", "rating_list_months")
        .first()
    )
    return Thresholds() if found is None else Thresholds(*found)


def _start_of(day: datetime.date) -> datetime.datetime:
    """The first moment of `day` where the club is: the kept times are moments."""
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time()))


@dataclass(frozen=True)
class ListState:
    """What the published list shows depends on, as the pages keep it rendered
    (web.live): the thresholds, and the marks of everything else it reads."""

    rules: Thresholds
    marks: tuple[int | None, ...]


def list_state(today: datetime.date | None = None) -> ListState:
    """The thresholds and the marks the list is kept under, in one query: the ratings'
    mark (moved by every refresh: operations.ratings), the club's (a player's name, a
    membership), the thresholds, and the day (the months' window moves with it)."""
    day = (today or timezone.localdate()).toordinal()
    found = (
        Federation.objects.filter(pk=FEDERATION_ID)
        .annotate(ratings_mark=RATINGS_MARK, club_mark=CLUB_MARK)
        .values_list(
            "rating_list_min_experience", "rating_list_months", "ratings_mark", "club_mark"
        )
        .first()
    )
    if found is None:  # the federation's row taken by a flush: the defaults
        rules = Thresholds()
        marks = RatingsLock.objects.annotate(club_mark=CLUB_MARK).values_list("mark", "club_mark")
        found = (rules.min_experience, rules.months, *(marks.first() or (None, None)))
    minimum, months, ratings_mark, club_mark = found
    return ListState(Thresholds(minimum, months), (ratings_mark, club_mark, minimum, months, day))


def counts(rules: Thresholds, today: datetime.date | None = None) -> tuple[int, int]:
    """How many are published and how many provisional: one query."""
    found = listed(rules, today).aggregate(
        published=Count("pk", filter=Q(rating_experience__gte=rules.min_experience)),
        provisional=Count("pk", filter=Q(rating_experience__lt=rules.min_experience)),
    )
    return found["published"], found["provisional"]


def listed(rules: Thresholds, today: datetime.date | None = None) -> QuerySet[Player]:
    """The players with a rated match within the months (core.rating_list.is_listed):
    the index on the last rated match answers it."""
    today = today or timezone.localdate()
    return Player.objects.filter(last_rated_at__gte=_start_of(rules.since(today)))


def published(rules: Thresholds, today: datetime.date | None = None) -> QuerySet[Player]:
    """The published players by rating then name, each with `rank` (1..n) among them."""
    players = listed(rules, today).filter(rating_experience__gte=rules.min_experience)
    return players.annotate(rank=Window(RowNumber(), order_by=BY_RATING)).order_by(*BY_RATING)


def provisional(rules: Thresholds, today: datetime.date | None = None) -> QuerySet[Player]:
    """The players rated within the months on less experience, by rating then name."""
    players = listed(rules, today).filter(rating_experience__lt=rules.min_experience)
    return players.order_by(*BY_RATING)


def everyone() -> QuerySet[Player]:
    """Every player ever rated, by name: the alphabetical list."""
    return Player.objects.filter(last_rated_at__isnull=False).order_by("name", "pk")


@dataclass(frozen=True)
class ClubName:
    slug: str
    name: str

    def get_absolute_url(self) -> str:
        return f"/clubs/{self.slug}/"  # as Club.get_absolute_url


def clubs_of(players: QuerySet[Player] | Iterable[int]) -> dict[int, list[ClubName]]:
    """Each player's clubs, by name (a player of no club is the founding club's, as
    every player was before clubs): one query, whether `players` is a page's ids or the
    whole list's queryset."""
    founding = Club.objects.filter(pk=FOUNDING_CLUB_ID)
    if isinstance(players, QuerySet):
        found = players.order_by()
    else:
        found = Player.objects.filter(pk__in=list(players)).order_by()
    rows = found.values_list(
        "pk",
        "memberships__club__slug",
        "memberships__club__name",
        Subquery(founding.values("slug")[:1]),
        Subquery(founding.values("name")[:1]),
    )
    clubs: dict[int, list[ClubName]] = defaultdict(list)
    for pk, slug, name, founding_slug, founding_name in rows:
        if slug is not None:
            clubs[pk].append(ClubName(slug, name))
        elif founding_slug is not None:
            clubs[pk].append(ClubName(founding_slug, founding_name))
    for each in clubs.values():
        each.sort(key=lambda club: (club.name, club.slug))
    return clubs


def trends_of(ids: Iterable[int], today: datetime.date | None = None) -> dict[int, float]:
    """Each player's trend (core.rating_list): the sum of their rating's changes since
    TREND_DAYS ago, one query on the changes' index by player and time."""
    since = _start_of(rating_list.trend_since(today or timezone.localdate()))
    rows = (
        RatingChange.objects.filter(player_id__in=list(ids), at__gte=since)
        .order_by()
        .values("player_id")
        .annotate(trend=Sum(F("after") - F("before")))
        .values_list("player_id", "trend")
    )
    return dict(rows)


def annotate_pages(*pages: Iterable[Player], trend: bool = True) -> None:
    """The clubs (and trends) of the players of every page given, set on each player
    as `clubs` and `trend`: two queries for them all (one without the trend)."""
    players = [player for page in pages for player in page]
    ids = {player.pk for player in players}
    clubs = clubs_of(ids) if ids else {}
    trends = trends_of(ids) if ids and trend else {}
    for player in players:
        player.clubs = clubs.get(player.pk, [])
        player.trend = trends.get(player.pk, 0.0)


def _row(player, clubs: dict[int, list[ClubName]], rank: int | None) -> dict:
    last = player.last_rated_at
    return {
        "player": player.name,
        "federation_number": player.federation_number,
        "clubs": [club.slug for club in clubs.get(player.pk, [])],
        "rating": round(player.rating, 1),
        "experience": player.rating_experience,
        "last_rated": timezone.localdate(last).isoformat() if last else None,
        "rank": rank,
    }


@dataclass(frozen=True)
class WholeList:
    """The whole list at once (the JSON, the spreadsheet): rows as the fixed interface
    has them, `rank` null for the provisional."""

    thresholds: Thresholds
    published: list[dict]
    provisional: list[dict]


FIELDS = ("pk", "name", "federation_number", "rating", "rating_experience", "last_rated_at")


def whole_list(today: datetime.date | None = None) -> WholeList:
    """Every listed player, the published ranked and the provisional apart, as the core
    sorts them: three queries (the thresholds, the players, their clubs)."""
    today = today or timezone.localdate()
    rules = thresholds()
    players = list(listed(rules, today).only(*FIELDS).order_by())
    clubs = clubs_of(listed(rules, today))
    by_pk = {player.pk: player for player in players}
    found = rating_list.rating_list(
        (
            rating_list.Row(
                player.pk,
                player.name,
                player.rating_experience,
                timezone.localdate(player.last_rated_at),
                player.rating,
            )
            for player in players
        ),
        rules,
        today,
    )
    return WholeList(
        rules,
        [_row(by_pk[item.row.player], clubs, item.rank) for item in found.published],
        [_row(by_pk[item.row.player], clubs, None) for item in found.provisional],
    )
