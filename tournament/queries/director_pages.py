"""What the director's other pages read: a match's history and the tables free for it,
the reported games waiting, a player's open matches and reports, the players a pair
kept apart is chosen from, the pairs, the teams, the background jobs, the matches a
season's analysis left out, and, for the draw's preview and the slips, the players by
id and the matches of a round."""

from __future__ import annotations

from django.db.models import F, QuerySet

from ..models import (
    AuditEntry,
    AvoidedPair,
    GameReport,
    Job,
    Match,
    Player,
    Season,
    Tournament,
)
from ..models.club_owners import jobs_with_club


# A match.
def tables_taken(match: Match) -> set[str]:
    """The tables the tournament's other open matches hold."""
    return set(
        Match.objects.open()
        .filter(tournament_id=match.tournament_id)
        .exclude(pk=match.pk)
        .values_list("table", flat=True)
    )


def version_of(match: Match) -> int:
    """The match's version as stored now."""
    return Match.objects.values_list("version", flat=True).get(pk=match.pk)


def history_of(match: Match) -> list[AuditEntry]:
    """Every change to the match, oldest first, with who made it."""
    return list(AuditEntry.objects.filter(match=match).select_related("user").order_by("at", "pk"))


def matches_by_id(ids) -> list[Match]:
    """Those matches with their tournaments and players, by date and tournament."""
    return list(
        Match.objects.filter(pk__in=ids)
        .select_related("tournament", "player1", "player2")
        .order_by("tournament__date", "tournament_id", "pk")
    )


# Reported games.
def waiting_reports(club_id: int) -> QuerySet[GameReport]:
    """The club's reported games waiting, oldest first, with their matches' games and
    penalties."""
    return (
        GameReport.objects.waiting()
        .of_club(club_id)
        .select_related(
            "reported_by",
            "match__tournament__season",
            "match__bracket",
            "match__player1",
            "match__player2",
        )
        .prefetch_related("match__games", "match__penalties")
        .order_by("created", "pk")
    )


# A player.
def matches_to_play(player: Player) -> QuerySet[Match]:
    """The player's matches to play in the tournaments in play (lazy)."""
    return (
        Match.objects.to_play()
        .involving(player)
        .filter(tournament__status__in=Tournament.IN_PLAY)
        .select_related("tournament", "bracket", "player1", "player2")
        .order_by("tournament__date", "round", "pk")
    )


def reports_waiting_on(player: Player) -> QuerySet[GameReport]:
    """The reported games waiting on the player's matches (lazy)."""
    return (
        GameReport.objects.waiting()
        .filter(match__in=Match.objects.involving(player))
        .select_related("reported_by", "match__tournament", "match__player1", "match__player2")
    )


# Pairs kept apart, teams, jobs.
def players_entered(tournament: Tournament) -> list[Player]:
    return list(Player.objects.filter(entries__tournament=tournament).order_by("name", "pk"))


def avoided_pairs_of(tournament: Tournament) -> list[AvoidedPair]:
    return list(
        AvoidedPair.objects.filter(tournament=tournament).select_related(
            "first_player", "second_player"
        )
    )


def teams_with_members(tournament: Tournament):
    """The teams with their members' players, in the order made (lazy)."""
    return tournament.teams.prefetch_related("members__player").order_by("pk")


def team_names(tournament: Tournament) -> dict[int, str]:
    return dict(tournament.teams.values_list("pk", "name"))


def newest_jobs(limit: int, club_id: int | None) -> list[Job]:
    """The newest jobs of the club (models.club_owners.jobs_with_club: of its matches
    and tournaments; the site's own work is the founding club's), of every club for
    None."""
    jobs = Job.objects.order_by("-id")
    if club_id is not None:
        jobs = jobs_with_club(jobs).filter(club=club_id)
    return list(jobs[:limit])


# Setting up.
def season_of_years(years: str) -> Season | None:
    return Season.objects.filter(years=years).first()


def tournament_or_none(pk) -> Tournament | None:
    return Tournament.objects.filter(pk=pk).first()


# The draw and the slips.
def players_by_id(ids) -> dict[int, Player]:
    return Player.objects.in_bulk(ids)


def first_round_rows(tournament: Tournament) -> QuerySet[Match]:
    """A club night's stored first round (its groups'), by group and place (lazy)."""
    return tournament.matches.filter(round=1, bracket__isnull=True).order_by("group", "position")


def slip_matches(tournament: Tournament) -> QuerySet[Match]:
    """The tournament's matches for the slips, the rounds first, then bracket by bracket
    (lazy; narrowed by the functions below)."""
    return tournament.matches.select_related(
        "bracket", "player1", "player2", "team_match__team1", "team_match__team2"
    ).order_by(F("bracket_id").asc(nulls_first=True), "round", "position")


def boards_of_round(matches: QuerySet[Match], number: int) -> QuerySet[Match]:
    """A team event's group round: every board of its team matches."""
    return matches.in_rounds().filter(round=number, group__gt=0)


def round_to_play(matches: QuerySet[Match], number: int) -> QuerySet[Match]:
    return matches.in_rounds().filter(round=number).not_settled_empty()


def bracket_round_to_play(matches: QuerySet[Match], kind: str, number: int) -> QuerySet[Match]:
    return matches.filter(bracket__kind=kind, round=number).not_settled_empty()


def with_games(matches: QuerySet[Match]) -> list[Match]:
    return list(matches.prefetch_related("games"))
