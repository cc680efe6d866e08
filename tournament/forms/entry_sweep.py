"""The desk's forms for entries in one sweep: the players ticked, the earlier tournament
whose entries are copied, and how many seeds the club's ratings give."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ..core import draw
from ..models import Player, Tournament
from ..operations.entry_sweep import DEFAULT_SEEDS


class SweepForm(forms.Form):
    # Any player, inactive too: the operation refuses those by name instead of a form
    # error that would not say who.
    players = forms.ModelMultipleChoiceField(
        queryset=Player.objects.all(),
        error_messages={
            "required": _("Tick at least one player."),
            "invalid_choice": _("A player ticked is no longer in the club's list."),
            "invalid_pk_value": _("A player ticked is no longer in the club's list."),
        },
    )
    beyond_cap = forms.BooleanField(
        label=_("Register them beyond the registration cap if it is reached"), required=False
    )


class CopyEntriesForm(forms.Form):
    source = forms.ModelChoiceField(
        label=_("Copy the entries of"),
        queryset=Tournament.objects.none(),
        error_messages={"required": _("Choose a tournament.")},
    )
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["source"].queryset = Tournament.objects.exclude(pk=tournament.pk)


class SeedsFromRatingsForm(forms.Form):
    count = forms.IntegerField(
        label=_("Number of seeds"),
        min_value=1,
        max_value=draw.MAX_ENTRANTS,
        initial=DEFAULT_SEEDS,
    )
