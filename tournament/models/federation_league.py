"""The federation's league of club teams (docs/league.md): a league season with its
settings, its divisions (level 1 the top), the clubs' teams with their captain and squad,
and the fixtures of each division's double round robin.

A fixture's boards are ordinary matches of a team event hosted by the home club: its
`tournament`, made in the home club's season when the fixture's line-ups are set, with
one team match of the two line-ups (models.teams). So the home club's director records
them game by game on the usual match sheet, the players report them from their links,
and they count for the ratings as any match does. The fixture keeps a cache of the
result its boards gave (`core.federation_league.fixture_result`), written by the
operations when the home club's director records it, and who confirmed it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from ..core import federation_league as core
from ..core import teams as core_teams
from .clubs import Club
from .players import Player
from .tournaments import Tournament


class LeagueSeason(models.Model):
    """A season of the league, with the settings every division of it plays by."""

    name = models.CharField(_("name"), max_length=120)
    years = models.CharField(_("years"), max_length=7, help_text=_('"2026", or "2026-27".'))
    boards = models.PositiveSmallIntegerField(
        _("boards a fixture"),
        default=4,
        help_text=_("Each fixture is this many matches, board against board (2 to 8)."),
    )
    match_length = models.PositiveSmallIntegerField(_("match length (points)"), default=7)
    win_points = models.PositiveSmallIntegerField(_("match points for a win"), default=2)
    draw_points = models.PositiveSmallIntegerField(_("match points for a draw"), default=1)
    loss_points = models.PositiveSmallIntegerField(_("match points for a loss"), default=0)
    promote = models.PositiveSmallIntegerField(
        _("promoted from each division"), default=1, help_text=_("The top teams that go up.")
    )
    relegate = models.PositiveSmallIntegerField(
        _("relegated from each division"), default=1, help_text=_("The bottom teams that go down.")
    )
    playoffs = models.PositiveSmallIntegerField(
        _("playoffs between two divisions"),
        default=0,
        help_text=_(
            "After the direct moves, the upper division's last team not relegated plays the "
            "lower division's first team not promoted for the place (and so on inwards)."
        ),
    )
    walkover_points = models.PositiveSmallIntegerField(
        _("points a board in a walkover"),
        null=True,
        blank=True,
        help_text=_("Empty: the match length, as a board won to its length against nothing."),
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("league season")
        verbose_name_plural = _("league seasons")
        ordering = ["-years", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["years", "name"],
                name="league_season_unique",
                violation_error_message=_("There is already a league of that name that season."),
            ),
            models.CheckConstraint(condition=~Q(name=""), name="league_season_name_not_empty"),
            models.CheckConstraint(
                condition=Q(boards__gte=core_teams.MIN_TEAM, boards__lte=core_teams.MAX_TEAM),
                name="league_season_boards_sensible",
            ),
            models.CheckConstraint(
                condition=Q(match_length__gte=1), name="league_season_length_positive"
            ),
            models.CheckConstraint(
                condition=Q(win_points__gt=F("draw_points"), draw_points__gte=F("loss_points")),
                name="league_season_points_in_order",
                violation_error_message=_(
                    "A win counts more than a draw, and a draw no less than a loss."
                ),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} {self.years}"

    @property
    def settings(self) -> core.LeagueSettings:
        return core.LeagueSettings(
            boards=self.boards,
            match_length=self.match_length,
            win_points=self.win_points,
            draw_points=self.draw_points,
            loss_points=self.loss_points,
            promote=self.promote,
            relegate=self.relegate,
            playoffs=self.playoffs,
            walkover_points=self.walkover_points,
        )


class LeagueDivision(models.Model):
    season = models.ForeignKey(
        LeagueSeason,
        on_delete=models.CASCADE,
        related_name="divisions",
        verbose_name=_("league season"),
    )
    name = models.CharField(_("name"), max_length=80)
    # 1 is the top division; promotion goes to level - 1, relegation to level + 1.
    level = models.PositiveSmallIntegerField(_("level"), help_text=_("1 is the top division."))

    class Meta:
        verbose_name = _("division")
        verbose_name_plural = _("divisions")
        ordering = ["season_id", "level"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "level"],
                name="league_division_level_unique",
                violation_error_message=_("This league season already has a division there."),
            ),
            models.UniqueConstraint(fields=["season", "name"], name="league_division_name_unique"),
            models.CheckConstraint(condition=Q(level__gte=1), name="league_division_level_known"),
        ]

    def __str__(self) -> str:
        return self.name


class LeagueTeam(models.Model):
    """A club's team in a division for a season, its captain, its squad."""

    season = models.ForeignKey(
        LeagueSeason, on_delete=models.CASCADE, related_name="+", verbose_name=_("league season")
    )
    division = models.ForeignKey(
        LeagueDivision, on_delete=models.CASCADE, related_name="teams", verbose_name=_("division")
    )
    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="league_teams", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=80)
    captain = models.ForeignKey(
        Player,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("captain"),
    )
    # The division's order: last season's ranking (the schedule's seats and the table's
    # order among teams level on everything); 0 for a team not ranked yet.
    rank = models.PositiveSmallIntegerField(_("rank"), default=0)
    # The same team the season before, for its history and next season's divisions.
    previous = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("last season's team"),
    )

    class Meta:
        verbose_name = _("league team")
        verbose_name_plural = _("league teams")
        ordering = ["division_id", "rank", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "name"],
                name="league_team_name_unique_in_season",
                violation_error_message=_("This league season already has a team of that name."),
            ),
            models.CheckConstraint(condition=~Q(name=""), name="league_team_name_not_empty"),
        ]

    def __str__(self) -> str:
        return self.name


class LeagueSquadMember(models.Model):
    """A player of a team's squad, in the captain's board order (1 = the strongest)."""

    team = models.ForeignKey(
        LeagueTeam, on_delete=models.CASCADE, related_name="squad", verbose_name=_("league team")
    )
    # The season again, so that a player is in one squad a season (a constraint).
    season = models.ForeignKey(
        LeagueSeason, on_delete=models.CASCADE, related_name="+", verbose_name=_("league season")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="league_squads", verbose_name=_("player")
    )
    board = models.PositiveSmallIntegerField(_("board order"))

    class Meta:
        verbose_name = _("squad player")
        verbose_name_plural = _("squad players")
        ordering = ["team_id", "board"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "player"],
                name="league_squad_one_team_a_season",
                violation_error_message=_("This player is already in a squad this league season."),
            ),
            models.UniqueConstraint(fields=["team", "board"], name="league_squad_board_unique"),
            models.CheckConstraint(condition=Q(board__gte=1), name="league_squad_board_known"),
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.board}. {self.player}"


class LeagueFixture(models.Model):
    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("to play")
        PLAYING = "playing", _("playing")
        PLAYED = "played", _("played, to confirm")
        CONFIRMED = "confirmed", _("confirmed")

    HOME, AWAY = "home", "away"
    SIDE_CHOICES = [(HOME, _("home team")), (AWAY, _("away team"))]
    SIDES = (HOME, AWAY)  # core.HOME, core.AWAY: 0 and 1

    division = models.ForeignKey(
        LeagueDivision,
        on_delete=models.CASCADE,
        related_name="fixtures",
        verbose_name=_("division"),
    )
    round = models.PositiveSmallIntegerField(_("round"))
    home = models.ForeignKey(
        LeagueTeam, on_delete=models.CASCADE, related_name="+", verbose_name=_("home team")
    )
    away = models.ForeignKey(
        LeagueTeam, on_delete=models.CASCADE, related_name="+", verbose_name=_("away team")
    )
    date = models.DateField(_("date"), null=True, blank=True)
    venue = models.TextField(_("venue"), blank=True, help_text=_("Empty: the home club's address."))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.SCHEDULED
    )
    # The home club's team event its boards are played in, once the line-ups are set.
    tournament = models.OneToOneField(
        Tournament,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="league_fixture",
        verbose_name=_("boards played in"),
    )
    # Caches of core.federation_league's result, home first, written by the operations.
    home_boards = models.PositiveSmallIntegerField(_("boards won at home"), default=0)
    away_boards = models.PositiveSmallIntegerField(_("boards won away"), default=0)
    home_points = models.PositiveSmallIntegerField(_("points won at home"), default=0)
    away_points = models.PositiveSmallIntegerField(_("points won away"), default=0)
    winner = models.CharField(_("winner"), max_length=4, choices=SIDE_CHOICES, blank=True)
    absent = models.CharField(_("did not turn up"), max_length=4, choices=SIDE_CHOICES, blank=True)
    recorded_at = models.DateTimeField(_("recorded at"), null=True, blank=True)
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by"),
    )

    class Meta:
        verbose_name = _("fixture")
        verbose_name_plural = _("fixtures")
        ordering = ["division_id", "round", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(home=F("away")),
                name="league_fixture_teams_differ",
                violation_error_message=_("A team cannot meet itself."),
            ),
            # The double round robin in the database: a pair meets once at each home,
            # and a team plays once a round.
            models.UniqueConstraint(
                fields=["division", "home", "away"], name="league_fixture_once_at_each_home"
            ),
            models.UniqueConstraint(
                fields=["division", "round", "home"], name="league_fixture_home_once_a_round"
            ),
            models.UniqueConstraint(
                fields=["division", "round", "away"], name="league_fixture_away_once_a_round"
            ),
            models.CheckConstraint(condition=Q(round__gte=1), name="league_fixture_round_known"),
            models.CheckConstraint(
                condition=Q(status__in=["scheduled", "playing", "played", "confirmed"]),
                name="league_fixture_status_known",
            ),
        ]

    def __str__(self) -> str:
        return _("%(first)s v %(second)s") % {"first": self.home, "second": self.away}

    @property
    def where(self) -> str:
        """Where it is played: its venue, or the home club's address."""
        return self.venue or self.home.club.address

    @property
    def has_result(self) -> bool:
        """Its result is recorded (confirmed or not): the table counts it."""
        return self.status in (self.Status.PLAYED, self.Status.CONFIRMED)

    @property
    def result(self) -> core.FixtureResult | None:
        """The recorded result as the core reads it, None before it is recorded."""
        if not self.has_result:
            return None
        side = {self.HOME: core.HOME, self.AWAY: core.AWAY, "": None}
        return core.FixtureResult(
            (self.home_boards, self.away_boards),
            (self.home_points, self.away_points),
            0,
            True,
            side[self.winner],
            side[self.absent],
        )

    def club_of(self, side: int) -> int:
        """The club id of the home (0) or away (1) team."""
        return (self.home, self.away)[side].club_id
