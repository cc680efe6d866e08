"""A match's transcript as handed in: the .mat text itself, kept so that GNU Backgammon
can analyse it in the background (jobs.analysis) and again at another depth later.

One row per hand-in, by a director (`handed_in_by`, their account) or by one of the
match's players through their private link (`handed_in_by_player`). A director's file
records the match's games (it is taken only while the match has none); a player's
must tell the games already recorded, game by game (operations.player_transcripts).
Either way a transcript tells the match's games as they were when it was handed in."""

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
