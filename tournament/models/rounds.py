"""A Swiss's or round robin's rounds: the results of a group as the core's standings
read them, a round robin's matches as its calls read them (and why one is not called
yet), and the deadline of a round played over weeks (a league): its matches are
to be played by then; the players of the matches still unplayed get a reminder the day
before, and past it the director's desk lists them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from django.db import models
from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..core import actions, club_nights, swiss_cut, swiss_standings, win_skill
from .analysis import Analysis, comparable_figures
from .matches import BYE, DECIDED, TO_PLAY, Match
from .tournaments import Tournament
from .transcripts import Transcript


@dataclass
class GroupResults:
    """A group's matches as the core ranks them (wins and losses included, so the
    record shown is the record ranked), and the byes a standings row shows."""

    members: set = field(default_factory=set)
    results: list = field(default_factory=list)
    byes: list = field(default_factory=list)
    bye_count: Counter = field(default_factory=Counter)
    scoring: win_skill.Scoring = field(default_factory=win_skill.Scoring)

    def ranked(self) -> list[swiss_standings.Row]:
        return swiss_standings.standings(
            sorted(self.members), self.results, self.byes, self.scoring
        )


def group_results(
    rows: Iterable,
    count_byes: bool,
    scoring: win_skill.Scoring = win_skill.Scoring(),
    figures: Mapping[int, tuple] | None = None,
) -> GroupResults:
    """From a group's match rows (Match objects, or rows with the same attributes): a
    bye is a win worth the match length when `count_byes` (a Swiss; in a round robin
    everyone sits out once, so it counts for nobody); a double loss is a meeting that
    both lost. `figures`: the analysed matches' figures by match id (`comparable_figures`),
    for Win + Skill and the average-PR tie-break."""
    figures = figures or {}
    found = GroupResults(scoring=scoring)
    for row in rows:
        found.members.update(p for p in (row.player1_id, row.player2_id) if p is not None)
        if row.status == BYE and row.player1_id is not None:
            if count_byes:
                found.byes.append(swiss_standings.Bye(row.player1_id, row.length))
                found.bye_count[row.player1_id] += 1
        elif row.status == DECIDED and row.player1_id and row.player2_id:
            found.results.append(
                swiss_standings.Result(
                    row.player1_id,
                    row.player2_id,
                    row.winner_id,
                    row.score1,
                    row.score2,
                    figures.get(row.pk),
                )
            )
        elif row.decided_by == actions.DOUBLE_LOSS:
            found.results.append(swiss_standings.Result(row.player1_id, row.player2_id, None, 0, 0))
    return found


@dataclass(frozen=True)
class SwissCut:
    """A Swiss's standings (player and place, best first) and who goes on from them to
    its knockout, in seed order (`core.swiss_cut`; no knockout: nobody)."""

    ranked: list[tuple[int, int]]
    qualifiers: list[int]


def swiss_cut_of(tournament: Tournament, rows: Iterable, keep: Iterable = ()) -> SwissCut:
    """The cut of a Swiss into its knockout from its rows of the rounds, as they stand:
    the top K of the players not withdrawn (one query for them; those in `keep`, seated
    in the knockout already, count as in), a tie at the cut drawn by lot from the draw
    seed. Fewer than two to send on: no knockout."""
    found = group_results(rows, True, tournament.standings_scoring, figures_for(tournament))
    ranked = [(row.player, row.place) for row in found.ranked()]
    if not tournament.swiss_knockout:
        return SwissCut(ranked, [])
    withdrawn = set(tournament.entries.filter(withdrawn=True).values_list("player_id", flat=True))
    withdrawn -= set(keep)
    qualifiers = swiss_cut.cut(
        [pair for pair in ranked if pair[0] not in withdrawn],
        tournament.swiss_knockout,
        tournament.draw_seed or 0,
    )
    return SwissCut(ranked, qualifiers if len(qualifiers) >= 2 else [])


def figures_for(tournament: Tournament) -> dict | None:
    """What `group_results` needs of the tournament's analyses: its matches' figures
    (one query) when it scores Win + Skill or breaks ties by average PR; else None, and
    no query."""
    if not tournament.standings_scoring.needs_analyses:
        return None
    return comparable_figures([tournament.pk])


def awaiting_analysis(tournament: Tournament, number: int | None) -> list[Match]:
    """Round `number`'s decided matches (every round's when None) whose skill point
    waits for an analysis (`win_skill.awaits_analysis`), with their players, in the
    rounds' order, each with `file_handed_in` (a transcript is in: gnubg's analysis is
    under way, or failed); none when the tournament does not score Win + Skill (and no
    query)."""
    if not tournament.standings_scoring.win_skill:
        return []
    rows = Match.objects.in_rounds().filter(tournament=tournament, status=DECIDED)
    if number is not None:
        rows = rows.filter(round=number)
    rows = (
        rows.between_two()
        .annotate(
            analysed=Exists(Analysis.objects.filter(match=OuterRef("pk"))),
            file_handed_in=Exists(Transcript.objects.filter(match=OuterRef("pk"))),
        )
        .select_related("player1", "player2")
        .order_by("round", "group", "position")
    )
    return [row for row in rows if win_skill.awaits_analysis(row.decided_by, row.analysed)]


def round_matches(rows: Iterable) -> list[club_nights.RoundMatch]:
    """A round robin's match rows between two players, as the core's calls read them."""
    return [
        club_nights.RoundMatch(
            row.pk,
            row.group,
            row.round,
            (row.player1_id, row.player2_id),
            row.status in TO_PLAY,
        )
        for row in rows
        if row.player1_id is not None and row.player2_id is not None
    ]


def not_called(match: Match) -> str:
    """Why a match not called yet takes no game (`Match.is_called`): the round its
    players still play first, as the core's calls say."""
    rows = (
        Match.objects.in_rounds()
        .filter(tournament_id=match.tournament_id, group=match.group, round__lte=match.round)
        .involving(match.player1_id, match.player2_id)
        .between_two()
        .only("pk", "group", "round", "player1", "player2", "status")
    )
    earlier = club_nights.waiting_on(round_matches(rows)).get(match.pk)
    if earlier is None:
        return gettext("This match is not called yet.")
    return gettext(club_nights.NOT_CALLED) % {"round": match.round, "earlier": earlier}


class RoundDeadline(models.Model):
    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="deadlines",
        verbose_name=_("tournament"),
    )
    round = models.PositiveSmallIntegerField(_("round"))
    deadline = models.DateTimeField(_("to be played by"))
    # When the reminder went (None: not yet); a new deadline clears it.
    reminded_at = models.DateTimeField(_("reminder sent at"), null=True, blank=True)

    class Meta:
        verbose_name = _("round deadline")
        verbose_name_plural = _("round deadlines")
        ordering = ["tournament_id", "round"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round"], name="round_deadline_once_per_round"
            ),
            models.CheckConstraint(condition=Q(round__gte=1), name="round_deadline_round_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament.name} R{self.round}: {self.deadline:%Y-%m-%d %H:%M}"
