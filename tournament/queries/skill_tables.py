"""A player's and a season's GNU Backgammon figures over many matches (docs/skill.md,
"The player and the season"): each match counted once, by its deepest analysis (a
2-ply analysis beside a 0-ply one wins, as on the match page), in public tournaments
only, as the player's and season's other pages count.

`player_has_skill` and `season_has_skill` tell, as an annotation of the row a page
reads anyway, whether there is anything to show, so a page without analyses costs no
query more; `player_skill` is one query, `season_skill` one query aggregated in the
database (SQLite and PostgreSQL alike)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.conf import settings
from django.db.models import (
    Case,
    Count,
    Exists,
    F,
    FloatField,
    Max,
    Min,
    OuterRef,
    Q,
    Subquery,
    Sum,
    When,
)
from django.urls import reverse
from django.utils import timezone

from ..core.skill_grades import Grade, average_pr, grade_for
from ..models import AnalysedPlayer, Analysis, Match, Player

# An AnalysedPlayer row that belongs to its match's deepest analysis.
IN_DEEPEST = Q(
    analysis_id=Subquery(
        Analysis.objects.filter(match=OuterRef("analysis__match")).order_by("-ply").values("pk")[:1]
    )
)
# Public tournaments only; and a side with no decision (a match ended by resignation
# before a move) says nothing of its play.
PUBLIC = Q(analysis__match__tournament__public=True, decisions__gt=0)


def _of(player) -> Q:
    """The rows of `player` (a Player, a pk or an OuterRef): their side of the match."""
    return Q(side=1, analysis__match__player1=player) | Q(side=2, analysis__match__player2=player)


def player_has_skill() -> Exists:
    """Annotate a Player queryset with it: the player has an analysed public match."""
    return Exists(AnalysedPlayer.objects.filter(_of(OuterRef("pk")), PUBLIC))


def season_has_skill() -> Exists:
    """Annotate a Season queryset with it: the season has an analysed public match."""
    return Exists(
        AnalysedPlayer.objects.filter(PUBLIC, analysis__match__tournament__season=OuterRef("pk"))
    )


@dataclass(frozen=True)
class SkillPoint:
    """One analysed match of a player, as the chart and its table show it."""

    match: Match
    day: date
    opponent: Player | None
    pr: float
    decisions: int


@dataclass(frozen=True)
class PlayerSkill:
    points: list[SkillPoint]  # by date, the oldest first
    average: float  # weighted by decisions (core.skill_grades.average_pr)
    decisions: int
    grade: Grade | None


def _day(match: Match) -> date:
    """The day the match was decided, in the club's time zone; its tournament's date
    while it is not (as the workbook's Matches sheet dates it)."""
    return (
        timezone.localtime(match.decided_at).date() if match.decided_at else match.tournament.date
    )


def player_skill(player: Player) -> PlayerSkill | None:
    """The player's analysed public matches, oldest first, and their average: one
    query. None without one."""
    rows = (
        AnalysedPlayer.objects.filter(_of(player), IN_DEEPEST, PUBLIC)
        .select_related(
            "analysis__match__tournament", "analysis__match__player1", "analysis__match__player2"
        )
        .order_by(
            "analysis__match__tournament__date",
            F("analysis__match__decided_at").asc(nulls_last=True),
            "analysis__match_id",
        )
    )
    points = []
    for row in rows:
        match = row.analysis.match
        opponent = match.player2 if row.side == 1 else match.player1
        points.append(SkillPoint(match, _day(match), opponent, row.pr, row.decisions))
    average = average_pr((point.pr, point.decisions) for point in points)
    if average is None:
        return None
    decisions = sum(point.decisions for point in points)
    return PlayerSkill(points, average, decisions, grade_for(average))


@dataclass(frozen=True)
class SkillRow:
    """One player's season, a row of the season's PR table."""

    player_id: int
    name: str
    matches: int
    decisions: int
    pr: float
    best: float
    worst: float
    luck: float  # gnubg's luck totals added up (EMG): positive is lucky
    grade: Grade | None

    def get_absolute_url(self) -> str:
        return reverse("player", args=[self.player_id])


def min_decisions() -> int:
    return settings.SKILL_MIN_DECISIONS


def season_skill(season, at_least: int | None = None) -> list[SkillRow]:
    """The players with at least `at_least` (the setting SKILL_MIN_DECISIONS by
    default) analysed decisions in the season's public tournaments, the lowest PR
    first: one query, grouped by player in the database."""
    at_least = min_decisions() if at_least is None else at_least
    first = Q(side=1)
    rows = (
        AnalysedPlayer.objects.filter(
            IN_DEEPEST, PUBLIC, analysis__match__tournament__season=season
        )
        .annotate(
            who=Case(
                When(first, then=F("analysis__match__player1_id")),
                default=F("analysis__match__player2_id"),
            ),
            who_name=Case(
                When(first, then=F("analysis__match__player1__name")),
                default=F("analysis__match__player2__name"),
            ),
        )
        .exclude(who=None)
        .values("who", "who_name")
        .annotate(
            played=Count("pk"),
            total_decisions=Sum("decisions"),
            # a match's error, halved: its PR times its decisions
            total_error=Sum(F("pr") * F("decisions"), output_field=FloatField()),
            lowest=Min("pr"),
            highest=Max("pr"),
            total_luck=Sum("luck_total"),
        )
        .filter(total_decisions__gte=at_least)
        .order_by()
    )
    table = []
    for row in rows:
        pr = row["total_error"] / row["total_decisions"]
        table.append(
            SkillRow(
                player_id=row["who"],
                name=row["who_name"],
                matches=row["played"],
                decisions=row["total_decisions"],
                pr=pr,
                best=row["lowest"],
                worst=row["highest"],
                luck=row["total_luck"],
                grade=grade_for(pr),
            )
        )
    table.sort(key=lambda row: (row.pr, row.name.casefold()))
    return table
