"""A finished tournament's results as the club announces them: the podium of each
bracket (places 1 to 3), the prizes won, and the best game of the day by GNU
Backgammon (the lowest PR in one analysed match, where any match was analysed). One
page to share, a printable sheet and the mail to the players read this, so they never
disagree."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Case, F, When

from ..core import draw
from ..models import Player, Tournament
from ..models.analysis import AnalysedPlayer, Analysis
from .bracket_layout import BRACKET_LABELS
from .prizes import PrizeLine, tournament_money
from .skill_tables import counted
from .standings import tournament_standings

PODIUM = 3  # the places announced, in each bracket


@dataclass
class Podium:
    """A place as announced: "1", "3-4"; its bracket's name ("" for a club night's
    table or the main bracket, the one everyone reads first)."""

    bracket: str
    label: str
    player: Player


@dataclass
class BestPR:
    name: str
    pr: float
    opponent: str
    match_id: int
    settings: str = ""  # the engine and depth the PRs compared come from, in words


@dataclass
class Announcement:
    tournament: Tournament
    places: list[Podium]  # each bracket's first PODIUM places, the main bracket first
    prizes: list[PrizeLine]
    best: BestPR | None  # None: no match of the tournament analysed


def best_pr(tournament: Tournament) -> BestPR | None:
    """The lowest PR a player of the tournament played a whole match at (a side with
    decisions), as gnubg gives it, not rounded, among the tournament's one comparable
    set of analyses (skill_tables.counted: one engine and depth): two queries.
    Its tie-break, said with it on the page and in the mail: at equal PRs, the match
    over more decisions (the longer test), then the one decided first."""
    which = counted(Analysis.objects.filter(match__tournament=tournament))
    if which.reference is None:
        return None
    row = (
        AnalysedPlayer.objects.filter(
            which.rows, analysis__match__tournament=tournament, decisions__gt=0
        )
        .annotate(
            who=Case(
                When(side=1, then=F("analysis__match__player1__name")),
                default=F("analysis__match__player2__name"),
            ),
            against=Case(
                When(side=1, then=F("analysis__match__player2__name")),
                default=F("analysis__match__player1__name"),
            ),
        )
        .exclude(who=None)
        .order_by(
            "pr",
            "-decisions",
            F("analysis__match__decided_at").asc(nulls_last=True),
            "analysis__match_id",
        )
        .values("who", "against", "pr", "analysis__match_id")
        .first()
    )
    if row is None:
        return None
    return BestPR(
        row["who"], row["pr"], row["against"] or "", row["analysis__match_id"], which.words
    )


def announcement_of(tournament: Tournament) -> Announcement:
    standings = tournament_standings(tournament)
    order = {kind: number for number, kind in enumerate(draw.BRACKET_KINDS)}
    places = sorted(
        (place for place in standings.places if place.place[0] <= PODIUM),
        key=lambda place: (order.get(place.kind, len(order)), place.place, place.player.name),
    )
    return Announcement(
        tournament=tournament,
        places=[
            Podium(
                str(BRACKET_LABELS[place.kind])
                if place.kind != draw.MAIN and place.kind in BRACKET_LABELS
                else "",
                place.label,
                place.player,
            )
            for place in places
        ],
        prizes=tournament_money(tournament).prizes,
        best=best_pr(tournament),
    )
