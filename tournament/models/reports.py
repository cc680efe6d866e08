"""What players do without an account: a private link each, the games they report for
the opponent (or the director) to confirm, and the mails that tell them their next
match is ready. Written only by `operations.links`, `operations.reports` and
`operations.notifications`."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ..core import scoring
from .games import Game
from .matches import Match
from .players import Player


class PlayerLink(models.Model):
    """A player's private link. The token itself is never stored: it is derived from the
    site's secret key and this row's salt (so a director can show it again and print it),
    and found again by its SHA-256 hash. Rotating revokes the row and makes a new one."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="links", verbose_name=_("player")
    )
    salt = models.CharField(_("salt"), max_length=32)
    token_hash = models.CharField(_("token hash"), max_length=64, unique=True)
    created = models.DateTimeField(_("created"), default=timezone.now)
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)

    class Meta:
        verbose_name = _("player link")
        verbose_name_plural = _("player links")
        constraints = [
            models.UniqueConstraint(
                fields=["player"],
                condition=Q(revoked_at=None),
                name="one_live_link_per_player",
            )
        ]

    def __str__(self) -> str:
        return str(self.player)


class GameReportQuerySet(models.QuerySet):
    def waiting(self):
        """Reports nobody has settled yet: pending (for the opponent or the director)
        and disputed (for the director)."""
        return self.filter(status__in=GameReport.WAITING)

    def of_club(self, club_id: int):
        """The reports of the club's matches: a director's queue lists their club's
        only (the reports' rows are read across clubs otherwise)."""
        return self.filter(match__tournament__season__club_id=club_id)


class GameReport(models.Model):
    """A game a player reported from their link. The match does not change until the
    opponent confirms it or a director accepts (or corrects) it.

    Or a whole match: the file a player handed in for a match with no games recorded
    yet (`file_text`, operations.player_transcripts). Its game fields then hold the
    file's first game and the file holds them all; confirmed or accepted, the file's
    games are recorded as the director's import records them, and the file becomes the
    match's transcript."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for confirmation")
        DISPUTED = "disputed", _("disputed")
        CONFIRMED = "confirmed", _("confirmed by the opponent")
        ACCEPTED = "accepted", _("accepted by the director")
        CORRECTED = "corrected", _("corrected by the director")
        REJECTED = "rejected", _("rejected by the director")
        LAPSED = "lapsed", _("lapsed: the match changed")

    WAITING = (Status.PENDING, Status.DISPUTED)

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="reports", verbose_name=_("match")
    )
    reported_by = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("reported by")
    )
    # The match's version the report was made against: confirming it later records the
    # game only if nothing changed on the match meanwhile.
    version = models.PositiveIntegerField(_("match version"))
    number = models.PositiveSmallIntegerField(_("game number"))
    winner = models.PositiveSmallIntegerField(_("winner"), choices=Game.WINNER_CHOICES)
    kind = models.CharField(_("kind"), max_length=10, choices=Game.KIND_CHOICES)
    cube = models.BigIntegerField(_("cube"), default=1)
    how = models.CharField(_("how it ended"), max_length=14, choices=Game.HOW_CHOICES)
    beaver = models.BooleanField(_("beaver"), default=False)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    # The opponent's version when they dispute it (all blank otherwise).
    counter_winner = models.PositiveSmallIntegerField(
        _("opponent's winner"), choices=Game.WINNER_CHOICES, null=True, blank=True
    )
    counter_kind = models.CharField(
        _("opponent's kind"), max_length=10, choices=Game.KIND_CHOICES, blank=True
    )
    counter_cube = models.BigIntegerField(_("opponent's cube"), null=True, blank=True)
    counter_how = models.CharField(
        _("opponent's how it ended"), max_length=14, choices=Game.HOW_CHOICES, blank=True
    )
    counter_beaver = models.BooleanField(_("opponent's beaver"), default=False)
    dispute_note = models.CharField(_("note"), max_length=200, blank=True)
    # A match file reported as the whole match (blank for a game): the text as handed
    # in, and whether its left player is the match's second (as Transcript.swapped).
    file_text = models.TextField(_("match file"), blank=True)
    file_swapped = models.BooleanField(_("file's players swapped"), default=False)
    created = models.DateTimeField(_("reported at"), default=timezone.now, db_index=True)
    settled_at = models.DateTimeField(_("settled at"), null=True, blank=True)
    settled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("settled by"),
    )
    game = models.ForeignKey(
        Game,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("game recorded"),
    )

    objects = GameReportQuerySet.as_manager()

    class Meta:
        verbose_name = _("game report")
        verbose_name_plural = _("game reports")
        ordering = ["created", "pk"]
        constraints = [
            # One report waits per match at a time (under two phones at once too).
            models.UniqueConstraint(
                fields=["match"],
                condition=Q(status__in=["pending", "disputed"]),
                name="one_waiting_report_per_match",
            ),
            models.CheckConstraint(condition=Q(winner__in=[0, 1]), name="report_winner_is_a_side"),
            models.CheckConstraint(
                condition=Q(kind__in=list(scoring.KINDS)), name="report_kind_known"
            ),
            models.CheckConstraint(
                condition=Q(how__in=list(scoring.HOWS)), name="report_how_known"
            ),
            models.CheckConstraint(condition=Q(cube__gte=1), name="report_cube_positive"),
        ]

    def __str__(self) -> str:
        return _("Game %(number)s of %(match)s") % {"number": self.number, "match": self.match}

    @property
    def is_waiting(self) -> bool:
        return self.status in self.WAITING

    @property
    def is_disputed(self) -> bool:
        return self.status == self.Status.DISPUTED

    @property
    def is_file(self) -> bool:
        """The report is a match file: the whole match, not one game."""
        return bool(self.file_text)

    @property
    def winner_player(self) -> Player | None:
        return self.match.players[self.winner]

    @property
    def counter_winner_player(self) -> Player | None:
        if self.counter_winner is None:
            return None
        return self.match.players[self.counter_winner]

    def as_result(self) -> scoring.GameResult:
        return scoring.GameResult(
            winner=self.winner, kind=self.kind, cube=self.cube, how=self.how, beaver=self.beaver
        )

    def counter_result(self) -> scoring.GameResult | None:
        """The opponent's version of the game, when they disputed it with one."""
        if self.counter_winner is None:
            return None
        return scoring.GameResult(
            winner=self.counter_winner,
            kind=self.counter_kind or "single",
            cube=self.counter_cube or 1,
            how=self.counter_how or "played",
            beaver=self.counter_beaver,
        )


class MatchMail(models.Model):
    """The mail telling a player their match is ready: one row per match and player,
    written before the mail is sent, so that it is never sent twice."""

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="mails", verbose_name=_("match")
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("player")
    )
    created = models.DateTimeField(_("sent at"), default=timezone.now)
    sent = models.BooleanField(_("sent"), default=False)

    class Meta:
        verbose_name = _("next-match mail")
        verbose_name_plural = _("next-match mails")
        constraints = [
            models.UniqueConstraint(fields=["match", "player"], name="one_mail_per_match_player")
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.match}"
