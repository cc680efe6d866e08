"""A player's and a season's GNU Backgammon figures over many matches (docs/skill.md,
"The player and the season"): each match counted once, in public tournaments only, as
the player's and season's other pages count; and one comparable set of figures a table
(docs/skill.md, "One engine's figures in one table"): one engine, version and depth,
the one covering the most of the table's matches (core.engine_settings), a match
analysed at other settings only left out and counted.

`player_has_skill` and `season_has_skill` tell, as an annotation of the row a page
reads anyway, whether there is anything to show, so a page without analyses costs no
query more; `player_skill` is one query, `season_skill` two: the analyses' settings, and
the table aggregated in the database (SQLite and PostgreSQL alike)."""

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
    Sum,
    When,
)
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from ..core.engine_settings import EngineSettings, choose, settings_of
from ..core.skill_grades import Grade, average_pr, grade_for
from ..models import AnalysedPlayer, Analysis, Match, Player

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


def settings_words(settings: EngineSettings) -> str:
    """The engine and depth of a table's figures in words: "GNU Backgammon 1.07.001,
    0-ply"."""
    values = {"engine": settings.engine, "version": settings.version, "ply": settings.ply}
    if not settings.version:
        return gettext("%(engine)s, %(ply)s-ply") % values if settings.engine else ""
    if settings.package:
        return gettext("%(engine)s %(version)s (the gnubg Python package), %(ply)s-ply") % values
    return gettext("%(engine)s %(version)s, %(ply)s-ply") % values


@dataclass(frozen=True)
class Counted:
    """Which figures a table counts: its engine settings (None: nothing analysed), and
    the matches left out, analysed at other settings only (their ids)."""

    reference: EngineSettings | None
    left_out: frozenset = frozenset()
    # The version lines of the analyses counted (a build date may differ: same settings).
    lines: frozenset = frozenset()

    @property
    def words(self) -> str:
        return settings_words(self.reference) if self.reference else ""

    @property
    def rows(self) -> Q:
        """The AnalysedPlayer rows of the analyses counted."""
        if self.reference is None:
            return Q(pk__in=[])
        return Q(analysis__ply=self.reference.ply, analysis__version__in=sorted(self.lines))


def counted(analyses) -> Counted:
    """The comparable set of `analyses` (an Analysis queryset): one query."""
    found: dict[int, list] = {}
    for match_id, ply, version in analyses.values_list("match_id", "ply", "version"):
        found.setdefault(match_id, []).append((version, settings_of(version, ply)))
    choice = choose(found)
    return Counted(choice.reference, choice.left_out, frozenset(choice.chosen.values()))


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
    counted: Counted


def _day(match: Match) -> date:
    """The day the match was decided, in the club's time zone; its tournament's date
    while it is not (as the workbook's Matches sheet dates it)."""
    return (
        timezone.localtime(match.decided_at).date() if match.decided_at else match.tournament.date
    )


def player_skill(player: Player) -> PlayerSkill | None:
    """The player's analysed public matches, oldest first, and their average, one
    comparable set (`Counted`): one query. None without one."""
    rows = list(
        AnalysedPlayer.objects.filter(_of(player), PUBLIC)
        .select_related(
            # The match's club too: a player's page links each match in its club's pages.
            "analysis__match__tournament__season__club",
            "analysis__match__player1",
            "analysis__match__player2",
        )
        .order_by(
            "analysis__match__tournament__date",
            F("analysis__match__decided_at").asc(nulls_last=True),
            "analysis__match_id",
            "analysis__ply",
        )
    )
    found: dict[int, list] = {}
    for row in rows:
        settings = settings_of(row.analysis.version, row.analysis.ply)
        found.setdefault(row.analysis.match_id, []).append((row.pk, settings))
    choice = choose(found)
    chosen = set(choice.chosen.values())
    points = []
    for row in rows:
        if row.pk not in chosen:
            continue
        match = row.analysis.match
        opponent = match.player2 if row.side == 1 else match.player1
        points.append(SkillPoint(match, _day(match), opponent, row.pr, row.decisions))
    average = average_pr((point.pr, point.decisions) for point in points)
    if average is None:
        return None
    decisions = sum(point.decisions for point in points)
    lines = frozenset(row.analysis.version for row in rows if row.pk in chosen)
    return PlayerSkill(
        points,
        average,
        decisions,
        grade_for(average),
        Counted(choice.reference, choice.left_out, lines),
    )


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


@dataclass(frozen=True)
class SeasonSkill:
    rows: list[SkillRow]  # the lowest PR first
    counted: Counted


def season_skill(season, at_least: int | None = None) -> SeasonSkill:
    """The players with at least `at_least` (the setting SKILL_MIN_DECISIONS by
    default) analysed decisions in the season's public tournaments, the lowest PR
    first, of one comparable set: two queries, the analyses' settings, then the table
    grouped by player in the database."""
    at_least = min_decisions() if at_least is None else at_least
    which = counted(
        Analysis.objects.filter(match__tournament__season=season, match__tournament__public=True)
    )
    first = Q(side=1)
    rows = (
        AnalysedPlayer.objects.filter(
            which.rows, PUBLIC, analysis__match__tournament__season=season
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
    return SeasonSkill(table, which)
