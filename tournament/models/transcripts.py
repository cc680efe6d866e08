"""A match's transcript as handed in: the .mat text itself, kept so that GNU Backgammon
can analyse it in the background (jobs.analysis) and again at another depth later.

One row per hand-in; the match's latest is the one its games were recorded from (a
match takes a transcript only while it has no games)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .matches import Match
from .players import Player


class Transcript(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="transcripts")
    text = models.TextField()
    # The file's left player is the match's second player: the analysis's players are
    # read in the file's order and stored by their side in the match.
    swapped = models.BooleanField(default=False)
    handed_in_at = models.DateTimeField(auto_now_add=True)
    handed_in_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    # A player handed it in through their private link (no account): which one.
    handed_in_by_player = models.ForeignKey(
        Player,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"transcript {self.pk} of match {self.match_id}"
