"""The federation administrator's form of the rating list's thresholds. Saved through
`operations.rating_list` (checked there again, and audited), never by the form."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ..core.rating_list import MAX_MONTHS


class RatingListForm(forms.Form):
    min_experience = forms.IntegerField(
        label=_("Experience a published rating needs"),
        min_value=0,
        help_text=_(
            "The sum of the lengths of a player's rated matches. Below it, a player rated "
            "lately is listed apart, as provisional (the German list: 200; Belgium's: 100)."
        ),
    )
    months = forms.IntegerField(
        label=_("Months within which a rated match keeps a player listed"),
        min_value=1,
        max_value=MAX_MONTHS,
    )
