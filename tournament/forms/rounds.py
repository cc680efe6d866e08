"""The director's forms for a Swiss or a round robin played over weeks: a round's
deadline, and the decision on a match nobody played by it."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from .match import VersionField

WALKOVER_TO_FIRST, WALKOVER_TO_SECOND, DOUBLE_LOSS = "first", "second", "double"


class DeadlineForm(forms.Form):
    round = forms.IntegerField(min_value=1, max_value=99, widget=forms.HiddenInput)
    deadline = forms.DateTimeField(
        label=_("To be played by"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("Empty: no deadline."),
    )


class OverdueForm(forms.Form):
    """What becomes of a match past its round's deadline."""

    match = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    version = VersionField()
    decision = forms.ChoiceField(
        choices=[
            (WALKOVER_TO_FIRST, _("walkover to the first player")),
            (WALKOVER_TO_SECOND, _("walkover to the second player")),
            (DOUBLE_LOSS, _("double loss")),
        ]
    )
