"""What the director's desks read: the matches in play and the tournaments on the home
desk, and on a tournament's desk its entries, the players found by a search, its
matches by status and open, its public registration's requests, what the entries'
sweep offers, who may re-enter a Swiss with lives, and its rounds (the newest, their
deadlines, the matches overdue, the pairs of a round)."""

from __future__ import annotations

from django.db.models import Count, F, Prefetch, QuerySet

from ..core import draw
from ..models import (
    Bracket,
    Entry,
    GameReport,
    Match,
    Payment,
    Player,
    SignUp,
    Tournament,
)
from ..models.seasons import club_id_of as club_of
from .marks import CLUB_MARK


# The home desk.
def open_matches_in_play() -> list[Match]:
    """The open matches of the tournaments in play, the live ones first."""
    return list(
        Match.objects.open()
        .filter(tournament__status__in=Tournament.IN_PLAY)
        .select_related("tournament", "bracket", "player1", "player2")
        .live_first("tournament__date", "tournament_id", "bracket_id", "round", "position")
    )


def newest_tournaments(limit: int) -> QuerySet[Tournament]:
    """The newest tournaments with their seasons (lazy: one query when read)."""
    return Tournament.objects.select_related("season").order_by("-date", "name")[:limit]


def reports_waiting(club_id: int) -> int:
    """How many reported games of the club wait for the opponent or the director
    (lapsed included)."""
    return GameReport.objects.waiting().of_club(club_id).count()


# A tournament's desk.
def tournament_with_club_mark(pk) -> Tournament | None:
    """The tournament and the club's mark in one query (the door part's live row)."""
    return Tournament.objects.annotate(club_mark=CLUB_MARK).filter(pk=pk).first()


def entries_with_players(tournament: Tournament) -> list[Entry]:
    """The entries with their players, in no order (the door part sorts them)."""
    return list(tournament.entries.select_related("player").order_by())


def entries_of(tournament: Tournament) -> list[Entry]:
    """The entries with their players and payments: seeded first, then by name."""
    seeded_first = F("seed").asc(nulls_last=True)
    return list(
        tournament.entries.select_related("player")
        .prefetch_related(Prefetch("payments", queryset=Payment.objects.order_by()))
        .order_by(seeded_first, "player__name")
    )


def players_to_add(tournament: Tournament, query: str, limit: int) -> list[Player]:
    """The active players of the federation whose name (or member number in the
    tournament's club) matches `query`, not entered yet, by name: each with `number`,
    their member number in the club."""
    club_id = club_of(tournament)
    return list(
        Player.objects.active()
        .search(query, club_id)
        .with_number(club_id)
        .exclude(entries__tournament=tournament)
        .order_by("name")[:limit]
    )


def match_counts(tournament: Tournament) -> list[tuple[str, int]]:
    """(status, how many matches) for each status the tournament's matches have."""
    return [
        (row["status"], row["total"])
        for row in tournament.matches.values("status").annotate(total=Count("pk")).order_by()
    ]


def open_matches_of(tournament: Tournament) -> QuerySet[Match]:
    """The tournament's open matches, the live ones first (lazy)."""
    return (
        tournament.matches.open()
        .select_related("bracket", "player1", "player2")
        .live_first("bracket_id", "round", "position")
    )


def main_bracket(tournament: Tournament) -> Bracket | None:
    return tournament.brackets.filter(kind=draw.MAIN).first()


def matches_to_play_of(tournament: Tournament, player: Player) -> QuerySet[Match]:
    """The player's matches still to play in the tournament, by round (lazy)."""
    return (
        tournament.matches.to_play()
        .involving(player)
        .select_related("player1", "player2", "bracket")
        .order_by("round", "pk")
    )


def active_sign_ups(tournament: Tournament) -> list[SignUp]:
    """The requests waiting for the director and the waiting list, in arrival order."""
    return list(
        SignUp.objects.filter(tournament=tournament, status__in=SignUp.ACTIVE)
        .select_related("player")
        .order_by("pk")
    )


def earlier_tournaments(tournament: Tournament, limit: int) -> list[Tournament]:
    """The tournaments on or before this one's date, the most recent first."""
    return list(
        Tournament.objects.exclude(pk=tournament.pk)
        .filter(date__lte=tournament.date)
        .only("pk", "name", "date", "season_id")
        .order_by("-date", "-pk")[:limit]
    )


def players_entered_in(tournament: Tournament) -> set[int]:
    """The ids of the players entered in `tournament`."""
    return set(Entry.objects.filter(tournament=tournament).values_list("player_id", flat=True))


def active_players(tournament: Tournament) -> QuerySet[Player]:
    """The active members of the tournament's club by name, with what the sweep shows of
    them (lazy): not every club's players of the federation (another club's member is
    entered by the search)."""
    return (
        Player.objects.active()
        .members_of(club_of(tournament))
        .only("pk", "name", "club")
        .order_by("name", "pk")
    )


def entries_of_players(tournament: Tournament, player_ids) -> QuerySet[Entry]:
    """The entries of those players, with them, by name (lazy)."""
    eligible = tournament.entries.filter(player_id__in=player_ids).select_related("player")
    return eligible.order_by("player__name")


# A club night's rounds.
def newest_round(tournament: Tournament) -> int:
    """The newest round stored (0 before the draw)."""
    return max(tournament.matches.in_rounds().values_list("round", flat=True), default=0)


def round_matches(tournament: Tournament, number: int) -> QuerySet[Match]:
    """The matches of round `number` (lazy)."""
    return tournament.matches.in_rounds().filter(round=number)


def round_deadlines(tournament: Tournament) -> dict:
    """round -> its deadline, for the rounds given one."""
    return dict(tournament.deadlines.values_list("round", "deadline"))


def overdue_matches(tournament: Tournament, rounds: list[int]) -> list[Match]:
    """The matches of those rounds still to play with both players and no game."""
    return list(
        tournament.matches.to_play()
        .between_two()
        .filter(round__in=rounds, bracket__isnull=True, games__isnull=True)
        .select_related("player1", "player2")
        .order_by("round", "group", "position")
    )


def pairs_of_round(tournament: Tournament, number: int) -> set[frozenset]:
    """The pairs of players who meet in round `number` (byes left out)."""
    rows = round_matches(tournament, number).filter(player2__isnull=False)
    return {frozenset(pair) for pair in rows.values_list("player1_id", "player2_id")}


def match_of(tournament: Tournament, pk) -> Match | None:
    """The tournament's match `pk`, or None."""
    return tournament.matches.filter(pk=pk).first()
