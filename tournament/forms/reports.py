"""The forms of a player's private page: a report (the director's game form, the same
fields), a confirmation of the opponent's report, and a dispute with the player's own
version of the game."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from ..core.scoring import GameResult
from .match import GameForm


class ConfirmReportForm(forms.Form):
    """Which report is confirmed (or disputed): the one the page showed, so that a
    report replaced meanwhile is never confirmed by mistake."""

    report = forms.IntegerField(widget=forms.HiddenInput, min_value=1, required=False)


class DisputeForm(GameForm):
    """The opponent's own version of the game (optional) and a short note."""

    report = forms.IntegerField(widget=forms.HiddenInput, min_value=1, required=False)
    note = forms.CharField(
        label=_("What happened (for the director)"), max_length=200, required=False
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("winner", "kind", "cube", "how", "version"):
            self.fields[name].required = False

    @property
    def result(self) -> GameResult | None:
        """The player's version, or None when they only say the report is wrong."""
        if self.cleaned_data.get("winner") in (None, ""):
            return None
        data = self.cleaned_data
        return GameResult(
            winner=data["winner"],
            kind=data.get("kind") or "single",
            cube=data.get("cube") or 1,
            how=data.get("how") or "played",
            beaver=data.get("beaver", False),
        )


class HandInForm(forms.Form):
    """A player's transcript of their match: the file alone (no "who is who" question:
    the operation tells it from the names, or from the games recorded)."""

    # No `accept` filter: phones know no type for .mat and would grey the file out.
    file = forms.FileField(label=_("Match file (.mat)"), required=False)
    # The second step, for a file with warnings that would record the match: the text
    # carried back with the player's "yes" (nothing was kept in between).
    transcript = forms.CharField(widget=forms.HiddenInput, required=False, max_length=2**20)
    confirm_warnings = forms.BooleanField(widget=forms.HiddenInput, required=False)

    def clean(self):
        data = super().clean()
        if not data.get("file") and not data.get("transcript"):
            raise ValidationError(_("Choose the match file to hand in."))
        if data.get("file"):
            data["confirm_warnings"] = False  # a new file's warnings are not seen yet
        return data
