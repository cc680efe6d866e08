"""The public tournaments as the JSON, the season's page and the calendars read them, a
tournament's matches as its JSON reads them, and a player's public tournaments and
matches for their calendar."""

from __future__ import annotations

from django.db.models import QuerySet

from ..models import Entry, Match, Player, Season, Tournament
from .skill import DEEPEST_PR
from .skill_tables import season_has_skill


def public_tournaments() -> QuerySet[Tournament]:
    """The public tournaments with their seasons (newest first: the model's order)."""
    return Tournament.objects.public().select_related("season")


# What a tournament's line in the JSON's list reads (views.public.api): a page of the list
# builds no more of a tournament and its season than that line shows.
LISTED = (
    "name",
    "status",
    "format",
    "consolation",
    "last_chance",
    "grand_final_reset",
    "date",
    "season",
    "season__start",
    "season__years",
    "season__club__slug",
)


def public_tournaments_listed() -> QuerySet[Tournament]:
    """The public tournaments (newest first) with what the JSON's list says of each, its
    club's slug included (in the same query)."""
    return public_tournaments().select_related("season__club").only(*LISTED)


def public_tournament(pk) -> Tournament | None:
    """A public tournament with its season and club, or None."""
    return public_tournaments().select_related("season__club").filter(pk=pk).first()


def matches_with_pr(tournament: Tournament) -> list[Match]:
    """The tournament's matches with their players, winner and bracket, each with the
    players' PR from its deepest analysis (queries.skill.DEEPEST_PR)."""
    return list(
        tournament.matches.select_related("player1", "player2", "winner", "bracket").annotate(
            **DEEPEST_PR
        )
    )


def season_public_tournaments(season: Season, *order: str) -> QuerySet[Tournament]:
    """The season's public tournaments in the order given (lazy: one query when read)."""
    return season.tournaments.public().order_by(*order)


def calendar_entries(player: Player) -> QuerySet[Entry]:
    """The player's entries in public tournaments (withdrawn ones included), with their
    tournaments, by date."""
    return (
        Entry.objects.filter(player=player, tournament__public=True)
        .select_related("tournament")
        .order_by("tournament__date", "tournament__name", "pk")
    )


def calendar_matches(player: Player) -> QuerySet[Match]:
    """The player's matches in public tournaments with both players known, ready, live
    or decided, by date, bracket, round and place."""
    mine = Match.objects.filter(tournament__public=True).involving(player).between_two()
    return (
        (mine.open() | mine.decided())
        .select_related("tournament", "bracket", "player1", "player2")
        .order_by("tournament__date", "tournament_id", "bracket_id", "round", "position", "pk")
    )


def seasons_with_skill_flag() -> QuerySet[Season]:
    """The seasons, each with `has_skill` (a match of it is analysed: its PR table is
    linked, at no query more)."""
    return Season.objects.annotate(has_skill=season_has_skill())
