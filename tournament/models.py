"""The club's data: players, seasons and their rules, tournaments, matches, games.

Thin on purpose: rows hand their values to the pure core (`rules`, `scoring`, `draw`)
and the caches on `Match` (score, winner, Crawford game, status) are written only by
`operations.py`, inside one locked transaction.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .core import draw, league, scoring
from .core.rules import IRREGULARITIES, PRESETS, RuleSet
from .rule_texts import PRESET_LABELS


def validate_scale(value: str) -> None:
    try:
        league.parse_scale(value)
    except league.ScaleError as error:
        raise ValidationError(error.message(gettext)) from None


# The RuleSet fields a Season stores as columns, in RuleSet order.
RULE_FIELDS = tuple(RuleSet.__dataclass_fields__)


class PlayerQuerySet(models.QuerySet):
    def active(self):
        return self.filter(active=True)


class Player(models.Model):
    name = models.CharField(_("name"), max_length=100)
    membership_number = models.CharField(_("membership number"), max_length=20, blank=True)
    club = models.CharField(_("club"), max_length=100, blank=True)
    # Contact details are for the directors only: never shown on a public page.
    email = models.EmailField(_("email"), blank=True)
    phone = models.CharField(_("phone"), max_length=30, blank=True)
    active = models.BooleanField(
        _("active"),
        default=True,
        help_text=_("A player with results cannot be deleted; deactivate them instead."),
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    # Caches of the FIBS ratings over every rated match (player_ratings.refresh).
    rating = models.FloatField(_("rating"), default=1500.0)
    rating_experience = models.PositiveIntegerField(_("rating experience"), default=0)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["name", "pk"]
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="player_name_not_empty"),
            models.UniqueConstraint(
                fields=["membership_number"],
                condition=~Q(membership_number=""),
                name="player_membership_number_unique",
                violation_error_message=_("Another player has this membership number."),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("player", args=[self.pk])


class Season(models.Model):
    PRESET_CHOICES = [(key, PRESET_LABELS[key]) for key in PRESETS]
    MULTIPLIER_CHOICES = [
        (2, _("twice the cube, like a gammon")),
        (3, _("three times the cube")),
    ]
    IRREGULARITY_CHOICES = [
        ("pre-2002", _("before 2002: anyone may point out a miscounted move; rule 3B")),
        ("2002", _("from 2002: irregularity rules 2 and 3")),
    ]

    year = models.PositiveSmallIntegerField(_("year"), unique=True)
    name = models.CharField(_("name"), max_length=100, blank=True)
    preset = models.CharField(
        _("preset"),
        max_length=20,
        choices=PRESET_CHOICES,
        blank=True,
        help_text=_("The preset the rules were taken from; they may have been edited since."),
    )
    crawford = models.BooleanField(_("Crawford rule"), default=True)
    holland = models.BooleanField(_("Holland rule"), default=False)
    backgammon_multiplier = models.PositiveSmallIntegerField(
        _("a backgammon counts"), choices=MULTIPLIER_CHOICES, default=3
    )
    beavers = models.BooleanField(_("beavers in match play"), default=False)
    beaver_refusable = models.BooleanField(_("a beaver may be refused"), default=True)
    raccoons = models.BooleanField(_("raccoons"), default=False)
    automatic_doubles = models.BooleanField(_("automatic doubles in match play"), default=False)
    automatic_doubles_limit = models.PositiveSmallIntegerField(
        _("automatic doubles limit"),
        null=True,
        blank=True,
        help_text=_("Most automatic doubles per game; empty for no limit."),
    )
    jacoby = models.BooleanField(
        _("Jacoby rule"), default=False, help_text=_("Money play only: it never changes a match.")
    )
    irregularities = models.CharField(
        _("irregularity rules"), max_length=10, choices=IRREGULARITY_CHOICES, default="2002"
    )
    # League points for finishing places 1, 2, 3-4, 5-8, ... in each bracket.
    main_points = models.CharField(
        _("league points, main bracket"),
        max_length=60,
        default=league.format_scale(league.DEFAULT_SCALE[league.MAIN]),
        validators=[validate_scale],
        help_text=_("For places 1, 2, 3-4, 5-8, 9-16, ...; later places score nothing."),
    )
    consolation_points = models.CharField(
        _("league points, consolation"),
        max_length=60,
        default=league.format_scale(league.DEFAULT_SCALE[league.CONSOLATION]),
        validators=[validate_scale],
        blank=True,
    )
    last_chance_points = models.CharField(
        _("league points, last chance"),
        max_length=60,
        default=league.format_scale(league.DEFAULT_SCALE[league.LAST_CHANCE]),
        validators=[validate_scale],
        blank=True,
    )

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["-year"]
        constraints = [
            models.CheckConstraint(
                condition=Q(year__gte=1900, year__lte=2999),
                name="season_year_plausible",
                violation_error_message=_("Give the season's year, e.g. 2002."),
            ),
            models.CheckConstraint(
                condition=Q(backgammon_multiplier__in=[2, 3]),
                name="season_backgammon_multiplier_2_or_3",
            ),
            models.CheckConstraint(
                condition=Q(irregularities__in=list(IRREGULARITIES)),
                name="season_irregularities_known",
            ),
            models.CheckConstraint(
                condition=Q(automatic_doubles_limit__isnull=True)
                | Q(automatic_doubles_limit__gte=1),
                name="season_automatic_doubles_limit_positive",
            ),
        ]

    def __str__(self) -> str:
        return self.name or str(_("Season %(year)s") % {"year": self.year})

    def get_absolute_url(self) -> str:
        return reverse("season", args=[self.year])

    @property
    def rules(self) -> RuleSet:
        return RuleSet(**{field: getattr(self, field) for field in RULE_FIELDS})

    def set_rules(self, rules: RuleSet) -> None:
        for field in RULE_FIELDS:
            setattr(self, field, getattr(rules, field))

    @classmethod
    def from_preset(cls, year: int, preset: str, **fields) -> Season:
        """An unsaved season with a preset's rules; the director may edit them after."""
        season = cls(year=year, preset=preset, **fields)
        season.set_rules(PRESETS[preset])
        return season

    @property
    def scale(self) -> dict[str, tuple[int, ...]]:
        """League points per band of places, per bracket kind (see league.py)."""
        return {
            league.MAIN: league.parse_scale(self.main_points),
            league.CONSOLATION: league.parse_scale(self.consolation_points),
            league.LAST_CHANCE: league.parse_scale(self.last_chance_points),
        }

    @property
    def rules_edited(self) -> bool:
        """The rules no longer equal the preset they came from."""
        return bool(self.preset) and PRESETS[self.preset] != self.rules


class TournamentQuerySet(models.QuerySet):
    def public(self):
        return self.filter(public=True)


class Tournament(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    CONSOLATION_CHOICES = [
        (draw.NO_CONSOLATION, _("no consolation")),
        (draw.FIRST_ROUND, _("first-round losers")),
        (draw.PROGRESSIVE, _("progressive")),
    ]

    season = models.ForeignKey(
        Season, on_delete=models.PROTECT, related_name="tournaments", verbose_name=_("season")
    )
    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"), default=timezone.localdate)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    consolation = models.CharField(
        _("consolation"), max_length=12, choices=CONSOLATION_CHOICES, default=draw.NO_CONSOLATION
    )
    progressive_rounds = models.PositiveSmallIntegerField(
        _("main rounds whose losers drop into the consolation"),
        default=2,
        help_text=_("For a progressive consolation."),
    )
    last_chance = models.BooleanField(
        _("last chance bracket"),
        default=False,
        help_text=_("A third bracket for the players who lose their first consolation match."),
    )
    draw_seed = models.BigIntegerField(
        _("draw seed"),
        null=True,
        blank=True,
        help_text=_("The random seed the draw was made with: the same seed gives the same draw."),
    )
    public = models.BooleanField(_("public"), default=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    objects = TournamentQuerySet.as_manager()

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-date", "name", "pk"]
        permissions = [("direct_tournaments", _("Can direct tournaments: draws and results"))]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "name"],
                name="tournament_name_unique_in_season",
                violation_error_message=_("This season already has a tournament of that name."),
            ),
            models.CheckConstraint(condition=~Q(name=""), name="tournament_name_not_empty"),
            models.CheckConstraint(
                condition=Q(progressive_rounds__gte=1),
                name="tournament_progressive_rounds_positive",
            ),
            models.CheckConstraint(
                condition=Q(consolation__in=list(draw.CONSOLATION_FORMATS)),
                name="tournament_consolation_known",
            ),
            models.CheckConstraint(
                condition=Q(last_chance=False) | ~Q(consolation=draw.NO_CONSOLATION),
                name="tournament_last_chance_needs_consolation",
                violation_error_message=_("A last chance bracket needs a consolation."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.season.year})"

    def get_absolute_url(self) -> str:
        return reverse("tournament", args=[self.pk])


class Entry(models.Model):
    """A player registered in a tournament, with an optional seed."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entries", verbose_name=_("tournament")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="entries", verbose_name=_("player")
    )
    seed = models.PositiveSmallIntegerField(
        _("seed"), null=True, blank=True, help_text=_("1 is the best; empty for unseeded.")
    )
    withdrawn = models.BooleanField(
        _("withdrawn"),
        default=False,
        help_text=_("A withdrawn player loses their remaining matches by walkover."),
    )
    created = models.DateTimeField(_("registered"), auto_now_add=True)

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ["tournament", "seed", "player__name"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"],
                name="entry_player_once_per_tournament",
                violation_error_message=_("This player is already registered."),
            ),
            models.UniqueConstraint(
                fields=["tournament", "seed"],
                condition=Q(seed__isnull=False),
                name="entry_seed_unique_in_tournament",
                violation_error_message=_("Another player has this seed."),
            ),
            models.CheckConstraint(
                condition=Q(seed__isnull=True) | Q(seed__gte=1), name="entry_seed_positive"
            ),
        ]

    def __str__(self) -> str:
        if self.seed:
            return f"{self.player} [{self.seed}]"
        return str(self.player)


class Bracket(models.Model):
    KIND_CHOICES = [
        (draw.MAIN, _("main")),
        (draw.CONSOLATION, _("consolation")),
        (draw.LAST_CHANCE, _("last chance")),
    ]

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="brackets", verbose_name=_("tournament")
    )
    kind = models.CharField(_("kind"), max_length=12, choices=KIND_CHOICES)
    lengths = models.CharField(
        _("match length per round"),
        max_length=100,
        default="5",
        help_text=_("Points per round, e.g. 5,5,7,9,11; the last one holds for later rounds."),
    )

    class Meta:
        verbose_name = _("bracket")
        verbose_name_plural = _("brackets")
        ordering = ["tournament", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "kind"], name="bracket_kind_unique"),
            models.CheckConstraint(
                condition=Q(kind__in=list(draw.BRACKET_KINDS)), name="bracket_kind_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament.name}: {self.get_kind_display()}"

    @property
    def round_lengths(self) -> list[int]:
        return [int(part) for part in self.lengths.split(",") if part.strip()]

    def length_for_round(self, number: int) -> int:
        lengths = self.round_lengths or [5]
        return lengths[min(number, len(lengths)) - 1]


class Match(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for players")
        READY = "ready", _("ready")
        LIVE = "live", _("live")
        DECIDED = "decided", _("decided")
        BYE = "bye", _("bye")
        VOID = "void", _("no match")

    class DecidedBy(models.TextChoices):
        OPEN = "", _("not decided")
        GAMES = "games", _("games")
        WALKOVER = "walkover", _("walkover")
        RETIREMENT = "retirement", _("retirement")

    SOURCE_CHOICES = [
        ("entrant", _("entrant")),
        ("bye", _("bye")),
        ("winner", _("winner of")),
        ("loser", _("loser of")),
        ("first_loser", _("first-match loser of")),
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
    length = models.PositiveSmallIntegerField(_("length (points)"), default=5)

    # Caches of scoring.replay() and of the bracket's resolve step, written only by
    # operations.py.
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
    # Optimistic locking: a form remembers the version it showed.
    version = models.PositiveIntegerField(_("version"), default=0)
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        ordering = ["tournament", "bracket", "round", "position", "pk"]
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
                condition=Q(status__in=["pending", "ready", "live", "decided", "bye", "void"]),
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

    def replay(self, extra: tuple[scoring.GameResult, ...] = ()) -> scoring.MatchState:
        """The match's games (and `extra` after them) through the scoring core."""
        return scoring.replay(self.length, [*self.game_results(), *extra], self.rules)

    @property
    def bracket_kind(self) -> str | None:
        return self.bracket.kind if self.bracket_id else None

    @property
    def winner_side(self) -> int | None:
        """0 or 1, from the ids alone (no query for the winner's row)."""
        if self.winner_id is None:
            return None
        return 0 if self.winner_id == self.player1_id else 1

    def side_of(self, player: Player) -> int | None:
        if player is None:
            return None
        if self.player1_id == player.pk:
            return 0
        if self.player2_id == player.pk:
            return 1
        return None


class Game(models.Model):
    WINNER_CHOICES = [(0, _("first player")), (1, _("second player"))]
    KIND_CHOICES = [
        ("single", _("single")),
        ("gammon", _("gammon")),
        ("backgammon", _("backgammon")),
    ]
    HOW_CHOICES = [
        ("played", _("played out")),
        ("resigned", _("resigned")),
        ("dropped", _("double dropped")),
        ("beaver_dropped", _("beaver dropped")),
    ]

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="games", verbose_name=_("match")
    )
    number = models.PositiveSmallIntegerField(_("game number"))
    winner = models.PositiveSmallIntegerField(_("winner"), choices=WINNER_CHOICES)
    kind = models.CharField(_("kind"), max_length=10, choices=KIND_CHOICES, default="single")
    cube = models.BigIntegerField(_("cube"), default=1)
    how = models.CharField(_("how it ended"), max_length=14, choices=HOW_CHOICES, default="played")
    beaver = models.BooleanField(_("beaver"), default=False)
    # Derived by scoring.replay() when the game is recorded, stored for reading.
    points = models.BigIntegerField(_("points"))
    crawford = models.BooleanField(_("Crawford game"), default=False)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    entered_at = models.DateTimeField(_("entered at"), default=timezone.now)

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "number"], name="game_number_unique_per_match"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="game_number_positive"),
            models.CheckConstraint(condition=Q(cube__gte=1), name="game_cube_positive"),
            models.CheckConstraint(condition=Q(winner__in=[0, 1]), name="game_winner_is_a_side"),
            models.CheckConstraint(
                condition=Q(kind__in=list(scoring.KINDS)), name="game_kind_known"
            ),
            models.CheckConstraint(condition=Q(how__in=list(scoring.HOWS)), name="game_how_known"),
            models.CheckConstraint(
                condition=Q(how__in=["played", "resigned"]) | Q(kind="single"),
                name="game_drop_is_single",
            ),
            models.CheckConstraint(condition=Q(points__gte=1), name="game_points_positive"),
        ]

    def __str__(self) -> str:
        return _("Game %(number)s") % {"number": self.number}

    def as_result(self) -> scoring.GameResult:
        return scoring.GameResult(
            winner=self.winner, kind=self.kind, cube=self.cube, how=self.how, beaver=self.beaver
        )


class AuditEntry(models.Model):
    class Action(models.TextChoices):
        GAME_RECORDED = "game_recorded", _("game recorded")
        GAME_UNDONE = "game_undone", _("last game undone")
        GAMES_REPLACED = "games_replaced", _("games corrected")
        WALKOVER = "walkover", _("walkover")
        RETIREMENT = "retirement", _("retirement")
        MATCH_REOPENED = "match_reopened", _("match reopened")
        DRAW_MADE = "draw_made", _("draw made")
        TOURNAMENT_STARTED = "tournament_started", _("tournament started")
        WITHDRAWAL = "withdrawal", _("withdrawal")
        SEASON_CREATED = "season_created", _("season created")
        SEASON_CHANGED = "season_changed", _("season rules changed")
        TOURNAMENT_CREATED = "tournament_created", _("tournament created")
        TOURNAMENT_CHANGED = "tournament_changed", _("tournament changed")
        ENTRY_ADDED = "entry_added", _("player registered")
        ENTRY_REMOVED = "entry_removed", _("registration removed")
        SEEDS_CHANGED = "seeds_changed", _("seeds changed")
        TRANSCRIPT_IMPORTED = "transcript_imported", _("match file imported")

    at = models.DateTimeField(_("when"), default=timezone.now, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("who"),
    )
    action = models.CharField(_("what"), max_length=20, choices=Action.choices)
    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="audit_entries",
        verbose_name=_("tournament"),
    )
    match = models.ForeignKey(
        Match,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="audit_entries",
        verbose_name=_("match"),
    )
    # The match as it read then, so the entry still says something if the match goes.
    subject = models.CharField(_("subject"), max_length=250, blank=True)
    summary = models.CharField(_("summary"), max_length=250, blank=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)

    class Meta:
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.get_action_display()}: {self.subject}"


class RatingChange(models.Model):
    """One player's rating before and after one rated match (the FIBS formula,
    ratings.py). Written only by player_ratings.refresh, in match order."""

    sequence = models.PositiveIntegerField(_("order"), db_index=True)
    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="rating_changes", verbose_name=_("match")
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="rating_changes", verbose_name=_("player")
    )
    opponent = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("opponent")
    )
    won = models.BooleanField(_("won"))
    length = models.PositiveSmallIntegerField(_("length"))
    before = models.FloatField(_("rating before"))
    after = models.FloatField(_("rating after"))
    experience_before = models.PositiveIntegerField(_("experience before"))
    experience_after = models.PositiveIntegerField(_("experience after"))
    at = models.DateTimeField(_("when"))

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        ordering = ["sequence", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["match", "player"], name="rating_change_once_a_match"),
            models.CheckConstraint(
                condition=~Q(player=F("opponent")), name="rating_change_against_another"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.before:.1f} → {self.after:.1f}"

    @property
    def change(self) -> float:
        return self.after - self.before


class RatingsLock(models.Model):
    """A single row locked while ratings are recomputed, so that two directors deciding
    matches at once never interleave two recomputations."""

    computed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("ratings lock")

    def __str__(self) -> str:
        return "ratings"
