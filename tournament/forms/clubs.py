"""The federation administrator's forms: a new club (its address name and name), a
club's details, a director or results manager appointed by username. Saved through
`operations.clubs` (checked and audited there), never by the forms."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from ..models import Club, ClubRole
from ..operations.clubs import DETAILS


class NewClubForm(forms.Form):
    slug = forms.CharField(
        label=_("Address name"),
        max_length=Club._meta.get_field("slug").max_length,
        help_text=_("Letters, digits and hyphens: the club's pages are /clubs/<name>/."),
    )
    name = forms.CharField(label=_("Name"), max_length=Club._meta.get_field("name").max_length)


class ClubDetailsForm(forms.ModelForm):
    """Its name, language and contact details (its address name stays: shared links)."""

    # An address typed without its scheme is taken as https:// (Django 6's default).
    website = forms.URLField(
        label=capfirst(Club._meta.get_field("website").verbose_name),
        required=False,
        assume_scheme="https",
    )

    class Meta:
        model = Club
        fields = list(DETAILS)


class AppointForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)
    role = forms.ChoiceField(
        label=_("Role"), choices=ClubRole.Role.choices, initial=ClubRole.Role.DIRECTOR
    )

    def clean_username(self):
        username = self.cleaned_data["username"].strip()
        self.user = get_user_model().objects.filter(username=username).first()
        if self.user is None:
            raise forms.ValidationError(
                _("No user named “%(username)s”: the account is made first."),
                params={"username": username},
            )
        return username


class EventWeightForm(forms.Form):
    """The federation's weight of one of a club's events (checked by the operation:
    core.master_points.event_weight)."""

    tournament = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    weight = forms.CharField(
        label=_("Weight"),
        max_length=10,
        help_text=_("From 0 (the event does not count) to 10; 1 unless the federation says."),
    )
