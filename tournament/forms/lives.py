"""A Swiss with lives: the re-entry of an eliminated player, with how the fee was paid."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import Entry, Payment


class ReentryForm(forms.Form):
    """`eligible`: the entries of the eliminated players who may buy back in."""

    entry = forms.ModelChoiceField(queryset=Entry.objects.none(), label=_("Player"))
    method = forms.ChoiceField(choices=Payment.Method.choices, label=_("Fee paid by"))

    def __init__(self, *args, eligible, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entry"].queryset = eligible
        self.fields["entry"].label_from_instance = lambda entry: entry.player.name
        self.fields["entry"].error_messages["invalid_choice"] = _(
            "Only an eliminated player who has not re-entered may re-enter."
        )
