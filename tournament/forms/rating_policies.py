"""A rating policy's form, one field for each knob of `core.rating_policy.RatingPolicy`:
the club's (inside the federation's floor, whose forbidden choices it shows greyed out
and says why) and the federation's floor itself. The form checks types only: whether a
club's policy stays inside the floor is the operation's to say
(`operations.set_rating_policy`), with its message."""

from __future__ import annotations

from dataclasses import fields

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext_lazy

from ..core.rating_policy import AGREED, ALWAYS, FRIENDLIES, NEVER, RatingPolicy

FRIENDLY_CHOICES = [
    (NEVER, pgettext_lazy("friendlies are rated", "never")),
    (AGREED, _("when both players agreed beforehand that it is rated")),
    (ALWAYS, pgettext_lazy("friendlies are rated", "always")),
]
# The knobs that are a yes or a no: their field's label.
YES_OR_NO = {
    "walkovers": _("Rate walkovers"),
    "retirements": _("Rate matches won by a retirement"),
    "on_time": _("Rate matches lost on time"),
    "unfinished_or_settled": _("Rate matches settled without being played out"),
    "online": _("Rate matches played online"),
}
NOT_IN_FLOOR = _("The federation's policy does not rate these: nor can the club's.")


class ChoicesSomeShut(forms.Select):
    """A select whose choices in `shut` are shown but cannot be chosen."""

    def __init__(self, *args, shut=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.shut = frozenset(shut)

    def create_option(self, name, value, *args, **kwargs):
        option = super().create_option(name, value, *args, **kwargs)
        if value in self.shut:
            option["attrs"]["disabled"] = True
        return option


class RatingPolicyForm(forms.Form):
    """Every knob of a rating policy. With `floor` (a club's form) what the floor does
    not rate is greyed out and explained: an unticked box that cannot be ticked (a box
    not sent reads "no", which is what the floor leaves), a shortest length below the
    floor's refused by the browser, the friendlies' looser choices shut."""

    walkovers = forms.BooleanField(label=YES_OR_NO["walkovers"], required=False)
    retirements = forms.BooleanField(label=YES_OR_NO["retirements"], required=False)
    on_time = forms.BooleanField(label=YES_OR_NO["on_time"], required=False)
    unfinished_or_settled = forms.BooleanField(
        label=YES_OR_NO["unfinished_or_settled"], required=False
    )
    min_length = forms.IntegerField(
        label=_("Shortest match rated, in points"), min_value=1, max_value=99
    )
    friendlies = forms.ChoiceField(
        label=_("Rate friendlies (matches outside any draw)"), choices=FRIENDLY_CHOICES
    )
    online = forms.BooleanField(label=YES_OR_NO["online"], required=False)

    def __init__(self, *args, floor: RatingPolicy | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        if floor is None:
            return
        for name in YES_OR_NO:
            if not getattr(floor, name):
                self.fields[name].widget.attrs["disabled"] = True
                self.fields[name].help_text = NOT_IN_FLOOR
        self.fields["min_length"].widget.attrs["min"] = floor.min_length
        if floor.min_length > 1:
            self.fields["min_length"].help_text = ngettext(
                "The federation's policy rates no match shorter than %(count)d point.",
                "The federation's policy rates no match shorter than %(count)d points.",
                floor.min_length,
            ) % {"count": floor.min_length}
        looser = FRIENDLIES[FRIENDLIES.index(floor.friendlies) + 1 :]
        if looser:
            self.fields["friendlies"].widget = ChoicesSomeShut(
                choices=FRIENDLY_CHOICES, shut=looser
            )
            self.fields["friendlies"].help_text = _(
                "The federation's policy does not allow the choices greyed out."
            )

    def policy(self) -> dict:
        """The policy as the operations take it (`RatingPolicy.as_dict`)."""
        return {field.name: self.cleaned_data[field.name] for field in fields(RatingPolicy)}
