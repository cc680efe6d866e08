"""A team event's rows: its teams, their players in board order, and the team matches.
Each team match's individual matches are ordinary `Match` rows pointing at it with
their board, so scoring, the match sheet, reports, ratings and analysis are the same
as anywhere else; the team match's winner and status are caches the operations write
from `core.teams`."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from ..core import actions
from ..core import teams as core
from .match_status import DECIDED
from .players import Player
from .tournaments import Tournament


class Team(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="teams", verbose_name=_("tournament")
    )
    name = models.CharField(_("name"), max_length=80)
    club = models.CharField(
        _("club"), max_length=80, blank=True, help_text=_("Empty for a team of mixed clubs.")
    )
    # The draw's order: set when the groups are drawn (1 = drawn first).
    group = models.PositiveSmallIntegerField(_("group"), default=0)
    # The knockout's seed from the group places (1 = the best group winner); null
    # while the knockout is not drawn, or for a team that did not go on.
    knockout_seed = models.PositiveSmallIntegerField(_("knockout seed"), null=True, blank=True)

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        ordering = ["tournament_id", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "name"],
                name="team_name_unique_in_tournament",
                violation_error_message=_("This tournament already has a team of that name."),
            ),
            models.CheckConstraint(condition=~Q(name=""), name="team_name_not_empty"),
        ]

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    """A player of a team, on a board (1 = the team's first board)."""

    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="members", verbose_name=_("team")
    )
    # The tournament again, so that a player is in one team per tournament (a constraint).
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="+", verbose_name=_("tournament")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="team_places", verbose_name=_("player")
    )
    board = models.PositiveSmallIntegerField(_("board"))

    class Meta:
        verbose_name = _("team player")
        verbose_name_plural = _("team players")
        ordering = ["team_id", "board"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"],
                name="team_member_one_team_per_tournament",
                violation_error_message=_("This player is already in a team of this tournament."),
            ),
            models.UniqueConstraint(
                fields=["team", "board"],
                name="team_member_board_unique",
                violation_error_message=_("Another player of the team is on that board."),
            ),
            models.CheckConstraint(
                condition=Q(board__gte=1, board__lte=core.MAX_TEAM), name="team_member_board_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.board}. {self.player}"


class TeamMatch(models.Model):
    GROUP, KNOCKOUT = "group", "knockout"
    STAGE_CHOICES = [(GROUP, _("groups")), (KNOCKOUT, _("knockout"))]

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for teams")
        PLAYING = "playing", _("to play")
        DECIDED = "decided", _("decided")
        BYE = "bye", _("bye")

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="team_matches",
        verbose_name=_("tournament"),
    )
    stage = models.CharField(_("stage"), max_length=10, choices=STAGE_CHOICES, default=GROUP)
    # A group match: its group (1-based), round and position; a knockout match: its
    # slot in the knockout's plan (round, position), group 0.
    group = models.PositiveSmallIntegerField(_("group"), default=0)
    round = models.PositiveSmallIntegerField(_("round"))
    position = models.PositiveSmallIntegerField(_("match number in the round"))
    team1 = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="+", null=True, blank=True,
        verbose_name=_("first team"),
    )  # fmt: skip
    team2 = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="+", null=True, blank=True,
        verbose_name=_("second team"),
    )  # fmt: skip
    # Caches of core.teams.team_result over the boards, written by the operations.
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    winner = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="+", null=True, blank=True,
        verbose_name=_("winner"),
    )  # fmt: skip
    decided_by = models.CharField(_("decided by"), max_length=10, blank=True, default="")

    class Meta:
        verbose_name = _("team match")
        verbose_name_plural = _("team matches")
        ordering = ["tournament_id", "stage", "group", "round", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "stage", "group", "round", "position"],
                name="team_match_slot_unique",
            ),
            models.CheckConstraint(
                condition=Q(round__gte=1, position__gte=1), name="team_match_round_and_position"
            ),
        ]

    def __str__(self) -> str:
        return _("%(first)s v %(second)s") % {
            "first": self.team1 or "?",
            "second": self.team2 or "?",
        }

    @property
    def teams(self) -> tuple[Team | None, Team | None]:
        return (self.team1, self.team2)

    @property
    def is_knockout(self) -> bool:
        return self.stage == self.KNOCKOUT


# --- read for the pages and the operations ---------------------------------------------


def board_of(match) -> core.Board:
    """An individual match as its team match reads it, sides turned to the teams'
    (board 2's first player is the second team's: `core.boards`)."""
    decided = match.status == DECIDED or (match.decided_by == actions.DOUBLE_LOSS)
    side = match.winner_side
    winner = None if side is None else core.board_side(match.board, side)
    points = (match.score1, match.score2)
    if match.board % 2 == 0:
        points = (points[1], points[0])
    return core.Board(decided, winner if decided else None, points)


def results(tournament: Tournament) -> dict[int, core.TeamResult]:
    """Every team match with its boards decided or not: team match id -> its result."""
    boards: dict[int, list] = {}
    for match in tournament.matches.filter(team_match__isnull=False).only(
        "pk", "tournament", "team_match", "board", "status", "decided_by", "winner", "player1",
        "player2",
        "score1", "score2",
    ):  # fmt: skip
        boards.setdefault(match.team_match_id, []).append(match)
    kinds = dict(tournament.team_matches.values_list("pk", "stage"))
    return {
        pk: core.team_result(
            [board_of(row) for row in sorted(rows, key=lambda row: row.board)],
            knockout=kinds[pk] == TeamMatch.KNOCKOUT,
        )
        for pk, rows in boards.items()
    }


def group_tables(tournament: Tournament, found=None) -> dict[int, list[core.TableRow]]:
    """Group number -> its table (team ids), from the decided group team matches."""
    found = results(tournament) if found is None else found
    teams_in: dict[int, list[int]] = {}
    for team in tournament.teams.order_by("pk"):
        teams_in.setdefault(team.group, []).append(team.pk)
    played: dict[int, list[core.Played]] = {}
    for row in tournament.team_matches.filter(stage=TeamMatch.GROUP):
        if row.pk in found:
            played.setdefault(row.group, []).append(
                core.Played((row.team1_id, row.team2_id), found[row.pk])
            )
    return {
        number: core.group_table(teams, played.get(number, []))
        for number, teams in sorted(teams_in.items())
        if number
    }
