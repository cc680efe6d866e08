"""Matches: who plays where, the table and the clock, and the caches of the result
(score, winner, Crawford game, status), written only by `operations` inside one locked
transaction. Their games and penalty points are in `games`."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from ..core import actions, scoring
from ..core.match_rows import Sides
from ..core.rating_policy import Decision as RatingDecision
from ..core.rules import RuleSet
from . import rating_policies
from .at_the_table import AtTheTable
from .brackets import Bracket
from .club_scope import scoped_manager
from .match_status import (
    BYE,
    DECIDED,
    LIVE,
    OPEN,
    PENDING,
    READY,
    SETTLED,
    SETTLED_EMPTY,
    STARTED,
    TO_PLAY,
    VOID,
    MatchQuerySet,
)
from .match_words import MatchWords
from .players import Player
from .tournaments import Tournament


# `Sides`: which side won, from the ids alone, as every row type read of a match says it.
class Match(Sides, AtTheTable, MatchWords, models.Model):
    class Status(models.TextChoices):
        PENDING = PENDING, _("waiting for players")
        READY = READY, _("ready")
        LIVE = LIVE, _("live")
        DECIDED = DECIDED, _("decided")
        BYE = BYE, _("bye")
        VOID = VOID, _("no match")

    class DecidedBy(models.TextChoices):
        OPEN = actions.OPEN, _("not decided")
        GAMES = actions.GAMES, _("games")
        WALKOVER = actions.WALKOVER, _("walkover")
        RETIREMENT = actions.RETIREMENT, _("retirement")
        ON_TIME = actions.ON_TIME, _("on time")
        DOUBLE_LOSS = actions.DOUBLE_LOSS, _("double loss")

    OPEN_STATUSES = OPEN
    STARTED_STATUSES = STARTED
    TO_PLAY_STATUSES = TO_PLAY
    SETTLED_STATUSES = SETTLED

    SOURCE_CHOICES = [
        ("entrant", _("entrant")),
        ("bye", _("bye")),
        ("winner", _("winner of")),
        ("loser", _("loser of")),
        ("first_loser", _("first-match loser of")),
        ("entry_loser", _("first-match loser, who dropped into")),
        ("reset_winner", _("grand final winner, if a reset, of")),
        ("reset_loser", _("grand final loser, if a reset, of")),
    ]

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="matches", verbose_name=_("tournament")
    )
    bracket = models.ForeignKey(
        Bracket,
        on_delete=models.CASCADE,
        related_name="matches",
        null=True,
        blank=True,
        verbose_name=_("bracket"),
    )
    round = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    position = models.PositiveSmallIntegerField(
        _("match number in the round"), null=True, blank=True
    )
    player1 = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        related_name="matches_as_first",
        null=True,
        blank=True,
        verbose_name=_("first player"),
    )
    player2 = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        related_name="matches_as_second",
        null=True,
        blank=True,
        verbose_name=_("second player"),
    )
    # Where each slot's player comes from in the bracket plan (draw.Source).
    source1_kind = models.CharField(
        _("first slot comes from"), max_length=12, choices=SOURCE_CHOICES, blank=True
    )
    source1_match = models.ForeignKey(
        "self",
        on_delete=models.CASCADE,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=_("first slot's match"),
    )
    source2_kind = models.CharField(
        _("second slot comes from"), max_length=12, choices=SOURCE_CHOICES, blank=True
    )
    source2_match = models.ForeignKey(
        "self",
        on_delete=models.CASCADE,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=_("second slot's match"),
    )
    # A round robin's group (1, 2, ...); 0 outside groups. A Swiss or round-robin match
    # has a round and a position but no bracket.
    group = models.PositiveSmallIntegerField(_("group"), default=0)
    # A team event's individual match: its team match and its board (board i of one
    # team against board i of the other); null elsewhere.
    team_match = models.ForeignKey(
        "tournament.TeamMatch",
        on_delete=models.CASCADE,
        related_name="boards",
        null=True,
        blank=True,
        verbose_name=_("team match"),
    )
    board = models.PositiveSmallIntegerField(_("board"), null=True, blank=True)
    length = models.PositiveSmallIntegerField(_("length (points)"), default=5)
    # A friendly both players agreed beforehand to have rated: the clubs whose policy
    # rates friendlies "when agreed" count it (core.rating_policy).
    rated_by_agreement = models.BooleanField(_("rated by agreement"), default=False)

    # Caches of scoring.replay() and of the bracket's resolve step, written only by
    # the operations.
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    decided_by = models.CharField(
        _("decided by"), max_length=10, choices=DecidedBy.choices, blank=True, default=""
    )
    winner = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        related_name="matches_won",
        null=True,
        blank=True,
        verbose_name=_("winner"),
    )
    score1 = models.PositiveSmallIntegerField(_("first player's score"), default=0)
    score2 = models.PositiveSmallIntegerField(_("second player's score"), default=0)
    raw_score1 = models.PositiveIntegerField(_("first player's points won"), default=0)
    raw_score2 = models.PositiveIntegerField(_("second player's points won"), default=0)
    crawford_game = models.PositiveSmallIntegerField(_("Crawford game"), null=True, blank=True)
    # Penalty points awarded to each side before the first game: a cache of the match's
    # Penalty rows, so that a replay needs no query for them.
    penalty1 = models.PositiveSmallIntegerField(_("first player's penalty points"), default=0)
    penalty2 = models.PositiveSmallIntegerField(_("second player's penalty points"), default=0)
    # Optimistic locking: a form remembers the version it showed.
    version = models.PositiveIntegerField(_("version"), default=0)
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    # The table it is called to (a name from the tournament's tables); kept once decided,
    # for the record, but only an open match holds a table.
    table = models.CharField(_("table"), max_length=20, blank=True)
    # Points already scored (by both) when a clock was brought in; None: no clock yet.
    clock_points = models.PositiveSmallIntegerField(
        _("points scored when the clock came in"), null=True, blank=True
    )
    # The clock on the wall: when the match was called to its table (a day without
    # tables: when it was ready), and its adjournment: since when, the time spent
    # adjourned before (left out of its running time), and each player's time left on
    # the clock when it stopped (seconds; None without a clock).
    called_at = models.DateTimeField(_("called at"), null=True, blank=True)
    adjourned_at = models.DateTimeField(_("adjourned at"), null=True, blank=True)
    adjourned_seconds = models.PositiveIntegerField(_("seconds adjourned"), default=0)
    clock_left1 = models.PositiveIntegerField(
        _("first player's time left (seconds)"), null=True, blank=True
    )
    clock_left2 = models.PositiveIntegerField(
        _("second player's time left (seconds)"), null=True, blank=True
    )

    # A club's pages read their club's matches only (models.club_scope).
    objects = scoped_manager(MatchQuerySet, "tournament__season__club_id")

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        # Id columns, not relations: ordering by a relation joins its table to every query.
        ordering = ["tournament_id", "bracket_id", "round", "group", "position", "pk"]
        # The matches being played and the next ones (the home page) are found by their
        # status: a few rows however many decided matches the club's history holds.
        # The federation's results feed reads the matches decided since a day, a page
        # at a time, out of every club's history (queries.federation_results).
        indexes = [
            models.Index(fields=["status"], name="match_status_idx"),
            models.Index(fields=["decided_at"], name="match_decided_at_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(player1__isnull=True)
                | Q(player2__isnull=True)
                | ~Q(player1=F("player2")),
                name="match_players_differ",
                violation_error_message=_("A player cannot meet themselves."),
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True) | Q(winner=F("player1")) | Q(winner=F("player2")),
                name="match_winner_is_a_player",
                violation_error_message=_("The winner must be one of the two players."),
            ),
            models.CheckConstraint(
                condition=Q(length__gte=1),
                name="match_length_positive",
                violation_error_message=_("A match is played to 1 point or more."),
            ),
            models.CheckConstraint(
                condition=Q(score1__lte=F("length")) & Q(score2__lte=F("length")),
                name="match_score_capped",
            ),
            models.CheckConstraint(
                condition=~Q(status="decided") | Q(winner__isnull=False),
                name="match_decided_has_winner",
            ),
            models.CheckConstraint(
                condition=Q(status__in=[PENDING, READY, LIVE, DECIDED, BYE, VOID]),
                name="match_status_known",
            ),
            models.CheckConstraint(
                condition=Q(bracket__isnull=True) | Q(round__gte=1, position__gte=1),
                name="match_in_bracket_has_round_and_position",
            ),
            models.UniqueConstraint(
                fields=["bracket", "round", "position"],
                condition=Q(bracket__isnull=False),
                name="match_slot_unique_in_bracket",
                violation_error_message=_("That round and position are taken in this bracket."),
            ),
            models.UniqueConstraint(
                fields=["tournament", "group", "round", "position"],
                condition=Q(bracket__isnull=True, round__isnull=False),
                name="match_slot_unique_in_rounds",
                violation_error_message=_("That round and position are taken in this tournament."),
            ),
            models.UniqueConstraint(
                fields=["tournament", "table"],
                condition=Q(status__in=list(OPEN)) & ~Q(table=""),
                name="match_one_open_match_a_table",
                violation_error_message=_("Another match is playing at that table."),
            ),
        ]

    def __str__(self) -> str:
        return _("%(first)s v %(second)s") % {
            "first": self.player1 or "?",
            "second": self.player2 or "?",
        }

    def get_absolute_url(self) -> str:
        return reverse("match", args=[self.pk])

    @property
    def players(self) -> tuple[Player | None, Player | None]:
        return (self.player1, self.player2)

    @property
    def score(self) -> tuple[int, int]:
        return (self.score1, self.score2)

    @property
    def rules(self) -> RuleSet:
        return self.tournament.season.rules

    def game_results(self) -> list[scoring.GameResult]:
        return [game.as_result() for game in self.games.all()]

    def penalty_results(self) -> list[scoring.Penalty]:
        """The penalty points before the first game, from the cache on the row."""
        points = (self.penalty1, self.penalty2)
        return [scoring.Penalty(side, points[side]) for side in (0, 1) if points[side]]

    def replay_games(self, results) -> scoring.MatchState:
        """These games, after the match's penalty points, through the scoring core."""
        return scoring.replay(self.length, list(results), self.rules, self.penalty_results())

    def replay(self, extra: tuple[scoring.GameResult, ...] = ()) -> scoring.MatchState:
        """The match's games (and `extra` after them) through the scoring core."""
        return self.replay_games([*self.game_results(), *extra])

    @property
    def in_rounds(self) -> bool:
        """A match of a Swiss or a round robin (a round, no bracket)."""
        return self.bracket_id is None and self.round is not None

    @property
    def from_draw(self) -> bool:
        """Who plays it comes from a draw or a pairing (a bracket's or a round's match),
        not from a director's hand (a friendly)."""
        return self.bracket_id is not None or self.in_rounds

    @property
    def bracket_kind(self) -> str | None:
        return self.bracket.kind if self.bracket_id else None

    # --- status, in the groups above ---------------------------------------------

    @property
    def is_open(self) -> bool:
        return self.status in OPEN

    @property
    def is_live(self) -> bool:
        return self.status == LIVE

    @property
    def is_decided(self) -> bool:
        return self.status == DECIDED

    @property
    def is_started(self) -> bool:
        return self.status in STARTED

    @property
    def is_bye(self) -> bool:
        return self.status == BYE

    @property
    def is_settled_empty(self) -> bool:
        """A bye or a void: settled without a match being played."""
        return self.status in SETTLED_EMPTY

    @property
    def is_rated(self) -> bool:
        """Counted by the ratings: its club's policy inside the federation's floor rates
        it (`rating_decision`); `Match.objects.rated()` is the same as a query."""
        return self.rating_decision().rated

    def rating_decision(self) -> RatingDecision:
        """Whether the match is rated and why not (`models.rating_policies.decision`)."""
        return rating_policies.decision(self)

    @property
    def post_crawford(self) -> bool:
        """Its next game is played after the Crawford game (`scoring.is_post_crawford`),
        from the row's cache: a Crawford game played, the match under way."""
        return scoring.is_post_crawford(self.crawford_game, over=not self.is_live)

    @property
    def by_walkover(self) -> bool:
        return self.decided_by == actions.WALKOVER

    @property
    def by_retirement(self) -> bool:
        return self.decided_by == actions.RETIREMENT

    @property
    def on_time(self) -> bool:
        return self.decided_by == actions.ON_TIME

    @property
    def double_loss(self) -> bool:
        return self.decided_by == actions.DOUBLE_LOSS

    @property
    def decided_without_games(self) -> bool:
        return self.decided_by in actions.WITHOUT_GAMES

    @property
    def decision_label(self) -> str:
        """How a match not played out was settled ("walkover", "retirement", "on time",
        "double loss"), "" for one decided by its games or still open: the one wording
        every page shows beside or instead of the status."""
        return str(self.get_decided_by_display()) if self.decided_without_games else ""

    @property
    def status_label(self) -> str:
        """The status as a card or a line shows it: how the match was settled when its
        games did not decide it (a 0-1 "on time", not a bare "decided")."""
        return self.decision_label or str(self.get_status_display())

    @property
    def players_known(self) -> bool:
        return self.player1_id is not None and self.player2_id is not None

    @property
    def is_called(self) -> bool:
        """Called to play: a round robin's match waits (pending, with both players
        known) until both have finished their matches of the rounds before; the status
        is the call the operations wrote from the core's rule (club_nights.waiting_on).
        Any other match is called once its players are known (a friendly given its
        second player stays pending until its first game is written)."""
        return self.status != PENDING or not self.in_rounds

    @property
    def tournament_started(self) -> bool:
        """Its tournament has been started (running or finished): a draft's matches,
        drawn with their players known, take no game until then."""
        return self.tournament.status != Tournament.Status.DRAFT

    def situation(self, state: scoring.MatchState) -> actions.MatchSituation:
        """What the core needs to say what may be done with the match (`state` is its
        games replayed)."""
        return actions.MatchSituation.of(
            self.players_known,
            self.decided_by,
            state,
            clock_policy=self.clock.policy,
            clock_in=self.clock_points is not None,
            in_rounds=self.in_rounds,
            called=self.is_called,
            started=self.tournament_started,
        )

    @property
    def penalty_sides(self) -> list[tuple[Player, int]]:
        """(player, penalty points) for each side awarded some before the first game."""
        points = (self.penalty1, self.penalty2)
        return [(self.players[side], points[side]) for side in (0, 1) if points[side]]

    def side_of(self, player: Player) -> int | None:
        if player is None:
            return None
        if self.player1_id == player.pk:
            return 0
        if self.player2_id == player.pk:
            return 1
        return None
