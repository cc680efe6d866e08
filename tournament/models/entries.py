"""A player registered in a tournament: seed, check-in on the day, withdrawal."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .players import Player
from .tournaments import Tournament


def in_field_lookups(through: str = "") -> dict[str, bool]:
    """The one home of the rule "in the field": checked in and not withdrawn, the
    players a draw, a round's pairing or the room's fees are made of. As lookups for a
    filter, of the entries themselves or (`through`, e.g. "entries__") through a
    relation to them, in the same filter as its other conditions on that entry."""
    return {f"{through}checked_in": True, f"{through}withdrawn": False}


class EntryQuerySet(models.QuerySet):
    def in_field(self) -> EntryQuerySet:
        """The entries in the field: checked in and not withdrawn (`in_field_lookups`)."""
        return self.filter(**in_field_lookups())


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
    # On the day: the draw is made from the players who have arrived.
    checked_in = models.BooleanField(_("checked in"), default=False)
    checked_in_at = models.DateTimeField(_("checked in at"), null=True, blank=True)
    # A Swiss with lives: the round after which an eliminated player bought back in
    # (operations.lives.reenter), once; they play again from the next round.
    reentered_after = models.PositiveSmallIntegerField(
        _("re-entered after round"), null=True, blank=True, editable=False
    )

    objects = EntryQuerySet.as_manager()

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        # Id columns, not relations: ordering by a relation joins its table to every query.
        ordering = ["tournament_id", "seed", "pk"]
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

    @property
    def in_field(self) -> bool:
        """Checked in and not withdrawn: `in_field_lookups`, read on the row."""
        return all(getattr(self, name) == value for name, value in in_field_lookups().items())


class EntryRequest(models.Model):
    """A player not registered who arrived at the door and asked, from their own page,
    to play: the director confirms it on the desk (an entry, checked in) or refuses it.
    Only the player's own link asks, so no one asks for someone else."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="entry_requests",
        verbose_name=_("tournament"),
    )
    player = models.ForeignKey(
        Player,
        on_delete=models.CASCADE,
        related_name="entry_requests",
        verbose_name=_("player"),
    )
    asked_at = models.DateTimeField(_("asked at"), auto_now_add=True)

    class Meta:
        verbose_name = _("late entry request")
        verbose_name_plural = _("late entry requests")
        ordering = ["tournament_id", "asked_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="entry_request_once_per_tournament"
            )
        ]

    def __str__(self) -> str:
        return str(self.player)
