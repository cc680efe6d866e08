"""What a player's private page shows: their open matches, each with its score, what
the core allows next, the report waiting on it, and their next match."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.db.models import Exists, OuterRef

from ..core import actions, club_nights, scoring
from ..models import Analysis, GameReport, Match, Player, Tournament, Transcript
from ..models.entries import in_field_lookups

RELATED = ("tournament__season", "bracket", "player1", "player2")


@dataclass
class OpenMatch:
    match: Match
    side: int
    state: scoring.MatchState | None
    allowed: actions.Allowed | None
    report: GameReport | None  # the report waiting on the match as it is now

    @property
    def opponent(self) -> Player | None:
        return self.match.players[1 - self.side]

    @property
    def may_report(self) -> bool:
        return (
            self.match.tournament.players_report
            and self.report is None
            and self.allowed is not None
            and self.allowed.game
        )

    @property
    def mine(self) -> bool:
        """The waiting report is this player's own (the opponent confirms it)."""
        return (
            self.report is not None
            and self.report.reported_by_id == self.match.players[self.side].pk
        )

    @property
    def may_confirm(self) -> bool:
        return (
            self.report is not None
            and not self.mine
            and not self.report.is_disputed
            and self.match.tournament.opponent_confirms_reports
        )

    @property
    def may_dispute(self) -> bool:
        return self.report is not None and not self.mine and not self.report.is_disputed


def open_matches(player: Player) -> list[OpenMatch]:
    """The player's matches ready or under way in tournaments in play, under way first."""
    rows = list(
        Match.objects.open()
        .involving(player)
        .between_two()
        .filter(tournament__status__in=Tournament.IN_PLAY)
        .select_related(*RELATED)
        .prefetch_related("games", "penalties")
        .live_first("tournament__date", "round", "pk")
    )
    by_pk = {row.pk: row for row in rows}
    reports = {}
    for report in GameReport.objects.waiting().filter(match__in=rows).select_related("reported_by"):
        report.match = by_pk[report.match_id]
        # A report made before the match last changed has lapsed: not shown.
        if report.version == report.match.version:
            reports[report.match_id] = report
    found = []
    for match in rows:
        try:
            state = match.replay_games([game.as_result() for game in match.games.all()])
            allowed = actions.allowed(match.situation(state))
        except scoring.IllegalGame:
            state, allowed = None, None
        found.append(OpenMatch(match, match.side_of(player), state, allowed, reports.get(match.pk)))
    return found


def waiting_match(player: Player) -> Match | None:
    """With no match open: the next one the player sits in, waiting for an opponent."""
    return (
        Match.objects.to_play()
        .involving(player)
        .filter(tournament__status__in=Tournament.IN_PLAY)
        .select_related(*RELATED)
        .order_by("tournament__date", "round", "pk")
        .first()
    )


def swiss_waiting(player: Player) -> list[Tournament]:
    """The running Swiss tournaments where the player waits for the next round's
    pairing (in the field, no match to play there now)."""
    return list(
        Tournament.objects.filter(
            format=club_nights.SWISS,
            status=Tournament.Status.RUNNING,
            entries__player=player,
            **in_field_lookups("entries__"),
        )
        .exclude(pk__in=Match.objects.to_play().involving(player).values("tournament_id"))
        .order_by("date", "pk")
    )


def change_mark(player: Player, matches: list[OpenMatch]) -> str:
    """A short mark of what the page shows, so the live refresh replaces the page only
    when it changed (the forms' CSRF tokens differ on every render)."""
    parts = [
        f"{row.match.pk}:{row.match.version}:{row.match.status}:{row.match.table}:"
        f"{row.report.pk if row.report else ''}:{row.report.status if row.report else ''}"
        for row in matches
    ]
    return hashlib.sha256(f"{player.pk}|{'|'.join(parts)}".encode()).hexdigest()[:16]


# How many of a player's recorded matches their private page offers to hand in a file for.
RECORDED_SHOWN = 5


def recorded_matches(player: Player) -> list[Match]:
    """The player's latest matches decided by their games (not a walkover or a
    retirement: a file tells games), newest first, each with `handed_in` (a transcript
    is kept) and `analysed` (an analysis is stored). One query."""
    return list(
        Match.objects.involving(player)
        .filter(status=Match.Status.DECIDED, decided_by=Match.DecidedBy.GAMES)
        .select_related("tournament", "player1", "player2")
        .annotate(
            handed_in=Exists(Transcript.objects.filter(match=OuterRef("pk"))),
            analysed=Exists(Analysis.objects.filter(match=OuterRef("pk"))),
        )
        .order_by("-decided_at", "-pk")[:RECORDED_SHOWN]
    )
