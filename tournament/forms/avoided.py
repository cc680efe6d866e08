"""The director marks two entered players to be kept apart early (family, one
household, who travelled together). Whether the pair makes sense (two players, both
entered, not marked yet) is the operation's to say (`operations.add_avoided_pair`)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import AvoidedPair


class AvoidedPairForm(forms.Form):
    first = forms.IntegerField(label=_("Player"), min_value=1)
    second = forms.IntegerField(label=_("and player"), min_value=1)
    reason = forms.ChoiceField(label=_("Why"), choices=AvoidedPair.Reason.choices)
    note = forms.CharField(label=_("Note"), max_length=200, required=False)

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        # Plain numbers checked by the operation, shown as a list of the entered players.
        choices = [("", "—"), *((player.pk, player.name) for player in players)]
        for name in ("first", "second"):
            self.fields[name].widget = forms.Select(choices=choices)
