"""The settings of the formats the bigger events run, beside the cups, the Swiss and the
round robin: a Swiss's knockout of its top players, a Swiss with lives (its lives, its end
game, its re-entry fee), a double elimination's grand-final reset and a team event's team
size. An abstract model that `Tournament` inherits, so the tournament's module stays one
of its own size; the checks of these fields are the tournament's constraints."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from ..core import lives as lives_core


class EventFormatSettings(models.Model):
    PLAYOFF_CHOICES = [
        (lives_core.LIVES_TO_THE_END, _("play on to the last life")),
        (lives_core.SINGLE_FINAL, _("one final between the last two")),
        (lives_core.BEATEN_TWICE, _("a final; fewer losses must be beaten twice")),
        (lives_core.KNOCKOUT, _("a knockout of the last players")),
    ]
    SWISS_KNOCKOUT_CHOICES = [
        (0, _("no knockout")),
        (2, _("the top 2 (a final)")),
        (4, _("the top 4")),
        (8, _("the top 8")),
        (16, _("the top 16")),
        (32, _("the top 32")),
    ]

    team_size = models.PositiveSmallIntegerField(
        _("team event: players per team"),
        default=3,
        help_text=_("Each team match is this many individual matches, board against board."),
    )
    # A Swiss: its top K go on to a knockout seeded by Swiss place (core.swiss_cut).
    swiss_knockout = models.PositiveSmallIntegerField(
        _("Swiss: then a knockout cup of"),
        choices=SWISS_KNOCKOUT_CHOICES,
        default=0,
        help_text=_(
            "Once the last round is played, the top players go on to a knockout seeded by "
            "their Swiss place; a tie at the cut is drawn by lot from the draw seed. A Swiss "
            "with lives ending in a knockout: the rounds stop when at most this many are "
            "still in, and they all go on to it."
        ),
    )
    # A knockout after a Swiss's or round robin's rounds scored on analyses (Win + Skill,
    # the average-PR tie-break): a digest of the results of the rounds it agrees with
    # (operations.knockouts), so that an analysis landing after its draw moves the
    # standings and not the knockout. Empty when none is drawn, or scored on wins.
    knockout_drawn_from = models.CharField(
        _("results the knockout was drawn from"), max_length=16, blank=True, editable=False
    )
    # A Swiss with lives (core.lives): out at the Nth loss, the end game, re-entry.
    lives = models.PositiveSmallIntegerField(
        _("lives"),
        default=lives_core.DEFAULT_LIVES,
        help_text=_("A Swiss with lives: a player is out at this loss (2 to 5)."),
    )
    playoff = models.CharField(
        _("end game"),
        max_length=8,
        choices=PLAYOFF_CHOICES,
        default=lives_core.LIVES_TO_THE_END,
        help_text=_(
            "When two players are left: they play on until one has lost every life; or "
            "one final decides; or a final in which a player with fewer losses than the "
            "other must be beaten twice. Or, when at most the knockout's size are still "
            "in, they go on to a knockout seeded by their lives place."
        ),
    )
    reentry_fee = models.DecimalField(
        _("re-entry fee"),
        max_digits=8,
        decimal_places=2,
        null=True,
        blank=True,
        help_text=_(
            "A Swiss with lives: an eliminated player may buy back in once, with one life, "
            "for this fee (0 for free); empty for no re-entry."
        ),
    )
    grand_final_reset = models.BooleanField(
        _("grand final reset"),
        default=True,
        help_text=_(
            "Double elimination: if the losers' bracket's winner wins the grand final, "
            "a second match decides the title."
        ),
    )

    class Meta:
        abstract = True

    @property
    def knockout_follows(self) -> bool:
        """A knockout follows: a round robin's groups (their winners, and runners-up), a
        Swiss's top players, a Swiss with lives's last players still in, a team event's
        groups' best. The format says (`Format.knockout_follows`)."""
        return self.played_as.knockout_follows(self)

    @property
    def allows_reentry(self) -> bool:
        return self.played_as.lives and self.reentry_fee is not None
